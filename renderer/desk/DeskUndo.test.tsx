// @vitest-environment jsdom
// The desk's undo history over a fake API: a death recorded through Record… is what Undo names (not
// the check-in before it), Undo and Redo append an undo and an undo of that undo, the keys do the
// same, and a new action empties the redo list. In Bulgarian too.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { newEvent } from '../../core/desk/event';
import { EXAMPLES, exampleDesk } from '../../core/desk/testing';
import { recordEntry } from '../../core/desk/record';
import type { RecordRequest } from '../../core/ipc/contract';
import { viewRows } from '../../core/desk/view-rows';
import { deskActionsFor } from './actions';
import { deskStoreFor } from './store';
import { setLanguage } from '../app/i18n';
import { fakeApi } from '../testing/fake-api';
import { renderApp } from '../testing/render';

afterEach(() => {
  cleanup();
  setLanguage('en');
});

const FOLDER = '/home/ana/Events/Autumn Muster';
const FILE = `${FOLDER}/Autumn Muster.event.json`;
const START = newEvent({ name: 'Autumn Muster', game: 'fortunes-landing', start: '2026-10-02', end: '2026-10-04', id: '3a1c2b4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d' });

describe('one undo history at the desk', () => {
  it('Undo names the death, not the check-in; Redo is an undo of the undo; Ctrl+Shift+Z and Ctrl+Y redo; a new action empties Redo', async () => {
    const api = fakeApi({ settings: { locale: 'en-GB' } });
    const files = (['dimitri', 'aldric'] as const).map((n) => exampleDesk(n, {}, `${FOLDER}/${n}.character.json`));
    api.desk.addFolder({ folder: FOLDER, rows: viewRows(files), eventFile: FILE, event: START });
    const requests: RecordRequest[][] = [];
    let minute = 10;
    api.recordDesk = vi.fn(async ({ folder, eventFile, request }) => {
      const list = Array.isArray(request) ? request : [request];
      requests.push(list);
      const at = `2026-10-02T18:${minute++}:00+01:00`;
      return api.desk.recordResult(folder, eventFile, list.map((r) => recordEntry(api.desk.log(FILE).event, r, { at, desk: 'Front desk' }).entry));
    });
    deskActionsFor(deskStoreFor(api), api, { now: () => new Date('2026-10-02T17:05:00Z') });
    renderApp(api);
    fireEvent.click(await screen.findByRole('button', { name: /^Event desk/ }));
    fireEvent.click((await screen.findAllByRole('button', { name: 'Open event folder…' }))[0]!);
    await screen.findByRole('table');
    const tools = () => within(screen.getByRole('group', { name: 'Undo and redo' }));
    const dead = () => document.querySelector('.desk-out')?.textContent ?? null;

    fireEvent.click(screen.getByRole('button', { name: 'Check in Dimitri' }));
    await tools().findByRole('button', { name: 'Undo check-in of Dimitri' });
    fireEvent.click(screen.getByRole('button', { name: 'Record… for Dimitri' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Record' }));
    await waitFor(() => expect(dead()).toMatch(/^Dead since/));
    const death = api.desk.log(FILE).lines.at(-1)!;

    fireEvent.click(tools().getByRole('button', { name: 'Undo death of Dimitri' }));
    await waitFor(() => expect(dead()).toBeNull());
    expect(requests.at(-1)).toEqual([{ kind: 'undo', target: death.id, character: EXAMPLES.dimitri.id }]);
    const undo = api.desk.log(FILE).lines.at(-1)!;
    expect(tools().getByRole('button', { name: 'Undo check-in of Dimitri' })).toBeTruthy();
    fireEvent.click(tools().getByRole('button', { name: 'Redo death of Dimitri' }));
    await waitFor(() => expect(dead()).toMatch(/^Dead since/));
    expect(requests.at(-1)).toEqual([{ kind: 'undo', target: undo.id, character: EXAMPLES.dimitri.id }]);

    // The keys: Ctrl+Z undoes the death, Ctrl+Shift+Z redoes it; Ctrl+Z again, Ctrl+Y.
    fireEvent.keyDown(window, { key: 'z', ctrlKey: true });
    await waitFor(() => expect(dead()).toBeNull());
    fireEvent.keyDown(window, { key: 'Z', ctrlKey: true, shiftKey: true });
    await waitFor(() => expect(dead()).toMatch(/^Dead since/));
    fireEvent.keyDown(window, { key: 'z', ctrlKey: true });
    await waitFor(() => expect(dead()).toBeNull());
    // Every undo of the step aims at the death itself.
    expect(requests.at(-1)).toEqual([{ kind: 'undo', target: death.id, character: EXAMPLES.dimitri.id }]);
    fireEvent.keyDown(window, { key: 'y', ctrlKey: true });
    await waitFor(() => expect(dead()).toMatch(/^Dead since/));
    expect(api.desk.log(FILE).lines.filter((e) => e.kind === 'died')).toHaveLength(1);

    // Undone, then a new action (a note): the redo list is emptied, Undo names the note.
    fireEvent.click(tools().getByRole('button', { name: 'Undo death of Dimitri' }));
    await tools().findByRole('button', { name: 'Redo death of Dimitri' });
    fireEvent.click(screen.getByRole('button', { name: 'Record… for Dimitri' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('What happened'), { target: { value: 'note' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record' }));
    await tools().findByRole('button', { name: 'Undo note on Dimitri' });
    expect((tools().getByRole('button', { name: 'Redo' }) as HTMLButtonElement).disabled).toBe(true);

    act(() => setLanguage('bg'));
    expect(within(screen.getByRole('group', { name: 'Отмяна и повторение' })).getByRole('button', { name: 'Отмени бележката за Dimitri' })).toBeTruthy();
  });
});
