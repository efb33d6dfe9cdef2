// @vitest-environment jsdom
// The desk view's ledger (renderer/desk/append.ts) over the fake main process's event file log
// (renderer/testing/fake-desk.ts): the window holds the ledger it was sent on opening and adds only new
// entries to it — the answers to its appends, Record…'s and the reprint's entries, and the entries
// main pushes as they reach the file from elsewhere — reading the ledger whole again only when it
// holds fewer entries than the file. Check-in, check-out and undo in one second, in the order the
// seq the log gives them says (core/desk/order.ts: entries of one instant by desk, then seq).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { checkIn, checkOut } from '../../core/desk/checkin';
import { characterFold } from '../../core/desk/fold';
import { newEvent, type DeskEvent } from '../../core/desk/event';
import type { DeskCharacter } from '../../core/desk/characters';
import { newPrint, recordPrints } from '../../core/desk/lifecycle';
import { EXAMPLES, exampleDesk, stampAt } from '../../core/desk/testing';
import type { AppendOutcome, ReprintOutcome } from '../../core/ipc/contract';
import { viewRows } from '../../core/desk/view-rows';
import { deskActionsFor, DOUBLE_CLICK_MS } from './actions';
import { deskStoreFor } from './store';
import { fakeApi, type FakeApi } from '../testing/fake-api';
import { holdAppends } from '../testing/hold-appends';
import { renderApp } from '../testing/render';

afterEach(() => cleanup());

const FOLDER = '/home/ana/Events/Autumn Muster';
const FILE = `${FOLDER}/Autumn Muster.event.json`;
/** The desk's clock stands still: every entry made here is made in the same second. */
const NOW = new Date('2026-10-02T17:05:00Z');
const START = newEvent({ name: 'Autumn Muster', game: 'fortunes-landing', start: '2026-10-02', end: '2026-10-04', id: '3a1c2b4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d' });
const FRONT_DESK = { id: '6d1f4c2a-8b3e-4f5a-9c7d-2e1b0a9f8e7d', name: 'Front desk' };
const NAMES = ['dimitri', 'aldric', 'vasil', 'elowen'] as const;
const files = (): DeskCharacter[] => NAMES.map((n) => exampleDesk(n, {}, `${FOLDER}/${n}.character.json`));

async function openDesk(options: { event?: DeskEvent; files?: () => DeskCharacter[] } = {}) {
  const api = fakeApi({ settings: { locale: 'en-GB' } });
  const read = options.files ?? files;
  api.desk.addFolder({ folder: FOLDER, rows: () => viewRows(read()), eventFile: FILE, event: options.event ?? START, deskIdentity: FRONT_DESK });
  const store = deskStoreFor(api);
  deskActionsFor(store, api, { now: () => NOW });
  renderApp(api);
  fireEvent.click(await screen.findByRole('button', { name: /^Event desk/ }));
  // The desk view is loaded on first use: the first test of the file waits for its modules.
  await screen.findByRole('heading', { level: 1, name: 'Event desk' }, { timeout: 10_000 });
  fireEvent.click(screen.getAllByRole('button', { name: 'Open event folder…' })[0]!);
  await screen.findByRole('table');
  const log = api.desk.log(FILE);
  /** The window's ledger: the entries array its event snapshots share (a new one only when it is read whole again). */
  const held = () => store.get().event!.entries;
  /** The loads that asked for the whole ledger (opening the folder is not one: it is openEventFolder). */
  const wholeReads = () => vi.mocked(api.loadEventFolder).mock.calls.filter((c) => c[0].ledger !== false).length;
  return { api, store, log, held, wholeReads };
}

const totals = () => within(screen.getByRole('list', { name: 'Totals' })).getAllByRole('listitem').map((li) => li.textContent);
const checkedIn = () => totals()[3];
const row = (name: string) => screen.getAllByRole('row').find((r) => r.querySelector('.desk-character')?.textContent === name)!;
/** Whether the row offers to check the character out (it is in) or in. */
const isIn = (name: string) => within(row(name)).queryByRole('button', { name: `Check out ${name}` }) !== null;
/** Lets the timers and promises of the view run (the refresh after a focus waits 250 ms). */
const settle = (ms = 0) => act(async () => new Promise((r) => setTimeout(r, ms)));


describe('the window adds only new entries to its ledger', () => {
  it('a check-in is shown from the answer to its append: the ledger is added to, never read whole again, and a refresh asks without it', async () => {
    const { api, held, wholeReads } = await openDesk();
    const ledger = held();
    fireEvent.click(screen.getByRole('button', { name: 'Check in Dimitri' }));
    await waitFor(() => expect(checkedIn()).toBe('1 checked in'));
    // The same array, one entry longer: the answer's entry was added to the ledger the window holds.
    expect(held()).toBe(ledger);
    expect(held()).toHaveLength(1);
    expect(held()[0]).toMatchObject({ kind: 'check-in', character: EXAMPLES.dimitri.id, seq: 1 });
    expect(wholeReads()).toBe(0);

    // The library watcher (a character saved) reads the folder again: without the ledger, which the window holds whole.
    act(() => api.fireLibraryChanged());
    await waitFor(() => expect(api.loadEventFolder).toHaveBeenCalledWith({ folder: FOLDER, eventFile: FILE, ledger: false }));
    await settle();
    expect(wholeReads()).toBe(0);
    expect(held()).toBe(ledger);
    expect(checkedIn()).toBe('1 checked in');
  });

  it("shows entries main pushes as they reach the file (another desk's, through sharing): those rows follow, nothing is read again", async () => {
    const { api, held, wholeReads, log } = await openDesk();
    const ledger = held();
    const gate = checkIn(START, EXAMPLES.aldric.id, stampAt('2026-10-02T18:01:00+01:00', 'Gate')).entries;
    act(() => void api.desk.appendElsewhere(FILE, gate, 'pushed'));
    expect(checkedIn()).toBe('1 checked in');
    expect(isIn('Aldric of the Vale')).toBe(true);
    expect(held()).toBe(ledger);
    // The same entries pushed again (main sends what it read, also in an append's answer) change nothing.
    act(() => api.pushDeskEntries({ eventFile: FILE, entries: log.lines }));
    expect(held()).toHaveLength(1);
    // Entries of another event file (another folder's) are not this window's.
    const elsewhere = checkIn(START, EXAMPLES.vasil.id, stampAt('2026-10-02T18:02:00+01:00', 'Gate')).entries;
    act(() => api.pushDeskEntries({ eventFile: '/home/ana/Events/Spring/Spring.event.json', entries: elsewhere }));
    expect(checkedIn()).toBe('1 checked in');
    // The other desk checks Aldric out again: the row follows.
    const out = checkOut(log.event, EXAMPLES.aldric.id, stampAt('2026-10-02T18:03:00+01:00', 'Gate')).entries;
    act(() => void api.desk.appendElsewhere(FILE, out, 'pushed'));
    expect(checkedIn()).toBe('0 checked in');
    expect(isIn('Aldric of the Vale')).toBe(false);
    expect(held()).toBe(ledger);
    expect(held().map((e) => [e.desk, e.kind, e.seq])).toEqual([
      ['Gate', 'check-in', 1],
      ['Gate', 'check-out', 2],
    ]);
    expect(api.loadEventFolder).not.toHaveBeenCalled();
    expect(wholeReads()).toBe(0);
  });

  it('shows what another program appended once main reads the file: at the next refresh (the window got the focus back), pushed, without the whole ledger', async () => {
    const { api, held, wholeReads } = await openDesk();
    const ledger = held();
    const cli = checkIn(START, EXAMPLES.elowen.id, stampAt('2026-10-02T18:04:00+01:00', 'Command line')).entries;
    api.desk.appendElsewhere(FILE, cli, 'next-read');
    await settle();
    expect(checkedIn()).toBe('0 checked in');
    act(() => void window.dispatchEvent(new Event('focus')));
    await waitFor(() => expect(checkedIn()).toBe('1 checked in'));
    expect(vi.mocked(api.loadEventFolder).mock.calls.map((c) => c[0])).toEqual([{ folder: FOLDER, eventFile: FILE, ledger: false }]);
    expect(wholeReads()).toBe(0);
    expect(held()).toBe(ledger);
  });

  it('reads the ledger whole again when the window holds fewer entries than the file (an arrival it was not sent)', async () => {
    const { api, held, wholeReads } = await openDesk();
    const ledger = held();
    const missed = checkIn(START, EXAMPLES.vasil.id, stampAt('2026-10-02T18:04:00+01:00', 'Gate')).entries;
    api.desk.appendElsewhere(FILE, missed, 'unannounced');
    act(() => api.fireLibraryChanged());
    await waitFor(() => expect(checkedIn()).toBe('1 checked in'));
    expect(vi.mocked(api.loadEventFolder).mock.calls.map((c) => c[0])).toEqual([
      { folder: FOLDER, eventFile: FILE, ledger: false },
      { folder: FOLDER, eventFile: FILE },
    ]);
    expect(wholeReads()).toBe(1);
    // A ledger made afresh from what main sent.
    expect(held()).not.toBe(ledger);
    expect(held().map((e) => e.id)).toEqual([missed[0]!.id]);
    // Now it holds the file whole: the next refresh asks without it again.
    act(() => api.fireLibraryChanged());
    await waitFor(() => expect(api.loadEventFolder).toHaveBeenCalledTimes(3));
    await settle();
    expect(wholeReads()).toBe(1);
  });

  it("applies Record…'s and the reprint's entries from their answers", async () => {
    const { api, held, wholeReads, log } = await openDesk();
    const ledger = held();
    const dimitri = files()[0]!;
    if (!dimitri.readable) throw new Error('example');
    api.previewReprint = vi.fn(async () => ({ characters: 1, everyone: false, unchanged: 3, cards: 1, pages: 1, rulesets: ['fortunes-landing' as const], problems: [] }));
    api.reprintChanged = vi.fn(async ({ eventFile }): Promise<ReprintOutcome> => {
      const { entries } = recordPrints(log.event, [newPrint(dimitri, ['CH-AAAAA-AAAAA'])], { at: '2026-10-02T18:05:00+01:00', desk: FRONT_DESK.name, deskId: FRONT_DESK.id });
      const recorded = api.desk.recordEntries(eventFile, entries);
      return { kind: 'printed', path: `${FOLDER}/cards.pdf`, cards: 1, pages: 1, printed: [{ id: EXAMPLES.dimitri.id, file: dimitri.file, name: 'Dimitri', player: 'Sam', reason: 'never-printed', previousAt: null }], voids: [], skipped: [], problems: [], entries: recorded };
    });
    expect(within(row('Dimitri')).getByText('Not printed for this event')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reprint changed…' }));
    const ask = within(await screen.findByRole('dialog', { name: 'Print changed cards' }));
    fireEvent.click(await ask.findByRole('button', { name: 'Print 1 character…' }));
    await screen.findByRole('region', { name: 'Reprint changed' });
    await waitFor(() => expect(within(row('Dimitri')).getByText('Current')).toBeTruthy());
    expect(held()).toBe(ledger);
    expect(held().map((e) => [e.kind, e.seq])).toEqual([['printed', 1]]);
    expect(wholeReads()).toBe(0);
  });
});

describe('check-in, check-out and undo in one second', () => {
  it('folds in the order of the seq the log gives them: in, out, undo the out (in again), undo the in (out)', async () => {
    const { log, held } = await openDesk();
    /** Dimitri's check-in time as the window's ledger folds it. */
    const state = () => characterFold({ ...START, entries: held() }, EXAMPLES.dimitri.id).checkedInAt;
    fireEvent.click(screen.getByRole('button', { name: 'Check in Dimitri' }));
    await waitFor(() => expect(checkedIn()).toBe('1 checked in'));
    const at = state();
    expect(at).toMatch(/^2026-10-02T\d{2}:05:00[+-]\d{2}:\d{2}$/);
    // A click on "Check out" at once is the second click of a double click: nothing happens.
    fireEvent.click(screen.getByRole('button', { name: 'Check out Dimitri' }));
    await settle();
    expect(checkedIn()).toBe('1 checked in');
    expect(log.lines).toHaveLength(1);
    // A moment later it is a check-out. Made in the same second by the desk's clock: it folds after
    // the check-in because its seq is higher.
    await act(async () => new Promise((r) => setTimeout(r, DOUBLE_CLICK_MS + 50)));
    fireEvent.click(screen.getByRole('button', { name: 'Check out Dimitri' }));
    await waitFor(() => expect(checkedIn()).toBe('0 checked in'));
    expect(log.lines.map((e) => [e.kind, e.at, e.seq])).toEqual([
      ['check-in', at, 1],
      ['check-out', at, 2],
    ]);
    expect(screen.getByRole('button', { name: 'Undo check-out of Dimitri' })).toBeTruthy();

    fireEvent.keyDown(window, { key: 'z', ctrlKey: true });
    await waitFor(() => expect(checkedIn()).toBe('1 checked in'));
    // In again, with the time of the first check-in.
    expect(state()).toBe(at);
    expect(screen.getByText('Check-out of Dimitri undone')).toBeTruthy();
    fireEvent.keyDown(window, { key: 'z', ctrlKey: true });
    await waitFor(() => expect(checkedIn()).toBe('0 checked in'));
    expect(screen.getByText('Check-in of Dimitri undone')).toBeTruthy();
    const [checkInEntry, checkOutEntry, undoOut, undoIn] = log.lines;
    expect(log.lines.map((e) => [e.kind, e.seq])).toEqual([
      ['check-in', 1],
      ['check-out', 2],
      ['undo', 3],
      ['undo', 4],
    ]);
    expect([undoOut!.kind === 'undo' && undoOut!.target, undoIn!.kind === 'undo' && undoIn!.target]).toEqual([checkOutEntry!.id, checkInEntry!.id]);
    // An undo counts only after its target: each is dated a millisecond after the second they share.
    expect(Date.parse(undoOut!.at) - Date.parse(at!)).toBe(1);
    expect(Date.parse(undoIn!.at)).toBeGreaterThanOrEqual(Date.parse(undoOut!.at));
    // The window folded what main holds, entry for entry.
    expect(held().map((e) => e.id)).toEqual(log.event.entries.map((e) => e.id));
    expect(characterFold({ ...START, entries: held() }, EXAMPLES.dimitri.id)).toEqual(characterFold(log.event, EXAMPLES.dimitri.id));
    expect((screen.getByRole('button', { name: 'Undo' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("numbers this desk's entries apart from another desk's arriving between them, and undoes a player's group in one append", async () => {
    // Sam plays Dimitri and (here) Elowen too.
    const { api, log } = await openDesk({ files: () => files().map((c) => (c.readable && c.character.id === EXAMPLES.elowen.id ? exampleDesk('elowen', { player: 'Sam' }, c.file) : c)) });
    fireEvent.click(screen.getByRole('button', { name: 'Check in all 2 characters of Sam' }));
    await waitFor(() => expect(checkedIn()).toBe('2 checked in'));
    const gate = checkIn(log.event, EXAMPLES.vasil.id, stampAt('2026-10-02T17:05:00Z', 'Gate')).entries;
    act(() => void api.desk.appendElsewhere(FILE, gate, 'pushed'));
    expect(checkedIn()).toBe('3 checked in');
    fireEvent.click(screen.getByRole('button', { name: 'Check in Aldric of the Vale' }));
    await waitFor(() => expect(checkedIn()).toBe('4 checked in'));
    // Undo Aldric, then Sam's two at once (one append of two undo entries).
    fireEvent.keyDown(window, { key: 'z', ctrlKey: true });
    await waitFor(() => expect(checkedIn()).toBe('3 checked in'));
    fireEvent.keyDown(window, { key: 'z', ctrlKey: true });
    await waitFor(() => expect(checkedIn()).toBe('1 checked in'));
    expect(isIn('Васил Вещера')).toBe(true);
    expect(log.lines.map((e) => [e.desk, e.kind, e.seq])).toEqual([
      ['Front desk', 'check-in', 1],
      ['Front desk', 'check-in', 2],
      ['Gate', 'check-in', 1],
      ['Front desk', 'check-in', 3],
      ['Front desk', 'undo', 4],
      ['Front desk', 'undo', 5],
      ['Front desk', 'undo', 6],
    ]);
    const appended = vi.mocked(api.appendDeskEntries).mock.calls.map((c) => c[0].entries.map((e) => e.kind));
    expect(appended).toEqual([['check-in', 'check-in'], ['check-in'], ['undo'], ['undo', 'undo']]);
  });
});

describe('changes made while an append is on its way', () => {
  it('sends one append at a time, in the order made', async () => {
    const { api, log } = await openDesk();
    const hold = holdAppends(api);
    fireEvent.click(screen.getByRole('button', { name: 'Check in Dimitri' }));
    fireEvent.click(screen.getByRole('button', { name: 'Check in Elowen Marsh' }));
    await waitFor(() => expect(hold.waiting()).toBe(1));
    await settle();
    expect(api.appendDeskEntries).toHaveBeenCalledTimes(1);
    // Both shown at once, and the status never says "saved" before the answers (the style shows "Saving…" only when one is slow).
    expect(checkedIn()).toBe('2 checked in');
    expect(document.querySelector('.desk .save-state')!.textContent).toBe('Saving check-ins…');
    await hold.release();
    await hold.release();
    await waitFor(() => expect(checkedIn()).toBe('2 checked in'));
    expect(log.lines.map((e) => [e.character, e.seq])).toEqual([
      [EXAMPLES.dimitri.id, 1],
      [EXAMPLES.elowen.id, 2],
    ]);
    expect(document.querySelector('.desk .save-state')!.textContent).toBe('All check-ins saved');
  });

  it('a second "Check in" of the same character before the first is on disk makes no second check-in (checking in twice makes no entry)', async () => {
    const { api, log } = await openDesk();
    const hold = holdAppends(api);
    const button = screen.getByRole('button', { name: 'Check in Dimitri' });
    fireEvent.click(button);
    fireEvent.click(button);
    await hold.release();
    await settle();
    expect(hold.waiting()).toBe(0);
    await waitFor(() => expect(checkedIn()).toBe('1 checked in'));
    expect(log.lines.map((e) => e.kind)).toEqual(['check-in']);
    // One undo takes him out: no second check-in is left behind.
    fireEvent.keyDown(window, { key: 'z', ctrlKey: true });
    await hold.release();
    await waitFor(() => expect(checkedIn()).toBe('0 checked in'));
    expect(log.lines.map((e) => e.kind)).toEqual(['check-in', 'undo']);
  });

  it('Ctrl+Z right after a check-in undoes that check-in, even before it is on disk', async () => {
    const { api, log } = await openDesk();
    fireEvent.click(screen.getByRole('button', { name: 'Check in Aldric of the Vale' }));
    await waitFor(() => expect(checkedIn()).toBe('1 checked in'));
    const hold = holdAppends(api);
    fireEvent.click(screen.getByRole('button', { name: 'Check in Dimitri' }));
    fireEvent.keyDown(window, { key: 'z', ctrlKey: true });
    await hold.release();
    await hold.release();
    await settle();
    // Dimitri in and out again; Aldric, checked in before, stays in.
    await waitFor(() => expect(log.lines.map((e) => e.kind)).toEqual(['check-in', 'check-in', 'undo']));
    const [, dimitri, undo] = log.lines;
    expect(dimitri).toMatchObject({ character: EXAMPLES.dimitri.id });
    expect(undo).toMatchObject({ kind: 'undo', target: dimitri!.id });
    expect(checkedIn()).toBe('1 checked in');
    expect(isIn('Aldric of the Vale')).toBe(true);
    expect(isIn('Dimitri')).toBe(false);
  });
});
