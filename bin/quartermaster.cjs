#!/usr/bin/env node
// Entry point of the `quartermaster` command (installed by `npm install -g ./command-line`, or run
// as `npx quartermaster` in the repository). The bundle dist/cli.mjs is built by `npm install`
// (prepare). CommonJS so that it can say what is missing on any Node before loading ES modules.
'use strict';
const { existsSync } = require('node:fs');
const { join } = require('node:path');
const { pathToFileURL } = require('node:url');

const cli = join(__dirname, '..', 'dist', 'cli.mjs');
if (!existsSync(cli)) {
  process.stderr.write('quartermaster: the command line is not built yet. Run `npm install` (or `npm run build:cli`) in the Quartermaster folder.\n');
  process.exit(2);
}
// A reader that stops early (`quartermaster check --json folder | head`): stop quietly, as other
// command-line tools do, instead of printing node's stack trace for the broken pipe.
process.stdout.on('error', (e) => {
  if (e.code !== 'EPIPE') throw e;
  process.exit(process.exitCode ?? 0);
});
import(pathToFileURL(cli).href)
  .then((m) => m.main(process.argv.slice(2)))
  .then(
    (code) => {
      process.exitCode = code;
    },
    (e) => {
      process.stderr.write(`quartermaster: ${e instanceof Error ? e.message : String(e)}\n`);
      process.exitCode = 2;
    },
  );
