// The event desk's handlers over real files in a temp folder: opening an event folder (a granted
// folder), creating the event file, saving check-ins with backups and a conflict check, the sheet,
// reprinting only what changed, and verifying cards. Expected values are worked out from the rule
// texts and the desk's documented readings (docs/desk.md), not copied from output.
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkIn } from '../core/desk/checkin';
import { EXAMPLES, stampAt } from '../core/desk/testing';
import { characterFold, foldEvent } from '../core/desk/fold';
import { cardCodePayload } from '../core/pdf/card-code';
import type { DeskFolder } from '../core/ipc/contract';
import { qrPayload } from '../core/pdf/qr';
import { serialFor } from '../core/pdf/serial';
import { canonicalJson } from '../core/format/hash';
import { BACKUP_FOLDER } from '../node/files';
import { menuTemplate } from './menu';
import { handlerFixture, tempFolder } from './testing';

const sha = (b: Uint8Array | string) => createHash('sha256').update(b).digest('hex');
const json = (v: unknown) => `${JSON.stringify(v, null, 2)}\n`;
/** Noon UTC on the event's first day: the same date in every time zone the tests may run in. */
const NOON = Date.UTC(2026, 9, 2, 12, 0);

let dir: string;
let cleanup: () => Promise<void>;
let lib: string;
let examples: string;
let folder: string;

beforeEach(async () => {
  ({ dir, cleanup } = await tempFolder('qm-desk-'));
  lib = join(dir, 'library');
  examples = join(dir, 'examples');
  folder = join(dir, 'Autumn Muster');
  await mkdir(lib);
  await mkdir(examples);
  await mkdir(folder);
});
afterEach(() => cleanup());

/** Dimitri (FL, clean), Aldric (FL, clean), Vasil (bg-magic, clean) and a broken file. */
async function writeFolder() {
  await writeFile(join(folder, 'dimitri.character.json'), json(EXAMPLES.dimitri));
  await writeFile(join(folder, 'aldric.character.json'), json(EXAMPLES.aldric));
  await writeFile(join(folder, 'vasil.character.json'), json(EXAMPLES.vasil));
  await writeFile(join(folder, 'broken.character.json'), '{ "format": "quartermaster-character", ');
}

async function opened(extra: Parameters<typeof handlerFixture>[2] = {}) {
  await writeFolder();
  let clock = NOON;
  const f = handlerFixture(lib, examples, { now: () => (clock += 1000), ...extra });
  f.queue.folder.push(folder);
  const desk = await f.handlers.openEventFolder();
  if (!desk) throw new Error('cancelled');
  return { ...f, desk };
}

function eventOf(desk: DeskFolder) {
  if (desk.eventFile.kind !== 'file') throw new Error(`no event file: ${desk.eventFile.kind}`);
  return desk.eventFile;
}

async function created() {
  const f = await opened();
  const desk = await f.handlers.createEvent({ folder, name: 'Autumn Muster', game: 'fortunes-landing', start: '2026-10-02', end: '2026-10-04' });
  return { ...f, desk, file: eventOf(desk) };
}

describe('opening an event folder', () => {
  it('asks for the folder, reads every character file and suggests an event when there is none', async () => {
    const { desk, asked } = await opened();
    expect(asked).toEqual([{ kind: 'folder', options: { defaultPath: lib, purpose: 'event' } }]);
    expect(desk.folder).toBe(folder);
    expect(desk.rows.map((r) => [r.file.slice(folder.length + 1), r.status])).toEqual([
      ['aldric.character.json', 'clean'],
      ['broken.character.json', 'unreadable'],
      ['dimitri.character.json', 'clean'],
      ['vasil.character.json', 'clean'],
    ]);
    const dimitri = desk.rows[2]!;
    // The content hash printed on the cards: SHA-256 of the canonical JSON of the file's character
    // (as version 1 held it: the same hash as before item ids, core/format/hash.ts contentView).
    expect(dimitri.hash).toBe(sha(canonicalJson({ ...EXAMPLES.dimitri, version: 1, items: EXAMPLES.dimitri.items.map(({ id: _id, ...rest }) => rest) })));
    // Without the event (the view applies its event) and without what the view makes itself.
    expect(dimitri).toMatchObject({ id: EXAMPLES.dimitri.id, name: 'Dimitri', player: 'Sam', ruleset: 'fortunes-landing' });
    for (const own of ['checkedInAt', 'tag', 'lastPrintedAt', 'search', 'armour', 'rulesetName']) expect(dimitri).not.toHaveProperty(own);
    // Dimitri's light chain shirt on the torso: armour 3 over the torso (Fortune's Landing: chain 3-4,
    // light chain the lower), his choice of areas, no Threshold below 5.
    expect(dimitri.detail).toEqual({ ruleset: 'fortunes-landing', rating: 3, areas: ['torso'], threshold: 0, chosen: true });
    // Vasil (bg-magic): a leather vest on the torso, entitled to leather, so it protects as leather.
    expect(desk.rows[3]!.detail).toEqual({ ruleset: 'bg-magic', worn: 'leather', protection: 'leather', areas: ['torso'] });
    expect(desk.rows[1]!.errors[0]!.message).toMatch(/broken\.character\.json: /);
    // No event file: named after the folder, for the game two of three characters play, today.
    expect(desk.eventFile).toEqual({
      kind: 'none',
      path: join(folder, 'Autumn Muster.event.json'),
      suggested: { name: 'Autumn Muster', game: 'fortunes-landing', start: '2026-10-02', end: '2026-10-02' },
    });
  });

  it('returns null when the dialog is cancelled, and refuses a folder it never handed out', async () => {
    const { handlers } = handlerFixture(lib, examples);
    expect(await handlers.openEventFolder()).toBeNull();
    await expect(handlers.loadEventFolder({ folder })).rejects.toThrow(/was not given out by the app/);
    await expect(handlers.verifyCard({ folder, text: 'x' })).rejects.toThrow(/was not given out by the app/);
  });

  it('lists several event files for the desk to choose from, and reads the one chosen', async () => {
    const f = await created();
    const other = join(folder, 'spring.event.json');
    await writeFile(other, json({ format: 'quartermaster-event', version: 1, name: 'Spring Moot', game: 'novitas', dates: { start: '2026-04-01', end: '2026-04-02' }, characters: {} }));
    const desk = await f.handlers.loadEventFolder({ folder });
    expect(desk.eventFile).toEqual({ kind: 'several', files: [join(folder, 'Autumn Muster.event.json'), other] });
    const chosen = await f.handlers.loadEventFolder({ folder, eventFile: other });
    expect(eventOf(chosen).event.name).toBe('Spring Moot');
  });

  it('shows a bad event file with its reason and never overwrites it', async () => {
    const f = await opened();
    const path = join(folder, 'Autumn Muster.event.json');
    const bad = json({ format: 'quartermaster-event', version: 2, id: '3a1c2b4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d', name: 'X', game: '', dates: { start: '2026-10-04', end: '2026-10-02' }, entries: [] });
    await writeFile(path, bad);
    const desk = await f.handlers.loadEventFolder({ folder });
    expect(desk.eventFile).toEqual({ kind: 'bad', path, message: expect.stringMatching(/field "dates\.end": must not be before the start \(2026-10-04\)/) });
    const save = await f.handlers.saveEvent({ folder, eventFile: path, event: { format: 'quartermaster-event', version: 2, id: '3a1c2b4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d', name: 'X', game: '', dates: { start: '2026-10-02', end: '2026-10-02' }, entries: [] }, expectedHash: sha(bad) });
    expect(save).toMatchObject({ ok: false, reason: 'read-only' });
    expect(await readFile(path, 'utf8')).toBe(bad);
    await expect(f.handlers.exportCheckInSheet({ folder, format: 'csv' })).rejects.toThrow(/fix or replace the event file first/);
  });

  it('refuses event files outside the folder, hidden or not *.event.json, and links out of it', async () => {
    const f = await created();
    const outside = join(dir, 'outside');
    await mkdir(outside);
    await writeFile(join(outside, 'x.event.json'), 'secret');
    await symlink(join(outside, 'x.event.json'), join(folder, 'linked.event.json'));
    const event = f.file.event;
    for (const [eventFile, why] of [
      [join(outside, 'x.event.json'), /is not in the event folder/],
      [join(folder, 'aldric.character.json'), /is not a \*\.event\.json file/],
      [join(folder, '.hidden.event.json'), /is not a \*\.event\.json file/],
      [join(folder, 'linked.event.json'), /points outside the event folder/],
      [`${folder}/../outside/x.event.json`, /contains "\.\."/],
    ] as const) {
      await expect(f.handlers.saveEvent({ folder, eventFile, event, expectedHash: sha('secret') }), eventFile).rejects.toThrow(why);
    }
    expect(await readFile(join(outside, 'x.event.json'), 'utf8')).toBe('secret');
  });
});

describe('the event file', () => {
  it('is created once, valid and pretty-printed; a second one is refused', async () => {
    const f = await created();
    const path = join(folder, 'Autumn Muster.event.json');
    const text = await readFile(path, 'utf8');
    // A new event: a random id, this desk as its home desk (plain edition numbers), an empty ledger.
    expect(JSON.parse(text)).toEqual({
      format: 'quartermaster-event',
      version: 2,
      id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
      name: 'Autumn Muster',
      game: 'fortunes-landing',
      dates: { start: '2026-10-02', end: '2026-10-04' },
      homeDesk: f.desk.deskIdentity!.id,
      entries: [],
    });
    expect(text.endsWith('}\n')).toBe(true);
    expect(f.file.hash).toBe(sha(text));
    await expect(f.handlers.createEvent({ folder, name: 'Again', game: '', start: '2026-10-02', end: '2026-10-02' })).rejects.toThrow(/already holds an event file \(Autumn Muster\.event\.json\)/);
  });

  it('is named after the event, not the folder (characters a file name cannot hold replaced)', async () => {
    const f = await opened();
    const desk = await f.handlers.createEvent({ folder, name: 'Winter Court: 2026/27', game: 'novitas', start: '2027-01-08', end: '2027-01-10' });
    expect(desk.eventFile).toMatchObject({ kind: 'file', path: join(folder, 'Winter Court_ 2026_27.event.json') });
    expect((await readdir(folder)).filter((n) => n.endsWith('.event.json'))).toEqual(['Winter Court_ 2026_27.event.json']);
    expect(eventOf(desk).event.name).toBe('Winter Court: 2026/27');
  });

  it('refuses a new event with dates the wrong way round or no name, naming the field', async () => {
    const f = await opened();
    await expect(f.handlers.createEvent({ folder, name: 'X', game: '', start: '2026-10-04', end: '2026-10-02' })).rejects.toThrow(/field "end": must not be before the start \(2026-10-04\)/);
    await expect(f.handlers.createEvent({ folder, name: '  ', game: '', start: '2026-10-04', end: '2026-10-04' })).rejects.toThrow(/field "name"/);
    await expect(f.handlers.createEvent({ folder, name: 'X', game: '', start: '4 Oct', end: '2026-10-04' })).rejects.toThrow(/field "start"/);
    expect((await readdir(folder)).filter((n) => n.endsWith('.event.json'))).toEqual([]);
  });

  it('saves a check-in atomically, keeping the previous version as a backup, and refuses a stale save', async () => {
    const f = await created();
    const path = f.file.path;
    const before = await readFile(path, 'utf8');
    const at = '2026-10-02T18:05:00+01:00';
    const { event, entries } = checkIn(f.file.event, EXAMPLES.dimitri.id, stampAt(at, f.desk.deskIdentity!.name));
    const saved = await f.handlers.saveEvent({ folder, eventFile: path, event, expectedHash: f.file.hash });
    const after = await readFile(path, 'utf8');
    expect(saved).toEqual({ ok: true, hash: sha(after) });
    expect(JSON.parse(after).entries).toEqual(entries);
    expect(entries[0]).toMatchObject({ kind: 'check-in', character: EXAMPLES.dimitri.id, at, desk: f.desk.deskIdentity!.name });
    // The backup: in the event folder's backups, named <ms>-<n>.event.json, holding the old bytes.
    const backups = join(folder, BACKUP_FOLDER, encodeURIComponent('Autumn Muster.event.json'));
    const names = await readdir(backups);
    expect(names).toHaveLength(1);
    expect(names[0]).toMatch(/^\d+-1\.event\.json$/);
    expect(await readFile(join(backups, names[0]!), 'utf8')).toBe(before);

    // Saving again with the hash from before the first save: another desk's change must not be lost.
    const stale = await f.handlers.saveEvent({ folder, eventFile: path, event: f.file.event, expectedHash: f.file.hash });
    expect(stale).toMatchObject({ ok: false, reason: 'conflict', message: expect.stringContaining('was changed on disk since it was read') });
    expect(await readFile(path, 'utf8')).toBe(after);
  });

  it('refuses to save an invalid event, naming the field, and writes nothing', async () => {
    const f = await created();
    const before = await readFile(f.file.path, 'utf8');
    const good = checkIn(f.file.event, EXAMPLES.dimitri.id, stampAt('2026-10-02T18:05:00+01:00')).event;
    const event = { ...good, entries: [{ ...good.entries[0]!, at: 'yesterday' }] };
    const r = await f.handlers.saveEvent({ folder, eventFile: f.file.path, event, expectedHash: f.file.hash });
    expect(r).toMatchObject({ ok: false, reason: 'invalid', message: expect.stringContaining('field "entries[0].at"') });
    expect(await readFile(f.file.path, 'utf8')).toBe(before);
  });

  it('never lets a save drop entries already on disk: the ledger only grows', async () => {
    const f = await created();
    const { event } = checkIn(f.file.event, EXAMPLES.dimitri.id, stampAt('2026-10-02T18:05:00+01:00'));
    const saved = await f.handlers.saveEvent({ folder, eventFile: f.file.path, event, expectedHash: f.file.hash });
    if (!saved.ok) throw new Error(saved.message);
    // A window sending the event without that entry (a bug, or a hostile page) with the current hash.
    const dropped = await f.handlers.saveEvent({ folder, eventFile: f.file.path, event: { ...event, entries: [] }, expectedHash: saved.hash });
    expect(dropped.ok).toBe(true);
    const onDisk = JSON.parse(await readFile(f.file.path, 'utf8'));
    expect(onDisk.entries).toEqual(event.entries);
    // One carrying another event's id is refused.
    const other = await f.handlers.saveEvent({ folder, eventFile: f.file.path, event: { ...event, id: '4b1c2b4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d' }, expectedHash: dropped.ok ? dropped.hash : '' });
    expect(other).toMatchObject({ ok: false, reason: 'invalid', message: expect.stringContaining('two different events') });
  });
});

describe('hostile events from the window', () => {
  it('saves an event file larger than a character file may be: a ledger only grows (bound 64 MB)', async () => {
    const f = await created();
    // 6 MB: over the 5 MB bound of a character file, well under the event file's own bound.
    const big = { ...f.file.event, notes: 'x'.repeat(6 * 1024 * 1024) };
    const r = await f.handlers.saveEvent({ folder, eventFile: f.file.path, event: big, expectedHash: f.file.hash });
    expect(r.ok).toBe(true);
    expect((await readFile(f.file.path, 'utf8')).length).toBeGreaterThan(6 * 1024 * 1024);
  });

  it('refuses an event past the IPC bound before any handler runs, and writes nothing', async () => {
    const f = await created();
    const before = await readFile(f.file.path, 'utf8');
    const huge = { ...f.file.event, notes: 'x'.repeat(21 * 1024 * 1024) };
    await expect(f.handlers.saveEvent({ folder, eventFile: f.file.path, event: huge, expectedHash: f.file.hash })).rejects.toThrow(/MB/);
    expect(await readFile(f.file.path, 'utf8')).toBe(before);
    await expect(readdir(join(folder, BACKUP_FOLDER))).rejects.toThrow(/ENOENT/);
  });

  it('drops a __proto__ key, as in character files: nothing is polluted or written with it', async () => {
    const f = await created();
    const hostile = JSON.parse(`{"__proto__": {"polluted": true}, ${JSON.stringify(f.file.event).slice(1)}`);
    const r = await f.handlers.saveEvent({ folder, eventFile: f.file.path, event: hostile, expectedHash: f.file.hash });
    expect(r.ok).toBe(true);
    const written = await readFile(f.file.path, 'utf8');
    expect(written).not.toContain('__proto__');
    expect(written).not.toContain('polluted');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('the check-in sheet', () => {
  it('writes the CSV with the check-in times, adding the suffix, and the PDF', async () => {
    const f = await created();
    const at = '2026-10-02T18:05:00+01:00';
    const { event } = checkIn(f.file.event, EXAMPLES.aldric.id, stampAt(at));
    await f.handlers.saveEvent({ folder, eventFile: f.file.path, event, expectedHash: f.file.hash });
    f.queue.csv.push(join(dir, 'sheet'));
    const csv = await f.handlers.exportCheckInSheet({ folder, format: 'csv' });
    expect(csv).toEqual({ path: join(dir, 'sheet.csv'), rows: 4, pages: 1 });
    expect(f.asked.at(-1)).toEqual({ kind: 'csv', options: { defaultPath: join(folder, 'Autumn Muster check-in sheet.csv') } });
    const text = await readFile(join(dir, 'sheet.csv'), 'utf8');
    const lines = text.replace(/^\ufeff/, '').split('\r\n');
    expect(lines[0]).toBe('Player,Character,Ruleset,Armour,Status,Checked in,Notes,Signature,File,Character id');
    // Ordered by player (Priya, Sam, Георги), unreadable last; Aldric's check-in on the desk's clock.
    expect(lines[1]).toMatch(/^Priya,Aldric of the Vale,Fortune's Landing,.*,ok,2026-10-02 18:05,checked in 18:05,,/);
    expect(lines[2]).toMatch(/^Sam,Dimitri,Fortune's Landing,3 over torso,ok,,,,/);
    expect(lines[4]).toMatch(/^,broken\.character\.json,,,unreadable file,,/);

    f.queue.pdf.push(join(dir, 'sheet.pdf'));
    const pdf = await f.handlers.exportCheckInSheet({ folder, format: 'pdf' });
    expect(pdf).toEqual({ path: join(dir, 'sheet.pdf'), rows: 4, pages: 1 });
    expect((await readFile(join(dir, 'sheet.pdf'))).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // Cancelled: nothing written.
    expect(await f.handlers.exportCheckInSheet({ folder, format: 'pdf' })).toBeNull();
  });
});

describe('reprint changed and verifying cards', () => {
  it('prints everyone once, then only the character that changed, voiding its old serials', async () => {
    const f = await created();
    const first = join(dir, 'first.pdf');
    f.queue.pdf.push(first);
    const one = await f.handlers.reprintChanged({ folder, eventFile: f.file.path, expectedHash: f.file.hash });
    if (one?.kind !== 'printed') throw new Error(`not printed: ${JSON.stringify(one)}`);
    expect(one.printed.map((p) => [p.name, p.reason])).toEqual([
      ['Aldric of the Vale', 'never-printed'],
      ['Dimitri', 'never-printed'],
      ['Васил Вещера', 'never-printed'],
    ]);
    expect(one.voids).toEqual([]);
    expect(one.skipped).toEqual([{ file: join(folder, 'broken.character.json'), reason: expect.stringContaining('broken.character.json') }]);
    expect((await readFile(first)).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const recorded = eventOf(one.desk);
    const dimitriPrint = characterFold(recorded.event, EXAMPLES.dimitri.id).current!;
    // Dimitri's cards include his character card and his potion's item card (serials: id|type|item id), edition 1
    // (this desk made the event file, so its editions are plain numbers).
    const ch = serialFor(EXAMPLES.dimitri.id, 'character', 0);
    const potion = serialFor(EXAMPLES.dimitri.id, 'item', EXAMPLES.dimitri.items[0]!.id);
    expect(dimitriPrint.cards).toEqual(expect.arrayContaining([{ serial: ch, edition: '1' }, { serial: potion, edition: '1' }]));
    expect(dimitriPrint).toMatchObject({ kind: 'printed', desk: one.desk.deskIdentity!.name, deskId: one.desk.deskIdentity!.id });

    // Nothing changed: nothing to print, and no dialog.
    const asked = f.asked.length;
    expect(await f.handlers.reprintChanged({ folder, eventFile: f.file.path, expectedHash: recorded.hash })).toEqual({ kind: 'nothing', unchanged: 3, skipped: expect.any(Array) });
    expect(f.asked.length).toBe(asked);

    // Dimitri drinks his potion: only he is printed again; his potion card is withdrawn.
    await writeFile(join(folder, 'dimitri.character.json'), json({ ...EXAMPLES.dimitri, items: [] }));
    // Before the reprint, his card in hand is "changed", and says what from the facts stored with the print.
    const oldCard = qrPayload(EXAMPLES.dimitri.id, dimitriPrint.hash);
    const before = await f.handlers.verifyCard({ folder, text: oldCard });
    expect(before).toMatchObject({ kind: 'changed', name: 'Dimitri', superseded: false, printedAt: dimitriPrint.at });
    if (before.kind === 'changed') expect(before.changes).toEqual(['items: removed Potion of Cure Light Wounds (potion), expires End of season: Heals any one limb Wound at once.']);
    const second = join(dir, 'second.pdf');
    f.queue.pdf.push(second);
    const two = await f.handlers.reprintChanged({ folder, eventFile: f.file.path, expectedHash: recorded.hash });
    if (two?.kind !== 'printed') throw new Error(`not printed: ${JSON.stringify(two)}`);
    expect(two.printed.map((p) => [p.name, p.reason, p.previousAt])).toEqual([['Dimitri', 'changed', dimitriPrint.at]]);
    expect(two.voids).toHaveLength(1);
    expect(two.voids[0]!.id).toBe(EXAMPLES.dimitri.id);
    // The character card and armour tag are reissued as edition 2; the potion card is withdrawn.
    const tag = serialFor(EXAMPLES.dimitri.id, 'armour', 0);
    expect(two.voids[0]!.reissued).toEqual([`${ch}/1`, `${tag}/1`]);
    expect(two.voids[0]!.withdrawn).toEqual([`${potion}/1`]);
    expect(two.voids[0]!.issued).toEqual([`${ch}/2`, `${tag}/2`]);
    const entry = characterFold(eventOf(two.desk).event, EXAMPLES.dimitri.id);
    expect(entry.prints).toHaveLength(2);
    expect(foldEvent(eventOf(two.desk).event).voids.map((v) => v.label)).toEqual([`${ch}/1`, `${tag}/1`, `${potion}/1`]);
    // The event file was backed up before each recorded print.
    expect(await readdir(join(folder, BACKUP_FOLDER, encodeURIComponent('Autumn Muster.event.json')))).toHaveLength(2);

    // After it, the old card is void (a later print replaced it); the new one matches; an unknown id is unknown.
    expect(await f.handlers.verifyCard({ folder, text: oldCard })).toMatchObject({ kind: 'changed', name: 'Dimitri', superseded: true });
    const current = entry.prints[1]!.hash;
    // With the edition in the code: edition 1 is void, replaced by edition 2.
    expect(await f.handlers.verifyCard({ folder, text: cardCodePayload(EXAMPLES.dimitri.id, dimitriPrint.hash, `${ch}/1`) })).toMatchObject({
      kind: 'changed',
      superseded: true,
      replacedBy: { label: `${ch}/2`, edition: '2' },
      message: expect.stringMatching(/^void: replaced by edition 2 on 2026-10-02 \d\d:\d\d/),
    });
    expect(await f.handlers.verifyCard({ folder, text: cardCodePayload(EXAMPLES.dimitri.id, current, `${ch}/2`) })).toMatchObject({ kind: 'match', label: `${ch}/2` });
    expect(await f.handlers.verifyCard({ folder, text: qrPayload(EXAMPLES.dimitri.id, current) })).toMatchObject({ kind: 'match', name: 'Dimitri' });
    expect(await f.handlers.verifyCard({ folder, text: qrPayload('00000000-0000-4000-8000-000000000009', current) })).toMatchObject({ kind: 'unknown' });
    expect(await f.handlers.verifyCard({ folder, text: 'hello' })).toMatchObject({ kind: 'not-a-card' });
  });

  it('prints nothing and records nothing when the event file changed since it was read', async () => {
    const f = await created();
    const { event } = checkIn(f.file.event, EXAMPLES.aldric.id, stampAt('2026-10-02T18:05:00+01:00'));
    await f.handlers.saveEvent({ folder, eventFile: f.file.path, event, expectedHash: f.file.hash });
    const text = await readFile(f.file.path, 'utf8');
    f.queue.pdf.push(join(dir, 'cards.pdf'));
    const r = await f.handlers.reprintChanged({ folder, eventFile: f.file.path, expectedHash: f.file.hash });
    expect(r).toMatchObject({ kind: 'conflict' });
    expect(await readFile(f.file.path, 'utf8')).toBe(text);
    expect(await readdir(dir)).not.toContain('cards.pdf');
    expect(f.queue.pdf).toHaveLength(1);
  });
});

describe('the menu', () => {
  it('opens the event desk from View > Event Desk (Shift+Ctrl/Cmd+E)', () => {
    const sent: string[] = [];
    const template = menuTemplate({ platform: 'linux', appName: 'Quartermaster', recentFiles: [], dev: false, send: (c) => void sent.push(c), openRecent: () => undefined, clearRecent: () => undefined, openHelp: () => undefined });
    const view = template.find((m) => m.label === '&View')!.submenu as { label?: string; accelerator?: string; click?: () => void }[];
    const desk = view.find((i) => i.label === 'Event Desk')!;
    expect(desk.accelerator).toBe('Shift+CmdOrCtrl+E');
    desk.click!();
    expect(sent).toEqual(['event-desk']);
  });
});

describe('giving a copied character file a new id', () => {
  it('rewrites only the copy, backed up and atomically; the desk then flags neither and the event keeps its record under the old id', async () => {
    const f = await created();
    // The copy: Dimitri's file copied under another name, so both have his id.
    const copy = join(folder, 'dimitri copy.character.json');
    await writeFile(copy, json({ ...EXAMPLES.dimitri, name: 'Dimitri the Younger' }));
    const before = await f.handlers.loadEventFolder({ folder, eventFile: f.file.path });
    expect(before.rows.filter((r) => r.errors.some((e) => e.code === 'desk.duplicate-id')).map((r) => basename(r.file)).sort()).toEqual(['dimitri copy.character.json', 'dimitri.character.json']);
    const copyBefore = await readFile(copy, 'utf8');

    const done = await f.handlers.giveNewId({ path: copy, folder });
    expect(done).toMatchObject({ path: copy, previousId: EXAMPLES.dimitri.id, id: '11111111-1111-4111-8111-000000000001' });
    const rewritten = JSON.parse(await readFile(copy, 'utf8'));
    expect(rewritten.id).toBe(done.id);
    expect(rewritten.name).toBe('Dimitri the Younger');
    expect(done.hash).toBe(sha(await readFile(copy)));
    // The original is untouched; the copy's previous bytes are kept as a backup.
    expect(JSON.parse(await readFile(join(folder, 'dimitri.character.json'), 'utf8')).id).toBe(EXAMPLES.dimitri.id);
    const backupFolder = join(lib, '.quartermaster-backups');
    // (The copy's backup folder is named after the file too: only the files inside count.)
    const found = (await readdir(backupFolder, { recursive: true })).filter((n) => String(n).includes('/') && String(n).endsWith('.character.json'));
    expect(found).toHaveLength(1);
    expect(await readFile(join(backupFolder, String(found[0])), 'utf8')).toBe(copyBefore);

    const after = await f.handlers.loadEventFolder({ folder, eventFile: f.file.path });
    expect(after.rows.some((r) => r.errors.some((e) => e.code === 'desk.duplicate-id'))).toBe(false);
    expect(after.rows.find((r) => r.file === copy)!.id).toBe(done.id);
    // Nothing was written to the event file: what it records stays with the id, i.e. the original.
    expect(after.eventFile).toMatchObject({ kind: 'file', hash: f.file.hash });
  });

  it('refuses a file outside the event folder, an unreadable file, and an example', async () => {
    const f = await created();
    const outside = join(dir, 'elsewhere.character.json');
    await writeFile(outside, json(EXAMPLES.aldric));
    await expect(f.handlers.giveNewId({ path: outside, folder })).rejects.toThrow(/is not a character file of the event folder/);
    await expect(f.handlers.giveNewId({ path: outside })).rejects.toThrow(/was not given out by the app/);
    await expect(f.handlers.giveNewId({ path: join(folder, 'broken.character.json'), folder })).rejects.toThrow(/Cannot give a new id: .*broken\.character\.json/);
    expect(await readFile(join(folder, 'broken.character.json'), 'utf8')).toBe('{ "format": "quartermaster-character", ');
  });
});
