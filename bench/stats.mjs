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
