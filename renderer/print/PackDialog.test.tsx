// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PackResult, PrintProgress } from '../../core/ipc/contract';
import { setLanguage } from '../app/i18n';
import { entry, fakeApi, FOLDER, makeCharacter, type FakeApi } from '../testing/fake-api';
import { openCharacter, renderApp } from '../testing/render';

afterEach(() => {
  cleanup();
  act(() => setLanguage('en'));
});

const ENTRIES = [
  entry({ fileName: 'brannoc.character.json', name: 'Brannoc', player: 'Dana', ruleset: 'curious-pastimes' }),
  entry({ fileName: 'vasil.character.json', name: 'Васил', player: 'Georgi', ruleset: 'bg-magic' }),
  entry({ fileName: 'elowen.character.json', name: 'Elowen', player: 'Sam', ruleset: 'novitas' }),
  entry({ fileName: 'broken.character.json', name: 'broken', ruleset: null, status: 'unreadable', reason: 'it is not valid JSON' }),
];

/** A printPack that waits for the test to finish it, with progress sent to the page's listeners. */
function controlledPack(api: FakeApi) {
  const listeners = new Set<(p: PrintProgress) => void>();
  api.onPrintProgress = (l) => {
    listeners.add(l);
    return () => void listeners.delete(l);
  };
  let finish: (r: PackResult | null) => void = () => undefined;
  api.printPack = vi.fn(() => new Promise<PackResult | null>((resolve) => (finish = resolve)));
  return {
    progress: (p: PrintProgress) => act(() => listeners.forEach((l) => l(p))),
    finish: (r: PackResult | null) => act(async () => finish(r)),
    listening: () => listeners.size,
  };
}

async function library(api = fakeApi({ entries: ENTRIES })) {
  renderApp(api);
  await screen.findByRole('table');
  return api;
}

const tick = (name: string) => fireEvent.click(screen.getByRole('checkbox', { name: `Select ${name}` }));

async function openPack(names: string[]) {
  const api = await library();
  for (const n of names) tick(n);
  fireEvent.click(screen.getByRole('button', { name: 'Print event pack…' }));
  return { api, dialog: screen.getByRole('dialog', { name: 'Print event pack' }) };
}

describe('Print event pack dialog', () => {
  it('offers the groups of the ticked characters’ games, names the unreadable ones, and prints the ticked paths', async () => {
    const { api, dialog } = await openPack(['Brannoc', 'Васил', 'broken']);
    expect(within(dialog).getByText('3 characters selected: Brannoc, Васил, broken')).toBeTruthy();
    expect(within(dialog).getByText('1 selected file cannot be read (broken.character.json): it will be reported, and the others printed.')).toBeTruthy();
    // Curious Pastimes and bg-magic: no armour tag (Fortune's Landing), no tracker (Novitas).
    expect(within(within(dialog).getByRole('group', { name: 'Cards to print' })).getAllByRole('checkbox').map((b) => b.parentElement!.textContent)).toEqual([
      'Character card',
      'Item and scroll cards',
      'Spell cards',
      'Role-spell slips',
      'Body Development token',
    ]);
    const pack = controlledPack(api);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Print…' }));
    expect(api.printPack).toHaveBeenCalledWith({
      paths: [`${FOLDER}/brannoc.character.json`, `${FOLDER}/vasil.character.json`, `${FOLDER}/broken.character.json`],
      print: { sections: ['character', 'items', 'spells', 'slips', 'token'], stock: null, printer: '', paper: 'a4', size: 'credit', marginMm: 5, offsetMm: { x: 0, y: 0 }, backOffsetMm: { x: 0, y: 0 }, backs: true },
    });

    // Progress: the bar and its words follow the main process's events.
    expect(within(dialog).getByRole('status', { name: '' }).textContent).toBe('Starting…');
    pack.progress({ phase: 'reading', done: 3, total: 3 });
    pack.progress({ phase: 'laying-out', done: 1, total: 2 });
    const bar = within(dialog).getByRole('progressbar', { name: 'Printing progress' }) as HTMLProgressElement;
    expect([bar.value, bar.max]).toEqual([1, 2]);
    expect(bar.getAttribute('aria-valuetext')).toBe('Laying out cards: character 1 of 2');
    expect(within(dialog).getByText('Laying out cards: character 1 of 2')).toBeTruthy();
    // The options cannot change while it prints; the focus is on Cancel.
    expect((within(dialog).getByRole('combobox', { name: 'Paper' }) as HTMLSelectElement).disabled).toBe(true);
    expect(document.activeElement?.textContent).toBe('Cancel printing');

    await pack.finish({
      outcome: 'written',
      path: `${FOLDER}/pack.pdf`,
      characters: 2,
      cards: 7,
      pages: 3,
      problems: [{ path: `${FOLDER}/broken.character.json`, message: `${FOLDER}/broken.character.json: it is not valid JSON (Unexpected end)` }],
    });
    expect(within(dialog).getByText(`Printed 7 cards for 2 characters on 3 pages to ${FOLDER}/pack.pdf. The PDF was opened.`)).toBeTruthy();
    expect(within(dialog).getByRole('heading', { name: '1 file was not printed' })).toBeTruthy();
    // The file's name and the reason, without the path the message starts with.
    expect(within(dialog).getByRole('listitem').textContent).toBe('broken.character.json: it is not valid JSON (Unexpected end)');
    expect(pack.listening()).toBe(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('cancels a running pack (button or Escape), goes back to the choices after a cancelled save dialog, and shows a failure', async () => {
    const { api, dialog } = await openPack(['Elowen']);
    let pack = controlledPack(api);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Print…' }));
    pack.progress({ phase: 'reading', done: 1, total: 1 });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel printing' }));
    expect(api.cancelPrint).toHaveBeenCalledTimes(1);
    expect(within(dialog).getByText('Cancelling…')).toBeTruthy();
    await pack.finish({ outcome: 'cancelled', problems: [] });
    expect(within(dialog).getByText('Printing was cancelled; no PDF was written.')).toBeTruthy();
    expect(document.activeElement?.textContent).toBe('Print…');

    pack = controlledPack(api);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Print…' }));
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(api.cancelPrint).toHaveBeenCalledTimes(2);
    // Escape while printing cancels the print, not the dialog.
    expect(screen.getByRole('dialog', { name: 'Print event pack' })).toBeTruthy();
    await pack.finish(null);
    expect(within(dialog).getByRole('button', { name: 'Print…' })).toBeTruthy();

    api.printPack = vi.fn(async () => Promise.reject(new Error('An event pack is already printing; wait for it or cancel it')));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Print…' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('The event pack could not be printed: An event pack is already printing; wait for it or cancel it');

    pack = controlledPack(api);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Print…' }));
    await pack.finish({ outcome: 'nothing', problems: [] });
    expect(within(dialog).getByText('Nothing could be printed, so no PDF was written.')).toBeTruthy();
  });

  it('from the menu: asks to tick characters first, and from the editor points back to the library', async () => {
    const api = await library();
    act(() => api.fireMenuCommand('print-event-pack'));
    expect(screen.getByText('Tick the characters first, then choose the action again.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    tick('Elowen');
    act(() => api.fireMenuCommand('print-event-pack'));
    expect(screen.getByRole('dialog', { name: 'Print event pack' })).toBeTruthy();
    cleanup();

    const opened = await openCharacter(makeCharacter({ ruleset: 'novitas', name: 'Elowen' }));
    act(() => opened.api.fireMenuCommand('print-event-pack'));
    expect(screen.getByText('Event packs are printed from the library: go back to it and tick the characters.')).toBeTruthy();
  });

  it('speaks Bulgarian, with Bulgarian plurals', async () => {
    const api = await library();
    act(() => setLanguage('bg'));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Избери Brannoc' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Избери Elowen' }));
    expect(within(screen.getByRole('group', { name: 'Избрани герои' })).getByText('Избрани: 2')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Печат на пакет за събитие…' }));
    const dialog = screen.getByRole('dialog', { name: 'Печат на пакет за събитие' });
    expect(within(dialog).getByText('Избрани са 2 героя: Brannoc, Elowen')).toBeTruthy();
    const pack = controlledPack(api);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Печат…' }));
    pack.progress({ phase: 'writing', done: 2, total: 5 });
    expect(within(dialog).getByText('Записване на страниците: 2 от 5')).toBeTruthy();
    await pack.finish({ outcome: 'written', path: '/x.pdf', characters: 2, cards: 1, pages: 1, problems: [] });
    await waitFor(() => expect(within(dialog).getByText('Отпечатани са 1 карта за 2 героя на 1 страница в /x.pdf. PDF файлът беше отворен.')).toBeTruthy());
  });
});
