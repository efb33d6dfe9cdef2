// @vitest-environment jsdom
// The library table at 2,000 rows: only the rows on screen are drawn, and the keyboard, the sort
// and the search still reach every row. Also the progress of a long listing.
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { LibraryProgress } from '../../core/ipc/contract';
import { entry, fakeApi, FOLDER } from '../testing/fake-api';
import { renderApp } from '../testing/render';
import { WINDOW_ABOVE } from './use-row-window';

afterEach(cleanup);

const N = 2000;
const pad = (i: number) => String(i).padStart(4, '0');
/** Characters "Hero 0000" … "Hero 1999", players in reverse order, so the two sorts differ. */
const ENTRIES = Array.from({ length: N }, (_, i) => entry({ fileName: `h${pad(i)}.character.json`, name: `Hero ${pad(i)}`, player: `Player ${pad(N - 1 - i)}`, id: `id-${i}` }));

/** The names of the drawn body rows, in screen order. */
function drawnNames(): string[] {
  return within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('rowheader')[0]!.querySelector('button')!.textContent!);
}

const openButton = (name: string) => screen.getByRole('button', { name: `Open ${name}` });

describe('the library table at 2,000 rows', () => {
  it('draws only a window of rows, and tells assistive technology how many there are', async () => {
    renderApp(fakeApi({ entries: ENTRIES }));
    await screen.findByRole('table');
    const drawn = drawnNames();
    expect(drawn.length).toBeGreaterThan(5);
    expect(drawn.length).toBeLessThan(WINDOW_ABOVE);
    expect(drawn.slice(0, 3)).toEqual(['Hero 0000', 'Hero 0001', 'Hero 0002']);
    expect(screen.getByRole('table').getAttribute('aria-rowcount')).toBe(String(N + 1));
    expect(openButton('Hero 0002').closest('tr')!.getAttribute('aria-rowindex')).toBe('4');
    expect(screen.getByText(/^2,?000 characters$/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Open Hero 1999' })).toBeNull();
  });

  it('moves with the arrow keys, Page Down and Ctrl+End past the drawn rows, keeping the same control', async () => {
    renderApp(fakeApi({ entries: ENTRIES }));
    await screen.findByRole('table');
    const last = drawnNames().length - 1;
    openButton('Hero 0000').focus();
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(openButton('Hero 0001'));
    for (let i = 0; i < last + 5; i++) fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    const beyond = `Hero ${pad(last + 6)}`;
    expect(document.activeElement).toBe(openButton(beyond));
    fireEvent.keyDown(document.activeElement!, { key: 'PageDown' });
    expect(document.activeElement).toBe(openButton(`Hero ${pad(last + 16)}`));
    fireEvent.keyDown(document.activeElement!, { key: 'End', ctrlKey: true });
    expect(document.activeElement).toBe(openButton('Hero 1999'));
    expect(screen.queryByRole('button', { name: 'Open Hero 0000' })).toBeNull();
    // The tick box of a row moves to the tick box of the next.
    fireEvent.keyDown(document.activeElement!, { key: 'Home', ctrlKey: true });
    expect(document.activeElement).toBe(openButton('Hero 0000'));
    screen.getByRole('checkbox', { name: 'Select Hero 0000' }).focus();
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(screen.getByRole('checkbox', { name: 'Select Hero 0001' }));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(screen.getByRole('checkbox', { name: 'Select Hero 0000' }));
  });

  it('sorts the whole listing: the rows not drawn come to the top', async () => {
    renderApp(fakeApi({ entries: ENTRIES }));
    await screen.findByRole('table');
    fireEvent.click(screen.getByRole('button', { name: 'Sort by Name' }));
    expect(drawnNames().slice(0, 2)).toEqual(['Hero 1999', 'Hero 1998']);
    // By player: "Player 0000" belongs to Hero 1999.
    fireEvent.click(screen.getByRole('button', { name: 'Sort by Player' }));
    expect(drawnNames().slice(0, 2)).toEqual(['Hero 1999', 'Hero 1998']);
    fireEvent.click(screen.getByRole('button', { name: 'Sort by Player' }));
    expect(drawnNames().slice(0, 2)).toEqual(['Hero 0000', 'Hero 0001']);
  });

  it('searches the whole listing, finding rows that were not drawn', async () => {
    renderApp(fakeApi({ entries: ENTRIES }));
    await screen.findByRole('table');
    const search = screen.getByRole('searchbox', { name: 'Search by name or player' });
    fireEvent.change(search, { target: { value: 'hero 1998' } });
    expect(drawnNames()).toEqual(['Hero 1998']);
    expect(screen.getByText(/^1 of 2,?000 characters$/)).toBeTruthy();
    // By player: "Player 0001" is Hero 1998's player too.
    fireEvent.change(search, { target: { value: 'player 0001' } });
    expect(drawnNames()).toEqual(['Hero 1998']);
    // Ten matches (Hero 1990 … 1999): all drawn, all reachable by keyboard.
    fireEvent.change(search, { target: { value: 'hero 199' } });
    expect(drawnNames()).toEqual(Array.from({ length: 10 }, (_, i) => `Hero ${1990 + i}`));
    openButton('Hero 1990').focus();
    fireEvent.keyDown(document.activeElement!, { key: 'End', ctrlKey: true });
    expect(document.activeElement).toBe(openButton('Hero 1999'));
  });
});

describe('the progress of a long listing', () => {
  it('shows how many files of how many are read, and goes when the listing arrives', async () => {
    const api = fakeApi({ entries: ENTRIES.slice(0, 3) });
    const listeners = new Set<(p: LibraryProgress) => void>();
    api.onLibraryProgress = (l) => (listeners.add(l), () => void listeners.delete(l));
    let answer: () => void = () => undefined;
    const listLibrary = api.listLibrary;
    api.listLibrary = async () => {
      await new Promise<void>((r) => (answer = r));
      return listLibrary();
    };
    renderApp(api);
    await act(async () => listeners.forEach((l) => l({ folder: FOLDER, done: 1200, total: 4000 })));
    const bar = screen.getByRole('progressbar', { name: 'Reading the library' });
    expect(bar.getAttribute('value')).toBe('1200');
    expect(bar.getAttribute('max')).toBe('4000');
    expect(screen.getByText('Reading the library: 1,200 of 4,000 files')).toBeTruthy();
    await act(async () => listeners.forEach((l) => l({ folder: FOLDER, done: 3000, total: 4000 })));
    expect(screen.getByText('Reading the library: 3,000 of 4,000 files')).toBeTruthy();
    await act(async () => answer());
    await screen.findByRole('button', { name: 'Open Hero 0002' });
    expect(screen.queryByRole('progressbar')).toBeNull();

    // Files arriving while the library is shown: the table stays, the bar shows beside the count.
    api.entries = ENTRIES.slice(0, 5);
    await act(async () => api.fireLibraryChanged());
    await act(async () => listeners.forEach((l) => l({ folder: FOLDER, done: 100, total: 5000 })));
    expect(screen.getByText('Reading the library: 100 of 5,000 files')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Reading the library' }).closest('.library-controls')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Open Hero 0002' })).toBeTruthy();
    await act(async () => answer());
    await screen.findByRole('button', { name: 'Open Hero 0004' });
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});
