// Bundles the command line (cli/main.ts and the pure core it uses) into dist/cli.mjs,
// so `npx quartermaster` starts fast without a TypeScript loader. Run by `npm install` (prepare).
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
await build({
  entryPoints: [join(root, 'cli/main.ts')],
  outfile: join(root, 'dist/cli.mjs'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: 'linked',
  logLevel: 'warning',
});
