// The cache file's rows as the library takes them (DiskRows) and the cache file's writing in
// slices (saveDiskCache with a Pace).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DiskRows, saveDiskCache, type Cached } from './cache';
import { Pace } from './io';
import { tempFolder } from '../testing/handlers';

let dir: string;
let cleanup: () => Promise<void>;
beforeEach(async () => ({ dir, cleanup } = await tempFolder('qm-disk-rows-')));
afterEach(() => cleanup());

const row = (name: string, player = 'P'): unknown[] => [name, 10, 1, 2, `N ${name}`, player, null, 0, 0, 0, 1, null, null];
/** A folder line's columns (version 4) from rows in the column order, as the cache file's bytes. */
const columns = (rows: unknown[][]) => new TextEncoder().encode(JSON.stringify(Array.from({ length: 13 }, (_, j) => rows.map((r) => r[j]))));

describe('DiskRows', () => {
  it('hands each row over in any order, checked once and held, and never one whose name leads out of its folder', () => {
    const rows = new DiskRows();
    const folder = join(dir, 'lib');
    rows.addBytes(folder, 5, columns([row('a.character.json'), row('b.character.json'), row('c.character.json'), row('../x.character.json'), row('.hidden.character.json')]));
    const c = rows.entry(join(folder, 'c.character.json'));
    expect(c?.entry.fileName).toBe('c.character.json');
    const a = rows.entry(join(folder, 'a.character.json'));
    expect(a?.entry.fileName).toBe('a.character.json');
    // Asked again (the next listing): the same row, not checked again.
    expect(rows.entry(join(folder, 'a.character.json'))).toBe(a);
    expect(rows.entry(join(dir, 'x.character.json'))).toBeUndefined();
    expect(rows.entry(join(folder, '.hidden.character.json'))).toBeUndefined();
    expect([rows.size, rows.allChecked]).toEqual([3, false]);
    // All three go back into the cache file: a and c as held, b as it was read.
    expect([...rows.left()].map(([f, n, r]) => [f, n, (r as Cached[]).map((x) => x.entry.fileName)])).toEqual([[folder, 3, ['a.character.json', 'b.character.json', 'c.character.json']]]);
    expect(rows.entry(join(folder, 'b.character.json'))?.entry.fileName).toBe('b.character.json');
    expect([rows.size, rows.allChecked]).toEqual([3, true]);
    // A row dropped (its file changed or is gone) is never handed over again.
    expect(rows.delete(join(folder, 'a.character.json'))).toBe(true);
    expect(rows.entry(join(folder, 'a.character.json'))).toBeUndefined();
    expect(rows.delete(join(folder, 'a.character.json'))).toBe(false);
    expect(rows.delete(join(folder, 'b.character.json')) && rows.delete(join(folder, 'c.character.json'))).toBe(true);
    expect([rows.empty, rows.size]).toEqual([true, 0]);
  });

  it("names each row's ruleset through the header's list, and refuses a number it does not know", () => {
    // A cache file whose header lists the rulesets in another order, one of them unknown here.
    const rows = new DiskRows(['bg-magic', 'chess', 'novitas']);
    const folder = join(dir, 'lib');
    const r = (name: string, ruleset: unknown, status: unknown) => [name, 10, 1, null, `N ${name}`, 'P', ruleset, status, 0, 0, null, 'id', null];
    rows.addBytes(folder, 6, columns([r('a', 0, 1), r('b', 2, 0), r('c', 1, 0), r('d', 3, 0), r('e', null, 7), r('f', null, 2)]));
    const take = (n: string) => rows.entry(join(folder, n));
    expect(take('a')).toMatchObject({ size: 10, mtimeMs: 1, ctimeMs: 1, entry: { ruleset: 'bg-magic', status: 'violations', modifiedMs: 1, id: 'id' } });
    expect(take('b')?.entry.ruleset).toBe('novitas');
    expect(take('c')).toBeNull(); // 'chess'
    expect(take('c')).toBeUndefined(); // a damaged row is dropped
    expect(take('d')).toBeNull(); // no ruleset 3
    expect(take('e')).toBeNull(); // no status 7
    expect(take('f')?.entry).toMatchObject({ ruleset: null, status: 'unreadable' });
  });

  it('forgets a folder under the listed one that no listed file is in, and the gone files of one that is', () => {
    const rows = new DiskRows();
    const lib = join(dir, 'lib');
    rows.addBytes(join(lib, 'gone'), 1, columns([row('g.character.json')]));
    rows.addBytes(join(lib, 'kept'), 2, columns([row('k.character.json'), row('removed.character.json')]));
    rows.addBytes(join(dir, 'elsewhere'), 1, columns([row('e.character.json')]));
    const listed = join(lib, 'kept', 'k.character.json');
    expect(rows.entry(listed)).toBeDefined();
    expect(rows.forget(lib, (root, p) => p === root || p.startsWith(`${root}/`), new Set([listed]))).toBe(true);
    // Another folder's rows stay (another listing may need them), and the kept file's.
    expect([...rows.left()].map(([f, n]) => [f, n])).toEqual([[join(lib, 'kept'), 1], [join(dir, 'elsewhere'), 1]]);
  });
});

describe('saveDiskCache', () => {
  it('lets the event loop turn between folders while it writes the cache', async () => {
    const cache = new Map<string, Cached>();
    for (let i = 0; i < 40; i++) {
      const path = join(dir, `f${i}`, 'c.character.json');
      cache.set(path, { size: 10, mtimeMs: 1, ctimeMs: 2, entry: { path, fileName: 'c.character.json', name: `C ${i}`, player: 'P', ruleset: null, status: 'clean', errors: 0, warnings: 0, modifiedMs: 1, size: 10 } });
    }
    // Slices of 0 ms: a turn of the loop after every row grouped and every folder's line (the app's are 8 ms).
    class CountingPace extends Pace {
      yields = 0;
      override async yield(): Promise<void> {
        this.yields++;
        await super.yield();
      }
    }
    const pace = new CountingPace(0);
    await saveDiskCache(join(dir, 'cache.json'), 'k', cache, new DiskRows(), pace);
    expect(pace.yields).toBeGreaterThanOrEqual(80);
    const lines = (await readFile(join(dir, 'cache.json'), 'utf8')).trimEnd().split('\n');
    expect(lines).toHaveLength(41);
    expect(JSON.parse(lines[0]!)).toEqual({ format: 'quartermaster-library-cache', version: 4, key: 'k', rulesets: ['novitas', 'fortunes-landing', 'curious-pastimes', 'bg-magic'] });
  });
});
