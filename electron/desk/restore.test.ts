// The desk's way back from an event file that does not open (restoreEventBackup, electron/desk/desk.ts
// over node/event-log/restore.ts), through the handler table on a real temp folder: opening an
// event file keeps a copy; once the file is broken the desk offers the newest copy that opens, and
// restoring it keeps the broken file byte for byte and opens the event again.
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkIn } from '../../core/desk/checkin';
import { EXAMPLES, stampAt } from '../../core/desk/testing';
import type { DeskFolder } from '../../core/ipc/contract';
import { BACKUP_FOLDER } from '../../node/fs/files';
import { handlerFixture, tempFolder } from '../testing/handlers';

const NOON = Date.UTC(2026, 9, 2, 12, 0);
const json = (v: unknown) => `${JSON.stringify(v, null, 2)}\n`;

let dir: string;
let cleanup: () => Promise<void>;
let folder: string;

beforeEach(async () => {
  ({ dir, cleanup } = await tempFolder('qm-desk-restore-'));
  folder = join(dir, 'Autumn Muster');
  await mkdir(join(dir, 'library'));
  await mkdir(join(dir, 'examples'));
  await mkdir(folder);
  for (const c of ['dimitri', 'aldric', 'vasil'] as const) await writeFile(join(folder, `${c}.character.json`), json(EXAMPLES[c]));
});
afterEach(() => cleanup());

function fileOf(desk: DeskFolder) {
  if (desk.eventFile.kind !== 'file') throw new Error(`no event file: ${JSON.stringify(desk.eventFile)}`);
  return desk.eventFile;
}

/** A desk (handler table) on the folder with its event created; `clock` moves a second a call. */
async function deskWithEvent() {
  let clock = NOON;
  const f = handlerFixture(join(dir, 'library'), join(dir, 'examples'), { now: () => (clock += 1000) });
  f.queue.folder.push(folder);
  await f.handlers.openEventFolder();
  const desk = await f.handlers.createEvent({ folder, name: 'Autumn Muster', game: 'fortunes-landing', start: '2026-10-02', end: '2026-10-04' });
  return { ...f, path: fileOf(desk).path, desk };
}

/** Checks one character in at this desk. */
async function checkInAt(f: Awaited<ReturnType<typeof deskWithEvent>>, who: keyof typeof EXAMPLES, at: string) {
  const desk = fileOf(await f.handlers.loadEventFolder({ folder, eventFile: f.path }));
  const { entries } = checkIn({ ...desk.header, entries: desk.entries! }, EXAMPLES[who].id, stampAt(at, 'Front desk'));
  return (await f.handlers.appendDeskEntries({ folder, eventFile: f.path, entries })).added[0]!;
}

describe('restoring an event file that does not open', () => {
  it('offers the copy kept at opening and restores it, keeping the broken file byte for byte and the entries of it that still read', async () => {
    const f = await deskWithEvent();
    const aldric = await checkInAt(f, 'aldric', '2026-10-02T18:00:00+01:00');
    // A second desk (a new handler table: the app started again) opens the file: it keeps a copy (one entry).
    const g = handlerFixture(join(dir, 'library'), join(dir, 'examples'), { now: () => NOON + 60_000 });
    g.queue.folder.push(folder);
    expect(fileOf((await g.handlers.openEventFolder())!).count).toBe(1);
    const backups = join(folder, BACKUP_FOLDER, encodeURIComponent('Autumn Muster.event.json'));
    expect(await readdir(backups)).toEqual([`${NOON + 60_000}-1.event.json`]);
    const dimitri = await checkInAt(f, 'dimitri', '2026-10-02T18:05:00+01:00');
    const vasil = await checkInAt(f, 'vasil', '2026-10-02T18:06:00+01:00');

    // The header and Dimitri's line (line 3) garbled: the file does not open.
    const lines = (await readFile(f.path, 'utf8')).split('\n');
    lines[0] = '{"format":"quartermaster-event","version":3,"id":';
    lines[2] = 'x'.repeat(lines[2]!.length);
    await writeFile(f.path, lines.join('\n'));
    const broken = await readFile(f.path);

    const bad = (await g.handlers.loadEventFolder({ folder })).eventFile;
    expect(bad).toEqual({
      kind: 'bad',
      path: f.path,
      message: expect.stringContaining(f.path),
      backups,
      backup: { id: `${NOON + 60_000}-1`, savedMs: NOON + 60_000, entries: 1, addedBack: 1, unreadable: [3], readable: true, otherEvent: false },
    });
    await expect(f.handlers.appendDeskEntries({ folder, eventFile: f.path, entries: [{ ...aldric, id: 'e0000000-0000-4000-8000-000000000009' }] })).rejects.toThrow();
    // A backup id that is not one is refused by the contract and the handler alike.
    await expect(g.handlers.restoreEventBackup({ folder, eventFile: f.path, backupId: '../x' })).rejects.toThrow(/backupId/);

    const done = await g.handlers.restoreEventBackup({ folder, eventFile: f.path, backupId: `${NOON + 60_000}-1` });
    expect(done.restored).toMatchObject({ entries: 1, addedBack: 1, unreadable: [3] });
    expect(done.keptAs).toBe(join(backups, `${NOON + 60_000}-broken.event.json`));
    expect(Buffer.compare(await readFile(done.keptAs), broken)).toBe(0);
    // The event opens again: Aldric (the backup) and Vasil (still readable); Dimitri's line was lost.
    const file = fileOf(done.desk);
    expect(file.problems).toEqual([]);
    expect(file.entries!.map((e) => e.id)).toEqual([aldric.id, vasil.id]);
    expect(file.entries!.map((e) => e.id)).not.toContain(dimitri.id);
    // The first desk carries on with the restored file (and puts back what it knew the file lacks).
    const again = fileOf(await f.handlers.loadEventFolder({ folder }));
    expect(again.header.id).toBe(fileOf(f.desk).header.id);
    // Restoring again is refused: the file opens now.
    await expect(g.handlers.restoreEventBackup({ folder, eventFile: f.path, backupId: `${NOON + 60_000}-1` })).rejects.toThrow(/opens now/);
  });

  it('says where the backups are when none opens', async () => {
    const f = await deskWithEvent();
    await writeFile(f.path, 'garbage\n');
    const bad = (await f.handlers.loadEventFolder({ folder })).eventFile;
    expect(bad).toMatchObject({ kind: 'bad', backup: null, backups: join(folder, BACKUP_FOLDER, encodeURIComponent('Autumn Muster.event.json')) });
    expect(await readFile(f.path, 'utf8')).toBe('garbage\n');
  });
});
