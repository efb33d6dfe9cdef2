// `npm run bench:library`: listing a library of 5,000 generated character files with the main
// process's Library (electron/library.ts, run through tsx), against a baseline measured in the same
// run: a bare recursive readdir + stat of the same files.
// (The operating system's file cache is warm in both: "cold" means the app's cache is empty.)
//   cold: a new Library each round (nothing cached: every file read, parsed, checked by its ruleset)
//   warm: the same Library again (cache by path + size + mtime: readdir + stat only)
// Target (issue 3): warm listing under 1 s.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeCharacter } from './generate.mjs';
import { median, ms } from './stats.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const dir = join(root, 'bench/.work/library');
const N = Number(process.env.BENCH_N ?? 5000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
/** Files per sub-folder: a library organised by event or group. */
const PER_FOLDER = 250;

rmSync(dir, { recursive: true, force: true });
for (let i = 0; i < N; i++) {
  const folder = join(dir, `group-${String(Math.floor(i / PER_FOLDER)).padStart(2, '0')}`);
  if (i % PER_FOLDER === 0) mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, `c${String(i).padStart(5, '0')}.character.json`), `${JSON.stringify(makeCharacter(i), null, 2)}\n`);
}

const { Library, coreDerive } = await import('../electron/library.ts');
const derive = await coreDerive();
if (derive instanceof Error) throw derive;

/** The least any listing must do: walk the folders and stat every file (stats in parallel, as the Library does). */
async function baseline() {
  let n = 0;
  const walk = async (d) => {
    const entries = await readdir(d, { withFileTypes: true });
    const files = entries.filter((e) => e.isFile() && e.name.endsWith('.character.json')).map((e) => join(d, e.name));
    for (let i = 0; i < files.length; i += 64) await Promise.all(files.slice(i, i + 64).map((p) => stat(p)));
    n += files.length;
    await Promise.all(entries.filter((e) => e.isDirectory()).map((e) => walk(join(d, e.name))));
  };
  await walk(dir);
  return n;
}

const time = async (fn) => {
  const t0 = performance.now();
  const r = await fn();
  return [performance.now() - t0, r];
};

// One warm-up of each, then interleaved rounds.
await baseline();
await new Library({ derive }).list(dir);
const warmLibrary = new Library({ derive });
await warmLibrary.list(dir);

const times = { baseline: [], cold: [], warm: [] };
let counts;
for (let r = 0; r < ROUNDS; r++) {
  const [b, nb] = await time(baseline);
  const [c, cold] = await time(() => new Library({ derive }).list(dir));
  const [w, warm] = await time(() => warmLibrary.list(dir));
  times.baseline.push(b);
  times.cold.push(c);
  times.warm.push(w);
  counts = { baseline: nb, cold: cold.length, warm: warm.length, statuses: tally(warm) };
}
if (counts.cold !== N || counts.warm !== N || counts.baseline !== N) throw new Error(`listed ${JSON.stringify(counts)}, expected ${N} each`);

function tally(entries) {
  const t = {};
  for (const e of entries) t[e.status] = (t[e.status] ?? 0) + 1;
  return t;
}

const m = Object.fromEntries(Object.entries(times).map(([k, v]) => [k, median(v)]));
console.log(`bench:library  ${N} character files in ${Math.ceil(N / PER_FOLDER)} folders, ${ROUNDS} rounds, medians`);
console.log(`  baseline readdir + stat : ${ms(m.baseline)}`);
console.log(`  cold listing (no cache) : ${ms(m.cold)}   ratio ${(m.cold / m.baseline).toFixed(1)}`);
console.log(`  warm listing (cached)   : ${ms(m.warm)}   ratio ${(m.warm / m.baseline).toFixed(2)}   (target < 1000 ms)`);
console.log(`  statuses: ${JSON.stringify(counts.statuses)}`);
