// The app's file handling with the library and an event folder on a real FAT or exFAT USB stick
// (mounted through FUSE, see node/testing-volumes.ts): the sequences a desk volunteer goes through,
// through the IPC handler table as the window calls it. FAT and exFAT have no hard links, FAT
// through fusefat no copy call, both keep names case-insensitively, FAT keeps mtimes to 2 seconds.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEventBytes } from '../core/desk/event-load';
import { BACKUP_FOLDER, writeAtomic } from '../node/files';
import { mountVolume, VOLUME_KINDS, volumesUnavailable, type Volume } from '../node/testing-volumes';
import { character, characterText, handlerFixture, tempFolder } from './testing';

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

  it('creates an event file and saves it twice, keeping the replaced versions as backups', async () => {
    const folder = join(vol.dir, 'Autumn Muster');
    await import('node:fs/promises').then((fs) => fs.mkdir(folder));
    await writeFile(join(folder, 'ayla.character.json'), characterText(character({ name: 'Ayla', ruleset: 'fortunes-landing' })));
    const f = handlerFixture(join(vol.dir, 'Quartermaster'), join(parent.dir, 'no-examples'));
    f.queue.folder.push(folder);
    await f.handlers.openEventFolder();
    const desk = await f.handlers.createEvent({ folder, name: 'Autumn Muster', game: 'fortunes-landing', start: '2026-10-02', end: '2026-10-04' });
    if (desk.eventFile.kind !== 'file') throw new Error(`no event file: ${desk.eventFile.kind}`);
    const path = desk.eventFile.path;
    expect(path).toBe(join(folder, 'Autumn Muster.event.json'));
    const first = await readFile(path);
    let hash = desk.eventFile.hash;
    for (const name of ['Autumn Muster (Saturday)', 'Autumn Muster (Sunday)']) {
      const r = await f.handlers.saveEvent({ folder, eventFile: path, event: { ...desk.eventFile.event, name }, expectedHash: hash });
      if (!r.ok) throw new Error(r.message);
      hash = r.hash;
    }
    const loaded = loadEventBytes(new Uint8Array(await readFile(path)), path);
    expect(loaded.ok && loaded.event.name).toBe('Autumn Muster (Sunday)');
    const backupDir = join(folder, BACKUP_FOLDER, encodeURIComponent('Autumn Muster.event.json'));
    const kept = (await readdir(backupDir)).sort();
    expect(kept).toHaveLength(2);
    const contents = await Promise.all(kept.map((n) => readFile(join(backupDir, n))));
    expect(contents.map((b) => loadEventBytes(new Uint8Array(b), 'backup')).map((r) => r.ok && r.event.name).sort()).toEqual(['Autumn Muster', 'Autumn Muster (Saturday)']);
    expect(contents.some((b) => b.equals(first))).toBe(true);
    // A second event file is never made over the first.
    await expect(f.handlers.createEvent({ folder, name: 'Autumn Muster', game: '', start: '2026-10-02', end: '2026-10-02' })).rejects.toThrow(/already holds an event file/);
    expect((await allFiles(folder)).filter((p) => /\.(tmp|qm-lock)$/.test(p))).toEqual([]);
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
