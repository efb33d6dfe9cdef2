// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { entry, fakeApi, FOLDER } from '../testing/fake-api';
import { renderApp } from '../testing/render';

afterEach(cleanup);

const ENTRIES = [
  entry({ fileName: 'brannoc.character.json', name: 'Brannoc', player: 'Zoe Hart', ruleset: 'fortunes-landing', modifiedMs: Date.UTC(2025, 2, 3, 10, 0) }),
  entry({ fileName: 'aelis.character.json', name: 'Aelis', player: 'Mark Lee', ruleset: 'novitas', status: 'violations', errors: 2, warnings: 1, modifiedMs: Date.UTC(2025, 4, 1, 9, 30) }),
  entry({ fileName: 'ivan.character.json', name: 'Иван', player: 'Anna Petrova', ruleset: 'bg-magic', modifiedMs: Date.UTC(2024, 11, 24, 18, 0) }),
  entry({
    fileName: 'broken.character.json',
    name: '',
    player: '',
    ruleset: null,
    status: 'unreadable',
    reason: `${FOLDER}/broken.character.json: it is not valid JSON (Unexpected end of JSON input)`,
    modifiedMs: Date.UTC(2025, 0, 2),
  }),
];

/** The first cell (row header) of each body row, in screen order. */
function rowNames(): string[] {
  const table = screen.getByRole('table');
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('rowheader')[0]!.querySelector('button')!.textContent!);
}

describe('library view', () => {
  it('lists each character with player, game, status and modified time, and the unreadable reason', async () => {
    renderApp(fakeApi({ entries: ENTRIES }));
    await screen.findByRole('table');
    expect(screen.getByText(`Folder: ${FOLDER}`)).toBeTruthy();
    expect(screen.getByText('4 characters')).toBeTruthy();

    const aelisRow = screen.getByRole('button', { name: 'Open Aelis' }).closest('tr')!;
    const cells = within(aelisRow).getAllByRole('cell').map((c) => c.textContent);
    // player, game (the ruleset's own name), status with its counts, modified time
    expect(cells[0]).toBe('Mark Lee');
    expect(cells[1]).toBe('Novitas');
    expect(cells[2]).toBe('Breaks the rules2 errors, 1 warning');
    expect(within(aelisRow).getByText(/2025/).getAttribute('datetime')).toBe('2025-05-01T09:30:00.000Z');

    const brokenRow = screen.getByRole('button', { name: 'Open broken.character.json' }).closest('tr')!;
    expect(within(brokenRow).getByText('Unreadable')).toBeTruthy();
    // The reason without the path in front: the row names the file already.
    expect(within(brokenRow).getByText('It is not valid JSON (Unexpected end of JSON input)')).toBeTruthy();
    expect(brokenRow.querySelector('.file-name')!.textContent).toBe('broken.character.json');
    expect(within(screen.getByRole('button', { name: 'Open Brannoc' }).closest('tr')!).getByText('Clean')).toBeTruthy();
  });

  it('sorts by name by default and by any column heading, reversing on a second click', async () => {
    renderApp(fakeApi({ entries: ENTRIES }));
    await screen.findByRole('table');
    // Names compare case-insensitively; the unreadable file sorts by its file name "broken…";
    // Latin before Cyrillic in the collation.
    expect(rowNames()).toEqual(['Aelis', 'Brannoc', 'broken.character.json', 'Иван']);
    expect(screen.getByRole('columnheader', { name: /Name/ }).getAttribute('aria-sort')).toBe('ascending');

    fireEvent.click(screen.getByRole('button', { name: 'Sort by Modified' }));
    // Newest first: May 2025, March 2025, January 2025, December 2024.
    expect(rowNames()).toEqual(['Aelis', 'Brannoc', 'broken.character.json', 'Иван']);
    expect(screen.getByRole('columnheader', { name: /Modified/ }).getAttribute('aria-sort')).toBe('descending');
    fireEvent.click(screen.getByRole('button', { name: 'Sort by Modified' }));
    expect(rowNames()).toEqual(['Иван', 'broken.character.json', 'Brannoc', 'Aelis']);

    fireEvent.click(screen.getByRole('button', { name: 'Sort by Player' }));
    // Anna, Mark, Zoe; the file without a player goes last.
    expect(rowNames()).toEqual(['Иван', 'Aelis', 'Brannoc', 'broken.character.json']);

    fireEvent.click(screen.getByRole('button', { name: 'Sort by Game' }));
    // By the rulesets' names: "Bulgarian mage rules" < "Fortune's Landing" < "Novitas"; unknown last.
    expect(rowNames()).toEqual(['Иван', 'Brannoc', 'Aelis', 'broken.character.json']);
  });

  it('calls a warning-only character "Warnings only", not a rule breaker, and sorts by status, worst first', async () => {
    const entries = [
      ...ENTRIES,
      entry({ fileName: 'wren.character.json', name: 'Wren', player: 'Ola', ruleset: 'fortunes-landing', status: 'violations', errors: 0, warnings: 1, modifiedMs: Date.UTC(2025, 1, 1) }),
    ];
    renderApp(fakeApi({ entries }));
    await screen.findByRole('table');
    const wrenRow = screen.getByRole('button', { name: 'Open Wren' }).closest('tr')!;
    expect(within(wrenRow).getAllByRole('cell')[2]!.textContent).toBe('Warnings only1 warning');
    expect(wrenRow.querySelector('.badge')!.className).toContain('badge-warning');

    fireEvent.click(screen.getByRole('button', { name: 'Sort by Status' }));
    expect(screen.getByRole('columnheader', { name: /Status/ }).getAttribute('aria-sort')).toBe('descending');
    // Unreadable, then errors, then warnings only, then the clean ones (by file name).
    expect(rowNames()).toEqual(['broken.character.json', 'Aelis', 'Wren', 'Brannoc', 'Иван']);
    fireEvent.click(screen.getByRole('button', { name: 'Sort by Status' }));
    expect(rowNames()).toEqual(['Brannoc', 'Иван', 'Wren', 'Aelis', 'broken.character.json']);
  });

  it('searches by name or player, ignoring case, and offers to clear a search that matches nothing', async () => {
    renderApp(fakeApi({ entries: ENTRIES }));
    await screen.findByRole('table');
    const search = screen.getByRole('searchbox', { name: 'Search by name or player' });

    fireEvent.change(search, { target: { value: 'zoe' } });
    expect(rowNames()).toEqual(['Brannoc']);
    expect(screen.getByText('1 of 4 characters')).toBeTruthy();

    fireEvent.change(search, { target: { value: 'ИВ' } });
    expect(rowNames()).toEqual(['Иван']);

    fireEvent.change(search, { target: { value: 'nobody' } });
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByText('No character matches “nobody”.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear the search' }));
    expect(rowNames()).toHaveLength(4);
  });

  it('shows an empty state that offers to create a character or open the examples', async () => {
    const api = fakeApi();
    renderApp(api);
    await screen.findByText('Your library is empty');
    expect(screen.queryByRole('table')).toBeNull();

    api.openExamples = vi.fn(async () => ({ folder: '/opt/quartermaster/examples', entries: [ENTRIES[0]!] }));
    fireEvent.click(screen.getByRole('button', { name: 'Open the examples' }));
    await screen.findByRole('button', { name: 'Open Brannoc' });
    expect(screen.getByText('Folder: /opt/quartermaster/examples')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Example characters' })).toBeTruthy();

    // A change on disk lists the examples again, not the library.
    api.fireLibraryChanged();
    await waitFor(() => expect(api.openExamples).toHaveBeenCalledTimes(2));
    expect(api.listLibrary).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Back to my library' }));
    await screen.findByText('Your library is empty');
    expect(api.listLibrary).toHaveBeenCalledTimes(2);
  });

  it('lists the library again when the main process reports a change on disk', async () => {
    const api = fakeApi({ entries: [ENTRIES[0]!] });
    renderApp(api);
    await screen.findByRole('button', { name: 'Open Brannoc' });
    api.entries = [ENTRIES[0]!, ENTRIES[1]!];
    api.fireLibraryChanged();
    await screen.findByRole('button', { name: 'Open Aelis' });
    expect(api.listLibrary).toHaveBeenCalledTimes(2);
  });

  it('creates a character of the chosen game from the new-character dialog and opens it', async () => {
    const api = fakeApi();
    renderApp(api);
    fireEvent.click(await screen.findByRole('button', { name: 'Create a character' }));
    const dialog = screen.getByRole('dialog', { name: 'New character' });
    const game = within(dialog).getByRole('combobox', { name: 'Game' });
    // Focus starts in the dialog, on its first field.
    expect(document.activeElement).toBe(game);
    expect(within(game).getAllByRole('option').map((o) => o.textContent)).toContain("Fortune's Landing");
    const create = within(dialog).getByRole('button', { name: 'Create' }) as HTMLButtonElement;
    expect(create.disabled).toBe(true);

    fireEvent.change(game, { target: { value: 'fortunes-landing' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Character name' }), { target: { value: '  Brannoc ' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Player' }), { target: { value: 'Zoe Hart' } });
    fireEvent.click(create);

    await screen.findByRole('heading', { level: 1, name: 'Brannoc' });
    expect(api.newCharacter).toHaveBeenCalledWith({ ruleset: 'fortunes-landing', name: 'Brannoc', player: 'Zoe Hart' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closes the new-character dialog on Escape and gives focus back', async () => {
    renderApp(fakeApi({ entries: ENTRIES }));
    const button = await screen.findByRole('button', { name: 'New character…' });
    button.focus();
    fireEvent.click(button);
    const dialog = screen.getByRole('dialog', { name: 'New character' });
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(button));
  });

  it('shows why an unreadable file cannot be opened', async () => {
    const api = fakeApi({ entries: ENTRIES });
    renderApp(api);
    fireEvent.click(await screen.findByRole('button', { name: 'Open broken.character.json' }));
    await screen.findByRole('heading', { level: 1, name: 'This file cannot be opened' });
    expect(screen.getByText(`${FOLDER}/broken.character.json: it is not valid JSON (Unexpected token)`)).toBeTruthy();
  });
});
