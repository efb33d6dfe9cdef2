// Bundles the command line (cli/main.ts and the pure core it uses) into dist/cli.mjs, with each
// command split into its own chunk (dist/cli-chunks/) so that `check` does not load pdf-lib.
// `npx quartermaster` then starts fast without a TypeScript loader. Run by `npm install` (prepare).
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { rmSync } from 'node:fs';
import { generateAll } from './gen-validators.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// The compiled validators follow the JSON Schema files `npm run schema` writes.
generateAll();
rmSync(join(root, 'dist/cli-chunks'), { recursive: true, force: true });
await build({
  entryPoints: { cli: join(root, 'cli/main.ts') },
  outdir: join(root, 'dist'),
  chunkNames: 'cli-chunks/[name]-[hash]',
  outExtension: { '.js': '.mjs' },
  splitting: true,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: 'linked',
  logLevel: 'warning',
});
