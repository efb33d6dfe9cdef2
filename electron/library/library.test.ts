import { mkdir, readFile, rm, truncate, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { coreDerive, findCharacterFiles, isRelevantChange, Library, watchLibrary } from './library';
import { character, characterText, countingDerive, tempFolder } from '../testing/handlers';
import { Pace, SLOW_CALL_MS, SLOW_CALLS } from './io';

/** A call that takes longer than SLOW_CALL_MS. */
function slowCall() {
  const until = performance.now() + SLOW_CALL_MS + 2;
  while (performance.now() < until);
}

let dir: string;
let cleanup: () => Promise<void>;
beforeEach(async () => ({ dir, cleanup } = await tempFolder('qm-library-')));
afterEach(() => cleanup());

describe('findCharacterFiles', () => {
  it('finds *.character.json recursively, skipping hidden files and folders and other files', async () => {
    await mkdir(join(dir, 'Winter Event', 'NPCs'), { recursive: true });
    await mkdir(join(dir, '.quartermaster-backups', 'a.character.json'), { recursive: true });
    await writeFile(join(dir, '.quartermaster-backups', 'a.character.json', '1-1.character.json'), '{}');
    await writeFile(join(dir, 'a.character.json'), '{}');
    await writeFile(join(dir, 'Winter Event', 'b.character.json'), '{}');
    await writeFile(join(dir, 'Winter Event', 'NPCs', 'c.character.json'), '{}');
    await writeFile(join(dir, 'notes.json'), '{}');
    await writeFile(join(dir, '.a.character.json.123.tmp'), '{}');
    await writeFile(join(dir, '.hidden.character.json'), '{}');
    expect(await findCharacterFiles(dir)).toEqual([
      join(dir, 'Winter Event', 'NPCs', 'c.character.json'),
      join(dir, 'Winter Event', 'b.character.json'),
      join(dir, 'a.character.json'),
    ].sort());
  });

  it('lists a missing folder as empty', async () => {
    expect(await findCharacterFiles(join(dir, 'missing'))).toEqual([]);
  });
});

describe('Library.list', () => {
  it('gives name, player, ruleset, status and counts from the rules check', async () => {
    await writeFile(join(dir, 'clean.character.json'), characterText(character({ name: 'Clean', player: 'Ana', ruleset: 'novitas' })));
    const badText = characterText(character({ name: 'Rule Breaker', player: 'Bo' }));
    await writeFile(join(dir, 'bad.character.json'), badText);
    await writeFile(join(dir, 'junk.character.json'), 'not json at all');
    const { derive } = countingDerive((c) =>
      c.name === 'Rule Breaker'
        ? [
            { code: 'x.one', message: 'one', severity: 'error', path: '' },
            { code: 'x.two', message: 'two', severity: 'error', path: '' },
            { code: 'x.three', message: 'three', severity: 'warning', path: '' },
          ]
        : [],
    );
    const entries = await new Library({ derive }).list(dir);
    expect(entries.map(({ fileName, name, player, ruleset, status, errors, warnings }) => ({ fileName, name, player, ruleset, status, errors, warnings }))).toEqual([
      { fileName: 'bad.character.json', name: 'Rule Breaker', player: 'Bo', ruleset: 'bg-magic', status: 'violations', errors: 2, warnings: 1 },
      { fileName: 'clean.character.json', name: 'Clean', player: 'Ana', ruleset: 'novitas', status: 'clean', errors: 0, warnings: 0 },
      { fileName: 'junk.character.json', name: 'junk', player: '', ruleset: null, status: 'unreadable', errors: 0, warnings: 0 },
    ]);
    expect(entries[2]!.reason).toMatch(/junk\.character\.json: it is not valid JSON/);
    expect(entries[0]!.size).toBe(Buffer.byteLength(badText));
    expect(entries[2]!.size).toBe('not json at all'.length);
  });

  it('reads each file once while its size and modified time stay the same', async () => {
    const p = join(dir, 'a.character.json');
    await writeFile(p, characterText(character({ name: 'First' })));
    await writeFile(join(dir, 'b.character.json'), characterText(character({ name: 'Other' })));
    const { derive, calls } = countingDerive();
    const lib = new Library({ derive });
    await lib.list(dir);
    await lib.list(dir);
    expect(calls.sort()).toEqual(['First', 'Other']);
    // Same size, new time: read again.
    await writeFile(p, characterText(character({ name: 'Secnd' })));
    const later = new Date(Date.now() + 5000);
    await utimes(p, later, later);
    const entries = await lib.list(dir);
    expect(calls).toContain('Secnd');
    expect(entries.find((e) => e.fileName === 'a.character.json')?.name).toBe('Secnd');
    // A deleted file leaves the listing.
    await rm(p);
    expect((await lib.list(dir)).map((e) => e.fileName)).toEqual(['b.character.json']);
  });

  it('marks a file whose rules check throws as having violations, with the reason', async () => {
    await writeFile(join(dir, 'a.character.json'), characterText(character({ name: 'A' })));
    const entries = await new Library({
      derive: () => {
        throw new Error('ruleset exploded');
      },
    }).list(dir);
    expect(entries[0]).toMatchObject({ status: 'violations', errors: 1, reason: 'the rules check failed: ruleset exploded' });
  });

  it('lists a file over the size limit as unreadable without reading it', async () => {
    const p = join(dir, 'huge.character.json');
    await writeFile(p, '');
    await truncate(p, 200 * 1024 * 1024);
    const [entry] = await new Library({ derive: countingDerive().derive }).list(dir);
    expect(entry).toMatchObject({ status: 'unreadable', size: 200 * 1024 * 1024 });
    expect(entry!.reason).toMatch(/200\.0 MB; the limit is 5\.0 MB/);
  });

  it('uses the core rules check by default (the bundled examples)', async () => {
    const derive = await coreDerive();
    expect(derive).toBeTypeOf('function');
    const examples = join(import.meta.dirname, '..', '..', 'assets', 'examples');
    const entries = await new Library().list(examples);
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.every((e) => e.status !== 'unreadable' && e.ruleset !== null)).toBe(true);
    expect(entries.every((e) => e.reason === undefined)).toBe(true);
    // Each example's file bytes are untouched by listing.
    const first = entries[0]!;
    expect((await readFile(first.path)).length).toBe(first.size);
  });
});

describe('Pace', () => {
  it('keeps synchronous file calls while they are fast and switches to asynchronous ones after a few slow calls', () => {
    const pace = new Pace();
    expect(pace.sync).toBe(true);
    pace.timed(() => 1);
    expect(pace.sync).toBe(true);
    // Calls that block longer than SLOW_CALL_MS (a network share answering slowly); one alone is not enough.
    for (let i = 0; i < SLOW_CALLS; i++) {
      expect(pace.sync).toBe(true);
      pace.timed(slowCall);
      expect(pace.due).toBe(true);
    }
    expect(pace.sync).toBe(false);
  });

  it('lists a folder with the asynchronous calls too (a slow disk)', async () => {
    await writeFile(join(dir, 'a.character.json'), characterText(character({ name: 'A' })));
    await mkdir(join(dir, 'sub'));
    await writeFile(join(dir, 'sub', 'b.character.json'), characterText(character({ name: 'B' })));
    const lib = new Library({ derive: countingDerive().derive });
    for (let i = 0; i < SLOW_CALLS; i++) (lib as unknown as { pace: Pace }).pace.timed(slowCall);
    expect((await lib.list(dir)).map((e) => e.name)).toEqual(['A', 'B']);
  });
});

describe('watchLibrary', () => {
  it('reports a file written by another program, once per burst', async () => {
    let fired = 0;
    let resolve!: () => void;
    const changed = new Promise<void>((r) => (resolve = r));
    const stop = watchLibrary(
      dir,
      () => {
        fired++;
        resolve();
      },
      50,
    );
    try {
      await writeFile(join(dir, 'x.character.json'), '{}');
      await writeFile(join(dir, 'x.character.json'), '{"a":1}');
      await changed;
      expect(fired).toBe(1);
    } finally {
      stop();
    }
  });

  it('calls at least every maxWaitMs while changes keep coming faster than the quiet time', async () => {
    const calls: number[] = [];
    const t0 = performance.now();
    const stop = watchLibrary(dir, () => void calls.push(performance.now() - t0), { debounceMs: 100, maxWaitMs: 200, perFolder: true });
    let writing = true;
    try {
      await new Promise((r) => setTimeout(r, 50));
      // Writes back to back for 900 ms, as a copy makes them (several events a millisecond).
      for (let i = 0; performance.now() - t0 < 950; i++) await writeFile(join(dir, `f${i % 50}.character.json`), `{"n":${i}}`);
      writing = false;
      const during = calls.length;
      // The burst's deadlines gave calls while it went on, not one call after it.
      expect(during).toBeGreaterThanOrEqual(2);
    } finally {
      stop();
      expect(writing).toBe(false);
    }
  });

  it('ignores hidden files and folders (our temp files and backups)', () => {
    expect(isRelevantChange('.a.character.json.1.2.tmp')).toBe(false);
    expect(isRelevantChange('.quartermaster-backups/a.character.json/1-1.character.json')).toBe(false);
    expect(isRelevantChange('Winter/.b.tmp')).toBe(false);
    expect(isRelevantChange('Winter/b.character.json')).toBe(true);
    // No name given by the platform: assume it matters.
    expect(isRelevantChange(null)).toBe(true);
  });
});
