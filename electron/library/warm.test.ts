// Reading ahead the files the watcher names (Library.warm, library-warm.ts): a file is read once it
// has been quiet, the listing after finds it in the cache, and a file changed after it was read
// ahead is read again.
import { mkdir, rename, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Library, watchLibrary } from './library';
import { Pace } from './io';
import { Warmer } from './warm';
import { character, characterText, countingDerive, tempFolder } from '../testing/handlers';

let dir: string;
let outside: string;
let cleanup: () => Promise<void>;
beforeEach(async () => {
  ({ dir, cleanup } = await tempFolder('qm-library-warm-'));
  outside = join(dir, 'elsewhere');
  await mkdir(outside);
  dir = join(dir, 'library');
  await mkdir(dir);
});
afterEach(async () => {
  vi.useRealTimers();
  await cleanup();
});

const write = (path: string, name: string) => writeFile(path, characterText(character({ name, player: 'P' })));
const until = async (ok: () => boolean) => {
  const deadline = Date.now() + 10_000;
  while (!ok() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
};

describe('Warmer', () => {
  it('reads a file once its events have been quiet for the quiet time, once however many events it had', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setImmediate', 'performance'] });
    const read: string[] = [];
    const warmer = new Warmer(async (p) => (read.push(p), true), new Pace(), 50);
    warmer.note('/lib/a.character.json');
    await vi.advanceTimersByTimeAsync(30);
    warmer.note('/lib/b.character.json');
    warmer.note('/lib/a.character.json'); // written again: its quiet time starts again
    warmer.note('/lib/notes.txt'); // not a character file: ignored
    await vi.advanceTimersByTimeAsync(40);
    expect(read).toEqual([]);
    await vi.advanceTimersByTimeAsync(20);
    // b's last event was 60 ms ago, a's too (both at 30 ms): b came first in the queue after a moved.
    expect(read).toEqual(['/lib/b.character.json', '/lib/a.character.json']);
    await vi.advanceTimersByTimeAsync(500);
    expect(read).toHaveLength(2);
    expect(warmer.waiting).toBe(0);
  });

  it('drops what waits when the disk turns out slow, and when cleared', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setImmediate', 'performance'] });
    const read: string[] = [];
    const warmer = new Warmer(async (p) => (read.push(p), false), new Pace(), 10);
    for (const n of ['a', 'b', 'c']) warmer.note(`/lib/${n}.character.json`);
    await vi.advanceTimersByTimeAsync(100);
    expect(read).toEqual(['/lib/a.character.json']);
    expect(warmer.waiting).toBe(0);
    warmer.note('/lib/d.character.json');
    warmer.clear();
    await vi.advanceTimersByTimeAsync(100);
    expect(read).toEqual(['/lib/a.character.json']);
  });
});

describe('Library.warm', () => {
  it('reads a named file ahead, so the listing after reads nothing; a file written again after is read again', async () => {
    await write(join(dir, 'old.character.json'), 'Old');
    const counted = countingDerive();
    const lib = new Library({ derive: counted.derive });
    await lib.list(dir);
    expect(counted.calls).toEqual(['Old']);

    const a = join(dir, 'a.character.json');
    const b = join(dir, 'b.character.json');
    await write(a, 'Anna');
    await write(b, 'Bert');
    lib.warm(a);
    lib.warm(b);
    await until(() => counted.calls.length === 3);
    expect(counted.calls.slice(1).sort()).toEqual(['Anna', 'Bert']);
    let entries = await lib.list(dir);
    expect(counted.calls).toHaveLength(3);
    expect(entries.map((e) => e.name)).toEqual(['Anna', 'Bert', 'Old']);

    // Changed after it was read ahead (same size: only the times tell): read again by the listing.
    await new Promise((r) => setTimeout(r, 20));
    await write(a, 'Anne');
    entries = await lib.list(dir);
    expect(counted.calls.slice(3)).toEqual(['Anne']);
    expect(entries.map((e) => e.name)).toEqual(['Anne', 'Bert', 'Old']);
  });

  it('does not read through a link (the listing checks where it points), nor a file that is gone', async () => {
    const secret = join(outside, 'secret.character.json');
    await write(secret, 'Secret');
    const link = join(dir, 'link.character.json');
    await symlink(secret, link);
    const counted = countingDerive();
    const lib = new Library({ derive: counted.derive });
    lib.warm(link);
    lib.warm(join(dir, 'gone.character.json'));
    await new Promise((r) => setTimeout(r, 300));
    expect(counted.calls).toEqual([]);
    expect(await lib.list(dir)).toEqual([]);
    expect(counted.calls).toEqual([]);
  });
});

describe('watchLibrary onFile', () => {
  for (const perFolder of [true, false]) {
    it(`names a file written and each file of a folder moved in (${perFolder ? 'a watcher per folder' : 'the platform watcher'})`, async () => {
      const named = new Set<string>();
      const stop = watchLibrary(dir, () => undefined, { perFolder, onFile: (p) => named.add(p) });
      try {
        await new Promise((r) => setTimeout(r, 100));
        const top = join(dir, 'top.character.json');
        await write(top, 'Top');
        // A folder filled elsewhere and moved in whole: its files were there before any event.
        const stick = join(outside, 'stick');
        await mkdir(stick);
        for (const n of ['s1', 's2', 's3']) await write(join(stick, `${n}.character.json`), n);
        await write(join(stick, '.hidden.character.json'), 'hidden');
        await rename(stick, join(dir, 'stick'));
        const want = [top, ...['s1', 's2', 's3'].map((n) => join(dir, 'stick', `${n}.character.json`))];
        await until(() => want.every((p) => named.has(p)));
        expect(want.filter((p) => !named.has(p))).toEqual([]);
        expect([...named].filter((p) => p.includes('.hidden'))).toEqual([]);
      } finally {
        stop();
      }
    });
  }
});
