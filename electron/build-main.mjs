// Bundles the main process (ESM, dist-electron/main.js and its chunks) and the preload script
// (CommonJS, dist-electron/preload.cjs: sandboxed preloads cannot be ES modules) with esbuild.
// `node electron/build-main.mjs` builds once; dev.mjs imports `buildMain` to watch.
import { build, context } from 'esbuild';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');

const common = {
  bundle: true,
  platform: 'node',
  target: 'node22',
  sourcemap: 'linked',
  logLevel: 'warning',
  external: ['electron'],
  absWorkingDir: root,
};

/**
 * The main process's build options. What it loads on first use (`await import()`: printing with
 * pdf-lib, sharing with PouchDB and the hub) goes into chunks of its own (dist-electron/chunks/),
 * so the window opens without them: a single ES module bundle imports every package at its top.
 * electron/main-bundle.test.ts checks what main.js loads before first use.
 * @param {string} outdir
 * @returns {import('esbuild').BuildOptions}
 */
export function mainOptions(outdir) {
  return {
    ...common,
    entryPoints: { main: join(root, 'electron/main.ts') },
    outdir,
    format: 'esm',
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    // Production dependencies load from node_modules inside the app's asar.
    packages: 'external',
  };
}

/** @param {{ outdir?: string, watch?: boolean, onRebuild?: () => void }} [options] */
export async function buildMain(options = {}) {
  const outdir = options.outdir ?? join(root, 'dist-electron');
  // Chunks are named by their content: an earlier build's must not be left behind to be packed.
  rmSync(join(outdir, 'chunks'), { recursive: true, force: true });
  /** @type {import('esbuild').BuildOptions[]} */
  const configs = [
    mainOptions(outdir),
    {
      ...common,
      entryPoints: [join(root, 'electron/preload.ts')],
      outfile: join(outdir, 'preload.cjs'),
      format: 'cjs',
    },
  ];
  if (!options.watch) {
    await Promise.all(configs.map((c) => build(c)));
    return;
  }
  const plugin = { name: 'rebuilt', setup: (b) => b.onEnd((r) => r.errors.length === 0 && options.onRebuild?.()) };
  const contexts = await Promise.all(configs.map((c) => context({ ...c, plugins: [plugin] })));
  await Promise.all(contexts.map((c) => c.watch()));
  return () => Promise.all(contexts.map((c) => c.dispose()));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  // `--outdir DIR` builds elsewhere (the packaging test uses a temp project).
  const i = process.argv.indexOf('--outdir');
  await buildMain(i > 0 && process.argv[i + 1] ? { outdir: process.argv[i + 1] } : {});
}
