// Bundles the command line (cli/main.ts and the pure core it uses) into dist/cli.mjs, with each
// command split into its own chunk (dist/cli-chunks/) so that `check` does not load pdf-lib.
// `npx quartermaster` then starts without a TypeScript loader. Run by `npm install` (prepare).
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { readFileSync, rmSync } from 'node:fs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
rmSync(join(root, 'dist/cli-chunks'), { recursive: true, force: true });
// Files earlier builds wrote under other names (a checkout updated in place keeps no stale copy).
const OLD = ['check.mjs', 'desk.mjs', 'desk-worker.mjs', 'desk-zod.mjs', 'check.cjs', 'zod-load.mjs', 'desk.cjs', 'desk-elsewhere.mjs'];
for (const f of OLD) for (const g of [f, `${f}.map`]) rmSync(join(root, 'dist', g), { force: true });
// zod and @noble/hashes are bundled in: zod is dozens of small ES modules, and resolving and
// loading them one by one was a fifth of a check of 2,000 files (bench/check.bench.mjs). The other
// packages load from node_modules, when a command needs them.
const BUNDLED = ['zod', '@noble/hashes'];
const { dependencies } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const external = Object.keys(dependencies).filter((d) => !BUNDLED.includes(d)).flatMap((d) => [d, `${d}/*`]);
await build({
  entryPoints: { cli: join(root, 'cli/main.ts') },
  outdir: join(root, 'dist'),
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external,
  sourcemap: 'linked',
  logLevel: 'warning',
  chunkNames: 'cli-chunks/[name]-[hash]',
  splitting: true,
});
