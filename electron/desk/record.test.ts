// The desk's Record… through the IPC handler table, on real files: a Curious Pastimes death, the
// player's new character, an item transfer with its card voided, a Fortune's Landing return. Each
// is appended to the event file's log (never refused for what another desk appended meanwhile),
// then the character files follow the ledger.
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EXAMPLES, exampleDesk } from '../../core/desk/testing';
import type { DeskEvent } from '../../core/desk/event';
import type { LedgerEntry } from '../../core/desk/entries';
import { settleFolder } from './record';
import type { DeskFolder, RecordResult } from '../../core/ipc/contract';
import { EventLog } from '../../node/event-log/event-log';
import { handlerFixture, tempFolder } from '../testing/handlers';

const json = (v: unknown) => `${JSON.stringify(v, null, 2)}\n`;
const NOON = Date.UTC(2026, 9, 2, 12, 0);
let dir: string;
let cleanup: () => Promise<void>;
let folder: string;

beforeEach(async () => {
  ({ dir, cleanup } = await tempFolder('qm-desk-record-'));
  folder = join(dir, 'Spring Gathering');
  await mkdir(join(dir, 'library'));
  await mkdir(join(dir, 'examples'));
  await mkdir(folder);
  await writeFile(join(folder, 'brannoc.character.json'), json(EXAMPLES.brannoc));
  await writeFile(join(folder, 'dimitri.character.json'), json(EXAMPLES.dimitri));
  await writeFile(join(folder, 'aldric.character.json'), json(EXAMPLES.aldric));
});
afterEach(() => cleanup());

async function opened() {
  let clock = NOON;
  const f = handlerFixture(join(dir, 'library'), join(dir, 'examples'), { now: () => (clock += 1000) });
  f.queue.folder.push(folder);
  let desk = await f.handlers.openEventFolder();
  if (!desk) throw new Error('cancelled');
  if (desk.eventFile.kind === 'none') desk = await f.handlers.createEvent({ folder, name: 'Spring Gathering', game: 'curious-pastimes', start: '2026-10-02', end: '2026-10-04' });
  const eventFile = file(desk).path;
  /** The event as the desk holds it now (the ledger read again). */
  const event = async (): Promise<DeskEvent> => {
    const e = file(await f.handlers.loadEventFolder({ folder, eventFile }));
    return { ...e.header, entries: e.entries! };
  };
  return { ...f, desk, eventFile, event };
}
const file = (d: DeskFolder) => {
  if (d.eventFile.kind !== 'file') throw new Error(`no event file: ${d.eventFile.kind}`);
  return d.eventFile;
};
/** A Record… result: recorded, with the folder's rows (not the ledger: the entries say what is new). */
const ok = (r: RecordResult) => {
  expect(r.ok).toBe(true);
  expect(file(r.desk).entries).toBeNull();
  return r;
};
const kinds = (entries: readonly LedgerEntry[]) => entries.map((e) => [e.kind, e.seq]);
const read = async (name: string) => JSON.parse(await readFile(join(folder, name), 'utf8'));
/** The entries of the event file, line by line (the header left out). */
const lines = async (path: string) => (await readFile(path, 'utf8')).split('\n').slice(1, -1).map((l) => JSON.parse(l) as LedgerEntry);

describe('Record… on an event folder', () => {
  it('a Curious Pastimes death retires the file; the new character for Alex starts at 19; a second death makes 18', async () => {
    const f = await opened();
    const eventFile = f.eventFile;
    const died = ok(await f.handlers.recordDesk({ folder, eventFile, request: { kind: 'died', character: EXAMPLES.brannoc.id } }));
    // One entry, this desk's first (seq 1), as written to the file; then the file follows it.
    expect(kinds(died.entries)).toEqual([['died', 1]]);
    expect(died.entries[0]).toMatchObject({ character: EXAMPLES.brannoc.id, desk: f.desk.deskIdentity!.name, deskId: f.desk.deskIdentity!.id });
    expect(await lines(eventFile)).toEqual(died.entries);
    expect(died.written).toEqual([join(folder, 'brannoc.character.json')]);
    const brannoc = await read('brannoc.character.json');
    expect([brannoc.status, brannoc.history.map((h: { kind: string }) => h.kind)]).toEqual(['retired', ['died']]);
    expect(file(died.desk).count).toBe(1);
    const made = ok(await f.handlers.newCharacterAfterDeath({ folder, eventFile, from: EXAMPLES.brannoc.id, name: 'Brannoc the Younger' }));
    // 20 less one death of Alex's at this event.
    expect(made.points).toBe(19);
    expect(made.path).toBe(join(folder, 'Brannoc the Younger.character.json'));
    expect(kinds(made.entries)).toEqual([['new-character', 2]]);
    const young = await read('Brannoc the Younger.character.json');
    expect([young.player, young.ruleset, young.curiousPastimes.startingPoints]).toEqual(['Alex', 'curious-pastimes', 19]);
    expect(made.entries[0]).toMatchObject({ character: young.id, from: EXAMPLES.brannoc.id, player: 'Alex', points: 19 });
    const again = ok(await f.handlers.recordDesk({ folder, eventFile, request: { kind: 'died', character: young.id } }));
    expect(kinds(again.entries)).toEqual([['died', 3]]);
    // Two deaths of Alex's characters at this event: 20 - 2.
    const third = ok(await f.handlers.newCharacterAfterDeath({ folder, eventFile, from: young.id, name: 'Brannoc III' }));
    expect(third.points).toBe(18);
    expect(file(third.desk).count).toBe(4);

    // Another desk (another program on the file) notes something meanwhile: nothing is refused, both stay.
    const other = await EventLog.open(eventFile, { folder });
    const theirs = (await other.append([{ id: 'e0000000-0000-4000-8000-000000000001', at: '2026-10-02T13:00:00+01:00', desk: 'Gate desk', kind: 'note', text: 'Alex asked for a lift home' } as LedgerEntry])).added;
    const late = ok(await f.handlers.recordDesk({ folder, eventFile, request: { kind: 'note', text: 'late' } }));
    expect(late.entries.filter((e) => e.kind === 'note' && e.desk === f.desk.deskIdentity!.name).map((e) => [e.text, e.seq])).toEqual([['late', 5]]);
    expect(await lines(eventFile)).toEqual([...died.entries, ...made.entries, ...again.entries, ...third.entries, ...theirs, late.entries.at(-1)]);
    expect(file(late.desk).count).toBe(6);
  });

  it('a transfer moves the item between the files and queues both for reprint; a return with 3 cards makes the deck 11', async () => {
    const f = await opened();
    const eventFile = f.eventFile;
    const potion = EXAMPLES.dimitri.items[0]!.id;
    const moved = ok(await f.handlers.transferItem({ folder, eventFile, from: EXAMPLES.dimitri.id, item: potion, to: EXAMPLES.aldric.id }));
    // The receiver's file is written before the giver's (the item is never in neither).
    expect(moved.written).toEqual([join(folder, 'aldric.character.json'), join(folder, 'dimitri.character.json')]);
    expect((await read('aldric.character.json')).items.map((i: { id: string }) => i.id)).toEqual([potion]);
    expect((await read('dimitri.character.json')).items).toEqual([]);
    // Nothing was printed yet, so no card to void: the transfer alone.
    expect(moved.entries.map((e) => e.kind)).toEqual(['item-transferred']);
    expect(moved.entries[0]).toMatchObject({ character: EXAMPLES.dimitri.id, item: potion, to: EXAMPLES.aldric.id, seq: 1 });
    expect((await f.event()).entries.map((e) => e.kind)).toEqual(['item-transferred']);
    ok(await f.handlers.recordDesk({ folder, eventFile, request: { kind: 'died', character: EXAMPLES.dimitri.id, cause: 'killing-blow' } }));
    ok(await f.handlers.recordDesk({ folder, eventFile, request: { kind: 'returned', character: EXAMPLES.dimitri.id, how: 'Spark of Life', cards: 3 } }));
    const dimitri = await read('dimitri.character.json');
    // Fortune's Landing: back from the dead, 3 Tiles of Fate cards added to his 8.
    expect([dimitri.status, dimitri.fortunesLanding.tilesOfFate]).toEqual([undefined, 11]);
    // Backups of both files were kept.
    expect((await readdir(join(folder, '.quartermaster-backups'))).length).toBeGreaterThan(0);
    expect((await f.event()).entries.map((e) => [e.kind, e.seq])).toEqual([
      ['item-transferred', 1],
      ['died', 2],
      ['returned', 3],
    ]);
  });

  it('the undo history takes a transfer back and does it again: several requests are one append, and the item follows in the files', async () => {
    const f = await opened();
    const eventFile = f.eventFile;
    const potion = EXAMPLES.dimitri.items[0]!.id;
    const holders = async () => [(await read('dimitri.character.json')).items.length, (await read('aldric.character.json')).items.length];
    const moved = ok(await f.handlers.transferItem({ folder, eventFile, from: EXAMPLES.dimitri.id, item: potion, to: EXAMPLES.aldric.id }));
    expect(moved.made).toEqual(moved.entries.map((e) => e.id));
    expect(await holders()).toEqual([0, 1]);
    // Undo: an undo of each entry the step made, in one append.
    const undone = ok(await f.handlers.recordDesk({ folder, eventFile, request: moved.made.map((target) => ({ kind: 'undo' as const, target, character: EXAMPLES.dimitri.id })) }));
    expect(kinds(undone.entries)).toEqual([['undo', 2]]);
    expect(undone.made).toEqual([undone.entries[0]!.id]);
    expect(await holders()).toEqual([1, 0]);
    // Redo: an undo of the undo; the same transfer entry stands again.
    const redone = ok(await f.handlers.recordDesk({ folder, eventFile, request: [{ kind: 'undo', target: undone.made[0]!, character: EXAMPLES.dimitri.id }] }));
    expect(kinds(redone.entries)).toEqual([['undo', 3]]);
    expect(await holders()).toEqual([0, 1]);
    expect((await f.event()).entries.filter((e) => e.kind === 'item-transferred').map((e) => e.id)).toEqual(moved.made);
  });

  it('refuses a Record… the ledger cannot take, naming why, and writes nothing', async () => {
    const f = await opened();
    const before = await readFile(f.eventFile, 'utf8');
    const files = await Promise.all(['brannoc', 'dimitri', 'aldric'].map((n) => readFile(join(folder, `${n}.character.json`), 'utf8')));
    // A character the folder does not hold, and an item the giver does not have.
    await expect(f.handlers.transferItem({ folder, eventFile: f.eventFile, from: '00000000-0000-4000-8000-000000000009', item: EXAMPLES.dimitri.items[0]!.id, to: EXAMPLES.aldric.id })).rejects.toThrow(/has the id 00000000-0000-4000-8000-000000000009 \(the giver\)/);
    await expect(f.handlers.newCharacterAfterDeath({ folder, eventFile: f.eventFile, from: '00000000-0000-4000-8000-000000000009', name: 'X' })).rejects.toThrow(/has the id 00000000-0000-4000-8000-000000000009/);
    expect(await readFile(f.eventFile, 'utf8')).toBe(before);
    expect(await Promise.all(['brannoc', 'dimitri', 'aldric'].map((n) => readFile(join(folder, `${n}.character.json`), 'utf8')))).toEqual(files);
  });

  it('settling from a listing that is out of date writes over what the file holds now, never over the listing', async () => {
    const f = await opened();
    const brannocFile = join(folder, 'brannoc.character.json');
    // A death in the ledger whose file write never happened (a crash between the two) …
    ok(await f.handlers.recordDesk({ folder, eventFile: f.eventFile, request: { kind: 'died', character: EXAMPLES.brannoc.id } }));
    const event = await f.event();
    // … and meanwhile the player renamed the character in the editor.
    await writeFile(brannocFile, json({ ...EXAMPLES.brannoc, name: 'Brannoc Renamed' }));
    // The desk's listing (its cache) still holds the file as it was before the rename.
    const written = await settleFolder(folder, event, { now: () => NOON }, [exampleDesk('brannoc', {}, brannocFile)]);
    expect(written).toEqual([brannocFile]);
    const brannoc = await read('brannoc.character.json');
    expect([brannoc.name, brannoc.status]).toEqual(['Brannoc Renamed', 'retired']);
    // Settled: again writes nothing.
    expect(await settleFolder(folder, event, { now: () => NOON })).toEqual([]);
  });
});
