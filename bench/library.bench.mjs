// `npm run bench:library`: the main process's Library (electron/library/library.ts, through tsx) listing
// generated libraries of 2,000 and 20,000 character files (BENCH_SIZES=2000,20000), against
// baselines measured in the same run, medians of BENCH_ROUNDS rounds. The operating system's file
// cache is warm on both sides: "cold" means the app's own caches are empty.
//   first rows  : a new Library, no cache: until the first 100 rows (path order) are known
//   cold        : the same, until every row is known            vs readdir + stat + read + parse
//   restart     : a new Library with the cache file on disk      vs readdir + stat (asynchronous;
//                 synchronous with path.join; synchronous with paths concatenated)
//   warm        : the same Library again (cache in memory)       vs readdir + stat
//   sort/search : the library view's sortEntries / filterEntries over the listing (2,000)
//   stall       : the longest event-loop stall during the cold (with the cache file's writing) and
//                 restart listings, and an idle loop's over 300 ms a round (the machine's own)
//   arrival     : 2,000 files written into the watched library while the app's loop runs (watcher,
//                 files read ahead as they are named, re-listing on each coalesced change): the longest event-loop stall
//                 (perf_hooks.monitorEventLoopDelay) and the time until the listing holds them all,
//                 against the cold baseline for the final library.
// Targets (issue 11): first rows <= 1.0x, restart <= 1.5x, sort and search <= 100 ms, the longest
// stall <= 100 ms, arrival listing done <= 1.5x the cold baseline.
import { mkdirSync, readdir, readdirSync, readFile, readFileSync, rmSync, stat, statSync, writeFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join, sep } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { makeCharacter } from './generate.mjs';
import { median, ms } from './stats.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const work = join(root, 'bench/.work/library');
const SIZES = (process.env.BENCH_SIZES ?? '2000,20000').split(',').filter(Boolean).map(Number);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const PER_FOLDER = 250;
// BENCH_VERBOSE=1 prints every round's figures too (the spread behind each median).
const VERBOSE = process.env.BENCH_VERBOSE === '1';
// BENCH_ARRIVAL=0 leaves out the arrival part.
const ARRIVAL = process.env.BENCH_ARRIVAL !== '0';

const { Library, coreDerive, watchLibrary } = await import('../electron/library/library.ts');
const { DEBOUNCE_MS } = await import('../electron/library/watch.ts');
const { sortEntries, filterEntries } = await import('../renderer/library/library-order.ts');
const derive = await coreDerive();
if (derive instanceof Error) throw derive;

const text = (i) => `${JSON.stringify(makeCharacter(i), null, 2)}\n`;
function generate(dir, n, from = 0) {
  for (let i = from; i < from + n; i++) {
    const folder = join(dir, `group-${String(Math.floor(i / PER_FOLDER)).padStart(3, '0')}`);
    if (i % PER_FOLDER === 0 || i === from) mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, `c${String(i).padStart(5, '0')}.character.json`), text(i));
  }
}

const cb = (fn, ...args) => new Promise((res, rej) => fn(...args, (e, v) => (e ? rej(e) : res(v))));

/** The fairest fast listing without the app: walk, stat every file, and (cold) read and parse it, 32 at a time. */
async function baseline(dir, { read }) {
  const files = [];
  const walk = async (d) => {
    const entries = await cb(readdir, d, { withFileTypes: true });
    for (const e of entries) if (e.isFile() && e.name.endsWith('.character.json')) files.push(join(d, e.name));
    await Promise.all(entries.filter((e) => e.isDirectory()).map((e) => walk(join(d, e.name))));
  };
  await walk(dir);
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const f = files[next++];
      await cb(stat, f);
      if (read) JSON.parse(await cb(readFile, f, 'utf8'));
    }
  };
  await Promise.all(Array.from({ length: 32 }, worker));
  return files.length;
}

/**
 * The same without asynchronous calls: synchronous readdir, stat, read and parse in one go. Faster
 * on a warm disk (a synchronous stat costs ~5 us, an asynchronous one 15-30 us of this thread), but
 * it blocks the event loop for the whole listing, which the app may not: the app makes these calls
 * in 8 ms slices (electron/library/io.ts). Shown beside the asynchronous baseline, so the ratios
 * against the fastest way to make the same calls are in the report too.
 */
function baselineSync(dir, { read }) {
  let n = 0;
  const walk = (d) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.isFile() && e.name.endsWith('.character.json')) {
        statSync(p);
        if (read) JSON.parse(readFileSync(p, 'utf8'));
        n++;
      }
    }
  };
  walk(dir);
  return n;
}

/**
 * readdir + stat as baselineSync makes them, with each path made by concatenation instead of
 * path.join, which normalises every path it makes: 12-20% of baselineSync's time on this machine
 * (the app's walk concatenates too, electron/library/walk.ts). Shown beside the other, unchanged,
 * so that the restart's ratio against the fastest way to make the same calls is in the report.
 */
function baselineSyncConcat(dir) {
  let n = 0;
  const walk = (d) => {
    const prefix = d.endsWith(sep) ? d : d + sep;
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = prefix + e.name;
      if (e.isDirectory()) walk(p);
      else if (e.isFile() && e.name.endsWith('.character.json')) {
        statSync(p);
        n++;
      }
    }
  };
  walk(dir);
  return n;
}

// Each timed step starts with a collected heap (node --expose-gc), so that garbage from the step
// before is not charged to it; the same for the baselines.
const gc = globalThis.gc ?? (() => undefined);
const time = async (fn) => {
  gc();
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
};

console.log(`bench:library  ${ROUNDS} rounds, medians (files in folders of ${PER_FOLDER})`);
for (const N of SIZES) {
  const dir = join(work, `n${N}`);
  const cacheFile = join(work, `cache-${N}.json`);
  rmSync(dir, { recursive: true, force: true });
  generate(dir, N);
  // The cache file a previous run of the app left.
  rmSync(cacheFile, { force: true });
  const writer = new Library({ derive, cacheFile, cacheKey: 'bench' });
  await writer.list(dir);
  await writer.flush();
  const warmLibrary = new Library({ derive });
  await warmLibrary.list(dir);
  await baseline(dir, { read: true });

  const t = { coldBase: [], statBase: [], coldSync: [], statSync: [], statConcat: [], first: [], cold: [], restart: [], warm: [] };
  // The longest event-loop stall while the app lists (cold and after a restart), over every round:
  // a histogram per listing (one enabled again would count the time it was off as a stall).
  const stall = { max: 0 };
  const stalls = [];
  const listingStall = async (fn) => {
    const h = monitorEventLoopDelay({ resolution: 5 });
    h.enable();
    try {
      return await fn();
    } finally {
      h.disable();
      stall.max = Math.max(stall.max, h.max);
      stalls.push(Math.round(h.max / 1e6));
    }
  };
  // The machine's own stalls (other processes on the same cores), for comparison: an idle loop.
  const idleStall = async () => {
    const h = monitorEventLoopDelay({ resolution: 5 });
    h.enable();
    await new Promise((res) => setTimeout(res, 300));
    h.disable();
    return h.max / 1e6;
  };
  const idle = [];
  const coldCache = join(work, `cache-${N}-cold.json`);
  // Each listing right after its baseline, so that a change in the machine's load between the two
  // weighs less; the ratio of the medians, and the median of each round's own ratio.
  for (let r = 0; r < ROUNDS; r++) {
    t.statBase.push(await time(() => baseline(dir, { read: false })));
    t.statSync.push(await time(() => baselineSync(dir, { read: false })));
    t.statConcat.push(await time(() => baselineSyncConcat(dir)));
    t.restart.push(await time(() => listingStall(() => new Library({ derive, cacheFile, cacheKey: 'bench' }).list(dir))));
    t.warm.push(await time(() => warmLibrary.list(dir)));
    t.coldBase.push(await time(() => baseline(dir, { read: true })));
    t.coldSync.push(await time(() => baselineSync(dir, { read: true })));
    let firstAt = 0;
    gc();
    rmSync(coldCache, { force: true });
    const t0 = performance.now();
    // As the app's first start: no cache yet; the stall counts the cache file's writing after it too.
    const cold = new Library({ derive, cacheFile: coldCache, cacheKey: 'bench' });
    const listed = await listingStall(async () => {
      const entries = await cold.list(dir, { onFirstRows: () => (firstAt = performance.now() - t0) });
      t.cold.push(performance.now() - t0);
      await cold.flush();
      return entries;
    });
    t.first.push(firstAt);
    if (listed.length !== N) throw new Error(`listed ${listed.length} of ${N}`);
    idle.push(await idleStall());
  }
  const m = Object.fromEntries(Object.entries(t).map(([k, v]) => [k, median(v)]));
  const paired = (a, b) => median(t[a].map((x, i) => x / t[b][i])).toFixed(2);
  if (VERBOSE) {
    for (const [k, v] of Object.entries(t)) console.log(`    (${k} every round: ${v.map((x) => x.toFixed(0)).join(', ')} ms)`);
    console.log(`    (stalls, restart and cold in turn: ${stalls.join(', ')} ms; idle loop: ${idle.map((x) => x.toFixed(0)).join(', ')} ms)`);
  }
  const ratio = (a, b, target) => `ratio ${(a / b).toFixed(2)}${target ? `  (target <= ${target})` : ''}`;
  console.log(`\n  ${N.toLocaleString('en')} files`);
  console.log(`    baseline readdir + stat + read + parse : ${ms(m.coldBase)}`);
  console.log(`    baseline readdir + stat                : ${ms(m.statBase)}`);
  console.log(`    the same, synchronous (loop blocked)   : ${ms(m.coldSync)} and ${ms(m.statSync)} (${ms(m.statConcat)} with paths concatenated, not path.join)`);
  console.log(`    first 100 rows, no cache               : ${ms(m.first)}   ${ratio(m.first, m.coldBase, '1.0')}; each round's own: ${paired('first', 'coldBase')}`);
  console.log(`    every row, no cache                    : ${ms(m.cold)}   ${ratio(m.cold, m.coldBase)}; each round's own: ${paired('cold', 'coldBase')}; against the synchronous one ${(m.cold / m.coldSync).toFixed(2)}`);
  console.log(`    after a restart (cache on disk)        : ${ms(m.restart)}   ${ratio(m.restart, m.statBase, '1.5')} against readdir + stat; each round's own: ${paired('restart', 'statBase')}; against the synchronous one ${(m.restart / m.statSync).toFixed(2)} (${paired('restart', 'statSync')} each round's own), with concatenated paths ${(m.restart / m.statConcat).toFixed(2)} (${paired('restart', 'statConcat')})`);
  console.log(`    again (cache in memory)                : ${ms(m.warm)}   ${ratio(m.warm, m.statBase)} against readdir + stat`);
  console.log(`    longest event-loop stall while listing : ${ms(stall.max / 1e6)}   (cold with the cache file's writing, and after a restart, every round; an idle loop's longest: ${ms(Math.max(...idle))})`);

  if (N === 2000) {
    const entries = await warmLibrary.list(dir);
    const name = (e) => e.ruleset ?? '';
    const sorts = [];
    const searches = [];
    for (let r = 0; r < ROUNDS; r++) {
      sorts.push(await time(() => sortEntries(entries, { key: 'player', direction: r % 2 ? 'asc' : 'desc' }, name)));
      searches.push(await time(() => filterEntries(entries, `Character 1${r}`)));
    }
    console.log(`    sort by player (sortEntries)           : ${ms(median(sorts))}   (target <= 100 ms; the table's drawing not included)`);
    console.log(`    search (filterEntries)                 : ${ms(median(searches))}   (target <= 100 ms)`);
  }
}

// 2,000 files arriving in a watched library of 2,000, as the app runs it: the watcher's coalesced
// calls re-list (one listing at a time), in this one process, while the files are written.
if (ARRIVAL) {
  const dir = join(work, 'arrival');
  rmSync(dir, { recursive: true, force: true });
  generate(dir, 2000);
  const arriving = 2000;
  // Writing alone, in a scratch folder, for comparison.
  const scratch = join(work, 'arrival-scratch');
  const writeAll = async (into) => {
    mkdirSync(into, { recursive: true });
    for (let i = 0; i < arriving; i++) await writeFile(join(into, `new${String(i).padStart(5, '0')}.character.json`), text(10_000 + i));
  };
  // BENCH_WARM=0: without reading ahead what the watcher names (as before Library.warm), for comparison.
  const warm = process.env.BENCH_WARM !== '0';
  const a = { writeAlone: [], written: [], done: [], afterLast: [], coldBase: [], ratio: [] };
  const stalls = { alone: 0, watched: [] };
  const calls = [];
  for (let r = 0; r < ROUNDS; r++) {
    rmSync(scratch, { recursive: true, force: true });
    rmSync(join(dir, 'from-stick'), { recursive: true, force: true });
    const aloneDelay = monitorEventLoopDelay({ resolution: 10 });
    aloneDelay.enable();
    a.writeAlone.push(await time(() => writeAll(join(scratch, 'stick'))));
    aloneDelay.disable();
    stalls.alone = Math.max(stalls.alone, aloneDelay.max / 1e6);

    // The library open with 2,000 listed, then a copy of 2,000 more into a new sub-folder.
    const library = new Library({ derive });
    await library.list(dir);
    let t0 = performance.now();
    let listing = Promise.resolve();
    let last = 0;
    const relists = [];
    const relist = () => (relists.push(Math.round(performance.now() - t0)), (listing = listing.then(async () => (last = (await library.list(dir)).length))));
    // As electron/main.ts: the files the watcher names are read ahead into the cache (Library.warm).
    const stop = watchLibrary(dir, relist, warm ? { onFile: (path) => library.warm(path) } : {});
    await new Promise((res) => setTimeout(res, 200));
    relists.length = 0;
    gc();
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    t0 = performance.now();
    await writeAll(join(dir, 'from-stick'));
    const lastWrite = performance.now();
    a.written.push(lastWrite - t0);
    while (last !== 2000 + arriving) await new Promise((res) => setTimeout(res, 20));
    await listing;
    a.done.push(performance.now() - t0);
    a.afterLast.push(performance.now() - lastWrite);
    delay.disable();
    stop();
    stalls.watched.push(delay.max / 1e6);
    calls.push(relists.join('/'));
    a.coldBase.push(await time(() => baseline(dir, { read: true })));
    a.ratio.push(a.afterLast.at(-1) / a.coldBase.at(-1));
  }
  const m = Object.fromEntries(Object.entries(a).map(([k, v]) => [k, median(v)]));
  const each = (xs, f = (x) => x.toFixed(0)) => xs.map(f).join(', ');
  console.log(`\n  2,000 files arriving in a watched library of 2,000${warm ? '' : ' (BENCH_WARM=0: nothing read ahead)'}`);
  console.log(`    writing them, no watcher               : ${ms(m.writeAlone)}`);
  console.log(`    writing them, watched                  : ${ms(m.written)}   ratio ${(m.written / m.writeAlone).toFixed(2)}   (watcher calls at ${calls.join('; ')} ms)`);
  console.log(`    longest event-loop stall               : ${ms(Math.max(...stalls.watched))}   (target <= 100 ms; every round ${each(stalls.watched)}; ${ms(stalls.alone)} while only writing, no watcher)`);
  console.log(`    from the first write to the full listing: ${ms(m.done)}`);
  console.log(`    from the last write to the full listing : ${ms(m.afterLast)}   ratio ${(m.afterLast / m.coldBase).toFixed(2)} against the cold baseline of all 4,000 (${ms(m.coldBase)}; target <= 1.5; includes the watcher's ${DEBOUNCE_MS} ms quiet time)`);
  console.log(`    (each round: after the last write ${each(a.afterLast)} ms, baseline ${each(a.coldBase)} ms, ratio ${each(a.ratio, (x) => x.toFixed(2))})`);
}
