#!/usr/bin/env node
// Entry point of the `quartermaster` command (installed by `npm install -g ./command-line`, or run
// as `npx quartermaster` in the repository). The bundles are built by `npm install` (prepare).
// `check` and the desk's report have one-file bundles of their own (dist/check.cjs, dist/desk.cjs):
// they are the commands run over thousands of files, where loading the command line's chunks would
// be a visible part of the time.
// This file and those two are CommonJS so that a check or a report never starts Node's ES module
// loader: it costs 15-20 ms of every such run (2,000 character files: `check --json` 0.219 against
// 0.236 s, the desk's report 0.352 against 0.365 s, medians of 15-21 runs on the machine the
// benchmarks ran on), about a tenth of a check of 2,000 files. The rest of the command line
// (dist/cli.mjs) is ES modules, loaded by import().
'use strict';
const { existsSync } = require('node:fs');
const { join } = require('node:path');
const { pathToFileURL } = require('node:url');

const dist = (name) => join(__dirname, '..', 'dist', name);
if (!existsSync(dist('cli.mjs'))) {
  process.stderr.write('quartermaster: the command line is not built yet. Run `npm install` (or `npm run build:cli`) in the Quartermaster folder.\n');
  process.exit(2);
}
const [command, ...rest] = process.argv.slice(2);
// A reader that stops early (`quartermaster check --json folder | head`): stop quietly, as other
// command-line tools do, instead of printing node's stack trace for the broken pipe.
process.stdout.on('error', (e) => {
  if (e.code !== 'EPIPE') throw e;
  process.exit(process.exitCode ?? 0);
});
const done = (code) => {
  process.exitCode = code;
};
const failed = (e) => {
  process.stderr.write(`quartermaster: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exitCode = 2;
};
if (command === 'check' && existsSync(dist('check.cjs'))) {
  require(dist('check.cjs')).mainCheck(rest, pathToFileURL(dist('check.cjs'))).then(done, failed);
} else if (command === 'desk' && existsSync(dist('desk.cjs'))) {
  require(dist('desk.cjs')).mainDesk(rest, pathToFileURL(dist('cli.mjs'))).then(done, failed);
} else {
  import(pathToFileURL(dist('cli.mjs')).href).then((cli) => cli.main(process.argv.slice(2))).then(done, failed);
}
