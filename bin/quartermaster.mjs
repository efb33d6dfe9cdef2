#!/usr/bin/env node
// Entry point for `npx quartermaster`. The bundle is built by `npm install` (the prepare script).
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

const bundle = fileURLToPath(new URL('../dist/cli.mjs', import.meta.url));
if (!existsSync(bundle)) {
  process.stderr.write('quartermaster: the command line is not built yet. Run `npm install` (or `npm run build:cli`) in the Quartermaster folder.\n');
  process.exit(2);
}
const { main } = await import(pathToFileURL(bundle).href);
process.exitCode = await main(process.argv.slice(2));
