#!/usr/bin/env node
// Entry point of the `quartermaster` command (installed by `npm install -g ./command-line`, or run
// as `npx quartermaster` in the repository). The bundles are built by `npm install` (prepare).
// `check` and the desk's report have one-file bundles of their own (dist/check.mjs, dist/desk.mjs):
// they are the commands run over thousands of files, where loading the command line's chunks would
// be a visible part of the time.
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

const dist = (name) => fileURLToPath(new URL(`../dist/${name}`, import.meta.url));
if (!existsSync(dist('cli.mjs'))) {
  process.stderr.write('quartermaster: the command line is not built yet. Run `npm install` (or `npm run build:cli`) in the Quartermaster folder.\n');
  process.exit(2);
}
const [command, ...rest] = process.argv.slice(2);
if (command === 'check' && existsSync(dist('check.mjs'))) {
  const { mainCheck } = await import(pathToFileURL(dist('check.mjs')).href);
  process.exitCode = await mainCheck(rest);
} else if (command === 'desk' && existsSync(dist('desk.mjs'))) {
  const { mainDesk } = await import(pathToFileURL(dist('desk.mjs')).href);
  process.exitCode = await mainDesk(rest);
} else {
  const { main } = await import(pathToFileURL(dist('cli.mjs')).href);
  process.exitCode = await main(process.argv.slice(2));
}
