// The library across restarts (the cache on disk) and while files arrive (the watcher).
import { mkdir, readFile, rename, rm, utimes, writeFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Library, watchLibrary } from './library';
import { character, characterText, countingDerive, tempFolder } from '../testing/handlers';

let dir: string;
let home: string;
let cleanup: () => Promise<void>;
beforeEach(async () => {
  ({ dir, cleanup } = await tempFolder('qm-library-cache-'));
  home = join(dir, '.app-data');
  await mkdir(home);
  dir = join(dir, 'library');
  await mkdir(dir);
});
afterEach(() => cleanup());

const cacheFile = () => join(home, 'library-cache.json');

/**
 * The cache file (version 4): a header line, then per folder `path JSON <tab> count <tab> columns
 * JSON`. Read here as rows in the columns' order (file name, size, mtime, ctime or null, name,
 * player, ruleset, status, errors, warnings, modified or null, id, reason), and written back as columns.
 */
type CacheFile = { header: Record<string, unknown>; folders: [string, unknown[][]][] };
async function readCache(): Promise<CacheFile> {
  const [head, ...lines] = (await readFile(cacheFile(), 'utf8')).trimEnd().split('\n');
  const folders = lines.map((line) => {
    const [folder, count, text] = line.split('\t');
    const cols = JSON.parse(text!) as unknown[][];
    expect(cols).toHaveLength(13);
    for (const col of cols) expect(col).toHaveLength(Number(count));
    return [JSON.parse(folder!), cols[0]!.map((_, i) => cols.map((c) => c[i]))] as [string, unknown[][]];
  });
  return { header: JSON.parse(head!), folders };
}
const columnsOf = (rows: unknown[][]) => JSON.stringify(Array.from({ length: 13 }, (_, j) => rows.map((r) => r[j])));
const cacheText = (c: CacheFile) => [JSON.stringify(c.header), ...c.folders.map(([f, rows]) => `${JSON.stringify(f)}\t${rows.length}\t${columnsOf(rows)}`)].join('\n') + '\n';

async function writeCharacters(n: number, prefix = 'c', folder = dir) {
  for (let i = 0; i < n; i++) await writeFile(join(folder, `${prefix}${String(i).padStart(4, '0')}.character.json`), characterText(character({ name: `${prefix} ${i}`, player: `P${i % 7}` })));
}

describe('the library cache on disk', () => {
  it('answers from the cache after a restart, reading only the files that changed', async () => {
    await writeCharacters(20);
    // A whole-second modified time, so that setting it back is exact.
    const when = new Date('2026-06-01T10:00:00Z');
    await utimes(join(dir, 'c0003.character.json'), when, when);
    const first = countingDerive();
    const lib = new Library({ derive: first.derive, cacheFile: cacheFile(), cacheKey: 'v1' });
    const before = await lib.list(dir);
    await lib.flush();
    expect(first.calls).toHaveLength(20);
    // "Restart": a new Library with the same cache file.

    // One file changed with the same size and an older modified time (as `cp -p` leaves it):
    // its change time moved, so the cache is not trusted for it.
    const p = join(dir, 'c0003.character.json');
    const old = await stat(p);
    await new Promise((r) => setTimeout(r, 20)); // the change time moves on
    await writeFile(p, characterText(character({ name: 'c X', player: 'P3' })));
    await utimes(p, when, when);
    expect((await stat(p)).size).toBe(old.size);
    expect((await stat(p)).mtimeMs).toBe(old.mtimeMs);

    const second = countingDerive();
    const after = await new Library({ derive: second.derive, cacheFile: cacheFile(), cacheKey: 'v1' }).list(dir);
    expect(second.calls).toEqual(['c X']);
    expect(after.map((e) => e.name)).toEqual(before.map((e) => (e.fileName === 'c0003.character.json' ? 'c X' : e.name)));
  });

  it('after a restart, lists again from the rows it holds, reading only a file changed since, and saves the change', async () => {
    await writeCharacters(6);
    const lib = new Library({ derive: countingDerive().derive, cacheFile: cacheFile(), cacheKey: 'v1' });
    await lib.list(dir);
    await lib.flush();
    const counting = countingDerive();
    const restarted = new Library({ derive: counting.derive, cacheFile: cacheFile(), cacheKey: 'v1' });
    const first = await restarted.list(dir);
    expect(counting.calls).toEqual([]);
    await new Promise((r) => setTimeout(r, 20)); // the change time moves on
    await writeFile(join(dir, 'c0004.character.json'), characterText(character({ name: 'c four', player: 'P4' })));
    await rm(join(dir, 'c0001.character.json'));
    const second = await restarted.list(dir);
    expect(counting.calls).toEqual(['c four']);
    expect(second.map((e) => e.name)).toEqual(first.filter((e) => e.name !== 'c 1').map((e) => (e.name === 'c 4' ? 'c four' : e.name)));
    await restarted.flush();
    const third = countingDerive();
    expect(await new Library({ derive: third.derive, cacheFile: cacheFile(), cacheKey: 'v1' }).list(dir)).toEqual(second);
    expect(third.calls).toEqual([]);
    expect((await readCache()).folders[0]![1].map((r) => r[4])).toEqual(['c 0', 'c 2', 'c 3', 'c four', 'c 5']);
  });

  it('re-checks everything when the key changes (new rules) or the cache file is damaged', async () => {
    await writeCharacters(5);
    const lib = new Library({ derive: countingDerive().derive, cacheFile: cacheFile(), cacheKey: 'v1' });
    await lib.list(dir);
    await lib.flush();
    const newRules = countingDerive();
    const v2 = new Library({ derive: newRules.derive, cacheFile: cacheFile(), cacheKey: 'v2' });
    await v2.list(dir);
    expect(newRules.calls).toHaveLength(5);
    // Each library's cache write is finished before the file is damaged: a write still pending
    // would land after the damage (on a loaded machine it did) and the next start read a good cache.
    await v2.flush();

    const header = JSON.stringify({ format: 'quartermaster-library-cache', version: 4, key: 'v1' });
    // The cache v2 wrote, as v1 would have written it: trusted whole (the control for the damage below).
    const good = (await readFile(cacheFile(), 'utf8')).replace('"key":"v2"', '"key":"v1"');
    await writeFile(cacheFile(), good);
    const control = countingDerive();
    await new Library({ derive: control.derive, cacheFile: cacheFile(), cacheKey: 'v1' }).list(dir);
    expect(control.calls).toEqual([]);
    const damaged = [
      '{ not json',
      // Version 2 (one JSON document) is not read.
      JSON.stringify({ format: 'quartermaster-library-cache', version: 2, key: 'v1', folders: [[dir, JSON.parse(good.split('\n')[1]!.split('\t')[2]!)]] }),
      // Version 3 (an array per row) is not read either.
      good.replace('"version":4', '"version":3').replace(/\t(\[.*)$/m, (_, cols: string) => {
        const c = JSON.parse(cols) as unknown[][];
        return `\t${JSON.stringify(c[0]!.map((_n, i) => c.map((col) => col[i])))}`;
      }),
      `${header}\n${JSON.stringify(dir)}\t1\t[["c0000.character.json","big",0,0]]\nx`,
      // A column one value short, and a line without its tabs.
      good.replace(/\t\[\[("[^"]*",)/, '\t[['),
      `${header}\n${JSON.stringify(dir)} 5 ${good.split('\t')[2]}`,
      `${header}\n${JSON.stringify(dir)}\t5\t[[not json`,
      // The rows cut short (a crash cannot leave this, the write is atomic; a damaged disk can).
      good.slice(0, good.length - 40),
    ];
    for (const damage of damaged) {
      await writeFile(cacheFile(), damage);
      const again = countingDerive();
      const restarted = new Library({ derive: again.derive, cacheFile: cacheFile(), cacheKey: 'v1' });
      const entries = await restarted.list(dir);
      expect(again.calls).toHaveLength(5);
      expect(entries.every((e) => e.status === 'clean')).toBe(true);
      await restarted.flush();
    }
  });

  it('reads the library again once when the cache file is of an older version, and trusts the one it writes then', async () => {
    await writeCharacters(4);
    const lib = new Library({ derive: countingDerive().derive, cacheFile: cacheFile(), cacheKey: 'k' });
    await lib.list(dir);
    await lib.flush();
    // The same cache as version 3 wrote it: a header, then per folder a JSON array of rows.
    const raw = await readCache();
    const v3 = [JSON.stringify({ ...raw.header, version: 3 }), ...raw.folders.map(([f, rows]) => `${JSON.stringify(f)}\t${rows.length}\t${JSON.stringify(rows)}`)].join('\n');
    await writeFile(cacheFile(), `${v3}\n`);
    const once = countingDerive();
    const upgraded = new Library({ derive: once.derive, cacheFile: cacheFile(), cacheKey: 'k' });
    await upgraded.list(dir);
    expect(once.calls).toHaveLength(4);
    await upgraded.flush();
    expect((await readCache()).header.version).toBe(4);
    const then = countingDerive();
    expect(await new Library({ derive: then.derive, cacheFile: cacheFile(), cacheKey: 'k' }).list(dir)).toEqual(await lib.list(dir));
    expect(then.calls).toEqual([]);
  });

  it('writes the change time and shown modified time only when they differ from the modified time, and reads them back exactly', async () => {
    await writeCharacters(3);
    const lib = new Library({ derive: countingDerive().derive, cacheFile: cacheFile(), cacheKey: 'k' });
    const listed = await lib.list(dir);
    await lib.flush();
    const raw = await readCache();
    const rows = raw.folders[0]![1];
    // Forged in the file: a row whose change time and shown time differ from its modified time.
    const real = await stat(join(dir, 'c0001.character.json'));
    rows[1]![2] = real.mtimeMs;
    rows[1]![3] = real.ctimeMs;
    rows[1]![10] = 12345;
    rows[2]![3] = 'soon'; // a change time that is not a number: that row only is refused
    await writeFile(cacheFile(), cacheText(raw));
    const again = countingDerive();
    const entries = await new Library({ derive: again.derive, cacheFile: cacheFile(), cacheKey: 'k' }).list(dir);
    expect(again.calls).toEqual(['c 2']);
    expect(entries[1]!.modifiedMs).toBe(12345);
    expect(entries.map((e) => ({ ...e, modifiedMs: 0 }))).toEqual(listed.map((e) => ({ ...e, modifiedMs: 0 })));
    // A row written by the library itself: null where the value follows from the modified time.
    const plain = (await readCache()).folders[0]![1][0]!;
    if (real.ctimeMs === real.mtimeMs) expect(plain[3]).toBeNull();
    expect(plain[10]).toBeNull();
  });

  it('loses a folder whose line is not valid UTF-8, and only that folder', async () => {
    for (const f of ['a', 'b']) {
      await mkdir(join(dir, f));
      await writeCharacters(2, f, join(dir, f));
    }
    const lib = new Library({ derive: countingDerive().derive, cacheFile: cacheFile(), cacheKey: 'k' });
    await lib.list(dir);
    await lib.flush();
    const bytes = await readFile(cacheFile());
    // A byte of a name in folder a's line damaged into one UTF-8 does not allow.
    const at = bytes.indexOf('"a 1"') + 2;
    bytes[at] = 0xff;
    await writeFile(cacheFile(), bytes);
    const again = countingDerive();
    const entries = await new Library({ derive: again.derive, cacheFile: cacheFile(), cacheKey: 'k' }).list(dir);
    expect(entries.map((e) => e.name)).toEqual(['a 0', 'a 1', 'b 0', 'b 1']);
    expect(again.calls).toEqual(['a 0', 'a 1']);
  });

  it('refuses a damaged row of the cache file and reads that file again, trusting the others', async () => {
    await writeCharacters(3);
    const lib = new Library({ derive: countingDerive().derive, cacheFile: cacheFile(), cacheKey: 'k' });
    await lib.list(dir);
    await lib.flush();
    const raw = await readCache();
    expect(raw.header.version).toBe(4);
    const [folder, rows] = raw.folders[0]!;
    expect(folder).toBe(dir);
    // Row layout: [file name, size, mtime, ctime, name, player, ruleset, status, errors, warnings, modified, id, reason].
    const byName = (n: string) => rows.find((r: unknown[]) => r[0] === n);
    byName('c0000.character.json')![4] = 42; // a name that is not text
    byName('c0001.character.json')![6] = 99; // a game number the app does not know
    byName('c0002.character.json')![4] = 'Trusted';
    await writeFile(cacheFile(), cacheText(raw));
    const again = countingDerive();
    const entries = await new Library({ derive: again.derive, cacheFile: cacheFile(), cacheKey: 'k' }).list(dir);
    expect(entries.map((e) => e.name)).toEqual(['c 0', 'c 1', 'Trusted']);
    expect(again.calls).toEqual(['c 0', 'c 1']);
  });

  it('ignores rows whose file name would lead out of their folder', async () => {
    await writeCharacters(1);
    const lib = new Library({ derive: countingDerive().derive, cacheFile: cacheFile(), cacheKey: 'k' });
    await lib.list(dir);
    await lib.flush();
    const raw = await readCache();
    const row = raw.folders[0]![1][0]!;
    row[4] = 'Forged';
    raw.folders = [[join(dir, 'sub'), [[`../${row[0]}`, ...row.slice(1)]]]];
    await writeFile(cacheFile(), cacheText(raw));
    const entries = await new Library({ derive: countingDerive().derive, cacheFile: cacheFile(), cacheKey: 'k' }).list(dir);
    expect(entries.map((e) => e.name)).toEqual(['c 0']);
  });

  it('drops a renamed file and lists it under its new name', async () => {
    await writeCharacters(3);
    const lib = new Library({ derive: countingDerive().derive, cacheFile: cacheFile(), cacheKey: 'k' });
    await lib.list(dir);
    await rename(join(dir, 'c0001.character.json'), join(dir, 'z.character.json'));
    const entries = await lib.list(dir);
    expect(entries.map((e) => e.fileName)).toEqual(['c0000.character.json', 'c0002.character.json', 'z.character.json']);
    await lib.flush();
    const raw = await readCache();
    expect(raw.folders.map((f) => f[0])).toEqual([dir]);
    // Saved in name order, the order a listing asks for them.
    expect(raw.folders[0]![1].map((r) => r[0])).toEqual(['c0000.character.json', 'c0002.character.json', 'z.character.json']);
  });

  it('loses only the folder whose line is damaged, and keeps the folders no listing needed as they were', async () => {
    for (const f of ['a', 'b', 'c']) {
      await mkdir(join(dir, f));
      await writeCharacters(4, f, join(dir, f));
    }
    const lib = new Library({ derive: countingDerive().derive, cacheFile: cacheFile(), cacheKey: 'k' });
    await lib.list(dir);
    await lib.flush();
    const raw = await readCache();
    expect(raw.folders.map(([f]) => f)).toEqual(['a', 'b', 'c'].map((f) => join(dir, f)));
    // Folder a's rows damaged: a is read again, b and c are trusted.
    const text = cacheText(raw).split('\n');
    text[1] = text[1]!.slice(0, -5);
    await writeFile(cacheFile(), text.join('\n'));
    const again = countingDerive();
    const restarted = new Library({ derive: again.derive, cacheFile: cacheFile(), cacheKey: 'k' });
    expect((await restarted.list(join(dir, 'a'))).map((e) => e.name)).toEqual(['a 0', 'a 1', 'a 2', 'a 3']);
    expect(again.calls).toEqual(['a 0', 'a 1', 'a 2', 'a 3']);
    // Only folder a was listed; b and c go back into the cache file as they were read.
    await restarted.flush();
    const third = countingDerive();
    const entries = await new Library({ derive: third.derive, cacheFile: cacheFile(), cacheKey: 'k' }).list(dir);
    expect(entries).toHaveLength(12);
    expect(third.calls).toEqual([]);
  });

  it('drops a folder that is gone from the cache file, and reads a file that changed in a folder the cache holds', async () => {
    for (const f of ['a', 'b']) {
      await mkdir(join(dir, f));
      await writeCharacters(3, f, join(dir, f));
    }
    const lib = new Library({ derive: countingDerive().derive, cacheFile: cacheFile(), cacheKey: 'k' });
    await lib.list(dir);
    await lib.flush();
    await rm(join(dir, 'b'), { recursive: true });
    await new Promise((r) => setTimeout(r, 20));
    await writeFile(join(dir, 'a', 'a0001.character.json'), characterText(character({ name: 'a changed', player: 'P1' })));
    const again = countingDerive();
    const restarted = new Library({ derive: again.derive, cacheFile: cacheFile(), cacheKey: 'k' });
    expect((await restarted.list(dir)).map((e) => e.name)).toEqual(['a 0', 'a changed', 'a 2']);
    expect(again.calls).toEqual(['a changed']);
    await restarted.flush();
    const raw = await readCache();
    expect(raw.folders.map(([f, rows]) => [f, rows.map((r) => r[4])])).toEqual([[join(dir, 'a'), ['a 0', 'a changed', 'a 2']]]);
  });

  it('gives the first rows first, then progress to the end', async () => {
    await writeCharacters(30);
    const progress: number[] = [];
    let first: string[] = [];
    const entries = await new Library({ derive: countingDerive().derive }).list(dir, {
      firstCount: 10,
      onFirstRows: (rows) => (first = rows.map((r) => r.fileName)),
      onProgress: (done) => progress.push(done),
    });
    expect(first).toEqual(entries.slice(0, 10).map((e) => e.fileName));
    // Progress after each slice of work: rising, ending with all 30.
    expect(progress.at(-1)).toBe(30);
    expect(progress.every((n, i) => i === 0 || n > progress[i - 1]!)).toBe(true);
  });

  it('lets the event loop turn between slices of a long listing, and reports progress as it goes', async () => {
    await writeCharacters(40);
    // A rules check that takes 2 ms per file: 80 ms of work, several slices of at most SLICE_MS.
    const slow = countingDerive();
    const derive: typeof slow.derive = (c) => {
      const until = performance.now() + 2;
      while (performance.now() < until);
      return slow.derive(c);
    };
    const order: string[] = [];
    const ticker = setInterval(() => order.push('tick'), 0);
    try {
      await new Library({ derive }).list(dir, { onProgress: (done) => order.push(`done ${done}`) });
    } finally {
      clearInterval(ticker);
    }
    const progress = order.filter((o) => o !== 'tick');
    expect(progress.length).toBeGreaterThan(2);
    expect(progress.at(-1)).toBe('done 40');
    // Timers ran while the listing went on, not only after it.
    expect(order.indexOf('tick')).toBeLessThan(order.indexOf('done 40'));
    expect(order.slice(order.indexOf(progress[0]!), order.indexOf('done 40'))).toContain('tick');
  });
});

describe('2,000 files arriving while the library is watched', () => {
  for (const perFolder of [true, false]) {
    it(`coalesces the events into a few listings and ends with every file listed (${perFolder ? 'a watcher per folder' : 'the platform watcher'})`, async () => {
      const lib = new Library({ derive: countingDerive().derive });
      await mkdir(join(dir, 'existing'));
      await writeCharacters(3, 'old', join(dir, 'existing'));
      await lib.list(dir);
      let calls = 0;
      let listing: Promise<unknown> = Promise.resolve();
      let last: string[] = [];
      const stop = watchLibrary(
        dir,
        () => {
          calls++;
          // As the app does: re-list on each call (one listing at a time).
          listing = listing.then(async () => (last = (await lib.list(dir)).map((e) => e.fileName)));
        },
        { debounceMs: 100, maxWaitMs: 400, perFolder },
      );
      try {
        // Give the per-folder walk a moment to set up, as the app's start-up does.
        await new Promise((r) => setTimeout(r, 100));
        // Half into a new sub-folder (as a USB stick's folder copied in), half at the top.
        await mkdir(join(dir, 'from-stick'));
        await writeCharacters(1000, 'stick', join(dir, 'from-stick'));
        await writeCharacters(1000, 'top');
        const want = 2003;
        const deadline = Date.now() + 60_000;
        while (last.length !== want && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
        await listing;
        expect(last).toHaveLength(want);
        // Far fewer listings than files: the burst was coalesced.
        expect(calls).toBeGreaterThan(0);
        expect(calls).toBeLessThan(100);
        const entries = await lib.list(dir);
        expect(entries.filter((e) => e.status === 'clean')).toHaveLength(want);
        expect(entries.filter((e) => e.path.includes('from-stick'))).toHaveLength(1000);
      } finally {
        stop();
        await listing;
      }
    }, 120_000);
  }
});
