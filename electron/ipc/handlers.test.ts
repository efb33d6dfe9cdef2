import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, stat, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultPrintChoice, ipcArgs, type InvokeMethod } from '../../core/ipc/contract';
import { BACKUP_FOLDER } from '../../node/fs/files';
import { character, characterText, handlerFixture, tempFolder } from '../testing/handlers';

const sha = (b: Uint8Array | string) => createHash('sha256').update(b).digest('hex');

let dir: string;
let cleanup: () => Promise<void>;
let lib: string;
let examples: string;
let outside: string;

beforeEach(async () => {
  ({ dir, cleanup } = await tempFolder());
  lib = join(dir, 'library');
  examples = join(dir, 'examples');
  outside = join(dir, 'outside');
  await mkdir(lib);
  await mkdir(examples);
  await mkdir(outside);
});
afterEach(() => cleanup());

describe('library listing and opening', () => {
  it('lists the library, opens a listed file, and refuses a file it never listed', async () => {
    const c = character({ name: 'Ayla', player: 'Sam' });
    await writeFile(join(lib, 'ayla.character.json'), characterText(c));
    await writeFile(join(lib, 'later.character.json'), characterText(character()));
    const { handlers } = handlerFixture(lib, examples);
    const listing = await handlers.listLibrary();
    expect(listing.folder).toBe(lib);
    expect(listing.entries.map((e) => e.fileName)).toEqual(['ayla.character.json', 'later.character.json']);
    const r = await handlers.openCharacter({ path: join(lib, 'ayla.character.json') });
    if (!r.ok) throw new Error(r.problem.message);
    expect(r.opened.character.name).toBe('Ayla');
    expect(r.opened.readOnly).toBe(false);
    expect(r.opened.hash).toBe(sha(characterText(c)));
    // A file created after the listing has not been handed out yet.
    await writeFile(join(lib, 'new.character.json'), characterText(character()));
    await expect(handlers.openCharacter({ path: join(lib, 'new.character.json') })).rejects.toThrow(/was not given out by the app/);
  });

  it('creates the library folder when it does not exist yet', async () => {
    const { handlers } = handlerFixture(join(lib, 'sub', 'deeper'), examples);
    const listing = await handlers.listLibrary();
    expect(listing.entries).toEqual([]);
    expect((await stat(join(lib, 'sub', 'deeper'))).isDirectory()).toBe(true);
  });

  it('opens examples read-only and refuses to save over them', async () => {
    await writeFile(join(examples, 'ex.character.json'), characterText(character({ name: 'Example' })));
    const { handlers } = handlerFixture(lib, examples);
    const listing = await handlers.openExamples();
    expect(listing.entries.map((e) => e.name)).toEqual(['Example']);
    const r = await handlers.openCharacter({ path: join(examples, 'ex.character.json') });
    if (!r.ok) throw new Error(r.problem.message);
    expect(r.opened.readOnly).toBe(true);
    expect(r.opened.readOnlyReason).toMatch(/example/i);
    const before = await readFile(join(examples, 'ex.character.json'));
    const save = await handlers.saveCharacter({ path: r.opened.path, character: { ...r.opened.character, name: 'Changed' }, expectedHash: r.opened.hash });
    expect(save).toMatchObject({ ok: false, reason: 'read-only' });
    await expect(handlers.deleteCharacter({ path: r.opened.path })).rejects.toThrow(/example characters cannot be deleted/);
    expect(await readFile(join(examples, 'ex.character.json'))).toEqual(before);
  });

  it('opens a file chosen in the open dialog and remembers it in the recent files', async () => {
    const file = join(outside, 'elsewhere.character.json');
    await writeFile(file, characterText(character({ name: 'Far' })));
    const { handlers, queue, settings } = handlerFixture(lib, examples);
    queue.open.push([file]);
    const r = await handlers.openCharacterDialog();
    expect(r?.ok).toBe(true);
    expect(settings.get().recentFiles).toEqual([file]);
    // Cancelled dialog: null.
    expect(await handlers.openCharacterDialog()).toBeNull();
    // Granted now: it can be opened again by path.
    expect((await handlers.openCharacter({ path: file })).ok).toBe(true);
  });

  it('opens a recent file from an earlier session (granted from the settings)', async () => {
    const file = join(outside, 'recent.character.json');
    await writeFile(file, characterText(character()));
    const { handlers, settings } = handlerFixture(lib, examples);
    settings.addRecent(file);
    expect((await handlers.openCharacter({ path: file })).ok).toBe(true);
  });
});

describe('new, save, conflicts', () => {
  it('creates a character under a free file name and saves changes with a backup of the old version', async () => {
    const { handlers } = handlerFixture(lib, examples);
    const a = await handlers.newCharacter({ ruleset: 'novitas', name: 'Ayla', player: 'Sam' });
    const b = await handlers.newCharacter({ ruleset: 'novitas', name: 'Ayla', player: 'Kim' });
    expect(a.path).toBe(join(lib, 'Ayla.character.json'));
    expect(b.path).toBe(join(lib, 'Ayla (2).character.json'));
    expect(a.character).toMatchObject({ format: 'quartermaster-character', version: 2, ruleset: 'novitas', name: 'Ayla', player: 'Sam', skills: [] });
    const onDisk = await readFile(a.path);
    expect(a.hash).toBe(sha(onDisk));

    const saved = await handlers.saveCharacter({ path: a.path, character: { ...a.character, name: 'Ayla the Bold' }, expectedHash: a.hash });
    if (!saved.ok) throw new Error(saved.message);
    const after = await readFile(a.path, 'utf8');
    expect(JSON.parse(after).name).toBe('Ayla the Bold');
    expect(saved.hash).toBe(sha(after));
    const backups = await handlers.listBackups({ path: a.path });
    expect(backups).toHaveLength(1);
    // The backup holds the version before the save.
    const backupDir = join(lib, BACKUP_FOLDER, encodeURIComponent('Ayla.character.json'));
    expect(await readFile(join(backupDir, `${backups[0]!.id}.character.json`))).toEqual(onDisk);
  });

  it('never overwrites a file changed on disk since it was opened, unless forced', async () => {
    const { handlers } = handlerFixture(lib, examples);
    const a = await handlers.newCharacter({ ruleset: 'bg-magic', name: 'Vasil', player: '' });
    const theirs = characterText({ ...a.character, notes: 'edited in a text editor' });
    await writeFile(a.path, theirs);
    const mine = { ...a.character, name: 'Vasil II' };
    const refused = await handlers.saveCharacter({ path: a.path, character: mine, expectedHash: a.hash });
    expect(refused).toMatchObject({ ok: false, reason: 'conflict' });
    expect(await readFile(a.path, 'utf8')).toBe(theirs);
    const forced = await handlers.saveCharacter({ path: a.path, character: mine, expectedHash: a.hash, force: true });
    expect(forced.ok).toBe(true);
    expect(JSON.parse(await readFile(a.path, 'utf8')).name).toBe('Vasil II');
    // Their version was kept as a backup.
    const [latest] = await handlers.listBackups({ path: a.path });
    const backupDir = join(lib, BACKUP_FOLDER, encodeURIComponent('Vasil.character.json'));
    expect(await readFile(join(backupDir, `${latest!.id}.character.json`), 'utf8')).toBe(theirs);
  });

  it('refuses an invalid character with the field named, and writes nothing', async () => {
    const { handlers } = handlerFixture(lib, examples);
    const a = await handlers.newCharacter({ ruleset: 'bg-magic', name: 'Vasil', player: '' });
    const before = await readFile(a.path);
    const r = await handlers.saveCharacter({ path: a.path, character: { ...a.character, armour: [{ name: 'x', type: 'metal', locations: ['tail'] }] } as never, expectedHash: a.hash });
    expect(r).toMatchObject({ ok: false, reason: 'invalid' });
    expect(r.ok ? '' : r.message).toContain('armour[0].locations[0]');
    expect(await readFile(a.path)).toEqual(before);
  });

  it('never writes a file it could not read back (too large, too deep) and drops __proto__ keys', async () => {
    const { handlers } = handlerFixture(lib, examples);
    const a = await handlers.newCharacter({ ruleset: 'bg-magic', name: 'Vasil', player: '' });
    const before = await readFile(a.path);
    let deep: unknown = 'bottom';
    for (let i = 0; i < 70; i++) deep = { deeper: deep };
    const attempts: [Record<string, unknown>, RegExp][] = [
      // Unknown fields survive a round trip, so without a check these would be written.
      [{ ...a.character, extra: 'x'.repeat(6 * 1024 * 1024) }, /the limit is 5\.0 MB/],
      [{ ...a.character, extra: deep }, /nested more than 64 levels/],
    ];
    for (const [character, why] of attempts) {
      const r = await handlers.saveCharacter({ path: a.path, character: character as never, expectedHash: a.hash });
      if (r.ok) throw new Error(`saved: ${why}`);
      expect(r).toMatchObject({ ok: false, reason: 'invalid' });
      expect(r.ok ? '' : r.message).toMatch(why);
    }
    expect(await readFile(a.path)).toEqual(before);
    // An own "__proto__" key (as JSON.parse makes one) is dropped by the schema, never written, never applied.
    const hostile = JSON.parse(`{"__proto__": {"polluted": true}, ${JSON.stringify({ ...a.character, name: 'Proto' }).slice(1)}`);
    const r = await handlers.saveCharacter({ path: a.path, character: hostile, expectedHash: a.hash });
    expect(r.ok).toBe(true);
    const written = await readFile(a.path, 'utf8');
    expect(JSON.parse(written).name).toBe('Proto');
    expect(written).not.toContain('__proto__');
    expect(written).not.toContain('polluted');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('leaves an unreadable file byte for byte untouched, even when forced', async () => {
    const bad = join(lib, 'broken.character.json');
    const bytes = Buffer.from('{"format":"quartermaster-character","version":1,"name":"Half wri');
    await writeFile(bad, bytes);
    const { handlers } = handlerFixture(lib, examples);
    const listing = await handlers.listLibrary();
    expect(listing.entries[0]).toMatchObject({ status: 'unreadable', fileName: 'broken.character.json' });
    expect(listing.entries[0]!.reason).toMatch(/not valid JSON/);
    const opened = await handlers.openCharacter({ path: bad });
    expect(opened.ok).toBe(false);
    const r = await handlers.saveCharacter({ path: bad, character: character(), expectedHash: sha(bytes), force: true });
    expect(r).toMatchObject({ ok: false, reason: 'read-only' });
    expect(await readFile(bad)).toEqual(bytes);
    await expect(handlers.duplicateCharacter({ path: bad })).rejects.toThrow(/Cannot duplicate/);
    expect(await readFile(bad)).toEqual(bytes);
    expect(await readdir(lib)).toEqual(['broken.character.json']);
  });

  it('opens a file of a newer format version read-only and never saves over it', async () => {
    const future = join(lib, 'future.character.json');
    const text = JSON.stringify({ ...character({ name: 'From the future' }), version: 3, newField: { x: 1 } });
    await writeFile(future, text);
    const { handlers } = handlerFixture(lib, examples);
    const listing = await handlers.listLibrary();
    expect(listing.entries[0]).toMatchObject({ status: 'unreadable', name: 'From the future' });
    expect(listing.entries[0]!.reason).toMatch(/newer Quartermaster \(character file version 3\)/);
    const r = await handlers.openCharacter({ path: future });
    if (!r.ok) throw new Error(r.problem.message);
    expect(r.opened.readOnly).toBe(true);
    expect(r.opened.readOnlyReason).toMatch(/newer Quartermaster/);
    const s = await handlers.saveCharacter({ path: future, character: r.opened.character, expectedHash: r.opened.hash, force: true });
    expect(s).toMatchObject({ ok: false, reason: 'read-only' });
    expect(await readFile(future, 'utf8')).toBe(text);
  });

  it('save as writes to the chosen file (adding the suffix) and never replaces a file the dialog did not confirm', async () => {
    const { handlers, queue } = handlerFixture(lib, examples);
    const c = character({ name: 'Saved As' });
    queue.save.push(join(outside, 'copy'));
    const r = await handlers.saveCharacterAs({ character: c });
    expect(r).toMatchObject({ ok: true, path: join(outside, 'copy.character.json') });
    expect(JSON.parse(await readFile(join(outside, 'copy.character.json'), 'utf8')).name).toBe('Saved As');
    // "copy" again: the suffixed name exists and the dialog only confirmed "copy".
    queue.save.push(join(outside, 'copy'));
    const again = await handlers.saveCharacterAs({ character: { ...c, name: 'Other' } });
    expect(again).toMatchObject({ ok: false, reason: 'io' });
    expect(JSON.parse(await readFile(join(outside, 'copy.character.json'), 'utf8')).name).toBe('Saved As');
    // Cancelled.
    expect(await handlers.saveCharacterAs({ character: c })).toBeNull();
  });
});

describe('backups', () => {
  it('keeps the last 10 versions over 11 saves and restores one', async () => {
    const { handlers } = handlerFixture(lib, examples);
    let cur = await handlers.newCharacter({ ruleset: 'bg-magic', name: 'B', player: '' });
    let hash = cur.hash;
    // Save 11 times: names v1..v11. Before save k the file holds v(k-1) (v0 = "B").
    for (let k = 1; k <= 11; k++) {
      const r = await handlers.saveCharacter({ path: cur.path, character: { ...cur.character, name: `v${k}` }, expectedHash: hash });
      if (!r.ok) throw new Error(r.message);
      hash = r.hash;
    }
    const backups = await handlers.listBackups({ path: cur.path });
    // 11 backups were taken (B, v1..v10); the oldest (B) was dropped.
    expect(backups).toHaveLength(10);
    const dir_ = join(lib, BACKUP_FOLDER, encodeURIComponent('B.character.json'));
    const names = await Promise.all(backups.map(async (b) => JSON.parse(await readFile(join(dir_, `${b.id}.character.json`), 'utf8')).name));
    expect(names).toEqual(['v10', 'v9', 'v8', 'v7', 'v6', 'v5', 'v4', 'v3', 'v2', 'v1']);
    // Newest first, with increasing clock values.
    expect(backups[0]!.savedMs).toBeGreaterThan(backups[9]!.savedMs);

    const v3 = backups[7]!;
    const restored = await handlers.restoreBackup({ path: cur.path, backupId: v3.id });
    if (!restored.ok) throw new Error(restored.problem.message);
    expect(restored.opened.character.name).toBe('v3');
    expect(JSON.parse(await readFile(cur.path, 'utf8')).name).toBe('v3');
    // The replaced version (v11) became the newest backup.
    const after = await handlers.listBackups({ path: cur.path });
    expect(JSON.parse(await readFile(join(dir_, `${after[0]!.id}.character.json`), 'utf8')).name).toBe('v11');
    await expect(handlers.restoreBackup({ path: cur.path, backupId: '../../x' })).rejects.toThrow(/is not a backup id/);
  });
});

describe('duplicate, rename, delete, import, show, export', () => {
  it('duplicates with a new id and "(copy)" name', async () => {
    const { handlers } = handlerFixture(lib, examples);
    const a = await handlers.newCharacter({ ruleset: 'novitas', name: 'Ayla', player: 'Sam' });
    const d = await handlers.duplicateCharacter({ path: a.path });
    expect(d.path).toBe(join(lib, 'Ayla (copy).character.json'));
    expect(d.character.name).toBe('Ayla (copy)');
    expect(d.character.id).not.toBe(a.character.id);
    expect(d.character.player).toBe('Sam');
  });

  it('renames within the folder, moves the backups along, and never replaces another file', async () => {
    const { handlers, settings } = handlerFixture(lib, examples);
    const a = await handlers.newCharacter({ ruleset: 'novitas', name: 'Ayla', player: '' });
    await handlers.saveCharacter({ path: a.path, character: { ...a.character, notes: 'x' }, expectedHash: a.hash });
    const other = await handlers.newCharacter({ ruleset: 'novitas', name: 'Taken', player: '' });
    const otherBytes = await readFile(other.path);
    await expect(handlers.renameCharacter({ path: a.path, fileName: 'Taken' })).rejects.toThrow(/already exists/);
    expect(await readFile(other.path)).toEqual(otherBytes);
    await expect(handlers.renameCharacter({ path: a.path, fileName: '../escape' })).rejects.toThrow(/must be a file name/);
    await expect(handlers.renameCharacter({ path: a.path, fileName: '.hidden' })).rejects.toThrow(/not allowed/);
    const r = await handlers.renameCharacter({ path: a.path, fileName: 'Ayla Renamed' });
    expect(r.path).toBe(join(lib, 'Ayla Renamed.character.json'));
    await expect(stat(a.path)).rejects.toThrow();
    expect((await handlers.listBackups({ path: r.path })).length).toBe(1);
    expect(settings.get().recentFiles).toContain(r.path);
    expect(settings.get().recentFiles).not.toContain(a.path);
    // The old path is no longer usable.
    await expect(handlers.openCharacter({ path: a.path })).rejects.toThrow(/was not given out/);
  });

  it('deletes through the system trash only', async () => {
    const { handlers, trashed } = handlerFixture(lib, examples);
    const a = await handlers.newCharacter({ ruleset: 'novitas', name: 'Gone', player: '' });
    await handlers.deleteCharacter({ path: a.path });
    expect(trashed).toEqual([a.path]);
    await expect(handlers.openCharacter({ path: a.path })).rejects.toThrow(/was not given out/);
  });

  it('imports chosen files under free names, never overwriting', async () => {
    const { handlers, queue } = handlerFixture(lib, examples);
    const existing = await handlers.newCharacter({ ruleset: 'novitas', name: 'Ayla', player: '' });
    const existingBytes = await readFile(existing.path);
    const src1 = join(outside, 'Ayla.character.json');
    const src2 = join(outside, 'Plain.json');
    await writeFile(src1, characterText(character({ name: 'Imported Ayla' })));
    await writeFile(src2, characterText(character({ name: 'Plain' })));
    queue.open.push([src1, src2]);
    const imported = await handlers.importCharacters();
    expect(imported).toEqual([join(lib, 'Ayla (2).character.json'), join(lib, 'Plain.character.json')]);
    expect(await readFile(existing.path)).toEqual(existingBytes);
    expect(JSON.parse(await readFile(imported[0]!, 'utf8')).name).toBe('Imported Ayla');
    expect((await handlers.openCharacter({ path: imported[1]! })).ok).toBe(true);
    expect(await handlers.importCharacters()).toEqual([]);
  });

  it('shows a granted file in its folder and exports a PDF through the injected exporter', async () => {
    const { handlers, shown, queue, exported, settings } = handlerFixture(lib, examples);
    const a = await handlers.newCharacter({ ruleset: 'novitas', name: 'Ayla', player: '' });
    await handlers.showInFolder({ path: a.path });
    expect(shown).toEqual([a.path]);
    queue.pdf.push(join(outside, 'ayla-sheet'));
    settings.update({ paper: 'letter' });
    const r = await handlers.exportPdf({ path: a.path, character: a.character });
    expect(r).toEqual({ path: join(outside, 'ayla-sheet.pdf') });
    expect(await readFile(join(outside, 'ayla-sheet.pdf'), 'utf8')).toBe('%PDF-1.7 fake for Ayla');
    expect(exported.map((c) => c.name)).toEqual(['Ayla']);
    expect(await handlers.exportPdf({ path: a.path, character: a.character })).toBeNull();
  });

  it('reads and changes the paper, language and locale settings only', async () => {
    const { handlers } = handlerFixture(lib, examples);
    expect(await handlers.getSettings()).toEqual({ libraryFolder: lib, recentFiles: [], paper: 'a4', language: 'en', locale: '', calibrations: [], printer: '' });
    expect(await handlers.setSettings({ paper: 'letter', language: 'bg' })).toMatchObject({ paper: 'letter', language: 'bg' });
    expect(await handlers.setSettings({ locale: 'en-GB' })).toMatchObject({ paper: 'letter', language: 'bg', locale: 'en-GB' });
    await expect(handlers.setSettings({ libraryFolder: '/' } as never)).rejects.toThrow(/setSettings: argument 1/);
  });

  it('switches the library folder chosen in the dialog and forgets grants in the old one', async () => {
    const other = join(dir, 'other-library');
    await mkdir(other);
    await writeFile(join(other, 'x.character.json'), characterText(character({ name: 'X' })));
    const changed: string[] = [];
    const { handlers, queue, settings } = handlerFixture(lib, examples, { onLibraryFolderChanged: (f) => void changed.push(f) });
    const a = await handlers.newCharacter({ ruleset: 'novitas', name: 'Old', player: '' });
    settings.removeRecent(a.path);
    queue.folder.push(other);
    const listing = await handlers.chooseLibraryFolder();
    expect(listing?.entries.map((e) => e.name)).toEqual(['X']);
    expect(settings.get().libraryFolder).toBe(other);
    expect(changed).toEqual([other]);
    await expect(handlers.openCharacter({ path: a.path })).rejects.toThrow(/was not given out/);
  });
});

describe('argument validation: every handler rejects wrong types', () => {
  // One wrong call per method: a number where an object or string belongs, or an extra argument.
  const wrong: Record<InvokeMethod, unknown[][]> = {
    listLibrary: [[1]],
    chooseLibraryFolder: [['x']],
    newCharacter: [[{ ruleset: 'Chess!', name: 'a', player: '' }], [{ ruleset: 'novitas', name: 5, player: '' }], [{ ruleset: 'novitas', name: 'a', player: '', extra: 1 }]],
    openCharacter: [[{ path: 5 }], [{}], ['path'], [{ path: 'x'.repeat(5000) }]],
    openCharacterDialog: [[{}]],
    openExamples: [[null]],
    saveCharacter: [[{ path: '/a', character: 'x', expectedHash: 'h' }], [{ path: '/a', character: {}, expectedHash: 1 }], [{ path: '/a', character: {}, expectedHash: 'h', force: 'yes' }]],
    saveCharacterAs: [[{ character: [] }], [{}]],
    duplicateCharacter: [[{ path: null }]],
    renameCharacter: [[{ path: '/a' }], [{ path: '/a', fileName: '' }]],
    deleteCharacter: [[{ path: ['/a'] }]],
    importCharacters: [[[]]],
    listBackups: [[{ path: 1 }]],
    restoreBackup: [[{ path: '/a', backupId: 7 }], [{ path: '/a' }]],
    showInFolder: [[{ path: {} }]],
    getSettings: [[1, 2]],
    setSettings: [[{ paper: 'a3' }], [{ language: 'fr' }], ['a4']],
    exportPdf: [[{ path: '/a' }], [{ character: {} }], [{ path: '/a', character: {}, print: { paper: 'a4' } }]],
    previewPrint: [[{ path: '/a', character: {} }], [{ path: '/a', character: {}, print: { ...defaultPrintChoice('a4'), sections: ['weapons'] } }]],
    printPack: [[{ paths: [], print: defaultPrintChoice('a4') }], [{ paths: ['/a'], print: { ...defaultPrintChoice('a4'), marginMm: '5' } }], [{ paths: '/a', print: defaultPrintChoice('a4') }]],
    printCalibration: [[{ print: { ...defaultPrintChoice('a4'), stock: 'avery-9999' } }], [{}]],
    cancelPrint: [[{}]],
    openEventFolder: [[{}]],
    loadEventFolder: [[{ folder: 5 }], [{ folder: '/a', eventFile: null }], [{}]],
    createEvent: [[{ folder: '/a', name: 'x', game: '', start: '2026-01-01' }], [{ folder: '/a', name: 'x'.repeat(201), game: '', start: '2026-01-01', end: '2026-01-01' }]],
    appendDeskEntries: [
      [{ folder: '/a', eventFile: '/a/e.event.json', entries: [] }],
      [{ folder: '/a', eventFile: '/a/e.event.json', entries: 'x' }],
      [{ folder: '/a', eventFile: '/a/e.event.json', entries: [1] }],
      [{ folder: '/a', eventFile: '/a/e.event.json' }],
      [{ folder: '/a', eventFile: '/a/e.event.json', entries: Array.from({ length: 1_001 }, () => ({})) }],
      // The whole event is never sent any more, nor a hash of it.
      [{ folder: '/a', eventFile: '/a/e.event.json', entries: [{}], expectedHash: 'h' }],
    ],
    exportCheckInSheet: [[{ folder: '/a', format: 'xlsx' }], [{ folder: '/a' }]],
    importBookings: [[{ folder: '/a' }], [{ folder: '/a', eventFile: '/a/x.event.json', columns: { email: 'Mail' } }]],
    exportCharacters: [[{}], [{ folder: 7 }]],
    previewReprint: [[{ folder: '/a' }], [{ folder: '/a', eventFile: '/a/e.event.json', print: { sections: [] } }]],
    reprintChanged: [[{ folder: '/a', eventFile: '/a/e.event.json', expectedHash: 'h' }], [{ folder: '/a', eventFile: 7 }], [{ folder: '/a' }]],
    giveNewId: [[{ path: 5 }], [{ path: '/a', folder: 7 }], [{ path: '/a', extra: 1 }]],
    verifyCard: [[{ folder: '/a', text: 'x'.repeat(1_001) }], [{ folder: '/a', text: 5 }]],
    recordDesk: [
      [{ folder: '/a', eventFile: '/a/e.event.json', request: { kind: 'died' } }],
      [{ folder: '/a', eventFile: '/a/e.event.json', request: { kind: 'note', text: '' } }],
      [{ folder: '/a', eventFile: '/a/e.event.json', request: { kind: 'check-in', character: '00000000-0000-4000-8000-000000000001' } }],
      [{ folder: '/a', eventFile: '/a/e.event.json', expectedHash: 'h', request: { kind: 'note', text: 'x' } }],
    ],
    transferItem: [[{ folder: '/a', eventFile: '/a/e.event.json', from: 'x', item: 'y', to: 'z' }]],
    newCharacterAfterDeath: [[{ folder: '/a', eventFile: '/a/e.event.json', from: '00000000-0000-4000-8000-000000000001', name: 'x'.repeat(201) }]],
    closeEvent: [[{ folder: '/a', eventFile: '/a/e.event.json', extra: 1 }], [{ folder: '/a' }]],
    restoreEventBackup: [[{ folder: '/a', eventFile: '/a/e.event.json' }], [{ folder: '/a', eventFile: '/a/e.event.json', backupId: '../x' }]],
    approvalQueue: [[{ folder: '/a' }], [{ folder: '/a', eventFile: 3 }]],
    approvalDetail: [[{ folder: '/a', eventFile: '/a/e.event.json' }], [{ folder: '/a', eventFile: '/a/e.event.json', file: 7 }]],
    approveCharacter: [[{ folder: '/a', eventFile: '/a/e.event.json', file: 'x.json' }], [{ folder: '/a', eventFile: '/a/e.event.json', file: 'x.json', hash: 'nothex' }]],
    sendBackCharacter: [[{ folder: '/a', eventFile: '/a/e.event.json', file: 'x.json', hash: 'a'.repeat(64) }], [{ folder: '/a', eventFile: '/a/e.event.json', file: 'x.json', hash: 'a'.repeat(64), reason: 'x'.repeat(5_000) }]],
    addToInbox: [[{ folder: '/a' }], [{ folder: '/a', path: '' }]],
    shareEvent: [[{ folder: '/a' }], [{ folder: '/a', host: '127.0.0.1', port: 70_000 }]],
    joinEvent: [[{ folder: '/a' }], [{ folder: '/a', code: 'x'.repeat(2_001) }]],
    stopSync: [[{}]],
    syncStatus: [[{ folder: 1 }]],
    resolveSyncConflict: [[{ folder: '/a', characterId: 'not-a-uuid', keep: {} }], [{ folder: '/a', characterId: '00000000-0000-4000-8000-000000000001' }]],
    lanAddresses: [[{}]],
    grantDropped: [[{ paths: [], accept: ['character'] }], [{ paths: ['/a'], accept: ['image'] }], [{ paths: '/a', accept: [] }], [{ paths: ['/a'] }]],
    listPacks: [[{}]],
    openPacksFolder: [['x']],
    saveDraft: [[{ path: '/a' }], [{ path: '/a', character: 'x' }]],
    listDrafts: [[{}]],
    discardDraft: [[{ path: 3 }]],
    saveSession: [[{ path: '/a' }], [{ path: '/a', session: 'x' }]],
    loadSession: [[{ path: 3 }]],
    discardSession: [[{}]],
  };

  it('covers every method of the contract', () => {
    expect(Object.keys(wrong).sort()).toEqual(Object.keys(ipcArgs).sort());
  });

  for (const [method, calls] of Object.entries(wrong) as [InvokeMethod, unknown[][]][]) {
    it(`${method} rejects ${calls.length} malformed call(s) with a clear error and touches nothing`, async () => {
      const { handlers, asked } = handlerFixture(lib, examples);
      for (const args of calls) {
        await expect((handlers[method] as (...a: unknown[]) => Promise<unknown>)(...args)).rejects.toThrow(new RegExp(`^${method}: (argument|arguments)`));
      }
      expect(asked).toEqual([]);
      expect(await readdir(lib)).toEqual([]);
    });
  }
});

describe('paths outside the library are refused', () => {
  const pathMethods = ['openCharacter', 'saveCharacter', 'duplicateCharacter', 'renameCharacter', 'deleteCharacter', 'listBackups', 'restoreBackup', 'showInFolder', 'exportPdf'] as const;
  const call = (handlers: ReturnType<typeof handlerFixture>['handlers'], method: (typeof pathMethods)[number], path: string) => {
    const c = character();
    switch (method) {
      case 'saveCharacter':
        return handlers.saveCharacter({ path, character: c, expectedHash: 'x', force: true });
      case 'renameCharacter':
        return handlers.renameCharacter({ path, fileName: 'renamed' });
      case 'restoreBackup':
        return handlers.restoreBackup({ path, backupId: '1-1' });
      case 'exportPdf':
        return handlers.exportPdf({ path, character: c });
      default:
        return handlers[method]({ path });
    }
  };

  it('rejects traversal, relative, foreign absolute paths and symlinks out of the library for every path handler', async () => {
    const secret = join(outside, 'secret.character.json');
    const secretText = characterText(character({ name: 'Secret' }));
    await writeFile(secret, secretText);
    await writeFile(join(lib, 'ok.character.json'), characterText(character({ name: 'Ok' })));
    const { handlers, trashed, shown, exported } = handlerFixture(lib, examples);
    await handlers.listLibrary();
    // A listed file later replaced by a symlink pointing out of the library.
    const swapped = join(lib, 'ok.character.json');
    const attempts: [string, RegExp][] = [
      [`${lib}/../outside/secret.character.json`, /path traversal/],
      ['outside/secret.character.json', /not an absolute path/],
      [secret, /was not given out by the app/],
      [`${lib}//ok.character.json`, /not a normalised path/],
      ['/etc/passwd', /was not given out by the app/],
      [`${lib}/ok.character.json\0.png`, /NUL/],
    ];
    for (const method of pathMethods) {
      for (const [path, why] of attempts) await expect(call(handlers, method, path), `${method} ${path}`).rejects.toThrow(why);
    }
    const { rm } = await import('node:fs/promises');
    await rm(swapped);
    await symlink(secret, swapped);
    for (const method of pathMethods) await expect(call(handlers, method, swapped), method).rejects.toThrow(/points outside the library folder/);
    expect(await readFile(secret, 'utf8')).toBe(secretText);
    expect(await readdir(outside)).toEqual(['secret.character.json']);
    expect(trashed).toEqual([]);
    expect(shown).toEqual([]);
    expect(exported).toEqual([]);
  });

  it('does not list symlinks that point out of the library', async () => {
    await writeFile(join(outside, 'secret.character.json'), characterText(character()));
    await symlink(join(outside, 'secret.character.json'), join(lib, 'link.character.json'));
    await symlink(outside, join(lib, 'linked-folder'));
    const { handlers } = handlerFixture(lib, examples);
    expect((await handlers.listLibrary()).entries).toEqual([]);
  });
});
