// `npm run bench:desk`: `quartermaster desk` on 2,000 generated character files with an event file
// (every character printed once, half of them checked in), against a baseline in the same run that
// only reads and JSON.parses the same files. The desk also checks each character against its rules,
// hashes its content and compares it with the event file, then groups and prints the report.
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { generate, makeCharacter } from './generate.mjs';
import { compare, ms } from './stats.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const dir = join(root, 'bench/.work/desk');
const N = Number(process.env.BENCH_N ?? 2000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
generate(dir, N);

// The event file: every character printed (with a hash that no longer matches, so every row is
// "changed" and the desk does the full comparison), every other one checked in.
const characters = {};
for (let i = 0; i < N; i++) {
  const { id } = makeCharacter(i);
  characters[id] = {
    ...(i % 2 === 0 ? { checkedInAt: '2026-10-02T18:05:00+01:00' } : {}),
    printed: [{ at: '2026-09-30T20:00:00+01:00', hash: i.toString(16).padStart(64, '0'), serials: ['CH-00000-00000', 'IT-00000-00000'] }],
  };
}
const eventFile = join(dir, 'bench.event.json');
writeFileSync(eventFile, `${JSON.stringify({ format: 'quartermaster-event', version: 1, name: 'Bench', game: 'fortunes-landing', dates: { start: '2026-10-02', end: '2026-10-04' }, characters }, null, 2)}\n`);

const baselineScript = `
const fs = require('fs'), path = require('path');
const dir = process.argv[1]; let n = 0;
for (const f of fs.readdirSync(dir)) { if (f.endsWith('.json')) { JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')); n++; } }
process.stdout.write(String(n));`;

const run = (args) => execFileSync(process.execPath, args, { maxBuffer: 1 << 30 });
const deskRun = (args) => {
  try {
    run(args);
  } catch (e) {
    if (e.status !== 1) throw e; // 1 = some generated characters break a rule, as intended
  }
};
const processes = await compare(
  {
    baseline: () => run(['-e', baselineScript, dir]),
    desk: () => deskRun([join(root, 'bin/quartermaster.mjs'), 'desk', dir]),
  },
  ROUNDS,
);

// In-process, without node start-up in either side.
const { main, nodeIo } = await import(pathToFileURL(join(root, 'dist/cli.mjs')).href);
const silentIo = { ...nodeIo(), out() {}, err() {} };
const inProcess = await compare(
  {
    baseline: async () => {
      for (const f of readdirSync(dir)) if (f.endsWith('.json')) JSON.parse(readFileSync(join(dir, f), 'utf8'));
    },
    desk: async () => {
      await main(['desk', dir], silentIo);
    },
  },
  ROUNDS,
);

console.log(`bench:desk  ${N} character files + an event file of ${N} entries, ${ROUNDS} rounds, medians`);
console.log(`  as processes (node start-up included on both sides):`);
console.log(`    baseline read + JSON.parse : ${ms(processes.baseline)}`);
console.log(`    quartermaster desk         : ${ms(processes.desk)}`);
console.log(`    ratio                      : ${(processes.desk / processes.baseline).toFixed(2)}`);
console.log(`  in one process:`);
console.log(`    baseline read + JSON.parse : ${ms(inProcess.baseline)}`);
console.log(`    desk                       : ${ms(inProcess.desk)}`);
console.log(`    ratio                      : ${(inProcess.desk / inProcess.baseline).toFixed(2)}`);
