// Vitest global setup of the end-to-end project: builds the renderer with Vite once per run, so the
// suite always drives the current code (runs only when an e2e test file is selected).
import { build } from 'vite';
import { RENDERER_DIST, ROOT } from './paths';

export default async function setup(): Promise<void> {
  // Vitest sets NODE_ENV=test, which would make Vite bundle React's development build.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ configFile: `${ROOT}/vite.config.ts`, mode: 'production', logLevel: 'warn' });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  process.stdout.write(`e2e: renderer built into ${RENDERER_DIST}\n`);
}
