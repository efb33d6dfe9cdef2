// The event desk's handlers over real files in a temp folder: opening an event folder (a granted
// folder), creating the event file (a version 3 log), appending the desk's entries (each written and
// synced as a line, given its desk's seq; appends from other desks and programs never conflict and
// are told to the window), migrating older event files, the sheet, reprinting only what changed,
// and verifying cards. Expected values are worked out from the rule texts and the desk's documented
// readings (docs/desk.md), not copied from output.
import { createHash } from 'node:crypto';
import { appendFile, mkdir, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { basename, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { checkIn, checkOut } from '../../core/desk/checkin';
import { EXAMPLES, stampAt } from '../../core/desk/testing';
import { characterFold, foldEvent } from '../../core/desk/fold';
import type { DeskEvent } from '../../core/desk/event';
import type { LedgerEntry } from '../../core/desk/entries';
import { cardCodePayload } from '../../core/pdf/card-code';
import type { AppendOutcome, DeskEntries, DeskEventFile, DeskFolder } from '../../core/ipc/contract';
import { qrPayload } from '../../core/pdf/qr';
import { serialFor } from '../../core/pdf/serial';
import { canonicalJson } from '../../core/format/hash';
import { lockPathFor } from '../../node/fs/atomic';
import { EventLog } from '../../node/event-log/event-log';
import { openedEventLog } from '../../node/event-log/registry';
import { BACKUP_FOLDER } from '../../node/fs/files';
import { menuTemplate } from '../app/menu';
import { handlerFixture, tempFolder } from '../testing/handlers';

const sha = (b: Uint8Array | string) => createHash('sha256').update(b).digest('hex');
const json = (v: unknown) => `${JSON.stringify(v, null, 2)}\n`;
/** One line of a version 3 event file. */
const line = (v: unknown) => `${JSON.stringify(v)}\n`;
/** Noon UTC on the event's first day: the same date in every time zone the tests may run in. */
const NOON = Date.UTC(2026, 9, 2, 12, 0);
const EVENT_ID = '3a1c2b4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
/** The header fields of "Autumn Muster" as the tests write it by hand. */
const HEADER = { format: 'quartermaster-event', id: EVENT_ID, name: 'Autumn Muster', game: 'fortunes-landing', dates: { start: '2026-10-02', end: '2026-10-04' } } as const;
/** Lower-case UUIDs for entries the tests make by hand. */
const entryUuid = (n: number) => `e0000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
/** A note made by hand (the simplest entry), at `at` by the front desk. */
const note = (n: number, at: string, over: Record<string, unknown> = {}) =>
  ({ id: entryUuid(n), at, desk: 'Front desk', kind: 'note', text: `note ${n}`, ...over }) as LedgerEntry;

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

type Fixture = ReturnType<typeof handlerFixture>;

/** Opens the event folder through a handler table (this one's, or another process's). */
async function openWith(fixture: (lib: string, examples: string, extra: Parameters<typeof handlerFixture>[2]) => Fixture, extra: Parameters<typeof handlerFixture>[2] = {}) {
  let clock = NOON;
  const f = fixture(lib, examples, { now: () => (clock += 1000), ...extra });
  f.queue.folder.push(folder);
  const desk = await f.handlers.openEventFolder();
  if (!desk) throw new Error('cancelled');
  return { ...f, desk };
}

async function opened(extra: Parameters<typeof handlerFixture>[2] = {}) {
  await writeFolder();
  return openWith(handlerFixture, extra);
}

/**
 * The handler table of a second process on the same folder (a second desk on a network share, or
 * the app started twice): a fresh module graph, so it holds its own open event logs, and its own
 * settings (another desk id). The two meet only in the files and the file lock.
 */
async function otherProcess(extra: Parameters<typeof handlerFixture>[2] = {}) {
  vi.resetModules();
  const fresh = (await import('../testing/handlers')).handlerFixture;
  // The same fresh module graph's registry (imported after the handlers, without another reset).
  const registry = await import('../../node/event-log/registry');
  return { ...(await openWith(fresh, extra)), registry };
}

function eventOf(desk: DeskFolder) {
  if (desk.eventFile.kind !== 'file') throw new Error(`no event file: ${desk.eventFile.kind}: ${JSON.stringify(desk.eventFile)}`);
  return desk.eventFile;
}

/** The event as the window holds it after opening: the header and the ledger it was sent. */
function eventFrom(file: Extract<DeskEventFile, { kind: 'file' }>): DeskEvent {
  if (file.entries === null) throw new Error('opened without the ledger');
  return { ...file.header, entries: file.entries };
}

async function created(extra: Parameters<typeof handlerFixture>[2] = {}) {
  const f = await opened(extra);
  const desk = await f.handlers.createEvent({ folder, name: 'Autumn Muster', game: 'fortunes-landing', start: '2026-10-02', end: '2026-10-04' });
  return { ...f, desk, file: eventOf(desk) };
}

/** The entry lines of an event file, parsed (the header line left out); the text must end a line. */
async function entryLines(path: string): Promise<unknown[]> {
  const text = await readFile(path, 'utf8');
  expect(text.endsWith('\n')).toBe(true);
  return text.split('\n').slice(1, -1).map((l) => JSON.parse(l));
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
    // Nothing was written: no event file, no backups.
    expect((await readdir(folder)).sort()).toEqual(['aldric.character.json', 'broken.character.json', 'dimitri.character.json', 'vasil.character.json']);
  });

  it('returns null when the dialog is cancelled, and refuses a folder it never handed out', async () => {
    const { handlers } = handlerFixture(lib, examples);
    expect(await handlers.openEventFolder()).toBeNull();
    await expect(handlers.loadEventFolder({ folder })).rejects.toThrow(/was not given out by the app/);
    await expect(handlers.verifyCard({ folder, text: 'x' })).rejects.toThrow(/was not given out by the app/);
    await expect(handlers.appendDeskEntries({ folder, eventFile: join(folder, 'Autumn Muster.event.json'), entries: [note(1, '2026-10-02T18:00:00+01:00')] })).rejects.toThrow(/was not given out by the app/);
  });

  it('lists several event files for the desk to choose from, and reads the one chosen (a version 1 file, migrated)', async () => {
    const f = await created();
    const other = join(folder, 'spring.event.json');
    const v1 = json({ format: 'quartermaster-event', version: 1, name: 'Spring Moot', game: 'novitas', dates: { start: '2026-04-01', end: '2026-04-02' }, characters: {} });
    await writeFile(other, v1);
    const desk = await f.handlers.loadEventFolder({ folder });
    // The events of the season, in season order (by start date): spring's before autumn's.
    expect(desk.eventFile).toMatchObject({ kind: 'several', files: [join(folder, 'Autumn Muster.event.json'), other], events: [{ name: 'Spring Moot', path: other }, { name: 'Autumn Muster' }] });
    // Listing them wrote nothing.
    expect(await readFile(other, 'utf8')).toBe(v1);
    const chosen = eventOf(await f.handlers.loadEventFolder({ folder, eventFile: other }));
    expect(chosen).toMatchObject({ path: other, header: { version: 3, name: 'Spring Moot', game: 'novitas', dates: { start: '2026-04-01', end: '2026-04-02' } }, entries: [], count: 0, problems: [], migratedFrom: 1 });
    // The other one is untouched by it.
    expect(eventOf(await f.handlers.loadEventFolder({ folder, eventFile: f.file.path }))).toMatchObject({ header: f.file.header, count: 0 });
  });

  it('shows an event file whose header is bad with its reason, and never writes to it', async () => {
    const f = await opened();
    const path = join(folder, 'Autumn Muster.event.json');
    const backwards = { start: '2026-10-04', end: '2026-10-02' };
    for (const [what, bad, why] of [
      ['a version 2 document with the dates the wrong way round', json({ ...HEADER, version: 2, dates: backwards, entries: [] }), /field "dates\.end": must not be before the start \(2026-10-04\)/],
      ['a version 3 header with the dates the wrong way round', line({ ...HEADER, version: 3, dates: backwards }) + line(note(1, '2026-10-02T18:00:00+01:00')), /field "dates\.end": must not be before the start \(2026-10-04\)/],
      ['a version 3 header without a name', line({ ...HEADER, version: 3, name: undefined }), /field "name"/],
      ['a header from a newer Quartermaster', line({ ...HEADER, version: 4 }), /it was saved by a newer Quartermaster \(event file version 4\); this version reads up to 3\./],
      ['a character file on the first line', line(EXAMPLES.aldric), /it is not a Quartermaster event file/],
      ['text that is not JSON', 'check-ins: Dimitri\n', /.+/],
    ] as const) {
      await writeFile(path, bad);
      const desk = await f.handlers.loadEventFolder({ folder });
      expect(desk.eventFile, what).toEqual({ kind: 'bad', path, message: expect.stringMatching(why), backups: join(folder, BACKUP_FOLDER, encodeURIComponent(basename(path))), backup: null });
      if (desk.eventFile.kind === 'bad') expect(desk.eventFile.message.startsWith(`${path}: `), what).toBe(true);
      await expect(f.handlers.appendDeskEntries({ folder, eventFile: path, entries: [note(2, '2026-10-02T18:05:00+01:00')] }), what).rejects.toThrow(why);
      await expect(f.handlers.exportCheckInSheet({ folder, format: 'csv' }), what).rejects.toThrow(/fix or replace the event file first/);
      f.queue.pdf.push(join(dir, 'cards.pdf'));
      await expect(f.handlers.reprintChanged({ folder, eventFile: path }), what).rejects.toThrow();
      f.queue.pdf.length = 0;
      expect(await readFile(path, 'utf8'), what).toBe(bad);
    }
    // Nothing was kept or set aside for any of them: they were never opened for writing.
    await expect(readdir(join(folder, BACKUP_FOLDER))).rejects.toThrow(/ENOENT/);
    expect(await readdir(dir)).not.toContain('cards.pdf');
  });

  it('refuses event files outside the folder, hidden or not *.event.json, and links out of it', async () => {
    const f = await created();
    const outside = join(dir, 'outside');
    await mkdir(outside);
    await writeFile(join(outside, 'x.event.json'), 'secret');
    await symlink(join(outside, 'x.event.json'), join(folder, 'linked.event.json'));
    const entries = [note(1, '2026-10-02T18:00:00+01:00')];
    for (const [eventFile, why] of [
      [join(outside, 'x.event.json'), /is not in the event folder/],
      [join(folder, 'aldric.character.json'), /is not a \*\.event\.json file/],
      [join(folder, '.hidden.event.json'), /is not a \*\.event\.json file/],
      [join(folder, 'linked.event.json'), /points outside the event folder/],
      [`${folder}/../outside/x.event.json`, /contains "\.\."/],
    ] as const) {
      await expect(f.handlers.appendDeskEntries({ folder, eventFile, entries }), eventFile).rejects.toThrow(why);
      // Asked to show it: shown as an event file that cannot be used, with the reason (nothing read through it).
      const shown = (await f.handlers.loadEventFolder({ folder, eventFile })).eventFile;
      expect(shown, eventFile).toEqual({ kind: 'bad', path: eventFile, message: expect.stringMatching(why), backups: expect.any(String), backup: null });
      expect(JSON.stringify(shown), eventFile).not.toContain('secret');
    }
    expect(await readFile(join(outside, 'x.event.json'), 'utf8')).toBe('secret');
    expect(await entryLines(f.file.path)).toEqual([]);
  });
});

describe('the event file', () => {
  it('is created once, a version 3 log holding only its header line; a second one is refused', async () => {
    const f = await created();
    const path = join(folder, 'Autumn Muster.event.json');
    const text = await readFile(path, 'utf8');
    // A new event: a random id, this desk as its home desk (plain edition numbers), no entries yet.
    const header = {
      format: 'quartermaster-event',
      version: 3,
      id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
      name: 'Autumn Muster',
      game: 'fortunes-landing',
      dates: { start: '2026-10-02', end: '2026-10-04' },
      homeDesk: f.desk.deskIdentity!.id,
    };
    // One line: the header, ending in a newline (the next append starts a line of its own).
    expect(text.indexOf('\n')).toBe(text.length - 1);
    expect(JSON.parse(text)).toEqual(header);
    expect(f.file).toEqual({ kind: 'file', path, header, entries: [], count: 0, problems: [] });
    await expect(f.handlers.createEvent({ folder, name: 'Again', game: '', start: '2026-10-02', end: '2026-10-02' })).rejects.toThrow(/already holds an event file \(Autumn Muster\.event\.json\)/);
    expect(await readFile(path, 'utf8')).toBe(text);
  });

  it('is named after the event, not the folder (characters a file name cannot hold replaced)', async () => {
    const f = await opened();
    const desk = await f.handlers.createEvent({ folder, name: 'Winter Court: 2026/27', game: 'novitas', start: '2027-01-08', end: '2027-01-10' });
    expect(desk.eventFile).toMatchObject({ kind: 'file', path: join(folder, 'Winter Court_ 2026_27.event.json') });
    expect((await readdir(folder)).filter((n) => n.endsWith('.event.json'))).toEqual(['Winter Court_ 2026_27.event.json']);
    expect(eventOf(desk).header.name).toBe('Winter Court: 2026/27');
  });

  it('refuses a new event with dates the wrong way round or no name, naming the field', async () => {
    const f = await opened();
    await expect(f.handlers.createEvent({ folder, name: 'X', game: '', start: '2026-10-04', end: '2026-10-02' })).rejects.toThrow(/field "end": must not be before the start \(2026-10-04\)/);
    await expect(f.handlers.createEvent({ folder, name: '  ', game: '', start: '2026-10-04', end: '2026-10-04' })).rejects.toThrow(/field "name"/);
    await expect(f.handlers.createEvent({ folder, name: 'X', game: '', start: '4 Oct', end: '2026-10-04' })).rejects.toThrow(/field "start"/);
    expect((await readdir(folder)).filter((n) => n.endsWith('.event.json'))).toEqual([]);
  });

  it('appends a check-in as one line with its desk\'s seq, answers with what is new, and keeps no backup (the log is its own history)', async () => {
    const f = await created();
    const path = f.file.path;
    const before = await readFile(path, 'utf8');
    const at = '2026-10-02T18:05:00+01:00';
    const { entries } = checkIn(eventFrom(f.file), EXAMPLES.dimitri.id, stampAt(at, f.desk.deskIdentity!.name));
    expect(entries).toEqual([expect.objectContaining({ kind: 'check-in', character: EXAMPLES.dimitri.id, at, desk: f.desk.deskIdentity!.name })]);
    expect(entries[0]).not.toHaveProperty('seq');
    const first = await f.handlers.appendDeskEntries({ folder, eventFile: path, entries });
    // This desk's first entry: seq 1; its time as made (nothing of this desk's is later).
    const written = { ...entries[0]!, seq: 1 };
    expect(first).toEqual({ added: [written], external: [] });
    // The header line untouched, the entry after it.
    expect((await readFile(path, 'utf8')).startsWith(before)).toBe(true);
    expect(await entryLines(path)).toEqual([written]);
    await expect(readdir(join(folder, BACKUP_FOLDER))).rejects.toThrow(/ENOENT/);

    // The same entry again (a window sending it twice): skipped, as given or as written.
    expect(await f.handlers.appendDeskEntries({ folder, eventFile: path, entries })).toEqual({ added: [], external: [] });
    expect(await f.handlers.appendDeskEntries({ folder, eventFile: path, entries: [written] })).toEqual({ added: [], external: [] });
    // A check-out in the same second, then a check-in again, each made (as the window makes them)
    // from the ledger with the answers applied: seq 2 and 3, so the ledger keeps the order they were
    // made in although their times are the same.
    const out = checkOut({ ...f.file.header, entries: [written] }, EXAMPLES.dimitri.id, stampAt(at, f.desk.deskIdentity!.name)).entries;
    const second = await f.handlers.appendDeskEntries({ folder, eventFile: path, entries: out });
    expect(second).toEqual({ added: [{ ...out[0]!, seq: 2 }], external: [] });
    const back = checkIn({ ...f.file.header, entries: [written, ...second.added] }, EXAMPLES.dimitri.id, stampAt(at, f.desk.deskIdentity!.name)).entries;
    expect(back).toHaveLength(1);
    const third = await f.handlers.appendDeskEntries({ folder, eventFile: path, entries: back });
    expect(third).toEqual({ added: [{ ...back[0]!, seq: 3 }], external: [] });
    const reread = eventOf(await f.handlers.loadEventFolder({ folder, eventFile: path }));
    expect(reread.entries!.map((e) => [e.kind, e.seq])).toEqual([
      ['check-in', 1],
      ['check-out', 2],
      ['check-in', 3],
    ]);
    expect(characterFold(eventFrom(reread), EXAMPLES.dimitri.id).checkedInAt).toBe(at);
    expect(await entryLines(path)).toHaveLength(3);
  });

  it('refuses an invalid entry, naming the field, and writes nothing of its append', async () => {
    const f = await created();
    const before = await readFile(f.file.path, 'utf8');
    const good = checkIn(eventFrom(f.file), EXAMPLES.dimitri.id, stampAt('2026-10-02T18:05:00+01:00')).entries[0]!;
    const other = checkIn(eventFrom(f.file), EXAMPLES.aldric.id, stampAt('2026-10-02T18:06:00+01:00')).entries[0]!;
    for (const [bad, field] of [
      [{ ...other, at: 'yesterday' }, 'at'],
      [{ ...other, character: EXAMPLES.aldric.id.toUpperCase() }, 'character'],
      [{ ...other, kind: 'teleport' }, 'kind'],
      [{ ...other, seq: 0 }, 'seq'],
      [{ ...other, desk: '' }, 'desk'],
      [{ ...other, kind: 'note', text: '' }, 'text'],
    ] as const) {
      // The good entry first: it is not written either.
      await expect(f.handlers.appendDeskEntries({ folder, eventFile: f.file.path, entries: [good, bad as LedgerEntry] }), field).rejects.toThrow(new RegExp(`new entry 1: field "${field}"`));
      expect(await readFile(f.file.path, 'utf8'), field).toBe(before);
    }
    // An entry the ledger holds with other content: entries are never changed.
    await f.handlers.appendDeskEntries({ folder, eventFile: f.file.path, entries: [good] });
    const after = await readFile(f.file.path, 'utf8');
    await expect(f.handlers.appendDeskEntries({ folder, eventFile: f.file.path, entries: [{ ...good, kind: 'check-out' } as LedgerEntry] })).rejects.toThrow(/already in the ledger with other content; entries are never changed/);
    expect(await readFile(f.file.path, 'utf8')).toBe(after);
    // Nothing is left in the ledger the desk holds either.
    expect(eventOf(await f.handlers.loadEventFolder({ folder, eventFile: f.file.path })).entries).toEqual([{ ...good, seq: 1 }]);
  });

  it('keeps the appends of two desks (two processes) on one file; each window is told of the other\'s entries, never of its own', async () => {
    const pushedA: DeskEntries[] = [];
    const pushedB: DeskEntries[] = [];
    const a = await created({ onDeskEntries: (u) => void pushedA.push(u) });
    const b = await otherProcess({ onDeskEntries: (u) => void pushedB.push(u) });
    const path = a.file.path;
    expect(eventOf(b.desk)).toMatchObject({ path, header: a.file.header, count: 0 });
    expect(b.desk.deskIdentity!.id).not.toBe(a.desk.deskIdentity!.id);

    // Front desk checks Dimitri in; the gate desk, in the other process, checks Aldric in; front desk checks Dimitri out.
    const a1 = checkIn(eventFrom(a.file), EXAMPLES.dimitri.id, stampAt('2026-10-02T18:05:00+01:00', 'Front desk')).entries[0]!;
    const b1 = checkIn(eventFrom(eventOf(b.desk)), EXAMPLES.aldric.id, stampAt('2026-10-02T18:06:00+01:00', 'Gate desk')).entries[0]!;
    const first = await a.handlers.appendDeskEntries({ folder, eventFile: path, entries: [a1] });
    expect(first).toEqual({ added: [{ ...a1, seq: 1 }], external: [] });
    const second = await b.handlers.appendDeskEntries({ folder, eventFile: path, entries: [b1] });
    // The gate desk's first entry: seq 1 of its own (each desk counts its own entries).
    expect(second.added).toEqual([{ ...b1, seq: 1 }]);
    const a2 = checkOut({ ...a.file.header, entries: first.added }, EXAMPLES.dimitri.id, stampAt('2026-10-02T18:07:00+01:00', 'Front desk')).entries[0]!;
    const third = await a.handlers.appendDeskEntries({ folder, eventFile: path, entries: [a2] });
    expect(third.added).toEqual([{ ...a2, seq: 2 }]);

    // On disk: the three, each once, in the order they were appended; both read the same ledger.
    expect(await entryLines(path)).toEqual([
      { ...a1, seq: 1 },
      { ...b1, seq: 1 },
      { ...a2, seq: 2 },
    ]);
    for (const h of [a, b]) {
      const now = eventOf(await h.handlers.loadEventFolder({ folder, eventFile: path }));
      expect(now.count).toBe(3);
      expect(now.entries!.map((e) => e.id)).toEqual([a1.id, b1.id, a2.id]);
      const folded = foldEvent(eventFrom(now));
      expect([folded.characters.get(EXAMPLES.dimitri.id)?.checkedInAt ?? null, folded.characters.get(EXAMPLES.aldric.id)?.checkedInAt]).toEqual([null, b1.at]);
    }
    // Each window was told of the other desk's entries (in an append's answer when they were read
    // under its lock, else sent as they reached the file from elsewhere), never of its own.
    const told = (answers: AppendOutcome[], pushed: DeskEntries[]) =>
      new Set([...answers.flatMap((r) => r.external), ...pushed.filter((u) => u.eventFile === path).flatMap((u) => u.entries)].map((e) => e.id));
    expect(told([first, third], pushedA)).toEqual(new Set([b1.id]));
    expect(told([second], pushedB)).toEqual(new Set([a1.id, a2.id]));
  });

  it('two desks appending at once while another program holds the file\'s lock: both kept, and the second to write is answered with the first\'s entry as external', async () => {
    // Only the appends read the file here: the look at it every few seconds is held still.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const a = await created();
      const b = await otherProcess();
      const path = a.file.path;
      const logs = [await openedEventLog(path)!, await b.registry.openedEventLog(path)!];
      expect(logs[0]).not.toBe(logs[1]);
      // Another program (the command line recording a print) is appending: it holds the lock.
      const lock = lockPathFor(path);
      await writeFile(lock, `${hostname()} ${process.pid} ${Date.now()}\n`);
      // Each desk's append has read the file (nothing new yet) once its log is asked to append.
      const asked = logs.map(
        (log) =>
          new Promise<void>((resolve) => {
            const append = log.append.bind(log);
            log.append = (entries) => (resolve(), append(entries));
          }),
      );
      const a1 = checkIn(eventFrom(a.file), EXAMPLES.dimitri.id, stampAt('2026-10-02T18:05:00+01:00', 'Front desk')).entries[0]!;
      const b1 = checkIn(eventFrom(eventOf(b.desk)), EXAMPLES.aldric.id, stampAt('2026-10-02T18:05:00+01:00', 'Gate desk')).entries[0]!;
      const pending = [a.handlers.appendDeskEntries({ folder, eventFile: path, entries: [a1] }), b.handlers.appendDeskEntries({ folder, eventFile: path, entries: [b1] })];
      await Promise.all(asked);
      // Both wait for the lock; the other program is done.
      await rm(lock);
      const [ra, rb] = await Promise.all(pending);
      expect(ra!.added).toEqual([{ ...a1, seq: 1 }]);
      expect(rb!.added).toEqual([{ ...b1, seq: 1 }]);
      const lines = (await entryLines(path)) as LedgerEntry[];
      expect(lines.map((e) => e.id).sort()).toEqual([a1.id, b1.id].sort());
      // The first to take the lock wrote with nothing new to read; the second read the first's line before writing its own.
      const [firstDone, secondDone] = lines[0]!.id === a1.id ? [ra!, rb!] : [rb!, ra!];
      expect(firstDone.external).toEqual([]);
      expect(secondDone.external).toEqual(firstDone.added);
      expect(lines).toEqual([...firstDone.added, ...secondDone.added]);
      // No lock is left behind.
      expect((await readdir(folder)).filter((n) => n.endsWith('.qm-lock'))).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('leaves the ledger out when asked (ledger: false) and says how many entries it holds', async () => {
    const f = await created();
    const path = f.file.path;
    const made = [note(1, '2026-10-02T18:00:00+01:00'), note(2, '2026-10-02T18:01:00+01:00'), note(3, '2026-10-02T18:02:00+01:00')];
    await f.handlers.appendDeskEntries({ folder, eventFile: path, entries: made });
    const without = eventOf(await f.handlers.loadEventFolder({ folder, eventFile: path, ledger: false }));
    expect(without).toEqual({ kind: 'file', path, header: f.file.header, entries: null, count: 3, problems: [] });
    // Without naming the file (the folder's only one) too.
    expect(eventOf(await f.handlers.loadEventFolder({ folder, ledger: false }))).toMatchObject({ entries: null, count: 3 });
    // Asked for (or by default): every entry, in ledger order, as written (seq 1, 2, 3).
    const whole = eventOf(await f.handlers.loadEventFolder({ folder, eventFile: path, ledger: true }));
    expect(whole.entries).toEqual(made.map((e, i) => ({ ...e, seq: i + 1 })));
    expect(eventOf(await f.handlers.loadEventFolder({ folder, eventFile: path })).entries).toEqual(whole.entries);
  });

  it('migrates a version 2 event file when the folder is opened: the old file among the backups, the same entries in a version 3 log', async () => {
    const path = join(folder, 'Autumn Muster.event.json');
    const checkInAt = '2026-10-02T18:05:00+01:00';
    const entries = [
      { id: entryUuid(1), at: checkInAt, desk: 'Front desk', kind: 'check-in', character: EXAMPLES.dimitri.id },
      // A field this version does not know survives.
      { id: entryUuid(2), at: '2026-10-02T18:10:00+01:00', desk: 'Front desk', kind: 'note', text: 'lost his hat', colour: 'red' },
    ];
    const v2 = json({ ...HEADER, version: 2, entries });
    await writeFile(path, v2);
    const f = await opened();
    const file = eventOf(f.desk);
    expect(file).toEqual({ kind: 'file', path, header: { ...HEADER, version: 3 }, entries, count: 2, problems: [], migratedFrom: 2 });
    expect(characterFold(eventFrom(file), EXAMPLES.dimitri.id).checkedInAt).toBe(checkInAt);
    // The file is a version 3 log now: the header line, then the same entries, one a line.
    const text = await readFile(path, 'utf8');
    expect(JSON.parse(text.slice(0, text.indexOf('\n')))).toEqual({ ...HEADER, version: 3 });
    expect(await entryLines(path)).toEqual(entries);
    // The old file, byte for byte, in .quartermaster-backups/<file>/.
    const backups = join(folder, BACKUP_FOLDER, encodeURIComponent('Autumn Muster.event.json'));
    const kept = await readdir(backups);
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatch(/^\d+-\d+\.event\.json$/);
    expect(await readFile(join(backups, kept[0]!), 'utf8')).toBe(v2);

    // Opened again (here, and by another process): nothing more to migrate, nothing written.
    await f.handlers.loadEventFolder({ folder });
    const other = await otherProcess();
    expect(eventOf(other.desk)).toMatchObject({ count: 2, entries });
    expect(eventOf(other.desk)).not.toHaveProperty('migratedFrom');
    expect(await readFile(path, 'utf8')).toBe(text);
    // The other process, opening the version 3 log first, kept a copy of it beside the old file.
    const now = (await readdir(backups)).sort();
    expect(now).toHaveLength(2);
    expect(now).toContain(kept[0]);
    expect(await readFile(join(backups, now.find((n) => n !== kept[0])!), 'utf8')).toBe(text);
    // The next append goes after the migrated entries (this desk's first: seq 1).
    const added = await f.handlers.appendDeskEntries({ folder, eventFile: path, entries: [note(3, '2026-10-02T18:20:00+01:00')] });
    expect(added.added).toEqual([{ ...note(3, '2026-10-02T18:20:00+01:00'), seq: 1 }]);
    expect(await entryLines(path)).toEqual([...entries, added.added[0]]);
  });

  it('lists a bad entry line and a torn last line among the problems and reads the rest; the next append sets the torn line aside', async () => {
    const path = join(folder, 'Autumn Muster.event.json');
    const good1 = note(1, '2026-10-02T18:00:00+01:00');
    const bad = note(2, 'at noon');
    const good2 = note(3, '2026-10-02T18:02:00+01:00');
    // An append a crash cut short: 40 bytes of a line, no newline.
    const torn = line(note(4, '2026-10-02T18:03:00+01:00')).slice(0, 40);
    const kept = line({ ...HEADER, version: 3 }) + line(good1) + line(bad) + line(good2);
    await writeFile(path, kept + torn);
    const f = await opened();
    const file = eventOf(f.desk);
    expect(file.entries).toEqual([good1, good2]);
    expect(file.count).toBe(2);
    // Line 1 is the header: the bad entry is line 3, the torn one line 5.
    expect(file.problems).toEqual([
      expect.stringMatching(new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: line 3: field "at": .*; it is left out$`)),
      expect.stringMatching(/the last line \(line 5, 40 bytes\) was cut short by a crash and is not read/),
    ]);
    // Opening wrote nothing: the torn bytes are still there.
    expect(await readFile(path, 'utf8')).toBe(kept + torn);

    const next = note(5, '2026-10-02T18:04:00+01:00');
    expect(await f.handlers.appendDeskEntries({ folder, eventFile: path, entries: [next] })).toEqual({ added: [{ ...next, seq: 1 }], external: [] });
    // The torn bytes moved to the backups; the new entry after the last whole line; the bad line stays in the file.
    const text = await readFile(path, 'utf8');
    expect(text.startsWith(kept)).toBe(true);
    expect(text.endsWith('\n')).toBe(true);
    expect(JSON.parse(text.slice(kept.length))).toEqual({ ...next, seq: 1 });
    // (Beside the copy the desk kept when it opened the file: node/event-log/restore.ts.)
    const aside = (await readdir(join(folder, BACKUP_FOLDER, encodeURIComponent('Autumn Muster.event.json')))).filter((n) => !n.endsWith('.event.json'));
    expect(aside).toEqual([expect.stringMatching(/^\d+-torn-line\.txt$/)]);
    expect(await readFile(join(folder, BACKUP_FOLDER, encodeURIComponent('Autumn Muster.event.json'), aside[0]!), 'utf8')).toBe(torn);
    const after = eventOf(await f.handlers.loadEventFolder({ folder }));
    expect(after.count).toBe(3);
    expect(after.problems).toEqual([expect.stringMatching(/: line 3: field "at"/), expect.stringMatching(/the last line was cut short .*its 40 bytes were moved to /)]);
  });

  it('sends the window the entries another program appended, at the next open of the folder', async () => {
    const pushed: DeskEntries[] = [];
    const f = await created({ onDeskEntries: (u) => void pushed.push(u) });
    const path = f.file.path;
    // Another program with the file open (the command line recording a print, a second desk).
    const other = await EventLog.open(path, { folder });
    const byLog = (await other.append([note(1, '2026-10-02T18:00:00+01:00', { desk: 'Gate desk' })])).added;
    expect(byLog).toEqual([{ ...note(1, '2026-10-02T18:00:00+01:00', { desk: 'Gate desk' }), seq: 1 }]);
    // Sent once, by the next look at the folder at the latest (the file's change notice may send it sooner).
    const d1 = eventOf(await f.handlers.loadEventFolder({ folder, eventFile: path, ledger: false }));
    expect(d1).toMatchObject({ entries: null, count: 1 });
    expect(pushed).toEqual([{ eventFile: path, entries: byLog }]);

    // A line written by hand, as the format says: one entry, one line.
    const byHand = note(2, '2026-10-02T18:01:00+01:00', { desk: 'Gate desk', seq: 2 });
    await appendFile(path, line(byHand));
    // Any look at the file catches up: here, verifying a card.
    expect(await f.handlers.verifyCard({ folder, text: 'hello' })).toMatchObject({ kind: 'not-a-card' });
    expect(pushed).toEqual([
      { eventFile: path, entries: byLog },
      { eventFile: path, entries: [byHand] },
    ]);
    expect(eventOf(await f.handlers.loadEventFolder({ folder, ledger: false })).count).toBe(2);
    // Nothing new: nothing more sent; and the desk's own appends come back in their answer, not sent.
    await f.handlers.appendDeskEntries({ folder, eventFile: path, entries: [note(3, '2026-10-02T18:02:00+01:00')] });
    await f.handlers.loadEventFolder({ folder, eventFile: path });
    expect(pushed).toHaveLength(2);
    // The other program reads the desk's entry at its next refresh.
    expect((await other.refresh()).map((e) => e.id)).toEqual([entryUuid(2), entryUuid(3)]);
  });
});

describe('hostile entries from the window', () => {
  it('appends entries past a character file\'s size limit: the log grows past 5 MB and opens again', async () => {
    const f = await created();
    // 100 entries of 60,000 characters each (under the 65,536 of one entry): 6 MB, over the 5 MB of a character file.
    const big = Array.from({ length: 100 }, (_, i) => note(i + 1, '2026-10-02T18:00:00+01:00', { filler: 'x'.repeat(60_000) }));
    const r = await f.handlers.appendDeskEntries({ folder, eventFile: f.file.path, entries: big });
    expect(r.added).toHaveLength(100);
    expect((await readFile(f.file.path, 'utf8')).length).toBeGreaterThan(6_000_000);
    const other = await otherProcess();
    expect(eventOf(other.desk)).toMatchObject({ count: 100, problems: [] });
  });

  it('refuses an entry longer than a line may be, and entries past the IPC bound before any handler runs; nothing is written', async () => {
    const f = await created();
    const before = await readFile(f.file.path, 'utf8');
    await expect(f.handlers.appendDeskEntries({ folder, eventFile: f.file.path, entries: [note(1, '2026-10-02T18:00:00+01:00', { filler: 'x'.repeat(70_000) })] })).rejects.toThrow(/new entry 0 is longer than 65536 characters/);
    const huge = note(2, '2026-10-02T18:00:00+01:00', { filler: 'x'.repeat(21 * 1024 * 1024) });
    await expect(f.handlers.appendDeskEntries({ folder, eventFile: f.file.path, entries: [huge] })).rejects.toThrow(/^appendDeskEntries: arguments: larger than 20 MB/);
    // More entries than one append may carry (1,000), and none.
    await expect(f.handlers.appendDeskEntries({ folder, eventFile: f.file.path, entries: Array.from({ length: 1_001 }, (_, i) => note(i + 10, '2026-10-02T18:00:00+01:00')) })).rejects.toThrow(/^appendDeskEntries: argument 1 field "entries"/);
    await expect(f.handlers.appendDeskEntries({ folder, eventFile: f.file.path, entries: [] })).rejects.toThrow(/^appendDeskEntries: argument 1 field "entries"/);
    expect(await readFile(f.file.path, 'utf8')).toBe(before);
    await expect(readdir(join(folder, BACKUP_FOLDER))).rejects.toThrow(/ENOENT/);
  });

  it('drops a __proto__ key, as in character files: nothing is polluted or written with it', async () => {
    const f = await created();
    const entry = note(1, '2026-10-02T18:00:00+01:00');
    const hostile = JSON.parse(JSON.stringify(entry).replace('{', '{"__proto__": {"polluted": true},'));
    const r = await f.handlers.appendDeskEntries({ folder, eventFile: f.file.path, entries: [hostile] });
    expect(r.added).toEqual([{ ...entry, seq: 1 }]);
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
    const { entries } = checkIn(eventFrom(f.file), EXAMPLES.aldric.id, stampAt(at));
    await f.handlers.appendDeskEntries({ folder, eventFile: f.file.path, entries });
    f.queue.csv.push(join(dir, 'sheet'));
    const csv = await f.handlers.exportCheckInSheet({ folder, format: 'csv' });
    expect(csv).toEqual({ path: join(dir, 'sheet.csv'), rows: 4, pages: 1 });
    expect(f.asked.at(-1)).toEqual({ kind: 'csv', options: { defaultPath: join(folder, 'Autumn Muster check-in sheet.csv') } });
    const text = await readFile(join(dir, 'sheet.csv'), 'utf8');
    const lines = text.replace(/^\ufeff/, '').split('\r\n');
    expect(lines[0]).toBe('Player,Character,Ruleset,Armour,Status,Checked in,Notes,Signature,File,Character id,Out of play');
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
    const path = f.file.path;
    /** The event as the desk holds it now. */
    const now = async () => eventFrom(eventOf(await f.handlers.loadEventFolder({ folder, eventFile: path })));
    const first = join(dir, 'first.pdf');
    f.queue.pdf.push(first);
    const one = await f.handlers.reprintChanged({ folder, eventFile: path });
    if (one?.kind !== 'printed') throw new Error(`not printed: ${JSON.stringify(one)}`);
    expect(one.printed.map((p) => [p.name, p.reason])).toEqual([
      ['Aldric of the Vale', 'never-printed'],
      ['Dimitri', 'never-printed'],
      ['Васил Вещера', 'never-printed'],
    ]);
    expect(one.voids).toEqual([]);
    expect(one.skipped).toEqual([{ file: join(folder, 'broken.character.json'), reason: expect.stringContaining('broken.character.json') }]);
    expect((await readFile(first)).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // The answer carries the entries recorded: one print each, this desk's seq 1 to 3, as written to the file.
    expect(one.entries.map((e) => [e.kind, e.character, e.seq])).toEqual([
      ['printed', EXAMPLES.aldric.id, 1],
      ['printed', EXAMPLES.dimitri.id, 2],
      ['printed', EXAMPLES.vasil.id, 3],
    ]);
    expect(await entryLines(path)).toEqual(one.entries);
    const recorded = await now();
    const dimitriPrint = characterFold(recorded, EXAMPLES.dimitri.id).current!;
    // Dimitri's cards include his character card and his potion's item card (serials: id|type|item id), edition 1
    // (this desk made the event file, so its editions are plain numbers).
    const ch = serialFor(EXAMPLES.dimitri.id, 'character', 0);
    const potion = serialFor(EXAMPLES.dimitri.id, 'item', EXAMPLES.dimitri.items[0]!.id);
    expect(dimitriPrint.cards).toEqual(expect.arrayContaining([{ serial: ch, edition: '1' }, { serial: potion, edition: '1' }]));
    expect(dimitriPrint).toMatchObject({ kind: 'printed', desk: f.desk.deskIdentity!.name, deskId: f.desk.deskIdentity!.id });

    // Nothing changed: nothing to print, and no dialog.
    const asked = f.asked.length;
    expect(await f.handlers.reprintChanged({ folder, eventFile: path })).toEqual({ kind: 'nothing', unchanged: 3, skipped: expect.any(Array), outOfPlay: [] });
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
    const two = await f.handlers.reprintChanged({ folder, eventFile: path });
    if (two?.kind !== 'printed') throw new Error(`not printed: ${JSON.stringify(two)}`);
    expect(two.printed.map((p) => [p.name, p.reason, p.previousAt])).toEqual([['Dimitri', 'changed', dimitriPrint.at]]);
    expect(two.voids).toHaveLength(1);
    expect(two.voids[0]!.id).toBe(EXAMPLES.dimitri.id);
    // The character card and armour tag are reissued as edition 2; the potion card is withdrawn.
    const tag = serialFor(EXAMPLES.dimitri.id, 'armour', 0);
    expect(two.voids[0]!.reissued).toEqual([`${ch}/1`, `${tag}/1`]);
    expect(two.voids[0]!.withdrawn).toEqual([`${potion}/1`]);
    expect(two.voids[0]!.issued).toEqual([`${ch}/2`, `${tag}/2`]);
    // Recorded: his new print (this desk's seq 4), appended after the first print's; the voids are
    // what the new print replaces or leaves out (folded from the prints, no entry of their own).
    expect(two.entries.map((e) => [e.kind, e.character, e.seq])).toEqual([['printed', EXAMPLES.dimitri.id, 4]]);
    expect(await entryLines(path)).toEqual([...one.entries, ...two.entries]);
    const after = await now();
    const entry = characterFold(after, EXAMPLES.dimitri.id);
    expect(entry.prints).toHaveLength(2);
    expect(foldEvent(after).voids.map((v) => v.label)).toEqual([`${ch}/1`, `${tag}/1`, `${potion}/1`]);
    // Appended, not rewritten: the only backups are the copies the desk keeps of the file it works
    // with (node/event-log/restore.ts), each an earlier state of the same lines.
    const copies = join(folder, BACKUP_FOLDER, encodeURIComponent('Autumn Muster.event.json'));
    const whole = await readFile(path, 'utf8');
    for (const name of await readdir(copies)) expect(whole.startsWith(await readFile(join(copies, name), 'utf8')), name).toBe(true);

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

  it('records the print after what another desk appended while it was printing: both kept, the answer carries both', async () => {
    const pushed: DeskEntries[] = [];
    const f = await created({ onDeskEntries: (u) => void pushed.push(u) });
    const path = f.file.path;
    const other = await EventLog.open(path, { folder });
    const gate = checkIn(eventFrom(f.file), EXAMPLES.aldric.id, stampAt('2026-10-02T18:05:00+01:00', 'Gate desk')).entries[0]!;
    // The other desk appends while this one asks where to save the cards (after the plan, before the print is recorded).
    const out = join(dir, 'cards.pdf');
    f.deps.dialogs.savePdfFile = async () => {
      await other.append([gate]);
      return out;
    };
    const r = await f.handlers.reprintChanged({ folder, eventFile: path });
    if (r?.kind !== 'printed') throw new Error(`not printed: ${JSON.stringify(r)}`);
    expect(r.printed).toHaveLength(3);
    const prints = r.entries.filter((e) => e.kind === 'printed');
    expect(prints.map((e) => [e.character, e.seq])).toEqual([
      [EXAMPLES.aldric.id, 1],
      [EXAMPLES.dimitri.id, 2],
      [EXAMPLES.vasil.id, 3],
    ]);
    // On disk: the gate desk's check-in (it reached the file first), then this desk's three prints.
    expect(await entryLines(path)).toEqual([{ ...gate, seq: 1 }, ...prints]);
    // The window is told of the gate desk's entry: in the answer (read under the lock before the
    // prints were appended) or sent (the file's change notice came first); never of its own prints.
    const sent = pushed.flatMap((u) => u.entries);
    expect(sent.every((e) => e.id === gate.id)).toBe(true);
    expect(r.entries.filter((e) => e.kind !== 'printed').every((e) => e.id === gate.id)).toBe(true);
    expect([...r.entries, ...sent].filter((e) => e.id === gate.id).length).toBeGreaterThan(0);
    const now = eventOf(await f.handlers.loadEventFolder({ folder, eventFile: path }));
    expect(now.count).toBe(4);
    expect(characterFold(eventFrom(now), EXAMPLES.aldric.id)).toMatchObject({ checkedInAt: gate.at, current: { kind: 'printed' } });
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
    const eventText = await readFile(f.file.path, 'utf8');

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
    expect(after.eventFile).toMatchObject({ kind: 'file', count: 0 });
    expect(await readFile(f.file.path, 'utf8')).toBe(eventText);
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
