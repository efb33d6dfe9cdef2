#!/usr/bin/env -S node --max-semi-space-size=2
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
// The first line gives node a young generation of at most 2 MB (V8's default lets it grow to 16 MB).
// A command's run is short and keeps little: with the default, every run over 2,000 files spent
// a third more system time faulting in and giving back memory it hardly used (desk report: 0.08 s
// against 0.13 s system time, peak RSS 67 against 77 MB), and took 7-10% longer as a whole
// (bench/desk.bench.mjs, bench/check.bench.mjs). At 20,000 files it is within 1-4% either way.
// The same flags are on the first line of command-line/quartermaster.cjs and in the npx link on
// Windows (scripts/link-bin.mjs, which reads them from here). `env -S` is in GNU coreutils 8.30 and
// later, macOS and the BSDs; npm's Windows shims read the line too. Where env has no -S (BusyBox),
// run `node bin/quartermaster.cjs …`.
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
