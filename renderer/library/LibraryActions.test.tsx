// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setLanguage } from '../app/i18n';
import { entry, fakeApi, FOLDER, makeCharacter } from '../testing/fake-api';
import { renderApp } from '../testing/render';

afterEach(() => {
  cleanup();
  act(() => setLanguage('en'));
});

const aldric = makeCharacter({ ruleset: 'fortunes-landing', name: 'Aldric', player: 'Ben' });
const ENTRIES = [
  entry({ fileName: 'aldric.character.json', name: 'Aldric', player: 'Ben', ruleset: 'fortunes-landing' }),
  entry({ fileName: 'brannoc.character.json', name: 'Brannoc', player: 'Zoe', ruleset: 'curious-pastimes' }),
  entry({ fileName: 'broken.character.json', name: 'broken', ruleset: null, status: 'unreadable', reason: 'it is not valid JSON' }),
];

async function library() {
  const api = fakeApi({ entries: [...ENTRIES], files: { [`${FOLDER}/aldric.character.json`]: aldric } });
  renderApp(api);
  await screen.findByRole('table');
  const toolbar = screen.getByRole('group', { name: 'Selected characters' });
  const button = (name: string) => within(toolbar).getByRole('button', { name }) as HTMLButtonElement;
  return { api, toolbar, button };
}

const box = (name: string) => screen.getByRole('checkbox', { name: `Select ${name}` }) as HTMLInputElement;

describe('library selection and file actions', () => {
  it('enables each action for what is ticked; select-all ticks only the rows shown', async () => {
    const { toolbar, button } = await library();
    expect(within(toolbar).getByRole('status').textContent).toBe('None selected');
    for (const name of ['Print event pack…', 'Export PDF…', 'Duplicate', 'Rename…', 'Save as…', 'Show in folder', 'Move to trash…']) expect(button(name).disabled, name).toBe(true);
    // A one-row action says why it is off.
    expect(document.getElementById(button('Duplicate').getAttribute('aria-describedby')!)!.textContent).toBe('Select exactly one character for this.');

    fireEvent.click(box('broken'));
    // An unreadable file can be renamed, shown, printed (and reported) or trashed, not copied or exported.
    expect([button('Rename…').disabled, button('Show in folder').disabled, button('Print event pack…').disabled, button('Move to trash…').disabled]).toEqual([false, false, false, false]);
    expect([button('Duplicate').disabled, button('Export PDF…').disabled, button('Save as…').disabled]).toEqual([true, true, true]);
    fireEvent.click(box('Aldric'));
    expect(within(toolbar).getByRole('status').textContent).toBe('2 selected');
    expect([button('Rename…').disabled, button('Print event pack…').disabled]).toEqual([true, false]);

    // Search for "bra": select-all ticks Brannoc only, and the hidden ticks stay.
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search by name or player' }), { target: { value: 'bra' } });
    const all = screen.getByRole('checkbox', { name: 'Select all shown characters' }) as HTMLInputElement;
    expect([all.checked, all.indeterminate]).toEqual([false, false]);
    fireEvent.click(all);
    expect(box('Brannoc').checked).toBe(true);
    expect(within(toolbar).getByRole('status').textContent).toBe('3 selected');
    fireEvent.click(all);
    expect(within(toolbar).getByRole('status').textContent).toBe('2 selected');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search by name or player' }), { target: { value: '' } });
    expect([all.checked, all.indeterminate]).toEqual([false, true]);
  });

  it('duplicates and ticks the copy; renames in a dialog that shows a refusal', async () => {
    const { api, button } = await library();
    const copyPath = `${FOLDER}/aldric (copy).character.json`;
    api.duplicateCharacter = vi.fn(async () => {
      api.entries = [...api.entries, entry({ fileName: 'aldric (copy).character.json', name: 'Aldric (copy)', ruleset: 'fortunes-landing' })];
      return { path: copyPath, character: { ...aldric, name: 'Aldric (copy)' }, hash: 'h', readOnly: false };
    });
    fireEvent.click(box('Aldric'));
    fireEvent.click(button('Duplicate'));
    expect(await screen.findByText('Aldric was copied to aldric (copy).character.json.')).toBeTruthy();
    expect(api.duplicateCharacter).toHaveBeenCalledWith({ path: `${FOLDER}/aldric.character.json` });
    expect(box('Aldric (copy)').checked).toBe(true);
    expect(box('Aldric').checked).toBe(false);

    api.renameCharacter = vi.fn(async ({ fileName }) => {
      if (fileName === 'Brannoc') throw new Error(`Cannot rename: ${FOLDER}/Brannoc.character.json already exists`);
      return { path: `${FOLDER}/${fileName}.character.json` };
    });
    fireEvent.click(button('Rename…'));
    const dialog = screen.getByRole('dialog', { name: 'Rename aldric (copy).character.json' });
    const name = within(dialog).getByRole('textbox', { name: 'New file name' }) as HTMLInputElement;
    expect(name.value).toBe('aldric (copy)');
    expect(document.activeElement).toBe(name);
    fireEvent.change(name, { target: { value: 'Brannoc' } });
    fireEvent.submit(name.closest('form')!);
    expect((await within(dialog).findByRole('alert')).textContent).toBe(`Cannot rename: ${FOLDER}/Brannoc.character.json already exists`);
    expect(name.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(name, { target: { value: '  Aldric II ' } });
    fireEvent.submit(name.closest('form')!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.renameCharacter).toHaveBeenLastCalledWith({ path: copyPath, fileName: 'Aldric II' });
    expect(screen.getByText('aldric (copy).character.json was renamed to Aldric II.character.json.')).toBeTruthy();
  });

  it('moves the ticked files to the trash after asking, and says which could not be moved', async () => {
    const { api, button } = await library();
    api.deleteCharacter = vi.fn(async ({ path }) => {
      if (path.endsWith('broken.character.json')) throw new Error('permission denied');
    });
    fireEvent.click(box('Aldric'));
    fireEvent.click(box('broken'));
    fireEvent.click(button('Move to trash…'));
    const ask = screen.getByRole('alertdialog', { name: 'Move 2 characters to the trash?' });
    expect(within(ask).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Aldric aldric.character.json', 'broken broken.character.json']);
    expect(document.activeElement?.textContent).toBe('Cancel');
    fireEvent.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(api.deleteCharacter).not.toHaveBeenCalled();

    fireEvent.click(button('Move to trash…'));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Move to trash' }));
    expect((await screen.findByRole('alert')).textContent).toContain('1 moved to the trash; these could not be: broken.character.json: permission denied');
    expect(api.deleteCharacter).toHaveBeenCalledTimes(2);
    expect(box('Aldric').checked).toBe(false);
  });

  it('imports, saves a row as a copy, shows it in its folder, and takes Save As / Show in Folder from the menu', async () => {
    const { api, button } = await library();
    api.importCharacters = vi.fn(async () => [`${FOLDER}/x.character.json`, `${FOLDER}/y.character.json`]);
    fireEvent.click(screen.getByRole('button', { name: 'Import…' }));
    expect(await screen.findByText('2 characters were imported (copied into the library).')).toBeTruthy();

    api.saveCharacterAs = vi.fn(async () => ({ ok: true as const, path: '/elsewhere/aldric.character.json', hash: 'h' }));
    fireEvent.click(box('Aldric'));
    fireEvent.click(button('Save as…'));
    expect(await screen.findByText('A copy was saved to /elsewhere/aldric.character.json.')).toBeTruthy();
    expect(api.saveCharacterAs).toHaveBeenCalledWith({ character: aldric });
    fireEvent.click(button('Show in folder'));
    expect(api.showInFolder).toHaveBeenCalledWith({ path: `${FOLDER}/aldric.character.json` });

    act(() => api.fireMenuCommand('save-as'));
    await waitFor(() => expect(api.saveCharacterAs).toHaveBeenCalledTimes(2));
    act(() => api.fireMenuCommand('show-in-folder'));
    expect(api.showInFolder).toHaveBeenCalledTimes(2);
    // With two ticked the menu asks for one.
    fireEvent.click(box('Brannoc'));
    act(() => api.fireMenuCommand('show-in-folder'));
    expect(screen.getByText('Tick exactly one character in the library for this.')).toBeTruthy();
    expect(api.showInFolder).toHaveBeenCalledTimes(2);
  });

  it('examples can be copied to the library but not renamed or trashed; labels in Bulgarian', async () => {
    const api = fakeApi({ entries: [] });
    api.openExamples = vi.fn(async () => ({ folder: '/app/assets/examples', entries: ENTRIES }));
    renderApp(api);
    fireEvent.click(await screen.findByRole('button', { name: 'Open the examples' }));
    await screen.findByRole('heading', { name: 'Example characters' });
    const toolbar = await screen.findByRole('group', { name: 'Selected characters' });
    expect(within(toolbar).getByRole('button', { name: 'Copy to my library' })).toBeTruthy();
    expect(within(toolbar).queryByRole('button', { name: 'Rename…' })).toBeNull();
    expect(within(toolbar).queryByRole('button', { name: 'Move to trash…' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Import…' })).toBeNull();

    act(() => setLanguage('bg'));
    expect(within(screen.getByRole('group', { name: 'Избрани герои' })).getByRole('button', { name: 'Копирай в моята библиотека' })).toBeTruthy();
    expect(within(screen.getByRole('group', { name: 'Избрани герои' })).getByText('Няма избрани')).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Избери всички показани герои' })).toBeTruthy();
  });
});
