// The writers on real FAT and exFAT volumes (a desk's USB stick), mounted through FUSE: neither has
// hard links, FAT through fusefat has no copy call either (ENOSYS), both fold the case of names.
// Each writer keeps its guarantees there: whole or not at all, never overwriting a file that exists
// (under any case), nothing left behind; the volume checks clean after unmounting.
import { spawn } from 'node:child_process';
import { hostname } from 'node:os';
import { link, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backUp, backUpEvent, backupFolderOf, BACKUPS_KEPT, copyNew, listBackups, lockPathFor, moveNew, writeAtomic, writeNew } from './files';
import { tempFolder } from '../testing/temp';
import { mountVolume, VOLUME_KINDS, volumesUnavailable, type Volume } from '../testing/volumes';

const unavailable = volumesUnavailable();
if (unavailable) console.log(`FAT/exFAT writer tests skipped: ${unavailable}`);

describe.skipIf(unavailable !== null).each(VOLUME_KINDS)('writers on a real %s volume', (kind) => {
  let parent: { dir: string; cleanup: () => Promise<void> };
  let vol: Volume;
  let n = 0;
  /** A fresh folder on the volume for each test. */
  const folder = async () => {
    const f = join(vol.dir, `t${++n}`);
    await import('node:fs/promises').then((fs) => fs.mkdir(f));
    return f;
  };

  beforeAll(async () => {
    parent = await tempFolder(`qm-${kind}-`);
    vol = await mountVolume(kind, parent.dir);
  });
  afterAll(async () => {
    if (vol) {
      const verdict = await vol.unmount();
      expect(verdict.clean, verdict.report).toBe(true);
    }
    await parent?.cleanup();
  });

  it('really lacks hard links (the reason for the fallbacks)', async () => {
    const f = await folder();
    await writeFile(join(f, 'a'), 'x');
    await expect(link(join(f, 'a'), join(f, 'b'))).rejects.toMatchObject({ code: expect.stringMatching(/^(EPERM|ENOSYS|ENOTSUP)$/) });
  });

  it('writeAtomic replaces a file whole and leaves nothing else', async () => {
    const f = await folder();
    const p = join(f, 'Ayla.character.json');
    await writeAtomic(p, 'first');
    await writeAtomic(p, 'second, longer');
    await writeAtomic(p, 'third');
    expect(await readFile(p, 'utf8')).toBe('third');
    expect(await readdir(f)).toEqual(['Ayla.character.json']);
  });

  it('writeNew creates once and never replaces, whatever the case of the name', async () => {
    const f = await folder();
    const p = join(f, 'Ayla.character.json');
    await writeNew(p, 'first');
    await expect(writeNew(p, 'second')).rejects.toMatchObject({ code: 'EEXIST' });
    // FAT and exFAT fold case: "AYLA.character.json" is the same file and must not replace it.
    await expect(writeNew(join(f, 'AYLA.character.json'), 'third')).rejects.toMatchObject({ code: 'EEXIST' });
    expect(await readFile(p, 'utf8')).toBe('first');
    expect(await readdir(f)).toEqual(['Ayla.character.json']);
  });

  it('of eight writers racing for one name, exactly one wins and its bytes are the file', async () => {
    const f = await folder();
    const p = join(f, 'Race.character.json');
    const results = await Promise.allSettled([...Array(8).keys()].map((i) => writeNew(p, `writer ${i} ${'x'.repeat(i * 100)}`)));
    const won = results.flatMap((r, i) => (r.status === 'fulfilled' ? [i] : []));
    expect(won).toHaveLength(1);
    for (const r of results) if (r.status === 'rejected') expect(r.reason).toMatchObject({ code: 'EEXIST' });
    expect(await readFile(p, 'utf8')).toBe(`writer ${won[0]} ${'x'.repeat(won[0]! * 100)}`);
    expect(await readdir(f)).toEqual(['Race.character.json']);
  });

  it('copyNew copies whole and refuses an existing target', async () => {
    const f = await folder();
    const from = join(f, 'from.event.json');
    const bytes = new Uint8Array(200_000).map((_, i) => (i * 7) % 251);
    await writeFile(from, bytes);
    await copyNew(from, join(f, 'copy.event.json'));
    expect(new Uint8Array(await readFile(join(f, 'copy.event.json')))).toEqual(bytes);
    await writeFile(join(f, 'taken.event.json'), 'mine');
    await expect(copyNew(from, join(f, 'TAKEN.event.json'))).rejects.toMatchObject({ code: 'EEXIST' });
    expect(await readFile(join(f, 'taken.event.json'), 'utf8')).toBe('mine');
    expect((await readdir(f)).sort()).toEqual(['copy.event.json', 'from.event.json', 'taken.event.json']);
  });

  it('moveNew moves and refuses to replace', async () => {
    const f = await folder();
    await writeFile(join(f, 'a.character.json'), 'a');
    await writeFile(join(f, 'b.character.json'), 'b');
    await moveNew(join(f, 'a.character.json'), join(f, 'c.character.json'));
    await expect(moveNew(join(f, 'c.character.json'), join(f, 'B.character.json'))).rejects.toMatchObject({ code: 'EEXIST' });
    expect((await readdir(f)).sort()).toEqual(['b.character.json', 'c.character.json']);
    expect(await readFile(join(f, 'b.character.json'), 'utf8')).toBe('b');
    expect(await readFile(join(f, 'c.character.json'), 'utf8')).toBe('a');
  });

  it(`backups keep the ${BACKUPS_KEPT} newest, character and event alike`, async () => {
    const f = await folder();
    const p = join(f, 'c.character.json');
    const folderOf = backupFolderOf(f, p);
    for (let i = 1; i <= 12; i++) {
      await writeAtomic(p, `version ${i}`);
      await backUp(p, folderOf, 1000 * i);
    }
    const list = await listBackups(folderOf);
    expect(list.map((b) => b.savedMs)).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3].map((k) => k * 1000));
    expect(await readFile(join(folderOf, `${list[0]!.id}.character.json`), 'utf8')).toBe('version 12');
    const e = join(f, 'Muster.event.json');
    await writeFile(e, 'event v1');
    const saved = await backUpEvent(e, f, 5000);
    expect(await readFile(saved, 'utf8')).toBe('event v1');
    // Two backups in one millisecond get two names.
    const again = await backUpEvent(e, f, 5000);
    expect(again).not.toBe(saved);
    expect((await readdir(folderOf)).filter((x) => x.startsWith('.'))).toEqual([]);
  });

  it('takes over the lock a killed writer left, but waits for a live one', async () => {
    const f = await folder();
    const p = join(f, 'Locked.character.json');
    // A process of this machine that is gone now.
    const dead = await new Promise<number>((resolve) => {
      const c = spawn(process.execPath, ['-e', '0']);
      c.on('close', () => resolve(c.pid!));
    });
    await writeFile(lockPathFor(p), `${hostname()} ${dead} ${Date.now()}\n`);
    await writeNew(p, 'after the crash');
    expect(await readdir(f)).toEqual(['Locked.character.json']);
    // A live writer (this test's parent process) holding the lock of another name: refused, untouched.
    const q = join(f, 'Busy.character.json');
    await writeFile(lockPathFor(q), `${hostname()} ${process.ppid} ${Date.now()}\n`);
    await expect(writeNew(q, 'x')).rejects.toMatchObject({ code: 'EBUSY' });
    expect((await readdir(f)).sort()).toEqual(['.Busy.character.json.qm-lock', 'Locked.character.json']);
  });
});
