// @vitest-environment jsdom
// The play session: undo history and condition trackers survive closing and reopening the character,
// and a crash (a new app over the same main process), until the player says the day is over.
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeApi, entry, FOLDER, makeCharacter } from '../testing/fake-api';
import { editedCharacter, renderApp } from '../testing/render';

afterEach(cleanup);

const tracker = () => screen.getByRole('region', { name: 'Conditions' });
const held = () => within(tracker()).queryByRole('list', { name: 'Conditions now' })?.textContent ?? '';
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

const elowen = makeCharacter({ ruleset: 'novitas', name: 'Elowen' });
const path = `${FOLDER}/elowen.character.json`;
const library = () => fakeApi({ entries: [entry({ fileName: 'elowen.character.json', name: 'Elowen', ruleset: 'novitas' })], files: { [path]: elowen } });

async function open() {
  fireEvent.click(await screen.findByRole('button', { name: 'Open Elowen' }));
  await screen.findByRole('heading', { level: 1, name: /^Elowen/ });
}

describe('play session (undo history and condition trackers)', () => {
  it('survives closing and reopening the character, and is cleared when the day is over', async () => {
    const api = library();
    const { app } = renderApp(api);
    await open();
    // Two edits, saved; a wound on the tracker.
    fireEvent.change(screen.getByRole('textbox', { name: 'Player' }), { target: { value: 'Dana' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Notes' }), { target: { value: 'Healer.' } });
    fireEvent.change(within(tracker()).getByRole('combobox', { name: 'Where' }), { target: { value: 'left-arm' } });
    fireEvent.click(within(tracker()).getByRole('button', { name: 'Wound' }));
    expect(held()).toBe('Left Arm Wound');
    fireEvent.keyDown(window, { key: 's', ctrlKey: true });
    await screen.findByText('All changes saved');

    // Close the character, and open it again: Undo still goes back, the wound is still there.
    fireEvent.click(button('Back to the library'));
    await open();
    await waitFor(() => expect(button('Undo').disabled).toBe(false));
    expect(held()).toBe('Left Arm Wound');
    // Kept beside the drafts, not in the character file.
    expect(api.files.get(path)!.character).not.toHaveProperty('trackers');
    expect(api.sessions.get(path)!.past).toHaveLength(2);
    fireEvent.click(button('Undo'));
    expect(editedCharacter(app).notes).toBe('');
    fireEvent.click(button('Undo'));
    expect(editedCharacter(app).player).toBe('');
    fireEvent.keyDown(window, { key: 'y', ctrlKey: true });
    expect(editedCharacter(app).player).toBe('Dana');
    fireEvent.keyDown(window, { key: 's', ctrlKey: true });
    await screen.findByText('All changes saved');

    // The day is over: confirmed, the history and the trackers start afresh and the kept session goes.
    fireEvent.click(button('The day is over…'));
    const dialog = screen.getByRole('alertdialog', { name: 'The day is over?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Clear the history and trackers' }));
    await waitFor(() => expect(api.sessions.has(path)).toBe(false));
    expect(button('Undo').disabled).toBe(true);
    expect(within(tracker()).getByText('No conditions.')).toBeTruthy();
    fireEvent.click(button('Back to the library'));
    await open();
    await act(async () => undefined);
    expect(button('Undo').disabled).toBe(true);
    expect(within(tracker()).getByText('No conditions.')).toBeTruthy();
  });

  it('survives a crash: the next start recovers the draft with its history and the trackers', async () => {
    const api = library();
    const first = renderApp(api);
    await open();
    fireEvent.change(screen.getByRole('textbox', { name: 'Player' }), { target: { value: 'Dana' } });
    fireEvent.click(within(tracker()).getByRole('button', { name: 'Wound' }));
    expect(held()).toBe('Torso WoundBleeding Out');
    // The autosave runs (every few seconds in the app), then the window dies without closing anything.
    await act(() => first.app.actions.autosave());
    expect(api.drafts.has(path)).toBe(true);
    expect(api.sessions.has(path)).toBe(true);
    first.unmount();
    cleanup();

    // The next start: recover the draft; the history goes back to the file, the tracker is as it was.
    const second = renderApp(api);
    const recover = await screen.findByRole('alertdialog', { name: 'Recover unsaved changes?' });
    fireEvent.click(within(recover).getByRole('button', { name: 'Recover the changes to Elowen' }));
    await screen.findByRole('heading', { level: 1, name: /^Elowen/ });
    await waitFor(() => expect(held()).toBe('Torso WoundBleeding Out'));
    expect(editedCharacter(second.app).player).toBe('Dana');
    fireEvent.click(button('Undo'));
    expect(editedCharacter(second.app)).toEqual(elowen);
  });
});
