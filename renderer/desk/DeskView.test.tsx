// @vitest-environment jsdom
// The desk view over a fake API: the rows the main process would send (electron/desk/desk.ts viewRows
// over the shipped examples), check-in and undo with the appends they make (each entry given its
// desk's seq by the event file's log), another desk's entries arriving while a check-in is on its
// way, a failed append, filters, the event file form, verifying a card, the reprint's voided
// serials, and Bulgarian. Expected values are worked out from the rule texts in the comments.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { checkIn } from '../../core/desk/checkin';
import { newEvent, type DeskEvent } from '../../core/desk/event';
import { EXAMPLES, exampleDesk, stampAt } from '../../core/desk/testing';
import { characterFold, foldEvent } from '../../core/desk/fold';
import type { AppendOutcome } from '../../core/ipc/contract';
import type { LedgerEntry } from '../../core/desk/entries';
import { viewRows } from '../../core/desk/view-rows';
import { deskActionsFor } from './actions';
import { deskStoreFor } from './store';
import { setLanguage, setLocale } from '../app/i18n';
import { fakeApi, type FakeApi } from '../testing/fake-api';
import { holdAppends } from '../testing/hold-appends';
import { renderApp } from '../testing/render';

afterEach(() => {
  cleanup();
  act(() => {
    setLanguage('en');
    setLocale('');
  });
});

const EVENT_FOLDER = '/home/ana/Events/Autumn Muster';
const EVENT_FILE = `${EVENT_FOLDER}/Autumn Muster.event.json`;
/** The desk's clock: 17:05 UTC on the first day (check-in times carry the machine's UTC offset). */
const NOW = new Date('2026-10-02T17:05:00Z');
const START = newEvent({ name: 'Autumn Muster', game: 'fortunes-landing', start: '2026-10-02', end: '2026-10-04', id: '3a1c2b4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d' });
/** This desk, as the main process's settings name it. */
const FRONT_DESK = { id: '6d1f4c2a-8b3e-4f5a-9c7d-2e1b0a9f8e7d', name: 'Front desk' };

/** Dimitri (Sam), Aldric (Priya), Vasil (Георги), Elowen (Dana), all clean; Borislav (Ivan) breaks two bg-magic rules. */
function addFolder(api: FakeApi, event: DeskEvent | null = START) {
  const files = (['dimitri', 'aldric', 'vasil', 'elowen', 'borislav'] as const).map((n) => exampleDesk(n, {}, `${EVENT_FOLDER}/${n}.character.json`));
  api.desk.addFolder({
    folder: EVENT_FOLDER,
    rows: viewRows(files),
    eventFile: EVENT_FILE,
    event,
    suggested: { name: 'Autumn Muster', game: 'fortunes-landing', start: '2026-10-02', end: '2026-10-02' },
    deskIdentity: FRONT_DESK,
  });
}

/** The app with the desk open on the folder; the fake main process keeps its event file's log. */
async function openDesk(options: { event?: DeskEvent | null; api?: FakeApi } = {}) {
  // A UK desk: the settings say en-GB for dates, times and numbers.
  const api = options.api ?? fakeApi({ settings: { locale: 'en-GB' } });
  addFolder(api, options.event === undefined ? START : options.event);
  // The desk's clock, before the view makes its actions.
  deskActionsFor(deskStoreFor(api), api, { now: () => NOW });
  const rendered = renderApp(api);
  fireEvent.click(await screen.findByRole('button', { name: /^Event desk/ }));
  // The desk view is loaded on first use: the first test of the file waits for its modules.
  await screen.findByRole('heading', { level: 1, name: 'Event desk' }, { timeout: 10_000 });
  fireEvent.click(screen.getAllByRole('button', { name: 'Open event folder…' })[0]!);
  await screen.findByRole('table');
  /** The entries each append sent, in order. */
  const appends = () => vi.mocked(api.appendDeskEntries).mock.calls.map((c) => c[0].entries);
  /** The event file's lines (as the log wrote them: with their seq). */
  const lines = () => api.desk.log(EVENT_FILE).lines;
  return { ...rendered, api, appends, lines };
}

const totals = (label = 'Totals') => within(screen.getByRole('list', { name: label })).getAllByRole('listitem').map((li) => li.textContent);
const row = (name: string) => screen.getAllByRole('row').find((r) => r.querySelector('.desk-character')?.textContent === name)!;
const cells = (name: string) => within(row(name)).getAllByRole('cell').map((c) => c.textContent);
const saveState = () => document.querySelector('.desk .save-state')!.textContent;


describe('the event desk view', () => {
  it('shows every character grouped by player, problems first, with its values, rule problems and totals', async () => {
    await openDesk();
    expect(totals()).toEqual(['5 characters', '4 clean', '1 with errors', '0 checked in']);
    // Ivan has the problems, so his group comes first; then the players alphabetically.
    expect([...document.querySelectorAll('.desk-group-name')].map((g) => g.textContent)).toEqual(['Ivan', 'Dana', 'Priya', 'Sam', 'Георги']);
    // Fortune's Landing: Dimitri's light chain is 3 on the torso; Aldric's plate (5) on the torso and
    // heavy leather (2) on both legs average to (5 + 2 + 2) / 3 = 3 over the three areas. No values
    // beyond armour in that game.
    expect(cells('Dimitri')).toEqual(["Fortune's Landing", 'Clean', '3 over torso', '—None in this game', 'Not printed for this event', 'Check inRecord…']);
    expect(cells('Aldric of the Vale')[2]).toBe('3 over torso, left leg, right leg');
    // Novitas: 12 from the skill + 8 from the ring = 20 against the cap, 2 more from the amulet that
    // break cap; the cap is 20 a day; Revive (5 - 1) × 3 + Purify Spirit 3 × 3 = 21 planned.
    expect(cells('Elowen Marsh')[3]).toBe('Power points 20 + 2 break-cap, cap 20 a day, planned 21');
    // bg-magic: a role mage entitled to leather has one half more than a battle mage's 4: energy 6.
    expect(cells('Васил Вещера').slice(2, 4)).toEqual(['Leather (torso)', 'Energy 6']);
    // Borislav: a shield, and metal over metal.
    const borislav = within(row('Борислав'));
    expect(borislav.getByText('Errors')).toBeTruthy();
    expect(borislav.getAllByRole('listitem').map((li) => li.textContent)).toEqual([expect.stringMatching(/^Error: .*both metal armour/), expect.stringMatching(/^Error: .*a mage may not use a shield/)]);
  });

  it('checks in a character and a player, undoes with Ctrl+Z and the Edit menu: each change one append, each entry given the next seq of this desk', async () => {
    const { api, appends, lines } = await openDesk();
    fireEvent.click(screen.getByRole('button', { name: 'Check in Dimitri' }));
    // Shown once the event file has it.
    await waitFor(() => expect(totals()[3]).toBe('1 checked in'));
    expect(within(row('Dimitri')).getByRole('button', { name: 'Check out Dimitri' })).toBeTruthy();
    expect(appends()).toEqual([[expect.objectContaining({ kind: 'check-in', character: EXAMPLES.dimitri.id, desk: 'Front desk', deskId: FRONT_DESK.id })]]);
    // The desk stamps the entry as the log does (this desk's first: 1), so what it shows at once is what is written.
    expect(appends()[0]![0]!.seq).toBe(1);
    expect(lines().map((e) => [e.kind, e.seq])).toEqual([['check-in', 1]]);
    // The time as the desk's clock read it, with its offset: the hour depends on the machine's zone.
    expect(characterFold(api.desk.log(EVENT_FILE).event, EXAMPLES.dimitri.id).checkedInAt).toMatch(/^2026-10-02T\d{2}:05:00[+-]\d{2}:\d{2}$/);

    fireEvent.click(screen.getByRole('button', { name: /^Check in (all \d+ characters|the character) of Priya$/ }));
    await waitFor(() => expect(totals()[3]).toBe('2 checked in'));
    expect(screen.getByRole('button', { name: 'Undo check-in of Priya' })).toBeTruthy();
    expect(lines().map((e) => [e.kind, e.character, e.seq])).toEqual([
      ['check-in', EXAMPLES.dimitri.id, 1],
      ['check-in', EXAMPLES.aldric.id, 2],
    ]);

    fireEvent.keyDown(window, { key: 'z', ctrlKey: true });
    await waitFor(() => expect(totals()[3]).toBe('1 checked in'));
    // The name first, so one ending in a full stop ("Chen A.") is not followed by another.
    expect(screen.getByText('Check-in of Priya undone')).toBeTruthy();
    expect(within(row('Aldric of the Vale')).getByRole('button', { name: 'Check in Aldric of the Vale' })).toBeTruthy();
    act(() => api.fireMenuCommand('undo'));
    await waitFor(() => expect(totals()[3]).toBe('0 checked in'));
    expect(saveState()).toBe('All check-ins saved');
    // Undo never deletes: the check-ins stay in the ledger, each cancelled by an undo entry (newest first), seq 3 and 4.
    const written = lines();
    expect(written.map((e) => [e.kind, e.seq])).toEqual([
      ['check-in', 1],
      ['check-in', 2],
      ['undo', 3],
      ['undo', 4],
    ]);
    expect(written.slice(2).map((e) => e.kind === 'undo' && e.target)).toEqual([written[1]!.id, written[0]!.id]);
    const folded = foldEvent(api.desk.log(EVENT_FILE).event);
    expect(folded.characters.size).toBeGreaterThan(0);
    expect([...folded.characters.values()].every((c) => c.checkedInAt === null)).toBe(true);
    expect(appends()).toHaveLength(4);
    expect((screen.getByRole('button', { name: 'Undo' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('leaves Ctrl+Z to a text box that has the focus and typing in it', async () => {
    await openDesk();
    fireEvent.click(screen.getByRole('button', { name: 'Check in Dimitri' }));
    await waitFor(() => expect(totals()[3]).toBe('1 checked in'));
    const search = screen.getByRole('searchbox', { name: /^Search/ });
    search.focus();
    // With typing in it (the empty search box, where a check-in leaves the focus, has none to undo: there Ctrl+Z undoes the check-in).
    fireEvent.change(search, { target: { value: 'Dim' } });
    fireEvent.keyDown(search, { key: 'z', ctrlKey: true });
    await act(async () => new Promise((r) => setTimeout(r, 0)));
    expect(totals()[3]).toBe('1 checked in');
  });

  it("keeps both a check-in on its way and another desk's check-in pushed meanwhile (sharing)", async () => {
    const { api, lines } = await openDesk();
    const hold = holdAppends(api);
    fireEvent.click(screen.getByRole('button', { name: 'Check in Dimitri' }));
    await waitFor(() => expect(hold.waiting()).toBe(1));
    // Shown at once, and the status never says "saved" before the answer (the style shows "Saving…" only when it is slow).
    expect(totals()[3]).toBe('1 checked in');
    expect(saveState()).toBe('Saving check-ins…');
    // Meanwhile the sync takes in Vasil's check-in from the gate: main appends it and pushes it.
    const theirs = checkIn(START, EXAMPLES.vasil.id, stampAt('2026-10-02T18:01:00+01:00', 'Gate')).entries;
    act(() => void api.desk.appendElsewhere(EVENT_FILE, theirs, 'pushed'));
    expect(totals()[3]).toBe('2 checked in');
    expect(within(row('Васил Вещера')).getByRole('button', { name: 'Check out Васил Вещера' })).toBeTruthy();
    await hold.release();
    await waitFor(() => expect(totals()[3]).toBe('2 checked in'));
    expect(saveState()).toBe('All check-ins saved');
    // Both in the file, each with the seq of its own desk.
    expect(lines().map((e) => [e.desk, e.character, e.seq])).toEqual([
      ['Gate', EXAMPLES.vasil.id, 1],
      ['Front desk', EXAMPLES.dimitri.id, 1],
    ]);
    // Undo takes back this desk's check-in only.
    fireEvent.keyDown(window, { key: 'z', ctrlKey: true });
    await hold.release();
    await waitFor(() => expect(totals()[3]).toBe('1 checked in'));
    expect(within(row('Васил Вещера')).getByRole('button', { name: 'Check out Васил Вещера' })).toBeTruthy();
  });

  it('shows what another program appended to the event file meanwhile, from the answer to the next append', async () => {
    const { api, lines } = await openDesk();
    // `quartermaster desk` on the same folder checks Elowen in: main reads it when it next appends.
    const theirs = checkIn(START, EXAMPLES.elowen.id, stampAt('2026-10-02T18:02:00+01:00', 'Command line')).entries;
    api.desk.appendElsewhere(EVENT_FILE, theirs, 'next-read');
    expect(totals()[3]).toBe('0 checked in');
    fireEvent.click(screen.getByRole('button', { name: 'Check in Dimitri' }));
    await waitFor(() => expect(totals()[3]).toBe('2 checked in'));
    const answer = await vi.mocked(api.appendDeskEntries).mock.results[0]!.value;
    expect(answer.external.map((e: LedgerEntry) => e.id)).toEqual([theirs[0]!.id]);
    expect(answer.added.map((e: LedgerEntry) => [e.character, e.seq])).toEqual([[EXAMPLES.dimitri.id, 1]]);
    expect(lines()).toHaveLength(2);
    expect(within(row('Elowen Marsh')).getByRole('button', { name: 'Check out Elowen Marsh' })).toBeTruthy();
  });

  it('says when an append failed: the error, "not saved", and the check-in is not shown; the next change is appended alone', async () => {
    const { api, lines } = await openDesk();
    const real = api.appendDeskEntries;
    let calls = 0;
    api.appendDeskEntries = vi.fn(async (args: Parameters<FakeApi['appendDeskEntries']>[0]) => {
      if (calls++ === 0) throw new Error(`Error invoking remote method 'qm:appendDeskEntries': Error: ${EVENT_FILE}: no space left on device (ENOSPC)`);
      return real(args);
    });
    fireEvent.click(screen.getByRole('button', { name: 'Check in Dimitri' }));
    expect((await screen.findByRole('alert')).textContent).toContain(`The change could not be written to the event file, so it was not made: ${EVENT_FILE}: no space left on device (ENOSPC)`);
    await waitFor(() => expect(saveState()).toMatch(/^The last change was not saved/));
    // Shown only once on disk: it is not, so Dimitri can be checked in again.
    expect(totals()[3]).toBe('0 checked in');
    expect(screen.getByRole('button', { name: 'Check in Dimitri' })).toBeTruthy();
    expect(lines()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Check in Elowen Marsh' }));
    await waitFor(() => expect(saveState()).toBe('All check-ins saved'));
    expect(totals()[3]).toBe('1 checked in');
    expect(lines().map((e) => [e.character, e.seq])).toEqual([[EXAMPLES.elowen.id, 1]]);
  });

  it('filters to problems and searches names, players and problems', async () => {
    await openDesk();
    const count = () => document.querySelector('.desk-count')!.textContent;
    expect(count()).toBe('5 files');
    fireEvent.click(screen.getByRole('checkbox', { name: /^Only problems/ }));
    expect(count()).toBe('1 of 5 files shown');
    expect([...document.querySelectorAll('.desk-row .desk-character')].map((n) => n.textContent)).toEqual(['Борислав']);
    fireEvent.click(screen.getByRole('checkbox', { name: /^Only problems/ }));
    const search = screen.getByRole('searchbox', { name: /^Search/ });
    fireEvent.change(search, { target: { value: 'eloWEN' } });
    expect([...document.querySelectorAll('.desk-row .desk-character')].map((n) => n.textContent)).toEqual(['Elowen Marsh']);
    // A word from a problem finds the character with it: his "Кръгъл щит" (round shield).
    fireEvent.change(search, { target: { value: 'щит' } });
    expect([...document.querySelectorAll('.desk-row .desk-character')].map((n) => n.textContent)).toEqual(['Борислав']);
    fireEvent.change(search, { target: { value: 'nobody' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show everyone' }));
    expect(count()).toBe('5 files');
  });

  it('offers to create the event file, refusing a last day before the first; nobody can be checked in before', async () => {
    const api = fakeApi();
    await openDesk({ event: null, api });
    expect((screen.getByRole('button', { name: 'Check in Dimitri' }) as HTMLButtonElement).disabled).toBe(true);
    const form = within(screen.getByRole('region', { name: 'No event file yet' }));
    expect((form.getByRole('textbox', { name: 'Event name' }) as HTMLInputElement).value).toBe('Autumn Muster');
    fireEvent.change(form.getByLabelText('First day'), { target: { value: '2026-10-04' } });
    fireEvent.change(form.getByLabelText('Last day'), { target: { value: '2026-10-02' } });
    fireEvent.click(form.getByRole('button', { name: 'Create the event file' }));
    expect(form.getByRole('alert').textContent).toBe('The last day cannot be before the first day.');
    expect(api.createEvent).not.toHaveBeenCalled();
    fireEvent.change(form.getByLabelText('Last day'), { target: { value: '2026-10-05' } });
    fireEvent.change(form.getByRole('combobox', { name: 'Game' }), { target: { value: '*other' } });
    fireEvent.change(form.getByRole('textbox', { name: 'Name of the game' }), { target: { value: 'Dragon Moot' } });
    fireEvent.click(form.getByRole('button', { name: 'Create the event file' }));
    await waitFor(() => expect(api.createEvent).toHaveBeenCalledWith({ folder: EVENT_FOLDER, name: 'Autumn Muster', game: 'Dragon Moot', start: '2026-10-04', end: '2026-10-05' }));
    await waitFor(() => expect((screen.getByRole('button', { name: 'Check in Dimitri' }) as HTMLButtonElement).disabled).toBe(false));
  });

  it('verifies a card: what changed, or that nobody has it', async () => {
    const { api } = await openDesk();
    api.verifyCard = vi.fn(async () => ({
      kind: 'changed' as const,
      id: EXAMPLES.dimitri.id,
      file: `${EVENT_FOLDER}/dimitri.character.json`,
      name: 'Dimitri',
      player: 'Sam',
      printedAt: null,
      superseded: false,
      changes: ['armour: "3 over torso" → "4 over torso"'],
      message: '',
    }));
    const box = within(screen.getByRole('region', { name: 'Verify a card' }));
    fireEvent.change(box.getByRole('textbox', { name: 'Card code' }), { target: { value: 'QM1:X:Y' } });
    fireEvent.click(box.getByRole('button', { name: 'Verify' }));
    await box.findByText('Changed.');
    expect(api.verifyCard).toHaveBeenCalledWith({ folder: EVENT_FOLDER, eventFile: EVENT_FILE, text: 'QM1:X:Y' });
    expect(box.getByRole('list', { name: 'What changed' }).textContent).toBe('armour: "3 over torso" → "4 over torso"');
    api.verifyCard = vi.fn(async () => ({ kind: 'unknown' as const, id: '00000000-0000-4000-8000-000000000009', message: '' }));
    // The box was emptied by the first verify: the next code is typed afresh.
    expect((box.getByRole('textbox', { name: 'Card code' }) as HTMLInputElement).value).toBe('');
    fireEvent.change(box.getByRole('textbox', { name: 'Card code' }), { target: { value: 'QM1:Z:W' } });
    fireEvent.click(box.getByRole('button', { name: 'Verify' }));
    await box.findByText('Unknown card.');
    expect(box.getByText(/No character in this folder has the id 00000000-0000-4000-8000-000000000009\./)).toBeTruthy();
  });

  it('lists the serials a reprint voids, reissued and withdrawn, and the PDF written', async () => {
    const { api } = await openDesk();
    api.reprintChanged = vi.fn(async () => ({
      kind: 'printed' as const,
      path: `${EVENT_FOLDER}/cards.pdf`,
      cards: 2,
      pages: 1,
      printed: [{ id: EXAMPLES.dimitri.id, file: `${EVENT_FOLDER}/dimitri.character.json`, name: 'Dimitri', player: 'Sam', reason: 'changed' as const, previousAt: '2026-09-30T20:00:00+01:00' }],
      voids: [{ id: EXAMPLES.dimitri.id, printedAt: '2026-09-30T20:00:00+01:00', reissued: ['CH-AAAAA-AAAAA'], withdrawn: ['IT-BBBBB-BBBBB'] }],
      skipped: [],
      problems: [],
      entries: [],
    }));
    api.previewReprint = vi.fn(async () => ({ characters: 1, everyone: false, unchanged: 4, cards: 2, pages: 1, rulesets: ['novitas' as const], problems: [] }));
    fireEvent.click(screen.getByRole('button', { name: 'Reprint changed…' }));
    // Asked first: whom, how many cards and pages (the dialog's choices: "the desk's print dialog" below).
    const ask = within(await screen.findByRole('dialog', { name: 'Print changed cards' }));
    await ask.findByText('1 character never printed for this event or changed since: 2 cards on 1 page.');
    fireEvent.click(ask.getByRole('button', { name: 'Print 1 character…' }));
    const result = within(await screen.findByRole('region', { name: 'Reprint changed' }));
    expect(api.reprintChanged).toHaveBeenCalledWith({ folder: EVENT_FOLDER, eventFile: EVENT_FILE, print: expect.objectContaining({ sections: ['character', 'items', 'tracker'] }) });
    expect(result.getByText(/^2 cards for 1 character on 1 page, written to$/)).toBeTruthy();
    expect(result.getByRole('list', { name: 'Voided serials of Dimitri' }).textContent).toBe('CH-AAAAA-AAAAA reissuedIT-BBBBB-BBBBB withdrawn');
    expect(document.querySelector('.desk-printed li')!.textContent).toBe('Dimitri (Sam): changed since the print of 30 Sept 2026, 20:00 dimitri.character.json');
  });

  it('speaks Bulgarian', async () => {
    await openDesk();
    act(() => setLanguage('bg'));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Регистрация за събитие');
    expect(totals('Общо')).toEqual(['5 героя', '4 без грешки', '1 с грешки', '0 регистрирани']);
    expect(cells('Dimitri').slice(2, 4)).toEqual(['3 върху торс', '—Няма в тази игра']);
    expect(cells('Васил Вещера').slice(2, 4)).toEqual(['Кожена (торс)', 'Енергия 6']);
    expect(screen.getByRole('button', { name: 'Регистрирай Dimitri' })).toBeTruthy();
  });
});

describe("the desk's print dialog", () => {
  it('asks before printing everyone, with the counts for the groups chosen; Cancel prints nothing', async () => {
    const { api } = await openDesk();
    // 5 characters, nobody printed: every card of Fortune's Landing and bg-magic characters.
    api.previewReprint = vi.fn(async ({ print }) => {
      const armour = !print || print.sections.includes('armour');
      return { characters: 5, everyone: true, unchanged: 0, cards: armour ? 14 : 12, pages: armour ? 4 : 3, rulesets: ['fortunes-landing' as const, 'bg-magic' as const], problems: [] };
    });
    fireEvent.click(screen.getByRole('button', { name: 'Reprint changed…' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Print changed cards' }));
    await dialog.findByText('This prints everyone: nobody has been printed for this event yet. 5 characters, 14 cards on 4 pages.');
    // The groups of both games, all ticked.
    const boxes = within(dialog.getByRole('group', { name: 'Cards to print' })).getAllByRole('checkbox') as HTMLInputElement[];
    expect(boxes.map((b) => [b.parentElement!.textContent, b.checked])).toEqual([
      ['Character card', true],
      ['Armour tag', true],
      ['Item and scroll cards', true],
      ['Role-spell slips', true],
    ]);
    fireEvent.click(dialog.getByRole('checkbox', { name: 'Armour tag' }));
    await dialog.findByText('This prints everyone: nobody has been printed for this event yet. 5 characters, 12 cards on 3 pages.');
    expect((api.previewReprint as ReturnType<typeof vi.fn>).mock.lastCall![0].print.sections).toEqual(['character', 'items', 'slips']);
    expect(dialog.getByText('Print the PDF at 100 % (“actual size”), not “fit to page”: the PDF asks your viewer for that, but check its print dialog.')).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.reprintChanged).not.toHaveBeenCalled();
  });

  it('says when there is nothing to print, and holds Print back', async () => {
    const { api } = await openDesk();
    api.previewReprint = vi.fn(async () => ({ characters: 0, everyone: false, unchanged: 5, cards: 0, pages: 0, rulesets: [], problems: [] }));
    fireEvent.click(screen.getByRole('button', { name: 'Reprint changed…' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Print changed cards' }));
    await dialog.findByText('Nothing changed since the last print for this event: 5 characters’ cards are current. No PDF was written.');
    expect((dialog.getByRole('button', { name: 'Print…' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
