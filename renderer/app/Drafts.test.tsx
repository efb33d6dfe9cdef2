// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { DRAFT_INTERVAL_MS } from './actions';
import { entry, fakeApi, FOLDER, makeCharacter } from '../testing/fake-api';
import { editedCharacter, openCharacter, renderApp } from '../testing/render';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const AYLA = makeCharacter({ ruleset: 'fortunes-landing', name: 'Ayla', player: 'Ben' });
const PATH = `${FOLDER}/ayla.character.json`;
const saveState = () => document.querySelector('.save-state')!.textContent;

describe('draft autosave', () => {
  it('writes unsaved edits every few seconds, once per change, and drops the draft after saving', async () => {
    // Only the autosave's interval runs on the test clock (the queries poll with setTimeout).
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const { api, path } = await openCharacter(AYLA);
    fireEvent.change(screen.getByRole('textbox', { name: 'Player' }), { target: { value: 'Ben Carter' } });
    expect(api.saveDraft).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(DRAFT_INTERVAL_MS));
    expect(api.saveDraft).toHaveBeenCalledTimes(1);
    expect(api.drafts.get(path)!.character.player).toBe('Ben Carter');
    // Nothing changed since: nothing written.
    await act(() => vi.advanceTimersByTimeAsync(3 * DRAFT_INTERVAL_MS));
    expect(api.saveDraft).toHaveBeenCalledTimes(1);

    fireEvent.keyDown(window, { key: 's', ctrlKey: true });
    await screen.findByText('All changes saved');
    expect(api.discardDraft).toHaveBeenCalledWith({ path });
    expect(api.drafts.size).toBe(0);
  });

  it('says once when autosave fails, and keeps trying', async () => {
    const { api, app } = await openCharacter(AYLA);
    api.saveDraft = vi.fn(async () => Promise.reject(new Error('disk full')));
    fireEvent.change(screen.getByRole('textbox', { name: 'Player' }), { target: { value: 'B' } });
    await act(() => app.actions.autosave());
    expect(screen.getByRole('alert').textContent).toContain('Unsaved changes could not be autosaved: disk full');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    await act(() => app.actions.autosave());
    expect(screen.queryByRole('alert')).toBeNull();
    expect(api.saveDraft).toHaveBeenCalledTimes(2);
  });
});

describe('draft recovery at start', () => {
  const draft = { path: PATH, savedMs: Date.UTC(2025, 5, 2, 12, 0), fileModifiedMs: Date.UTC(2025, 5, 1, 12, 0), character: { ...AYLA, name: 'Ayla (unsaved)' } };
  const library = () => ({ entries: [entry({ fileName: 'ayla.character.json', name: 'Ayla', ruleset: 'fortunes-landing' as const })], files: { [PATH]: AYLA } });

  it('offers a draft newer than its file; recovering opens the file with the draft on top, one undo from it', async () => {
    const api = fakeApi({ ...library(), drafts: [draft] });
    const { app } = renderApp(api);
    const dialog = await screen.findByRole('alertdialog', { name: 'Recover unsaved changes?' });
    expect(within(dialog).getByText('Ayla (unsaved)')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Recover the changes to Ayla (unsaved)' }));
    await screen.findByRole('heading', { level: 1, name: 'Ayla (unsaved)' });
    expect(saveState()).toBe('Unsaved changes');
    expect(document.querySelector('.notice-info')!.textContent).toMatch(/^Changes from .+ recovered: they are not saved yet\.Dismiss$/);
    fireEvent.keyDown(window, { key: 'z', ctrlKey: true });
    expect(editedCharacter(app)).toEqual(AYLA);
    expect(saveState()).toBe('All changes saved');
  });

  it('discards a draft on request, and does not offer one older than its file', async () => {
    const older = { ...draft, path: `${FOLDER}/old.character.json`, savedMs: Date.UTC(2025, 0, 1), fileModifiedMs: Date.UTC(2025, 5, 1) };
    const api = fakeApi({ ...library(), drafts: [draft, older] });
    renderApp(api);
    const dialog = await screen.findByRole('alertdialog', { name: 'Recover unsaved changes?' });
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(1);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Discard the changes to Ayla (unsaved)' }));
    await act(async () => undefined);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect([...api.drafts.keys()]).toEqual([older.path]);
  });

  it('opens the draft on its own when its file is gone (Save writes the file again)', async () => {
    const gone = { ...draft, fileModifiedMs: null };
    const api = fakeApi({ entries: [], drafts: [gone] });
    renderApp(api);
    fireEvent.click(await screen.findByRole('button', { name: 'Recover the changes to Ayla (unsaved)' }));
    await screen.findByRole('heading', { level: 1, name: 'Ayla (unsaved)' });
    expect(saveState()).toBe('Unsaved changes');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await act(async () => undefined);
    expect(api.files.get(PATH)!.character.name).toBe('Ayla (unsaved)');
  });
});
