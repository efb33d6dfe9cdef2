// @vitest-environment jsdom
// Record… in the desk view over a fake API: a Fortune's Landing death with its cause, the row's state
// after the main process answers, a return with Tiles of Fate cards, a transfer, undo in the ledger.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { newEvent, type DeskEvent } from '../../core/desk/event';
import { EXAMPLES, exampleDesk } from '../../core/desk/testing';
import { recordEntry, recordTransfer } from '../../core/desk/record';
import type { RecordRequest } from '../../core/ipc/contract';
import { viewRows } from '../../core/desk/view-rows';
import { deskActionsFor } from './actions';
import { deskStoreFor } from './store';
import { fakeApi, type FakeApi } from '../testing/fake-api';
import { renderApp } from '../testing/render';

afterEach(() => cleanup());

const FOLDER = '/home/ana/Events/Autumn Muster';
const FILE = `${FOLDER}/Autumn Muster.event.json`;
const NOW = new Date('2026-10-02T17:05:00Z');
const START = newEvent({ name: 'Autumn Muster', game: 'fortunes-landing', start: '2026-10-02', end: '2026-10-04', id: '3a1c2b4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d' });
const stamp = { at: '2026-10-02T18:05:00+01:00', desk: 'Front desk' };

/** Dimitri and Aldric, and the event file holding `event`. */
function addFolder(api: FakeApi, event: DeskEvent) {
  const files = (['dimitri', 'aldric'] as const).map((n) => exampleDesk(n, {}, `${FOLDER}/${n}.character.json`));
  api.desk.addFolder({ folder: FOLDER, rows: viewRows(files), eventFile: FILE, event });
}

/** The event as the fake main process holds it. */
const onDisk = (api: FakeApi) => api.desk.log(FILE).event;

describe('Record… in the desk view', () => {
  it("records a death (killing blow) and a return with 3 cards: the row says Dead, then Returned (Tiles of Fate 11); undo from the ledger", async () => {
    const api = fakeApi({ settings: { locale: 'en-GB' } });
    let n = 1;
    const requests: RecordRequest[] = [];
    addFolder(api, START);
    // As electron/desk/record.ts: the entry made from the ledger as main holds it, appended, answered.
    api.recordDesk = vi.fn(async ({ folder, eventFile, request }) => {
      expect([folder, eventFile]).toEqual([FOLDER, FILE]);
      // Several requests (an undo of each entry of a step) are one append.
      const list = Array.isArray(request) ? request : [request];
      requests.push(...list);
      const at = `2026-10-02T18:0${5 + n}:00+01:00`;
      n++;
      return api.desk.recordResult(folder, eventFile, list.map((r) => recordEntry(onDisk(api), r, { ...stamp, at }).entry));
    });
    api.transferItem = vi.fn(async ({ folder, eventFile, from, item, to }) => {
      expect([from, to]).toEqual([EXAMPLES.dimitri.id, EXAMPLES.aldric.id]);
      const dimitri = exampleDesk('dimitri');
      const aldric = exampleDesk('aldric');
      if (!dimitri.readable || !aldric.readable) throw new Error('examples');
      const { entries } = recordTransfer(onDisk(api), dimitri.character, item, aldric.character, { ...stamp, at: '2026-10-02T18:30:00+01:00' });
      return api.desk.recordResult(folder, eventFile, entries);
    });
    deskActionsFor(deskStoreFor(api), api, { now: () => NOW });
    renderApp(api);
    fireEvent.click(await screen.findByRole('button', { name: /^Event desk/ }));
    fireEvent.click((await screen.findAllByRole('button', { name: 'Open event folder…' }))[0]!);
    await screen.findByRole('table');

    fireEvent.click(screen.getByRole('button', { name: 'Record… for Dimitri' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record… for Dimitri' });
    fireEvent.change(within(dialog).getByLabelText('How'), { target: { value: 'killing-blow' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests[0]).toEqual({ kind: 'died', character: EXAMPLES.dimitri.id, cause: 'killing-blow' });
    // The row says so in place of the check-in, with since when.
    expect(document.querySelector('.desk-out')?.textContent).toBe('Dead since 2 Oct 2026, 18:06');

    fireEvent.click(screen.getByRole('button', { name: 'Record… for Dimitri' }));
    const again = await screen.findByRole('dialog');
    // Dead: Death is not offered again, and a return is the choice offered first.
    const what = within(again).getByLabelText('What happened') as HTMLSelectElement;
    expect([what.value, [...what.options].some((o) => o.value === 'died')]).toEqual(['returned', false]);
    fireEvent.change(within(again).getByLabelText('How (spell, item)'), { target: { value: 'Spark of Life' } });
    fireEvent.change(within(again).getByLabelText('Tiles of Fate cards added'), { target: { value: '3' } });
    fireEvent.click(within(again).getByRole('button', { name: 'Record' }));
    await waitFor(() => expect(document.querySelector('.desk-life')?.textContent).toBe('Returned (Tiles of Fate 11)'));
    expect(requests[1]).toEqual({ kind: 'returned', character: EXAMPLES.dimitri.id, how: 'Spark of Life', cards: 3 });

    // Transfer Dimitri's potion to Aldric.
    fireEvent.click(screen.getByRole('button', { name: 'Record… for Dimitri' }));
    const t = await screen.findByRole('dialog');
    fireEvent.change(within(t).getByLabelText('What happened'), { target: { value: 'item-transferred' } });
    // The picker offers Aldric alone (Dimitri gives); typing part of his name and clicking picks him.
    const to = within(t).getByRole('combobox', { name: 'To' });
    fireEvent.change(to, { target: { value: 'ald' } });
    const list = () => within(within(t).getByRole('listbox', { name: 'To' }));
    fireEvent.click(list().getByRole('option', { name: /Aldric of the Vale/ }));
    expect(list().getByRole('option', { selected: true }).textContent).toMatch(/^Aldric of the Vale/);
    fireEvent.click(within(t).getByRole('button', { name: 'Record' }));
    await waitFor(() => expect(api.transferItem).toHaveBeenCalledTimes(1));
    // Each appended through the event file's log: the Front desk's seq 1, 2, 3 in the order recorded.
    expect(api.desk.log(FILE).lines.map((e) => [e.kind, e.seq])).toEqual([
      ['died', 1],
      ['returned', 2],
      ['item-transferred', 3],
    ]);

    // The ledger lists the entries, newest first, in words (the item by its name, the recipient); undo the return.
    const ledger = screen.getByRole('region', { name: 'Ledger' });
    await waitFor(() => expect(within(ledger).getAllByRole('listitem')[0]!.textContent).toMatch(new RegExp(`item transferred Dimitri: ${EXAMPLES.dimitri.items[0]!.name} to Aldric of the Vale`)));
    expect(within(ledger).getByRole('heading').textContent).toBe('Ledger (3 entries)');
    fireEvent.click(within(ledger).getByRole('button', { name: /^Undo return from death/ }));
    await waitFor(() => expect(requests[2]).toMatchObject({ kind: 'undo', character: EXAMPLES.dimitri.id }));
    await waitFor(() => expect(document.querySelector('.desk-out')?.textContent).toBe('Dead since 2 Oct 2026, 18:06'));
    expect(api.desk.log(FILE).lines.at(-1)).toMatchObject({ kind: 'undo', target: api.desk.log(FILE).lines[1]!.id, seq: 4 });
  });

  it('retires a character (out of play, kept): the reason goes with it, the row says Retired, and Retire is not offered again', async () => {
    const api = fakeApi({ settings: { locale: 'en-GB' } });
    const requests: RecordRequest[] = [];
    addFolder(api, START);
    api.recordDesk = vi.fn(async ({ folder, eventFile, request }) => {
      const list = Array.isArray(request) ? request : [request];
      requests.push(...list);
      return api.desk.recordResult(folder, eventFile, list.map((r) => recordEntry(onDisk(api), r, stamp).entry));
    });
    deskActionsFor(deskStoreFor(api), api, { now: () => NOW });
    renderApp(api);
    fireEvent.click(await screen.findByRole('button', { name: /^Event desk/ }));
    fireEvent.click((await screen.findAllByRole('button', { name: 'Open event folder…' }))[0]!);
    await screen.findByRole('table');
    fireEvent.click(screen.getByRole('button', { name: 'Record… for Dimitri' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record… for Dimitri' });
    fireEvent.change(within(dialog).getByLabelText('What happened'), { target: { value: 'retired' } });
    fireEvent.change(within(dialog).getByLabelText('Why (shown with the character)'), { target: { value: 'Boris has moved abroad' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests).toEqual([{ kind: 'retired', character: EXAMPLES.dimitri.id, reason: 'Boris has moved abroad' }]);
    expect(document.querySelector('.desk-out')?.textContent).toMatch(/^Retired since /);
    fireEvent.click(screen.getByRole('button', { name: 'Record… for Dimitri' }));
    const again = await screen.findByRole('dialog');
    const kinds = [...(within(again).getByLabelText('What happened') as HTMLSelectElement).options].map((o) => o.value);
    expect(kinds).not.toContain('retired');
    expect(kinds).toContain('note');
  });
});
