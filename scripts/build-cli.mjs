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
for (const f of ['check.mjs', 'check.mjs.map', 'zod-load.mjs', 'zod-load.mjs.map', 'desk-worker.mjs', 'desk-worker.mjs.map']) rmSync(join(root, 'dist', f), { force: true });
const common = {
  outdir: join(root, 'dist'),
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: 'linked',
  logLevel: 'warning',
};
// `check` alone, in one file: a process checking thousands of files should not wait on loading
// many chunks. Its zod loader (for wording a refused file) is the separate dist/zod-load.mjs.
await build({
  ...common,
  entryPoints: { check: join(root, 'cli/check-entry.ts'), 'zod-load': join(root, 'core/format/load.ts') },
  splitting: false,
  plugins: [
    {
      name: 'zod-load-apart',
      setup(b) {
        b.onResolve({ filter: /\/core\/format\/load$/ }, (args) => (args.importer.endsWith('cli/check.ts') ? { path: './zod-load.mjs', external: true } : undefined));
      },
    },
  ],
});
await build({
  ...common,
  entryPoints: { cli: join(root, 'cli/main.ts') },
  chunkNames: 'cli-chunks/[name]-[hash]',
  splitting: true,
});
