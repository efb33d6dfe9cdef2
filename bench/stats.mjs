// Small helpers for the benchmarks: run alternately, report medians and ratios.
export function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/** Runs each named async function `rounds` times, interleaved, after one warm-up each. */
export async function compare(fns, rounds) {
  const times = Object.fromEntries(Object.keys(fns).map((k) => [k, []]));
  for (const fn of Object.values(fns)) await fn();
  for (let r = 0; r < rounds; r++) {
    for (const [name, fn] of Object.entries(fns)) {
      const t0 = performance.now();
      await fn();
      times[name].push(performance.now() - t0);
    }
  }
  return Object.fromEntries(Object.entries(times).map(([k, v]) => [k, median(v)]));
}

export const ms = (x) => `${x.toFixed(1)} ms`;

/**
 * Runs a command as a whole process and returns [wall ms, peak RSS in MB] (the peak from
 * /usr/bin/time when it is there, else null). Exit codes in `okCodes` count as success.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
const TIME = existsSync('/usr/bin/time') ? '/usr/bin/time' : null;
export function runProcess(cmd, args, { okCodes = [0], cwd, measureRss = false } = {}) {
  const useTime = measureRss && TIME;
  const t0 = performance.now();
  const r = useTime
    ? spawnSync(TIME, ['-f', '%M', cmd, ...args], { cwd, stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 1 << 30 })
    : spawnSync(cmd, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 1 << 30 });
  const wall = performance.now() - t0;
  if (r.error) throw r.error;
  if (!okCodes.includes(r.status)) throw new Error(`${cmd} ${args.join(' ')} exited ${r.status}: ${String(r.stderr).slice(0, 500)}`);
  let rss = null;
  if (useTime) {
    const lines = String(r.stderr).trim().split('\n');
    rss = Number(lines[lines.length - 1]) / 1024;
  }
  return [wall, rss];
}

/** Median wall time of `rounds` runs of each command, interleaved, after one warm-up each. */
export function compareProcesses(commands, rounds) {
  const times = Object.fromEntries(Object.keys(commands).map((k) => [k, []]));
  for (const c of Object.values(commands)) c();
  for (let r = 0; r < rounds; r++) for (const [k, c] of Object.entries(commands)) times[k].push(c()[0]);
  return Object.fromEntries(Object.entries(times).map(([k, v]) => [k, median(v)]));
}
