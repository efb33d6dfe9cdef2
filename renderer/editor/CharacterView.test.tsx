// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Character } from '../../core/model/character';
import { entry, fakeApi, FOLDER, makeCharacter, type FakeApi } from '../testing/fake-api';
import { renderApp } from '../testing/render';

afterEach(cleanup);

const PATH = `${FOLDER}/brannoc.character.json`;

// Fortune's Landing: plate is 5 points ("plate mail five"); worn on the torso alone, the rating
// averaged over the one covered area is 5, and "armor of rating five (5) or higher" has Threshold 1.
// "mithril" is not one of the text's materials (leather, chain, plate), so it is an error on its field.
const BRANNOC: Character = makeCharacter({
  ruleset: 'fortunes-landing',
  name: 'Brannoc',
  player: 'Zoe Hart',
  notes: 'Sellsword from the north.',
  armour: [
    { name: 'Breastplate', type: 'plate', locations: ['torso'] },
    { name: 'Elven shirt', type: 'mithril', locations: ['torso'] },
  ],
});

async function openBrannoc(api: FakeApi = fakeApi({ entries: [entry({ fileName: 'brannoc.character.json', name: 'Brannoc' })], files: { [PATH]: BRANNOC } })) {
  renderApp(api);
  fireEvent.click(await screen.findByRole('button', { name: 'Open Brannoc' }));
  await screen.findByRole('heading', { level: 1, name: 'Brannoc' });
  return api;
}

const nameBox = () => screen.getByRole('textbox', { name: 'Character name' }) as HTMLInputElement;
const saveButton = () => screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
const saveState = () => document.querySelector('.save-state')!.textContent;

/** The value shown for a derived field, found by its label. */
function derivedValue(label: string): string {
  const section = screen.getByRole('region', { name: 'Derived values' });
  const dt = within(section)
    .getAllByText(label)
    .find((el) => el.tagName === 'DT');
  return dt!.nextElementSibling!.textContent!;
}

describe('character view', () => {
  it('shows the identity fields, the derived values and the violations the core finds', async () => {
    await openBrannoc();
    expect(nameBox().value).toBe('Brannoc');
    expect((screen.getByRole('textbox', { name: 'Player' }) as HTMLInputElement).value).toBe('Zoe Hart');
    expect((screen.getByRole('textbox', { name: 'Notes' }) as HTMLTextAreaElement).value).toBe('Sellsword from the north.');
    expect(screen.getByText("Fortune's Landing")).toBeTruthy();

    expect(derivedValue('Armour rating')).toBe('5');
    expect(derivedValue('Threshold')).toBe('1');

    const rules = screen.getByRole('region', { name: 'Rules check' });
    const items = within(rules).getAllByRole('listitem');
    expect(items).toHaveLength(1);
    expect(items[0]!.textContent).toContain('Error');
    expect(items[0]!.textContent).toContain('"mithril"');
    expect(within(items[0]!).getByRole('button').textContent).toBe('Go to Armour piece 2 › Type');
    expect(saveState()).toBe('All changes saved');
  });

  it('marks unsaved changes as the name is edited and saves them with Ctrl+S', async () => {
    const api = await openBrannoc();
    const openedHash = api.files.get(PATH)!.hash;
    expect(saveButton().disabled).toBe(true);

    fireEvent.change(nameBox(), { target: { value: 'Brannoc the Bold' } });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Brannoc the Bold');
    expect(saveState()).toBe('Unsaved changes');
    expect(document.title).toBe('• Brannoc the Bold — Quartermaster');
    expect(saveButton().disabled).toBe(false);

    fireEvent.keyDown(window, { key: 's', ctrlKey: true });
    await waitFor(() => expect(saveState()).toBe('All changes saved'));
    expect(api.saveCharacter).toHaveBeenCalledTimes(1);
    const call = vi.mocked(api.saveCharacter).mock.calls[0]![0];
    expect(call.path).toBe(PATH);
    expect(call.expectedHash).toBe(openedHash);
    expect(call.force).toBeUndefined();
    expect(api.files.get(PATH)!.character.name).toBe('Brannoc the Bold');
    expect(document.title).toBe('Brannoc the Bold — Quartermaster');

    // Typing the name back to what is saved is no change; Cmd+S with nothing to save writes nothing.
    fireEvent.change(nameBox(), { target: { value: 'Brannoc the Bol' } });
    fireEvent.change(nameBox(), { target: { value: 'Brannoc the Bold' } });
    expect(saveState()).toBe('All changes saved');
    fireEvent.keyDown(window, { key: 's', metaKey: true });
    expect(api.saveCharacter).toHaveBeenCalledTimes(1);
  });

  it('saves with the button, sending the hash of the last save the second time', async () => {
    const api = await openBrannoc();
    fireEvent.change(screen.getByRole('textbox', { name: 'Player' }), { target: { value: 'Zoe H.' } });
    fireEvent.click(saveButton());
    await waitFor(() => expect(saveState()).toBe('All changes saved'));
    const afterFirst = api.files.get(PATH)!.hash;

    fireEvent.change(screen.getByRole('textbox', { name: 'Notes' }), { target: { value: 'Retired.' } });
    fireEvent.click(saveButton());
    await waitFor(() => expect(api.saveCharacter).toHaveBeenCalledTimes(2));
    expect(vi.mocked(api.saveCharacter).mock.calls[1]![0].expectedHash).toBe(afterFirst);
    expect(api.files.get(PATH)!.character).toMatchObject({ player: 'Zoe H.', notes: 'Retired.' });
  });

  it('asks what to do when the file changed on disk, and overwrites only when told to', async () => {
    const api = await openBrannoc();
    api.changeOnDisk(PATH, { ...BRANNOC, notes: 'Edited in another program.' });
    fireEvent.change(nameBox(), { target: { value: 'Brannoc II' } });
    fireEvent.click(saveButton());

    const dialog = await screen.findByRole('alertdialog', { name: 'The file changed on disk' });
    expect(api.files.get(PATH)!.character.notes).toBe('Edited in another program.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(saveState()).toBe('Unsaved changes');

    fireEvent.click(saveButton());
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Overwrite it with my version' }));
    await waitFor(() => expect(saveState()).toBe('All changes saved'));
    expect(vi.mocked(api.saveCharacter).mock.calls.at(-1)![0].force).toBe(true);
    expect(api.files.get(PATH)!.character).toMatchObject({ name: 'Brannoc II', notes: 'Sellsword from the north.' });
  });

  it('reloads the file from disk on request, dropping the edits', async () => {
    const api = await openBrannoc();
    api.changeOnDisk(PATH, { ...BRANNOC, name: 'Brannoc (theirs)' });
    fireEvent.change(nameBox(), { target: { value: 'Brannoc (mine)' } });
    fireEvent.click(saveButton());
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Reload it and discard my changes' }));
    await screen.findByRole('heading', { level: 1, name: 'Brannoc (theirs)' });
    expect(nameBox().value).toBe('Brannoc (theirs)');
    expect(saveState()).toBe('All changes saved');
    expect(api.saveCharacter).toHaveBeenCalledTimes(1);
  });

  it('shows a read-only file with a banner, and neither edits nor saves it', async () => {
    const api = fakeApi({ entries: [entry({ fileName: 'brannoc.character.json', name: 'Brannoc' })] });
    api.openCharacter = vi.fn(async () => ({
      ok: true as const,
      opened: { path: PATH, character: BRANNOC, hash: 'abc', readOnly: true, readOnlyReason: 'This is an example character. Use Save As to keep your own copy.' },
    }));
    await openBrannoc(api);
    expect(screen.getByRole('note').textContent).toBe('This file is open read-only: This is an example character. Use Save As to keep your own copy.');
    expect(nameBox().readOnly).toBe(true);
    fireEvent.change(nameBox(), { target: { value: 'Changed' } });
    expect(nameBox().value).toBe('Brannoc');
    expect(saveButton().disabled).toBe(true);
    fireEvent.keyDown(window, { key: 's', ctrlKey: true });
    expect(api.saveCharacter).not.toHaveBeenCalled();
    expect((screen.getByRole('button', { name: 'Save as…' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('asks before going back to the library with unsaved changes', async () => {
    const api = await openBrannoc();
    fireEvent.change(nameBox(), { target: { value: 'Brannoc II' } });

    fireEvent.click(screen.getByRole('button', { name: 'Back to the library' }));
    let dialog = screen.getByRole('alertdialog', { name: 'Unsaved changes' });
    expect(within(dialog).getByText('“Brannoc II” has changes that are not saved.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(nameBox().value).toBe('Brannoc II');

    fireEvent.click(screen.getByRole('button', { name: 'Back to the library' }));
    dialog = screen.getByRole('alertdialog', { name: 'Unsaved changes' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Discard changes' }));
    await screen.findByRole('heading', { level: 1, name: 'Character library' });
    expect(api.saveCharacter).not.toHaveBeenCalled();
    expect(api.files.get(PATH)!.character.name).toBe('Brannoc');
  });

  it('saves first when the user chooses "Save and continue"', async () => {
    const api = await openBrannoc();
    fireEvent.change(nameBox(), { target: { value: 'Brannoc II' } });
    fireEvent.click(screen.getByRole('button', { name: 'Back to the library' }));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Save and continue' }));
    await screen.findByRole('heading', { level: 1, name: 'Character library' });
    expect(api.files.get(PATH)!.character.name).toBe('Brannoc II');
  });

  it('holds the window open (beforeunload) only while there are unsaved changes', async () => {
    await openBrannoc();
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(unload()).toBe(false);
    fireEvent.change(nameBox(), { target: { value: 'Brannoc II' } });
    expect(unload()).toBe(true);
    fireEvent.click(saveButton());
    await waitFor(() => expect(saveState()).toBe('All changes saved'));
    expect(unload()).toBe(false);
  });

  it('lists the backups newest first and restores the chosen one', async () => {
    const api = await openBrannoc();
    api.listBackups = vi.fn(async () => [
      { id: 'b1', savedMs: Date.UTC(2025, 0, 1, 12, 0), size: 900 },
      { id: 'b2', savedMs: Date.UTC(2025, 0, 2, 12, 0), size: 950 },
    ]);
    const older = { ...BRANNOC, name: 'Brannoc (1 January)' };
    api.restoreBackup = vi.fn(async () => ({ ok: true as const, opened: { path: PATH, character: older, hash: 'h1', readOnly: false } }));

    fireEvent.click(screen.getByRole('button', { name: 'Show backups' }));
    // Noon UTC falls on the same date in every time zone from UTC-11 to UTC+11.
    const restoreButtons = await screen.findAllByRole('button', { name: /^Restore the backup from/ });
    expect(restoreButtons.map((b) => b.getAttribute('aria-label'))).toEqual([expect.stringContaining('Jan 2, 2025'), expect.stringContaining('Jan 1, 2025')]);
    fireEvent.click(restoreButtons[1]!);
    await screen.findByRole('heading', { level: 1, name: 'Brannoc (1 January)' });
    expect(api.restoreBackup).toHaveBeenCalledWith({ path: PATH, backupId: 'b1' });
  });

  it('follows the File menu: save, and new asks about unsaved changes first', async () => {
    const api = await openBrannoc();
    fireEvent.change(nameBox(), { target: { value: 'Brannoc II' } });
    act(() => api.fireMenuCommand('new'));
    fireEvent.click(within(screen.getByRole('alertdialog', { name: 'Unsaved changes' })).getByRole('button', { name: 'Cancel' }));
    act(() => api.fireMenuCommand('save'));
    await waitFor(() => expect(saveState()).toBe('All changes saved'));
    act(() => api.fireMenuCommand('new'));
    expect(screen.getByRole('dialog', { name: 'New character' })).toBeTruthy();
  });
});
