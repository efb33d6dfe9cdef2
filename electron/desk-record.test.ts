// The desk's Record… through the IPC handler table, on real files: a Curious Pastimes death, the
// player's new character, an item transfer with its card voided, a Fortune's Landing return.
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EXAMPLES, exampleDesk } from '../core/desk/testing';
import { settleFolder } from './desk-record';
import { foldEvent } from '../core/desk/fold';
import type { DeskFolder, RecordResult } from '../core/ipc/contract';
import { handlerFixture, tempFolder } from './testing';

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
  return { ...f, desk };
}
const file = (d: DeskFolder) => {
  if (d.eventFile.kind !== 'file') throw new Error(`no event file: ${d.eventFile.kind}`);
  return d.eventFile;
};
const ok = (r: RecordResult) => {
  if (!r.ok) throw new Error(r.message);
  return r;
};
const read = async (name: string) => JSON.parse(await readFile(join(folder, name), 'utf8'));

describe('Record… on an event folder', () => {
  it('a Curious Pastimes death retires the file; the new character for Alex starts at 19; a second death makes 18', async () => {
    const f = await opened();
    let ev = file(f.desk);
    const died = ok(await f.handlers.recordDesk({ folder, eventFile: ev.path, expectedHash: ev.hash, request: { kind: 'died', character: EXAMPLES.brannoc.id } }));
    expect(died.written).toEqual([join(folder, 'brannoc.character.json')]);
    const brannoc = await read('brannoc.character.json');
    expect([brannoc.status, brannoc.history.map((h: { kind: string }) => h.kind)]).toEqual(['retired', ['died']]);
    ev = file(died.desk);
    const made = ok(await f.handlers.newCharacterAfterDeath({ folder, eventFile: ev.path, expectedHash: ev.hash, from: EXAMPLES.brannoc.id, name: 'Brannoc the Younger' }));
    expect(made.points).toBe(19);
    const young = await read('Brannoc the Younger.character.json');
    expect([young.player, young.ruleset, young.curiousPastimes.startingPoints]).toEqual(['Alex', 'curious-pastimes', 19]);
    ev = file(made.desk);
    const again = ok(await f.handlers.recordDesk({ folder, eventFile: ev.path, expectedHash: ev.hash, request: { kind: 'died', character: young.id } }));
    ev = file(again.desk);
    const third = ok(await f.handlers.newCharacterAfterDeath({ folder, eventFile: ev.path, expectedHash: ev.hash, from: young.id, name: 'Brannoc III' }));
    expect(third.points).toBe(18);
    // A stale hash is refused and records nothing.
    const stale = await f.handlers.recordDesk({ folder, eventFile: ev.path, expectedHash: ev.hash, request: { kind: 'note', text: 'late' } });
    expect(stale.ok).toBe(false);
  });

  it('a transfer moves the item between the files and queues both for reprint; a return with 3 cards makes the deck 11', async () => {
    const f = await opened();
    let ev = file(f.desk);
    const potion = EXAMPLES.dimitri.items[0]!.id;
    const moved = ok(await f.handlers.transferItem({ folder, eventFile: ev.path, expectedHash: ev.hash, from: EXAMPLES.dimitri.id, item: potion, to: EXAMPLES.aldric.id }));
    expect(moved.written).toEqual([join(folder, 'aldric.character.json'), join(folder, 'dimitri.character.json')]);
    expect((await read('aldric.character.json')).items.map((i: { id: string }) => i.id)).toEqual([potion]);
    expect((await read('dimitri.character.json')).items).toEqual([]);
    ev = file(moved.desk);
    expect(foldEvent(ev.event).entries.map((e) => e.kind)).toEqual(['item-transferred']);
    await f.handlers.recordDesk({ folder, eventFile: ev.path, expectedHash: ev.hash, request: { kind: 'died', character: EXAMPLES.dimitri.id, cause: 'killing-blow' } }).then((r) => (ev = file(ok(r).desk)));
    ok(await f.handlers.recordDesk({ folder, eventFile: ev.path, expectedHash: ev.hash, request: { kind: 'returned', character: EXAMPLES.dimitri.id, how: 'Spark of Life', cards: 3 } }));
    const dimitri = await read('dimitri.character.json');
    expect([dimitri.status, dimitri.fortunesLanding.tilesOfFate]).toEqual([undefined, 11]);
    // Backups of both files were kept.
    expect((await readdir(join(folder, '.quartermaster-backups'))).length).toBeGreaterThan(0);
  });

  it('settling from a listing that is out of date writes over what the file holds now, never over the listing', async () => {
    const f = await opened();
    const ev = file(f.desk);
    const brannocFile = join(folder, 'brannoc.character.json');
    // A death in the ledger whose file write never happened (a crash between the two) …
    const died = ok(await f.handlers.recordDesk({ folder, eventFile: ev.path, expectedHash: ev.hash, request: { kind: 'died', character: EXAMPLES.brannoc.id } }));
    const event = file(died.desk).event;
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
