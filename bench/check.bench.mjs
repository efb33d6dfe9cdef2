// `npm run bench:check`: `quartermaster check --json` on 2,000 generated character files, against a
// baseline in the same run that only reads and JSON.parses the same files. Target: ratio <= 2.
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { generate } from './generate.mjs';
import { compare, ms } from './stats.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const dir = join(root, 'bench/.work/check');
const N = Number(process.env.BENCH_N ?? 2000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
generate(dir, N);

const baselineScript = `
const fs = require('fs'), path = require('path');
const dir = process.argv[1]; let n = 0;
for (const f of fs.readdirSync(dir)) { if (f.endsWith('.character.json')) { JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')); n++; } }
process.stdout.write(String(n));`;

const run = (args) => execFileSync(process.execPath, args, { maxBuffer: 1 << 30 });
const processes = await compare(
  {
    baseline: () => run(['-e', baselineScript, dir]),
    check: () => {
      try {
        run([join(root, 'bin/quartermaster.mjs'), 'check', '--json', dir]);
      } catch (e) {
        if (e.status !== 1) throw e; // 1 = some generated characters break a rule, as intended
      }
    },
  },
  ROUNDS,
);

// In-process, without node start-up in either side.
const { main, nodeIo } = await import(pathToFileURL(join(root, 'dist/cli.mjs')).href);
const silentIo = { ...nodeIo(), out() {}, err() {} };
const inProcess = await compare(
  {
    baseline: async () => {
      for (const f of readdirSync(dir)) JSON.parse(readFileSync(join(dir, f), 'utf8'));
    },
    check: async () => {
      await main(['check', '--json', dir], silentIo);
    },
  },
  ROUNDS,
);

console.log(`bench:check  ${N} character files, ${ROUNDS} rounds, medians`);
console.log(`  as processes (node start-up included on both sides):`);
console.log(`    baseline read + JSON.parse : ${ms(processes.baseline)}`);
console.log(`    quartermaster check --json : ${ms(processes.check)}`);
console.log(`    ratio                      : ${(processes.check / processes.baseline).toFixed(2)}  (target <= 2)`);
console.log(`  in one process:`);
console.log(`    baseline read + JSON.parse : ${ms(inProcess.baseline)}`);
console.log(`    check --json               : ${ms(inProcess.check)}`);
console.log(`    ratio                      : ${(inProcess.check / inProcess.baseline).toFixed(2)}`);
