// Bundles the command line (cli/main.ts and the pure core it uses) into dist/cli.mjs, with each
// command split into its own chunk (dist/cli-chunks/) so that `check` does not load pdf-lib.
// `npx quartermaster` then starts fast without a TypeScript loader. Run by `npm install` (prepare).
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { rmSync, writeFileSync } from 'node:fs';
import { generateAll } from './gen-validators.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// The compiled validators follow the JSON Schema files `npm run schema` writes.
generateAll();
rmSync(join(root, 'dist/cli-chunks'), { recursive: true, force: true });
// Files earlier builds wrote under other names (a checkout updated in place keeps no stale copy).
const OLD = ['check.mjs', 'check.mjs.map', 'desk.mjs', 'desk.mjs.map', 'desk-worker.mjs', 'desk-worker.mjs.map', 'desk-zod.mjs', 'desk-zod.mjs.map'];
const BUILT = ['check.cjs', 'check.cjs.map', 'zod-load.mjs', 'zod-load.mjs.map', 'desk.cjs', 'desk.cjs.map', 'desk-elsewhere.mjs'];
for (const f of [...OLD, ...BUILT]) rmSync(join(root, 'dist', f), { force: true });
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
// The two commands run over thousands of files, `check` and the desk's report, are one CommonJS
// file each (dist/check.cjs, dist/desk.cjs): no chunks to load, and no ES module loader, which
// bin/quartermaster.cjs then never starts (see there). What check loads only now and then (zod, to
// word a refused file) stays an ES module, loaded by import().
const script = { ...common, format: 'cjs', outExtension: { '.js': '.cjs' }, splitting: false };
// `check`: its zod loader is the separate dist/zod-load.mjs.
await build({
  ...script,
  entryPoints: { check: join(root, 'cli/check-entry.ts') },
  plugins: [
    {
      name: 'zod-load-apart',
      setup(b) {
        b.onResolve({ filter: /\/core\/format\/load$/ }, (args) => (args.importer.endsWith('cli/check.ts') ? { path: './zod-load.mjs', external: true } : undefined));
      },
    },
  ],
});
await build({ ...common, entryPoints: { 'zod-load': join(root, 'core/format/load.ts') }, splitting: false });
// The desk's report (cli/desk-entry.ts). zod validates every event file (core/desk/event.ts), so it
// is in this file (required from node_modules like every package); the zod loader of character
// files, loaded only to word a refused one, is bundled in too and evaluated only then. The PDF sheet
// and --reprint-changed never run from this file (desk-entry.ts sends them on to dist/cli.mjs), so
// their modules stay out of it and a stub that says so stands in for them.
const DESK_LATER = ['../core/desk/characters'];
const DESK_ELSEWHERE = ['./print', '../core/desk/sheet-pdf', './desk-reprint'];
await build({
  ...script,
  entryPoints: { desk: join(root, 'cli/desk-entry.ts') },
  plugins: [
    {
      name: 'desk-lazy-apart',
      setup(b) {
        b.onResolve({ filter: /^\./ }, (args) => {
          if (args.kind !== 'dynamic-import') return undefined;
          if (DESK_LATER.includes(args.path)) return undefined;
          if (DESK_ELSEWHERE.includes(args.path)) return { path: './desk-elsewhere.mjs', external: true };
          throw new Error(`dist/desk.cjs: ${args.importer} imports ${args.path} lazily; add it to DESK_LATER or DESK_ELSEWHERE in scripts/build-cli.mjs`);
        });
      },
    },
  ],
});
writeFileSync(
  join(root, 'dist/desk-elsewhere.mjs'),
  "// dist/desk.cjs never loads this: cli/desk-entry.ts sends the PDF sheet and --reprint-changed to dist/cli.mjs.\nthrow new Error('this part of the desk runs from dist/cli.mjs (see cli/desk-entry.ts)');\n",
);
await build({
  ...common,
  entryPoints: { cli: join(root, 'cli/main.ts') },
  chunkNames: 'cli-chunks/[name]-[hash]',
  splitting: true,
});
