// `npm run bench:desk`: `quartermaster desk` (the installed command, as a user runs it) on 2,000
// and 20,000 generated character files (BENCH_SIZES) with an event file (every character printed
// once, half of them checked in), against a baseline in the same run that only reads and
// JSON.parses the same files (the event file line by line). The desk also checks each character
// against its rules, hashes its content and compares it with the event file, then groups and
// prints the report. Whole processes, medians of BENCH_ROUNDS interleaved rounds, with CPU time
// (user + system, every thread) and peak RSS from /usr/bin/time (bench/process-time.mjs). Target:
// <= 3x.
// The event file is timed as the desk writes it (format version 3: the header line, then one ledger
// entry a line) and, on lines of their own, as the same event in the v1 format (one JSON document,
// which the report reads and migrates in memory on every run, never rewriting it), and before any
// event file exists (--event naming one not made yet: the first report of an event, with nothing
// printed).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generate, makeCharacter } from './generate.mjs';
import { compareTimed, describe, timedProcess, userEnvironment } from './process-time.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const environment = userEnvironment();
const SIZES = (process.env.BENCH_SIZES ?? '2000,20000').split(',').filter(Boolean).map(Number);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);

const baselineScript = `
const fs = require('fs'), path = require('path');
const dir = process.argv[1]; let n = 0;
for (const f of fs.readdirSync(dir)) {
  if (!f.endsWith('.json')) continue;
  const text = fs.readFileSync(path.join(dir, f), 'utf8');
  // The event file is one JSON value a line (format version 3).
  if (f.endsWith('.event.json')) { for (const line of text.split('\\n')) if (line) JSON.parse(line); } else JSON.parse(text);
  n++;
}
process.stdout.write(String(n));`;

// Rewrites a v1 event file as the desk writes it (format version 3: the header line, then one
// entry a line, in ledger order; core/desk/event-load.ts serializeEvent), and reads it back to be
// sure it is one the desk reads whole.
const CONVERT = `
import { readFileSync, writeFileSync } from 'node:fs';
const { loadEventBytes, serializeEvent } = await import('./core/desk/event-load.ts');
const [from, to] = process.argv.slice(1);
const r = loadEventBytes(readFileSync(from), from);
if (!r.ok) throw new Error(r.problem.message);
const text = serializeEvent(r.event);
const lines = text.split('\\n');
if (JSON.parse(lines[0]).version !== 3 || lines.length !== r.event.entries.length + 2 || lines.at(-1) !== '') throw new Error('not a version 3 log of one entry a line');
writeFileSync(to, text);
const back = loadEventBytes(readFileSync(to), to);
if (!back.ok || back.migratedFrom !== undefined || back.problems.length > 0 || back.torn !== null || back.event.entries.length !== r.event.entries.length) throw new Error('the version 3 log does not read back whole');
console.log('v3, ' + r.event.entries.length + ' entries, ' + (Buffer.byteLength(text) / 1048576).toFixed(1) + ' MB');
`;

const prefix = mkdtempSync(join(tmpdir(), 'qm-bench-prefix-'));
execFileSync('npm', ['install', '-g', '--offline', '--no-audit', '--no-fund', '--prefix', prefix, join(root, 'command-line')], { stdio: 'ignore' });
const installed = join(prefix, 'bin/quartermaster');
const ok = { okCodes: [0, 1] }; // 1 = some generated characters break a rule, as intended

console.log(`bench:desk  ${ROUNDS} rounds, medians, whole processes, ${environment}`);
for (const N of SIZES) {
  const dir = join(root, `bench/.work/desk-${N}`);
  const bytes = generate(dir, N);
  // The event file: every character printed (with a hash that no longer matches, so every row is
  // "changed" and the desk does the full comparison), every other one checked in.
  const characters = {};
  for (let i = 0; i < N; i++) {
    const { id } = makeCharacter(i);
    characters[id] = {
      ...(i % 2 === 0 ? { checkedInAt: '2026-10-02T18:05:00+01:00' } : {}),
      printed: [{ at: '2026-09-30T20:00:00+01:00', hash: i.toString(16).padStart(64, '0'), serials: ['CH-00000-00000'] }],
    };
  }
  // Written without indentation, as a v1 file (the format before the ledger): the report migrates it
  // in memory on every read (only --reprint-changed rewrites it, as version 3: the main figure below).
  const v1File = join(root, `bench/.work/desk-${N}-v1.event.json`);
  writeFileSync(v1File, `${JSON.stringify({ format: 'quartermaster-event', version: 1, name: 'Bench', game: 'fortunes-landing', dates: { start: '2026-10-02', end: '2026-10-04' }, characters })}\n`);
  const eventFile = join(dir, 'bench.event.json');
  const converted = execFileSync(process.execPath, ['--import', 'tsx', '-e', CONVERT, v1File, eventFile], { cwd: root, encoding: 'utf8' }).trim();
  const m = compareTimed(
    {
      baseline: () => timedProcess(process.execPath, ['-e', baselineScript, dir]),
      desk: () => timedProcess(installed, ['desk', dir], ok),
      v1: () => timedProcess(installed, ['desk', dir, '--event', v1File], ok),
      // The first report of an event, before its event file exists: nothing printed, nothing to hash.
      first: () => timedProcess(installed, ['desk', dir, '--event', join(dir, 'not-made-yet.event.json')], ok),
    },
    ROUNDS,
  );
  console.log(`\n  ${N.toLocaleString('en')} character files, ${(bytes / 1048576).toFixed(1)} MB, + an event file (${converted}); wall, CPU and peak RSS medians`);
  console.log(`    baseline read + JSON.parse : ${describe(m.baseline, m.baseline)}`);
  console.log(`    quartermaster desk         : ${describe(m.desk, m.baseline)}   (target <= 3)`);
  console.log(`    the same, event file as v1 : ${describe(m.v1, m.baseline)}   (migrated in memory on every read)`);
  console.log(`    no event file yet          : ${describe(m.first, m.baseline)}   (the first report: nothing printed)`);
}
rmSync(prefix, { recursive: true, force: true });
