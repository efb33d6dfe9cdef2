// The fake main process's event file log against what node/event-log/event-log.ts does (its own
// tests are node/event-log/event-log.test.ts): seq per desk key, entries already there skipped,
// other desks' entries answered as `external`, loadEventFolder with and without the ledger.
import { describe, expect, it, vi } from 'vitest';
import type { LedgerEntry } from '../../core/desk/entries';
import { newEvent } from '../../core/desk/event';
import type { DeskEntries } from '../../core/ipc/contract';
import { fakeDesk } from './fake-desk';

const FOLDER = '/events/Autumn Muster';
const FILE = `${FOLDER}/Autumn Muster.event.json`;
const START = newEvent({ name: 'Autumn Muster', game: 'fortunes-landing', start: '2026-10-02', end: '2026-10-04', id: '3a1c2b4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d' });
const CHARACTER = '7904bd13-6520-45b6-90dd-75f7a9b57850';
const FRONT = 'd35c0000-0000-4000-8000-000000000001';
const id = (n: number) => `e0000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
const note = (n: number, over: Partial<LedgerEntry> = {}): LedgerEntry => ({ id: id(n), at: '2026-10-02T10:00:00+01:00', desk: 'Front desk', deskId: FRONT, kind: 'note', text: `note ${n}`, ...over }) as LedgerEntry;

function setUp(entries: LedgerEntry[] = []) {
  const pushed: DeskEntries[] = [];
  const { desk, methods } = fakeDesk((u) => void pushed.push(u));
  desk.addFolder({ folder: FOLDER, rows: [], eventFile: FILE, event: { ...START, entries } });
  return { desk, methods, pushed, append: (entries: LedgerEntry[]) => methods.appendDeskEntries({ folder: FOLDER, eventFile: FILE, entries }) };
}

describe('the fake event file log', () => {
  it('gives each desk key (its id, else its name) the seqs 1, 2, 3 in the order made, continuing from the file', async () => {
    const { append, desk } = setUp([note(1, { seq: 4 })]);
    const r = await append([note(2), note(3, { desk: 'Gate', deskId: undefined }), note(4)]);
    expect(r.added.map((e) => [e.id, e.seq])).toEqual([
      [id(2), 5],
      [id(3), 1],
      [id(4), 6],
    ]);
    // Renamed, the desk keeps its id, so its numbering.
    expect((await append([note(5, { desk: 'Front desk (renamed)' })])).added[0]!.seq).toBe(7);
    expect(desk.log(FILE).lines.map((e) => e.id)).toEqual([1, 2, 3, 4, 5].map(id));
  });

  it("writes an entry made earlier than its desk's last entry at that entry's instant", async () => {
    const { append } = setUp([note(1, { at: '2026-10-02T11:00:00+01:00', seq: 1 })]);
    const [e] = (await append([note(2, { at: '2026-10-02T09:30:00Z' })])).added;
    expect(e).toMatchObject({ at: '2026-10-02T10:00:00.000Z', seq: 2 });
  });

  it('skips entries already in the ledger (as made or as written), refuses one with other content', async () => {
    const { append, desk } = setUp();
    const [written] = (await append([note(1)])).added;
    expect(await append([note(1)])).toEqual({ added: [], external: [] });
    expect(await append([written!])).toEqual({ added: [], external: [] });
    await expect(append([note(1, { text: 'other' } as Partial<LedgerEntry>)])).rejects.toThrow(/already in the ledger with other content/);
    await expect(append([{ ...note(2), kind: 'nonsense' } as unknown as LedgerEntry])).rejects.toThrow(/nothing was written/);
    expect(desk.log(FILE).lines).toHaveLength(1);
  });

  it('answers what others appended meanwhile as external, once; pushes it when main reads it, or at once', async () => {
    const { append, desk, pushed, methods } = setUp();
    const [theirs] = desk.appendElsewhere(FILE, [note(1, { desk: 'Gate', deskId: undefined })]);
    expect(theirs!.seq).toBe(1);
    expect(pushed).toEqual([]);
    const r = await append([note(2)]);
    expect(r.external.map((e) => e.id)).toEqual([id(1)]);
    expect(pushed).toEqual([{ eventFile: FILE, entries: [theirs] }]);
    expect((await append([note(3)])).external).toEqual([]);
    // Read by a load: pushed then.
    desk.appendElsewhere(FILE, [note(4, { desk: 'Gate', deskId: undefined })]);
    await methods.loadEventFolder({ folder: FOLDER, ledger: false });
    expect(pushed.at(-1)!.entries.map((e) => [e.id, e.seq])).toEqual([[id(4), 2]]);
    // Pushed at once (the sync took it in); never pushed (only a load with the ledger has it).
    desk.appendElsewhere(FILE, [note(5, { desk: 'Gate', deskId: undefined })], 'pushed');
    expect(pushed.at(-1)!.entries.map((e) => e.id)).toEqual([id(5)]);
    desk.appendElsewhere(FILE, [note(6, { desk: 'Gate', deskId: undefined })], 'unannounced');
    expect(pushed).toHaveLength(3);
    expect((await append([note(7)])).external).toEqual([]);
  });

  it('loads the folder with the ledger, or (ledger: false) only how many entries main holds', async () => {
    const { append, methods } = setUp([note(1, { seq: 1 })]);
    await append([note(2)]);
    const whole = await methods.loadEventFolder({ folder: FOLDER });
    const light = await methods.loadEventFolder({ folder: FOLDER, eventFile: FILE, ledger: false });
    expect(whole.eventFile).toMatchObject({ kind: 'file', path: FILE, count: 2, problems: [] });
    expect(whole.eventFile.kind === 'file' && whole.eventFile.entries!.map((e) => e.id)).toEqual([id(1), id(2)]);
    expect(light.eventFile).toMatchObject({ kind: 'file', path: FILE, entries: null, count: 2 });
    expect(light.eventFile.kind === 'file' && light.eventFile.header).toMatchObject({ version: 3, name: 'Autumn Muster' });
    await expect(methods.loadEventFolder({ folder: '/elsewhere' })).rejects.toThrow(/does not exist/);
    // The answers are copies: the window never shares an object with main.
    const again = await methods.loadEventFolder({ folder: FOLDER });
    expect(again.eventFile.kind === 'file' && again.eventFile.entries![0]).not.toBe(whole.eventFile.kind === 'file' && whole.eventFile.entries![0]);
    expect(vi.isMockFunction(methods.loadEventFolder)).toBe(true);
  });
});
