// Listing the library through the handlers: progress sent to the window while a long listing runs,
// and requests made during a listing sharing one listing after it.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LibraryProgress } from '../../core/ipc/contract';
import { LIBRARY_PROGRESS_MS, oneAtATime, progressSender } from '../ipc/handlers/context';
import { Library } from './library';
import { character, characterText, countingDerive, handlerFixture, tempFolder } from '../testing/handlers';

let dir: string;
let lib: string;
let cleanup: () => Promise<void>;
beforeEach(async () => {
  ({ dir, cleanup } = await tempFolder('qm-library-listing-'));
  lib = join(dir, 'library');
  await mkdir(lib);
  await mkdir(join(dir, 'examples'));
});
afterEach(() => cleanup());

describe('progressSender', () => {
  it('sends nothing for a listing shorter than the interval, then at most once per interval, and the end', () => {
    let clock = 0;
    const sent: LibraryProgress[] = [];
    const onProgress = progressSender('/lib', (p) => void sent.push(p), () => clock)!;
    clock = 10;
    onProgress(100, 1000);
    expect(sent).toEqual([]);
    clock = LIBRARY_PROGRESS_MS;
    onProgress(200, 1000);
    clock = LIBRARY_PROGRESS_MS + 50;
    onProgress(300, 1000);
    clock = 2 * LIBRARY_PROGRESS_MS;
    onProgress(400, 1000);
    clock = 2 * LIBRARY_PROGRESS_MS + 1;
    onProgress(1000, 1000);
    expect(sent).toEqual([
      { folder: '/lib', done: 200, total: 1000 },
      { folder: '/lib', done: 400, total: 1000 },
      { folder: '/lib', done: 1000, total: 1000 },
    ]);
  });

  it('does not send the end of a listing that sent nothing before', () => {
    const sent: LibraryProgress[] = [];
    const onProgress = progressSender('/lib', (p) => void sent.push(p), () => 0)!;
    onProgress(5, 5);
    expect(sent).toEqual([]);
  });
});

describe('listLibrary', () => {
  it('reports progress to the window during a long listing, ending with every file', async () => {
    for (let i = 0; i < 60; i++) await writeFile(join(lib, `c${String(i).padStart(3, '0')}.character.json`), characterText(character({ name: `C ${i}` })));
    // A rules check of 5 ms per file: about 300 ms of listing, several progress intervals.
    const counting = countingDerive();
    const slow: typeof counting.derive = (c) => {
      const until = performance.now() + 5;
      while (performance.now() < until);
      return counting.derive(c);
    };
    const sent: LibraryProgress[] = [];
    const { handlers } = handlerFixture(lib, join(dir, 'examples'), { library: new Library({ derive: slow }), onLibraryProgress: (p) => void sent.push(p) });
    const listing = await handlers.listLibrary();
    expect(listing.entries).toHaveLength(60);
    expect(sent.length).toBeGreaterThan(1);
    expect(sent.every((p) => p.folder === lib && p.total === 60)).toBe(true);
    expect(sent.map((p) => p.done)).toEqual([...sent.map((p) => p.done)].sort((a, b) => a - b));
    expect(sent.at(-1)).toEqual({ folder: lib, done: 60, total: 60 });
  });

  it('gives every request the files written before it, listing far fewer times than asked', async () => {
    await writeFile(join(lib, 'a.character.json'), characterText(character({ name: 'A' })));
    let lists = 0;
    const library = new Library({ derive: countingDerive().derive });
    const list = library.list.bind(library);
    library.list = (...args) => (lists++, list(...args));
    const { handlers } = handlerFixture(lib, join(dir, 'examples'), { library });
    const first = handlers.listLibrary();
    await writeFile(join(lib, 'b.character.json'), characterText(character({ name: 'B' })));
    const rest = await Promise.all(Array.from({ length: 5 }, () => handlers.listLibrary()));
    expect((await first).entries.length).toBeGreaterThanOrEqual(1);
    for (const listing of rest) expect(listing.entries.map((e) => e.name)).toEqual(['A', 'B']);
    expect(lists).toBeLessThanOrEqual(6);
  });
});

describe('oneAtATime', () => {
  it('runs one call per key at a time; the calls made during a run share one run after it', async () => {
    const gates: (() => void)[] = [];
    const runs: string[] = [];
    const queued = oneAtATime((key) => {
      runs.push(key);
      const n = runs.length;
      return new Promise<string>((resolve) => gates.push(() => resolve(`${key} #${n}`)));
    });
    const first = queued('lib');
    const other = queued('examples');
    await Promise.resolve();
    expect(runs).toEqual(['lib', 'examples']);
    const second = queued('lib');
    const third = queued('lib');
    expect(third).toBe(second);
    await Promise.resolve();
    expect(runs).toEqual(['lib', 'examples']);
    gates[0]!();
    expect(await first).toBe('lib #1');
    await new Promise((r) => setImmediate(r));
    expect(runs).toEqual(['lib', 'examples', 'lib']);
    // A call during the second run waits for a third.
    const fourth = queued('lib');
    expect(fourth).not.toBe(second);
    gates[2]!();
    expect(await second).toBe('lib #3');
    await new Promise((r) => setImmediate(r));
    gates[3]!();
    expect(await fourth).toBe('lib #4');
    gates[1]!();
    expect(await other).toBe('examples #2');
  });

  it('runs the next call after a run that failed', async () => {
    let n = 0;
    const queued = oneAtATime(async () => {
      if (++n === 1) throw new Error('first fails');
      return n;
    });
    const first = queued('k');
    await Promise.resolve();
    const second = queued('k');
    await expect(first).rejects.toThrow('first fails');
    expect(await second).toBe(2);
  });
});
