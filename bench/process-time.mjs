// Whole-process timing for bench:check and bench:desk: wall time, CPU time (user + system, all of
// the process's threads, from /usr/bin/time) and peak RSS of every run. CPU time is reported next
// to wall time because the machine the benchmarks run on is shared: when other work takes the
// cores, wall times swing by tens of percent while CPU time moves much less.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { median } from './stats.mjs';

const TIME = existsSync('/usr/bin/time') ? '/usr/bin/time' : null;

/**
 * Makes the processes this benchmark starts run as on a desk laptop: without NODE_EXTRA_CA_CERTS
 * or NODE_OPTIONS from the machine the benchmark runs on. A NODE_EXTRA_CA_CERTS naming the whole
 * system bundle (as the machines these figures were measured on set it) makes every node process
 * parse some 150 certificates before it runs a line: about 40 ms of a 90 ms start, charged to the
 * baseline and the command alike, which flattered every ratio at 2,000 files. Returns what it took
 * out, for the report's first line. Call it before the first process is started.
 */
export function userEnvironment() {
  const removed = ['NODE_EXTRA_CA_CERTS', 'NODE_OPTIONS'].filter((k) => process.env[k] !== undefined);
  for (const k of removed) delete process.env[k];
  return removed.length === 0 ? 'the environment as it is' : `without ${removed.join(' and ')} (as on a desk laptop)`;
}

/** One run: { wall, cpu, rss } in ms, ms and MB (cpu and rss null without /usr/bin/time); `env` adds to the environment. */
export function timedProcess(cmd, args, { okCodes = [0], cwd, env } = {}) {
  const t0 = performance.now();
  const r = TIME
    ? spawnSync(TIME, ['-f', '%U %S %M', cmd, ...args], { cwd, env: env && { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 1 << 30 })
    : spawnSync(cmd, args, { cwd, env: env && { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 1 << 30 });
  const wall = performance.now() - t0;
  if (r.error) throw r.error;
  if (!okCodes.includes(r.status)) throw new Error(`${cmd} ${args.join(' ')} exited ${r.status}: ${String(r.stderr).slice(0, 500)}`);
  if (!TIME) return { wall, cpu: null, rss: null };
  const [user, sys, kb] = String(r.stderr).trim().split('\n').pop().split(' ').map(Number);
  return { wall, cpu: (user + sys) * 1000, rss: kb / 1024 };
}

/**
 * Medians of `rounds` runs of each command, interleaved (one round runs every command once), after
 * one warm-up run each: { name: { wall, cpu, rss } }.
 */
export function compareTimed(commands, rounds) {
  const runs = Object.fromEntries(Object.keys(commands).map((k) => [k, []]));
  for (const c of Object.values(commands)) c();
  for (let r = 0; r < rounds; r++) for (const [k, c] of Object.entries(commands)) runs[k].push(c());
  const med = (xs, f) => (xs[0][f] === null ? null : median(xs.map((x) => x[f])));
  return Object.fromEntries(Object.entries(runs).map(([k, xs]) => [k, { wall: med(xs, 'wall'), cpu: med(xs, 'cpu'), rss: med(xs, 'rss') }]));
}

/** "612.3 ms  ratio 1.95   CPU 480 ms  ratio 2.10   peak RSS 74 MB" against a baseline's medians. */
export function describe(m, base) {
  const ratio = (a, b) => (a === null || b === null ? '?' : (a / b).toFixed(2));
  const cpu = m.cpu === null ? '' : `   CPU ${m.cpu.toFixed(0)} ms  ratio ${ratio(m.cpu, base.cpu)}`;
  const rss = m.rss === null ? '' : `   peak RSS ${m.rss.toFixed(0)} MB`;
  return `${m.wall.toFixed(1)} ms  ratio ${ratio(m.wall, base.wall)}${cpu}${rss}`;
}
