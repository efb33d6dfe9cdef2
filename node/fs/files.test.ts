import { chmod, mkdir, readdir, readFile, stat, symlink, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { hostname } from 'node:os';
import { withLock } from './atomic';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { backUp, backupFile, backupFolderOf, BACKUPS_KEPT, freePath, listBackups, openFile, safeStem, STALE_TEMP_MS, sweepStaleTemps, writeAtomic, writeNew } from './files';
import { character, characterText, tempFolder } from '../testing/temp';

let dir: string;
let cleanup: () => Promise<void>;
beforeEach(async () => ({ dir, cleanup } = await tempFolder('qm-files-')));
afterEach(() => cleanup());

describe('writeAtomic', () => {
  it('replaces the file and leaves no temp file behind', async () => {
    const p = join(dir, 'a.character.json');
    await writeFile(p, 'old');
    await writeAtomic(p, 'new contents');
    expect(await readFile(p, 'utf8')).toBe('new contents');
    expect(await readdir(dir)).toEqual(['a.character.json']);
  });

  it('leaves the old file intact and cleans up when the write fails', async () => {
    const p = join(dir, 'a.character.json');
    await writeFile(p, 'old');
    // A folder in place of the target makes the rename fail after the temp file was written.
    const target = join(dir, 'folder.character.json');
    await mkdir(target);
    await writeFile(join(target, 'inside'), 'x');
    await expect(writeAtomic(target, 'data')).rejects.toThrow();
    expect(await readdir(dir)).toEqual(['a.character.json', 'folder.character.json']);
    expect(await readFile(p, 'utf8')).toBe('old');
  });

  it('fails cleanly in a folder it cannot write to', async () => {
    if (process.getuid?.() === 0) {
      // root ignores permissions; check the missing-folder failure instead.
      await expect(writeAtomic(join(dir, 'missing', 'a.json'), 'x')).rejects.toThrow(/ENOENT/);
      return;
    }
    const ro = join(dir, 'ro');
    await mkdir(ro);
    await chmod(ro, 0o500);
    await expect(writeAtomic(join(ro, 'a.json'), 'x')).rejects.toThrow(/EACCES/);
  });
});

describe('writeNew', () => {
  it('creates a file but never replaces one', async () => {
    const p = join(dir, 'n.character.json');
    await writeNew(p, 'first');
    await expect(writeNew(p, 'second')).rejects.toMatchObject({ code: 'EEXIST' });
    expect(await readFile(p, 'utf8')).toBe('first');
    expect(await readdir(dir)).toEqual(['n.character.json']);
  });
});

describe('free names', () => {
  it('numbers a taken name and cleans characters a file system refuses', async () => {
    await writeFile(join(dir, 'Ayla.character.json'), '');
    await writeFile(join(dir, 'Ayla (2).character.json'), '');
    expect(await freePath(dir, 'Ayla')).toBe(join(dir, 'Ayla (3).character.json'));
    expect(safeStem('a/b\\c:d*e?')).toBe('a b c d e');
    expect(safeStem('..')).toBe('character');
    expect(safeStem('  .hidden. ')).toBe('hidden');
    expect(safeStem('')).toBe('character');
  });
});

describe('backups', () => {
  it(`keeps the ${BACKUPS_KEPT} newest copies, newest first`, async () => {
    const p = join(dir, 'c.character.json');
    const folder = backupFolderOf(dir, p);
    expect(folder).toBe(join(dir, '.quartermaster-backups', 'c.character.json'));
    for (let i = 1; i <= 12; i++) {
      await writeFile(p, `version ${i}`);
      await backUp(p, folder, 1000 * i);
    }
    const list = await listBackups(folder);
    // Versions 3..12 are kept (12 taken, the 2 oldest dropped).
    expect(list.map((b) => b.savedMs)).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3].map((n) => n * 1000));
    expect(await readFile(backupFile(folder, list[9]!.id), 'utf8')).toBe('version 3');
    expect((await readdir(folder)).length).toBe(10);
  });

  it('gives two backups in the same millisecond different ids', async () => {
    const p = join(dir, 'c.character.json');
    const folder = backupFolderOf(dir, p);
    await writeFile(p, 'a');
    const one = await backUp(p, folder, 5000);
    await writeFile(p, 'b');
    const two = await backUp(p, folder, 5000);
    expect([one?.id, two?.id]).toEqual(['5000-1', '5000-2']);
    expect((await listBackups(folder)).map((b) => b.id)).toEqual(['5000-2', '5000-1']);
  });

  it('keys files outside the library by their full path', () => {
    const a = backupFolderOf('/lib', '/elsewhere/x.character.json');
    const b = backupFolderOf('/lib', '/other/x.character.json');
    expect(a).not.toBe(b);
    expect(a.startsWith('/lib/.quartermaster-backups/external-')).toBe(true);
    expect(backupFolderOf('/lib', '/lib/sub/x.character.json')).toBe('/lib/.quartermaster-backups/sub%2Fx.character.json');
  });

  it('refuses backup ids that are not backup ids', () => {
    for (const bad of ['../x', '1-1/../../y', '', 'abc', '1-1.character.json']) expect(() => backupFile('/b', bad)).toThrow(/is not a backup id/);
  });
});

describe('openFile', () => {
  it('refuses a file over the size limit without reading it, and says how big it is', async () => {
    const p = join(dir, 'huge.character.json');
    const { truncate } = await import('node:fs/promises');
    await writeFile(p, '');
    await truncate(p, 6 * 1024 * 1024);
    const r = await openFile(p);
    expect(r).toMatchObject({ ok: false, problem: { code: 'too-large' } });
    expect(r.ok ? '' : r.problem.message).toMatch(/6\.0 MB; the limit is 5\.0 MB/);
    expect((await stat(p)).size).toBe(6 * 1024 * 1024);
  });

  it('reports a missing file as an io problem', async () => {
    const r = await openFile(join(dir, 'nope.character.json'));
    expect(r).toMatchObject({ ok: false, problem: { code: 'io' } });
    expect(r.ok ? '' : r.problem.message).toMatch(/does not exist/);
  });

  it('opens a valid file with the SHA-256 of its bytes', async () => {
    const p = join(dir, 'ok.character.json');
    await writeFile(p, characterText(character({ name: 'Hash' })));
    const r = await openFile(p);
    const { createHash } = await import('node:crypto');
    expect(r.ok && r.opened.hash).toBe(createHash('sha256').update(await readFile(p)).digest('hex'));
  });
});

describe('sweeping temp files left by a crash', () => {
  const HOUR = 60 * 60 * 1000;
  const now = Date.UTC(2026, 10, 30, 12);
  const stamp = (ms: number) => String(ms);
  async function put(path: string, mtimeMs: number) {
    await writeFile(path, 'x');
    await utimes(path, mtimeMs / 1000, mtimeMs / 1000);
  }

  it('removes only our stale temp files, anywhere below the library, and nothing else', async () => {
    expect(STALE_TEMP_MS).toBe(HOUR);
    const old = now - 2 * HOUR;
    await mkdir(join(dir, 'sub', '.quartermaster-backups'), { recursive: true });
    const staleSave = join(dir, `.Dimitri.character.json.4242.${stamp(old)}.3.tmp`);
    const staleBackup = join(dir, 'sub', '.quartermaster-backups', `.2026-11-30.character.json.77.${stamp(old)}.0.tmp`);
    const staleCli = join(dir, `.pack.pdf.99.${stamp(old)}.tmp`);
    await put(staleSave, old);
    await put(staleBackup, old);
    await put(staleCli, old);
    // kept: a save in flight (recent stamp), an old stamp touched recently, other hidden files, characters
    const inFlight = join(dir, `.Aldric.character.json.1.${stamp(now - 60_000)}.0.tmp`);
    const touched = join(dir, `.Brannoc.character.json.1.${stamp(old)}.1.tmp`);
    await put(inFlight, now - 60_000);
    await put(touched, now - 60_000);
    const others = [join(dir, '.notes.tmp'), join(dir, 'Dimitri.character.json'), join(dir, `.x.1.${stamp(old)}.tmp.bak`), join(dir, `x.1.${stamp(old)}.0.tmp`)];
    for (const f of others) await put(f, old);
    // a link to a folder outside is not followed
    const outside = await tempFolder('qm-outside-');
    const outsideTemp = join(outside.dir, `.Elsewhere.character.json.1.${stamp(old)}.0.tmp`);
    await put(outsideTemp, old);
    await symlink(outside.dir, join(dir, 'link-out'));
    try {
      const removed = await sweepStaleTemps(dir, now);
      expect(removed.sort()).toEqual([staleBackup, staleCli, staleSave].sort());
      for (const f of [inFlight, touched, outsideTemp, ...others]) expect((await stat(f)).isFile()).toBe(true);
      expect(await sweepStaleTemps(dir, now)).toEqual([]);
    } finally {
      await outside.cleanup();
    }
  });

  it('sweeps what a real atomic save would leave', async () => {
    // writeAtomic's own temp name matches the pattern: a save that dies before rename leaves one.
    const target = join(dir, 'Dimitri.character.json');
    await writeAtomic(target, characterText(character()));
    const names = await readdir(dir);
    expect(names).toEqual(['Dimitri.character.json']);
    const left = join(dir, `.Dimitri.character.json.${process.pid}.${now - 3 * HOUR}.0.tmp`);
    await put(left, now - 3 * HOUR);
    expect(await sweepStaleTemps(dir, now)).toEqual([left]);
  });
});

describe('the lock file writers take', () => {
  it('takes over a lock left empty by a crash between creating it and writing its holder, after a second of waiting', async () => {
    const target = join(dir, 'Autumn.event.json');
    // Made just now, so its age alone would keep it for 12 seconds.
    await writeFile(join(dir, '.Autumn.event.json.qm-lock'), '');
    const t0 = Date.now();
    const ran = await withLock(target, async () => 'held');
    expect(ran).toBe('held');
    const waited = Date.now() - t0;
    expect(waited).toBeGreaterThanOrEqual(1_000);
    expect(waited).toBeLessThan(10_000);
    // The lock is gone afterwards.
    expect((await readdir(dir)).filter((n) => n.endsWith('.qm-lock'))).toEqual([]);
  });

  it('waits for a lock whose holder is alive on this computer', async () => {
    const target = join(dir, 'Busy.event.json');
    await writeFile(join(dir, '.Busy.event.json.qm-lock'), `${hostname()} ${process.pid} ${Date.now()}\n`);
    await expect(withLock(target, async () => 'held')).rejects.toThrow(/another save is creating this file/);
  });
});
