// @vitest-environment jsdom
// The desk's loop over a fake API: one scan, one player (the box clears and keeps the focus, a
// matching card checks in with Enter, a changed or void card says what to do), the lists (not
// arrived yet, by game), a check-in outside the event's dates, a copied file given a new id, rows
// that follow the files without Reload, 2,000 rows drawn in a window with search and keys, and the
// user's locale.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { newEvent, type DeskEvent } from '../../core/desk/event';
import { EXAMPLES, exampleDesk, fakeId, withCheckIn } from '../../core/desk/testing';
import type { CardCheck } from '../../core/desk/verify';
import type { DeskCharacter } from '../../core/desk/characters';
import { viewRows } from '../../core/desk/view-rows';
import { deskActionsFor } from './actions';
import { deskStoreFor } from './store';
import { setLanguage, setLocale } from '../app/i18n';
import { fakeApi, type FakeApi } from '../testing/fake-api';
import { renderApp } from '../testing/render';
import { foldEvent } from '../../core/desk/fold';
import { FIRST_LINES, WINDOW_ABOVE } from './DeskTable';

afterEach(() => {
  cleanup();
  act(() => {
    setLanguage('en');
    setLocale('');
  });
});

const FOLDER = '/home/ana/Events/Autumn Muster';
const EVENT_FILE = `${FOLDER}/Autumn Muster.event.json`;
const NOW = new Date('2026-10-02T17:05:00Z');
const START = newEvent({ name: 'Autumn Muster', game: 'fortunes-landing', start: '2026-10-02', end: '2026-10-04' });
const NAMES = ['dimitri', 'aldric', 'vasil', 'elowen', 'borislav'] as const;
const file = (n: string) => `${FOLDER}/${n}.character.json`;

const allFiles = () => NAMES.map((n) => exampleDesk(n, {}, file(n)));

/**
 * The app with the desk open on the folder: its character files as `files` reads them (again at
 * every load, so a test can change them "on disk"), its event file holding `event`.
 */
async function openDesk(options: { files?: () => DeskCharacter[]; event?: DeskEvent; api?: FakeApi } = {}) {
  // A UK desk: the settings say en-GB for dates, times and numbers.
  const api = options.api ?? fakeApi({ settings: { locale: 'en-GB' } });
  const files = options.files ?? allFiles;
  api.desk.addFolder({ folder: FOLDER, rows: () => viewRows(files()), eventFile: EVENT_FILE, event: options.event ?? START });
  deskActionsFor(deskStoreFor(api), api, { now: () => NOW });
  renderApp(api);
  fireEvent.click(await screen.findByRole('button', { name: /^Event desk/ }));
  // The desk view is loaded on first use: the first test of the file waits for its modules.
  await screen.findByRole('heading', { level: 1, name: 'Event desk' }, { timeout: 10_000 });
  fireEvent.click(screen.getAllByRole('button', { name: 'Open event folder…' })[0]!);
  await screen.findByRole('table');
  /** The event as the fake main process holds it. */
  const onDisk = () => api.desk.log(EVENT_FILE).event;
  return { api, onDisk };
}

const totals = () => within(screen.getByRole('list', { name: 'Totals' })).getAllByRole('listitem').map((li) => li.textContent);
const names = () => [...document.querySelectorAll('.desk-row .desk-character')].map((n) => n.textContent);
const match = (name: keyof typeof EXAMPLES, player: string): CardCheck => ({ kind: 'match', id: EXAMPLES[name].id, file: file(name), name: EXAMPLES[name].name, player, printedAt: '2026-09-30T20:00:00+01:00', message: '' });

describe('one scan, one player', () => {
  it('scans two cards in a row: the box clears and keeps the focus, Enter checks the matching character in', async () => {
    const { api, onDisk } = await openDesk();
    const panel = within(screen.getByRole('region', { name: 'Verify a card' }));
    const box = panel.getByRole('textbox', { name: 'Card code' }) as HTMLInputElement;
    const scan = async (code: string, answer: CardCheck) => {
      api.verifyCard = vi.fn(async () => answer);
      box.focus();
      // A scanner types the code, then Enter.
      fireEvent.change(box, { target: { value: code } });
      fireEvent.submit(box.form!);
      expect(box.value).toBe('');
      expect(document.activeElement).toBe(box);
      await panel.findByText('Matches.');
      expect(api.verifyCard).toHaveBeenCalledWith({ folder: FOLDER, eventFile: EVENT_FILE, text: code });
    };
    await scan('QM1:DIMITRI:HASH1', match('dimitri', 'Sam'));
    expect(panel.getByRole('button', { name: 'Check in Dimitri' })).toBeTruthy();
    // Enter in the empty box checks him in (shown once the event file has it).
    fireEvent.submit(box.form!);
    await waitFor(() => expect(totals()[3]).toBe('1 checked in'));
    // Checked in at the desk's clock (2 October, 17:05 UTC), as the machine's zone writes it.
    expect(panel.getByText(/^Already checked in at 2 Oct 2026, \d{2}:05\.$/)).toBeTruthy();
    expect(panel.queryByRole('button', { name: 'Check in Dimitri' })).toBeNull();
    // The second scan is not appended to the first.
    await scan('QM1:ALDRIC:HASH2', match('aldric', 'Priya'));
    fireEvent.click(panel.getByRole('button', { name: 'Check in Aldric of the Vale' }));
    expect(document.activeElement).toBe(box);
    await waitFor(() => expect(totals()[3]).toBe('2 checked in'));
    expect([...foldEvent(onDisk()).characters.keys()].sort()).toEqual([EXAMPLES.aldric.id, EXAMPLES.dimitri.id].sort());
    // Enter again in the empty box changes nothing: Aldric is in already.
    fireEvent.submit(box.form!);
    await act(async () => new Promise((r) => setTimeout(r, 0)));
    expect(totals()[3]).toBe('2 checked in');
    expect(api.appendDeskEntries).toHaveBeenCalledTimes(2);
  });

  it('says what to do with a changed card and with a void one, and offers no check-in', async () => {
    const { api } = await openDesk();
    const panel = within(screen.getByRole('region', { name: 'Verify a card' }));
    const box = panel.getByRole('textbox', { name: 'Card code' });
    const changed = { kind: 'changed' as const, id: EXAMPLES.dimitri.id, file: file('dimitri'), name: 'Dimitri', player: 'Sam', printedAt: '2026-09-30T20:00:00+01:00', superseded: false, changes: ['armour: "3 over torso" → "4 over torso"'], message: '' };
    api.verifyCard = vi.fn(async () => changed);
    fireEvent.change(box, { target: { value: 'QM1:A:B' } });
    fireEvent.submit((box as HTMLInputElement).form!);
    await panel.findByText('Changed.');
    expect(panel.getByText(/go through the changes with the player, then print the new card \(Reprint changed\)/)).toBeTruthy();
    expect(panel.queryByRole('button', { name: /^Check in/ })).toBeNull();
    api.verifyCard = vi.fn(async () => ({ ...changed, superseded: true }));
    fireEvent.change(box, { target: { value: 'QM1:A:C' } });
    fireEvent.submit((box as HTMLInputElement).form!);
    await panel.findByText('Void.');
    expect(panel.getByText(/take this card back/)).toBeTruthy();
    // Enter in the empty box after a void card checks nobody in.
    fireEvent.submit((box as HTMLInputElement).form!);
    expect(totals()[3]).toBe('0 checked in');
  });
});

describe('the desk lists', () => {
  it('lists who has not arrived yet and who has, and filters by game', async () => {
    await openDesk();
    fireEvent.click(screen.getByRole('button', { name: 'Check in Dimitri' }));
    await waitFor(() => expect(totals()[3]).toBe('1 checked in'));
    const show = screen.getByRole('combobox', { name: 'Show' });
    fireEvent.change(show, { target: { value: 'waiting' } });
    // Borislav first (his group has problems), then the players alphabetically: Dana, Priya, Георги.
    expect(names()).toEqual(['Борислав', 'Elowen Marsh', 'Aldric of the Vale', 'Васил Вещера']);
    fireEvent.click(screen.getByRole('button', { name: 'Check in Elowen Marsh' }));
    await waitFor(() => expect(names()).toEqual(['Борислав', 'Aldric of the Vale', 'Васил Вещера']));
    fireEvent.change(show, { target: { value: 'in' } });
    expect(names()).toEqual(['Elowen Marsh', 'Dimitri']);
    fireEvent.change(show, { target: { value: 'all' } });
    const game = screen.getByRole('combobox', { name: 'Game' });
    fireEvent.change(game, { target: { value: 'bg-magic' } });
    expect(names()).toEqual(['Борислав', 'Васил Вещера']);
    expect(document.querySelector('.desk-count')!.textContent).toBe('2 of 5 files shown');
    fireEvent.change(game, { target: { value: 'novitas' } });
    fireEvent.change(show, { target: { value: 'waiting' } });
    expect(screen.getByText('Everyone has checked in.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show everyone' }));
    expect(names()).toHaveLength(5);
  });

  it('warns while the desk’s date is outside the event’s, and on a check-in made then', async () => {
    // The desk's clock says 2 October; the event is 10–12 October.
    const later = newEvent({ name: 'Autumn Muster', game: 'fortunes-landing', start: '2026-10-10', end: '2026-10-12' });
    await openDesk({ event: later });
    expect(screen.getByText('Today (2 Oct 2026) is before the event (10 Oct 2026 – 12 Oct 2026): check-ins made now are recorded with today’s date.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Check in Dimitri' }));
    await waitFor(() => expect(totals()[3]).toBe('1 checked in'));
    expect(screen.getByRole('alert').textContent).toContain('Checked in on 2 Oct 2026, outside the event’s dates (10 Oct 2026 – 12 Oct 2026).');
  });

  it('flags a copied file and gives the copy a new id, the check-in staying with the original', async () => {
    const copy = `${FOLDER}/dimitri (copy).character.json`;
    const event = withCheckIn(START, EXAMPLES.dimitri.id, '2026-10-02T17:00:00+00:00');
    let fixed = false;
    const files = () => [...allFiles(), exampleDesk('dimitri', fixed ? { id: fakeId(77), name: 'Dimitri the Younger' } : { name: 'Dimitri the Younger' }, copy)];
    const api = fakeApi({ settings: { locale: 'en-GB' } });
    api.giveNewId = vi.fn(async ({ path }) => ((fixed = true), { path, previousId: EXAMPLES.dimitri.id, id: fakeId(77), hash: 'x' }));
    await openDesk({ files, event, api });
    // Both files are flagged; neither can be checked in (nor out) while they share the id.
    expect(screen.getAllByRole('button', { name: /a new id$/ })).toHaveLength(2);
    expect((screen.getByRole('button', { name: 'Check out Dimitri' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Give Dimitri the Younger (dimitri (copy).character.json) a new id' }));
    await screen.findByText('dimitri (copy).character.json has a new id; what the event file records stays with the other file.');
    expect(api.giveNewId).toHaveBeenCalledWith({ path: copy, folder: FOLDER });
    expect(screen.queryAllByRole('button', { name: /a new id$/ })).toHaveLength(0);
    // The check-in stays with Dimitri (the id he kept); the copy can be checked in on its own now.
    expect((screen.getByRole('button', { name: 'Check out Dimitri' }) as HTMLButtonElement).disabled).toBe(false);
    expect((screen.getByRole('button', { name: 'Check in Dimitri the Younger' }) as HTMLButtonElement).disabled).toBe(false);
  });
});

describe('rows that follow the files', () => {
  it('reads the folder again when the library changes on disk and when the desk comes back on screen, no Reload needed', async () => {
    let name = 'Dimitri';
    const { api } = await openDesk({ files: () => NAMES.map((n) => exampleDesk(n, n === 'dimitri' ? { name } : {}, file(n))) });
    name = 'Dimitri the Bold';
    act(() => api.fireLibraryChanged());
    expect(await screen.findByRole('button', { name: 'Check in Dimitri the Bold' })).toBeTruthy();
    // Away to the library (where the character is edited and saved), and back.
    fireEvent.click(screen.getByRole('button', { name: 'Back to the library' }));
    await screen.findByRole('heading', { level: 1, name: 'Character library' });
    name = 'Dimitri the Bolder';
    fireEvent.click(await screen.findByRole('button', { name: /^Event desk/ }));
    expect(await screen.findByRole('button', { name: 'Check in Dimitri the Bolder' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reload' })).toBeTruthy();
  });
});

describe('2,000 characters', () => {
  const many = Array.from({ length: 2000 }, (_, i) => exampleDesk(NAMES[i % 4]!, { id: fakeId(i + 1), name: `Character ${String(i).padStart(4, '0')}`, player: `Player ${String(i).padStart(4, '0')}` }, `${FOLDER}/c${i}.character.json`));

  it('draws only a window of the rows, finds any row with the search, and moves between rows with the keys', async () => {
    await openDesk({ files: () => many });
    const table = screen.getByRole('table');
    // 2,000 players of one character each: 4,000 lines and the heading row.
    expect(table.getAttribute('aria-rowcount')).toBe('4001');
    const drawn = document.querySelectorAll('.desk-row').length;
    expect(drawn).toBeGreaterThan(0);
    expect(drawn).toBeLessThan(FIRST_LINES);
    expect(4000).toBeGreaterThan(WINDOW_ABOVE);
    expect(totals()[0]).toBe('2,000 characters');
    // Ctrl+F goes to the desk's search; the last character is found though it was never drawn.
    fireEvent.keyDown(window, { key: 'f', ctrlKey: true });
    const search = screen.getByRole('searchbox', { name: /^Search/ });
    expect(document.activeElement).toBe(search);
    fireEvent.change(search, { target: { value: 'character 1999' } });
    expect(names()).toEqual(['Character 1999']);
    fireEvent.change(search, { target: { value: '' } });
    // Down from the first character row goes to the next player's heading, then its character.
    const first = document.querySelector<HTMLElement>('tr.desk-row')!;
    first.focus();
    fireEvent.keyDown(first, { key: 'ArrowDown' });
    expect(document.activeElement?.textContent).toMatch(/^Player 0001/);
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(document.activeElement?.querySelector('.desk-character')?.textContent).toBe('Character 0001');
    // From a row's button, the same button of the row below.
    const button = within(document.activeElement as HTMLElement).getByRole('button', { name: 'Check in Character 0001' });
    button.focus();
    fireEvent.keyDown(button, { key: 'ArrowDown' });
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Check in Character 0002' }));
    // Ctrl+End: the last line is drawn and has the focus.
    fireEvent.keyDown(document.activeElement!, { key: 'End', ctrlKey: true });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Check in Character 1999' }));
    expect(document.activeElement!.closest('tr')!.getAttribute('aria-rowindex')).toBe('4001');
  });
});

describe('the user’s locale', () => {
  it('writes the event’s dates and the check-in times as the locale does: en-GB, bg', async () => {
    const event = withCheckIn(START, EXAMPLES.aldric.id, '2026-10-01T18:05:00+01:00');
    await openDesk({ event });
    expect(document.querySelector('.desk-event-line')!.textContent).toContain('2 Oct 2026 – 4 Oct 2026');
    // Checked in on another day than the desk's today: the date with the time, 24-hour.
    expect(document.querySelector('.desk-in time')!.textContent).toBe('Checked in at 1 Oct 2026, 18:05');
    act(() => setLocale('en-US'));
    expect(document.querySelector('.desk-in time')!.textContent).toBe('Checked in at Oct 1, 2026, 6:05 PM');
    act(() => {
      setLocale('bg-BG');
      setLanguage('bg');
    });
    expect(document.querySelector('.desk-in time')!.textContent).toMatch(/^.+ 1\.10\.2026 г\., 18:05$/);
    expect(within(screen.getByRole('list', { name: 'Общо' })).getAllByRole('listitem')[0]!.textContent).toBe('5 героя');
  });
});
