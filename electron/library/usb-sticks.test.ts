// The app's file handling with the library and an event folder on a real FAT or exFAT USB stick
// (mounted through FUSE, see node/testing/volumes.ts): the sequences a desk volunteer goes through,
// through the IPC handler table as the window calls it. FAT and exFAT have no hard links, FAT
// through fusefat no copy call, both keep names case-insensitively, FAT keeps mtimes to 2 seconds.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkIn } from '../../core/desk/checkin';
import type { LedgerEntry } from '../../core/desk/entries';
import { loadEventBytes } from '../../core/desk/event-load';
import { stampAt } from '../../core/desk/testing';
import { BACKUP_FOLDER, writeAtomic } from '../../node/fs/files';
import { mountVolume, VOLUME_KINDS, volumesUnavailable, type Volume } from '../../node/testing/volumes';
import { character, characterText, handlerFixture, tempFolder } from '../testing/handlers';

const unavailable = volumesUnavailable();
if (unavailable) console.log(`USB stick (FAT/exFAT) tests skipped: ${unavailable}`);

/** Every file on the volume, hidden ones included, relative to its root. */
async function allFiles(root: string, under = ''): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(join(root, under), { withFileTypes: true })) {
    const rel = under === '' ? e.name : `${under}/${e.name}`;
    if (e.isDirectory()) out.push(...(await allFiles(root, rel)));
    else out.push(rel);
  }
  return out.sort();
}

describe.skipIf(unavailable !== null).each(VOLUME_KINDS)('the app on a %s USB stick', (kind) => {
  let parent: { dir: string; cleanup: () => Promise<void> };
  let vol: Volume;

  beforeAll(async () => {
    parent = await tempFolder(`qm-stick-${kind}-`);
    vol = await mountVolume(kind, parent.dir);
  });
  afterAll(async () => {
    if (vol) {
      const verdict = await vol.unmount();
      expect(verdict.clean, verdict.report).toBe(true);
    }
    await parent?.cleanup();
  });

  it('creates, saves with backups, detects a change by another program, restores, duplicates, renames and imports', async () => {
    const lib = join(vol.dir, 'Quartermaster');
    const outside = join(parent.dir, 'outside');
    await import('node:fs/promises').then((fs) => fs.mkdir(outside));
    const f = handlerFixture(lib, join(parent.dir, 'no-examples'));
    const h = f.handlers;
    await h.listLibrary();

    // Create: a new file under a free name.
    const created = await h.newCharacter({ ruleset: 'fortunes-landing', name: 'Ayla', player: 'Sam' });
    expect(created.path).toBe(join(lib, 'Ayla.character.json'));
    let hash = created.hash;

    // Three saves: each keeps the version it replaces.
    for (const notes of ['one', 'two', 'three']) {
      const r = await h.saveCharacter({ path: created.path, character: { ...created.character, notes }, expectedHash: hash });
      if (!r.ok) throw new Error(r.message);
      hash = r.hash;
    }
    const backups = await h.listBackups({ path: created.path });
    expect(backups).toHaveLength(3);
    const newest = JSON.parse(await readFile(join(lib, BACKUP_FOLDER, 'Ayla.character.json', `${backups[0]!.id}.character.json`), 'utf8'));
    expect(newest.notes).toBe('two');

    // Another program (another desk's Quartermaster) replaces the file within the same 2-second
    // FAT time step and at the same size: the conflict check goes by content, so it is still seen.
    // (It replaces rather than rewrites in place: fusefat corrupts a file truncated and rewritten.)
    const onDisk = await readFile(created.path, 'utf8');
    await writeAtomic(created.path, onDisk.replace('"three"', '"THREE"'));
    const refused = await h.saveCharacter({ path: created.path, character: { ...created.character, notes: 'four' }, expectedHash: hash });
    expect(refused).toMatchObject({ ok: false, reason: 'conflict' });
    expect(JSON.parse(await readFile(created.path, 'utf8')).notes).toBe('THREE');

    // Newest first: "two", "one", the empty new character. Restore "one"; the version replaced
    // becomes a backup itself.
    const restored = await h.restoreBackup({ path: created.path, backupId: backups[1]!.id });
    expect(restored.ok && restored.opened.character.notes).toBe('one');
    expect(await h.listBackups({ path: created.path })).toHaveLength(4);

    // Duplicate twice: two new files under free names, each a new character.
    const copy1 = await h.duplicateCharacter({ path: created.path });
    const copy2 = await h.duplicateCharacter({ path: created.path });
    expect([copy1.path, copy2.path]).toEqual([join(lib, 'Ayla (copy).character.json'), join(lib, 'Ayla (copy) (2).character.json')]);
    expect(copy1.character.id).not.toBe(created.character.id);

    // Rename: a change of case only works (FAT and exFAT keep the case given) ...
    const renamed = await h.renameCharacter({ path: created.path, fileName: 'ayla.character.json' });
    expect(renamed.path).toBe(join(lib, 'ayla.character.json'));
    expect((await readdir(lib)).filter((n) => n.toLowerCase() === 'ayla.character.json')).toEqual(['ayla.character.json']);
    // ... and the backups moved along.
    expect(await h.listBackups({ path: renamed.path })).toHaveLength(4);
    // A name taken in another case is refused and both files stay as they were.
    const before = await readFile(copy1.path, 'utf8');
    await expect(h.renameCharacter({ path: copy1.path, fileName: 'AYLA.character.json' })).rejects.toThrow(/already exists/);
    expect(await readFile(copy1.path, 'utf8')).toBe(before);
    expect(JSON.parse(await readFile(renamed.path, 'utf8')).notes).toBe('one');
    // A plain rename to a free name.
    const moved = await h.renameCharacter({ path: copy2.path, fileName: 'Bren' });
    expect(moved.path).toBe(join(lib, 'Bren.character.json'));

    // Import a file from elsewhere whose name is taken on the stick in another case.
    const source = join(outside, 'AYLA.character.json');
    await writeFile(source, characterText(character({ name: 'Imported Ayla' })));
    f.queue.open.push([source]);
    const imported = await h.importCharacters();
    expect(imported).toEqual([join(lib, 'AYLA (2).character.json')]);
    expect(JSON.parse(await readFile(imported[0]!, 'utf8')).name).toBe('Imported Ayla');

    const listing = await h.listLibrary();
    expect(listing.entries.map((e) => e.fileName).sort()).toEqual(['AYLA (2).character.json', 'Ayla (copy).character.json', 'Bren.character.json', 'ayla.character.json']);
    // Nothing but the files and their backups: no temp file, no lock left anywhere.
    expect((await allFiles(lib)).filter((p) => /\.(tmp|qm-lock)$/.test(p))).toEqual([]);
  });

  it('creates an event file and appends to it, across the end of a cluster; a version 2 file brought on the stick is migrated with its backup', async () => {
    const folder = join(vol.dir, 'Autumn Muster');
    await import('node:fs/promises').then((fs) => fs.mkdir(folder));
    const ayla = character({ name: 'Ayla', ruleset: 'fortunes-landing' });
    await writeFile(join(folder, 'ayla.character.json'), characterText(ayla));
    const f = handlerFixture(join(vol.dir, 'Quartermaster'), join(parent.dir, 'no-examples'));
    f.queue.folder.push(folder);
    await f.handlers.openEventFolder();
    const desk = await f.handlers.createEvent({ folder, name: 'Autumn Muster', game: 'fortunes-landing', start: '2026-10-02', end: '2026-10-04' });
    if (desk.eventFile.kind !== 'file') throw new Error(`no event file: ${desk.eventFile.kind}`);
    const path = desk.eventFile.path;
    expect(path).toBe(join(folder, 'Autumn Muster.event.json'));
    const headerText = await readFile(path, 'utf8');
    const written: LedgerEntry[] = [];
    const append = async (entries: LedgerEntry[]) => {
      const r = await f.handlers.appendDeskEntries({ folder, eventFile: path, entries });
      expect(r.added.map((e) => e.id)).toEqual(entries.map((e) => e.id));
      written.push(...r.added);
      return (await stat(path)).size;
    };
    const note = (n: number, filler = 0) =>
      ({ id: `e0000000-0000-4000-8000-${String(n).padStart(12, '0')}`, at: `2026-10-02T18:${String(n).padStart(2, '0')}:00+01:00`, desk: 'Stick desk', deskId: stampAt('2026-10-02T18:00:00+01:00', 'Stick desk').deskId, kind: 'note', text: `note ${n}`, ...(filler > 0 ? { filler: 'x'.repeat(filler) } : {}) }) as LedgerEntry;

    // A check-in, then a note whose line ends the file exactly at 4,096 bytes: the end of a cluster
    // on both file systems (FAT through fusefat loses a write that starts exactly there).
    await append(checkIn({ ...desk.eventFile.header, entries: [] }, ayla.id, stampAt('2026-10-02T18:00:00+01:00', 'Stick desk')).entries);
    const probe = await append([note(1, 100)]);
    // The next note has the same shape (its id, time, text and seq as wide): its line is the probe's, with another filler.
    const probeLine = Buffer.byteLength(`${JSON.stringify(written.at(-1))}\n`);
    const filler = 4096 - probe - (probeLine - 100);
    expect(filler).toBeGreaterThan(0);
    expect(await append([note(2, filler)])).toBe(4096);
    // The next appends start there, and a batch of three at once.
    await append([note(3)]);
    await append([note(4), note(5), note(6)]);

    // Everything reads back, whole, in the order appended: no bad line, no torn tail.
    const bytes = new Uint8Array(await readFile(path));
    const text = new TextDecoder().decode(bytes);
    expect(text.startsWith(headerText)).toBe(true);
    expect(text.slice(headerText.length).split('\n').slice(0, -1).map((l) => JSON.parse(l))).toEqual(written);
    const loaded = loadEventBytes(bytes, path);
    if (!loaded.ok) throw new Error(loaded.problem.message);
    expect([loaded.problems, loaded.torn, loaded.event.entries.length]).toEqual([[], null, 7]);
    // This desk's seq runs 1 to 7 (its entries are "Stick desk"'s).
    expect(written.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    // Appends keep no backups: the one copy is the desk's, kept the first time it used the file with
    // entries (node/event-log/restore.ts), an earlier state of the same lines.
    const copies = join(folder, BACKUP_FOLDER, encodeURIComponent('Autumn Muster.event.json'));
    const names = await readdir(copies);
    expect(names).toHaveLength(1);
    expect(text.startsWith(await readFile(join(copies, names[0]!), 'utf8'))).toBe(true);

    // A version 2 file another desk brought: migrated when its folder is opened, the old bytes kept.
    const spring = join(vol.dir, 'Spring Moot');
    await import('node:fs/promises').then((fs) => fs.mkdir(spring));
    const old = `${JSON.stringify({ format: 'quartermaster-event', version: 2, id: '3a1c2b4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d', name: 'Spring Moot', game: 'novitas', dates: { start: '2027-04-09', end: '2027-04-11' }, entries: [note(7)] }, null, 2)}\n`;
    await writeFile(join(spring, 'Spring Moot.event.json'), old);
    f.queue.folder.push(spring);
    const opened = await f.handlers.openEventFolder();
    expect(opened?.eventFile).toMatchObject({ kind: 'file', migratedFrom: 2, count: 1, entries: [note(7)], header: { version: 3, name: 'Spring Moot' } });
    const migrated = await readFile(join(spring, 'Spring Moot.event.json'), 'utf8');
    expect(migrated.split('\n').map((l) => (l === '' ? null : JSON.parse(l).version ?? JSON.parse(l).id))).toEqual([3, note(7).id, null]);
    const backupDir = join(spring, BACKUP_FOLDER, encodeURIComponent('Spring Moot.event.json'));
    const kept = await readdir(backupDir);
    expect(kept).toHaveLength(1);
    expect(await readFile(join(backupDir, kept[0]!), 'utf8')).toBe(old);

    // A second event file is never made over the first.
    await expect(f.handlers.createEvent({ folder, name: 'Autumn Muster', game: '', start: '2026-10-02', end: '2026-10-02' })).rejects.toThrow(/already holds an event file/);
    // No temp file, no lock left anywhere.
    for (const where of [folder, spring]) expect((await allFiles(where)).filter((p) => /\.(tmp|qm-lock)$/.test(p))).toEqual([]);
  });
});

describe('renaming by case on a case-sensitive disk (ext4, this machine\'s temp folder)', () => {
  it('never replaces a second file whose name differs only in case', async () => {
    const t = await tempFolder('qm-case-');
    try {
      const lib = join(t.dir, 'lib');
      await import('node:fs/promises').then((fs) => fs.mkdir(lib));
      await writeFile(join(lib, 'ayla.character.json'), characterText(character({ name: 'Little Ayla' })));
      await writeFile(join(lib, 'Ayla.character.json'), characterText(character({ name: 'Big Ayla' })));
      const f = handlerFixture(lib, join(t.dir, 'none'));
      await f.handlers.listLibrary();
      await expect(f.handlers.renameCharacter({ path: join(lib, 'ayla.character.json'), fileName: 'Ayla' })).rejects.toThrow(/already exists/);
      expect(JSON.parse(await readFile(join(lib, 'Ayla.character.json'), 'utf8')).name).toBe('Big Ayla');
      expect(JSON.parse(await readFile(join(lib, 'ayla.character.json'), 'utf8')).name).toBe('Little Ayla');
      // With the other file gone, the change of case goes through.
      await import('node:fs/promises').then((fs) => fs.rm(join(lib, 'Ayla.character.json')));
      expect(await f.handlers.renameCharacter({ path: join(lib, 'ayla.character.json'), fileName: 'Ayla' })).toEqual({ path: join(lib, 'Ayla.character.json') });
      expect(await readdir(lib)).toEqual(['Ayla.character.json']);
    } finally {
      await t.cleanup();
    }
  });
});
