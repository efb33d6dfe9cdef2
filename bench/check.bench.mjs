// `npm run bench:check`: `quartermaster check --json` as a user runs it, on 2,000 and 20,000
// generated character files (BENCH_SIZES), against a baseline in the same run: a node process that
// only reads and JSON.parses the same files. Whole process against whole process, medians of
// BENCH_ROUNDS interleaved rounds, with the CPU time (user + system, every thread) and peak RSS of
// each run from /usr/bin/time (bench/process-time.mjs): on a shared machine wall times swing, CPU
// times much less.
//   quartermaster : the installed command (npm install -g ./command-line, here into a temp prefix)
//   node bin/...  : the same entry run by node directly
//   npx           : `npx quartermaster` from the repository (npm's own start-up on top)
// Target: the documented command <= 2.5x the baseline, at both sizes; peak memory that does not
// grow with the number of files (the report is streamed; BENCH_SIZES=2000,20000,50000 shows it level).
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generate } from './generate.mjs';
import { compareTimed, describe, timedProcess, userEnvironment } from './process-time.mjs';
import { compareProcesses, ms, runProcess } from './stats.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const environment = userEnvironment();
const SIZES = (process.env.BENCH_SIZES ?? '2000,20000').split(',').filter(Boolean).map(Number);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);

const baselineScript = `
const fs = require('fs'), path = require('path');
const dir = process.argv[1]; let n = 0;
for (const f of fs.readdirSync(dir)) { if (f.endsWith('.character.json')) { JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')); n++; } }
process.stdout.write(String(n));`;

// The installed command, as README's install step makes it.
const prefix = mkdtempSync(join(tmpdir(), 'qm-bench-prefix-'));
execFileSync('npm', ['install', '-g', '--offline', '--no-audit', '--no-fund', '--prefix', prefix, join(root, 'command-line')], { stdio: 'ignore' });
const installed = join(prefix, 'bin/quartermaster');
const ok = { okCodes: [0, 1] }; // 1 = some generated characters break a rule, as intended

// What npx alone costs: the same trivial command through npx and directly. npx finds the command
// through node_modules/.bin/quartermaster, which `npm install` links (scripts/link-bin.mjs); without
// the link the npx figures are left out.
const npxLinked = spawnSync('npx', ['--no-install', 'quartermaster', 'help'], { cwd: root, stdio: 'ignore' }).status === 0;
console.log(`bench:check  ${ROUNDS} rounds, medians, whole processes, ${environment}`);
if (npxLinked) {
  const help = compareProcesses(
    {
      direct: () => runProcess(installed, ['help']),
      npx: () => runProcess('npx', ['--no-install', 'quartermaster', 'help'], { cwd: root }),
    },
    ROUNDS,
  );
  console.log(`  quartermaster help, installed command : ${ms(help.direct)}`);
  console.log(`  npx quartermaster help                : ${ms(help.npx)}   (npx alone adds ${ms(help.npx - help.direct)})`);
} else console.log('  npx quartermaster: not linked in node_modules/.bin (run npm install); left out');

for (const N of SIZES) {
  const dir = join(root, `bench/.work/check-${N}`);
  const bytes = generate(dir, N);
  const m = compareTimed(
    {
      baseline: () => timedProcess(process.execPath, ['-e', baselineScript, dir]),
      installed: () => timedProcess(installed, ['check', '--json', dir], ok),
      node: () => timedProcess(process.execPath, [join(root, 'bin/quartermaster.cjs'), 'check', '--json', dir], ok),
      ...(N <= 2000 && npxLinked ? { npx: () => timedProcess('npx', ['--no-install', 'quartermaster', 'check', '--json', dir], { ...ok, cwd: root }) } : {}),
    },
    ROUNDS,
  );
  console.log(`\n  ${N.toLocaleString('en')} character files, ${(bytes / 1048576).toFixed(1)} MB (wall, CPU and peak RSS medians; ratios against the baseline)`);
  console.log(`    baseline read + JSON.parse        : ${describe(m.baseline, m.baseline)}`);
  console.log(`    quartermaster check --json        : ${describe(m.installed, m.baseline)}   (target <= 2.5)`);
  console.log(`    node bin/quartermaster.cjs check  : ${describe(m.node, m.baseline)}`);
  if (m.npx !== undefined) console.log(`    npx quartermaster check --json    : ${describe(m.npx, m.baseline)}`);
}
rmSync(prefix, { recursive: true, force: true });
