// @vitest-environment jsdom
// The record of play in Bulgarian: the desk's Record… dialog, its held-items and ledger panels, and
// the editor's history section show the Bulgarian string table, not English written inline.
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { applyLedger } from '../../core/desk/character-record';
import { newEvent } from '../../core/desk/event';
import { recordEntry } from '../../core/desk/record';
import { example, exampleDesk, stampAt } from '../../core/desk/testing';
import { viewRows } from '../../core/desk/view-rows';
import { deskActionsFor } from './actions';
import { deskStoreFor } from './store';
import { LanguageProvider, setLanguage, setLocale } from '../app/i18n';
import { fakeApi } from '../testing/fake-api';
import { renderApp } from '../testing/render';
import { HistorySection } from '../editor/HistorySection';

afterEach(() => {
  cleanup();
  act(() => setLanguage('en'));
});

const FOLDER = '/home/ana/Events/Autumn Muster';
const START = newEvent({ name: 'Autumn Muster', game: 'fortunes-landing', start: '2026-10-02', end: '2026-10-04', id: '3a1c2b4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d' });

describe('the record of play in Bulgarian', () => {
  it('shows the Record… dialog, the held items and the ledger in Bulgarian', async () => {
    const api = fakeApi({ settings: { locale: 'en-GB' } });
    const files = (['dimitri', 'aldric'] as const).map((n) => exampleDesk(n, {}, `${FOLDER}/${n}.character.json`));
    api.desk.addFolder({ folder: FOLDER, rows: viewRows(files), eventFile: `${FOLDER}/Autumn Muster.event.json`, event: START });
    deskActionsFor(deskStoreFor(api), api, { now: () => new Date('2026-10-02T17:05:00Z') });
    renderApp(api);
    fireEvent.click(await screen.findByRole('button', { name: /^Event desk/ }));
    fireEvent.click((await screen.findAllByRole('button', { name: 'Open event folder…' }))[0]!);
    await screen.findByRole('table');
    act(() => setLanguage('bg'));

    expect(screen.getByRole('region', { name: 'Предмети, оставени на гишето' }).textContent).toContain('Няма');
    expect(within(screen.getByRole('region', { name: 'Дневник' })).getByRole('heading').textContent).toBe('Дневник (0 записа)');
    fireEvent.click(screen.getByRole('button', { name: 'Запиши… за Dimitri' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Запиши… за Dimitri' }));
    const what = dialog.getByLabelText('Какво се случи') as HTMLSelectElement;
    // Fortune's Landing, alive: death, items, bow test, retirement, note (a return and a permanent death once dead).
    expect([...what.options].map((o) => o.textContent)).toEqual(['Смърт', 'Предаден предмет', 'Прехвърлен предмет', 'Издържан тест за стрелба с лък', 'Оттеглен (извън играта; пази се само за четене)', 'Бележка']);
    expect([...(dialog.getByLabelText('Как') as HTMLSelectElement).options].map((o) => o.textContent)).toEqual(['Смъртоносен удар', 'Изкървяване']);
    expect(dialog.getByRole('button', { name: 'Запиши' })).toBeTruthy();
    expect(dialog.getByRole('button', { name: 'Отказ' })).toBeTruthy();
  });

  it('shows the history section in Bulgarian, with the Tiles of Fate deck (8 + 3 = 11)', () => {
    const dimitri = example('dimitri');
    let e = START;
    e = recordEntry(e, { kind: 'died', character: dimitri.id, cause: 'bled-out' }, stampAt('2026-10-02T14:00:00+01:00')).event;
    e = recordEntry(e, { kind: 'returned', character: dimitri.id, how: 'Spark of Life', cards: 3 }, stampAt('2026-10-02T15:00:00+01:00')).event;
    // Dates in the language's own order (no locale chosen in the settings).
    act(() => {
      setLocale('');
      setLanguage('bg');
    });
    render(
      <LanguageProvider>
        <HistorySection character={applyLedger(dimitri, e)} />
      </LanguageProvider>,
    );
    expect(screen.getByRole('heading', { name: 'Запис на игра' })).toBeTruthy();
    expect(screen.getByText('„Плочките на съдбата“: 11 карти')).toBeTruthy();
    const items = within(screen.getByRole('list', { name: 'Смърти, връщания и оттегляния' })).getAllByRole('listitem').map((li) => li.textContent);
    expect(items).toEqual(['2.10.2026 г. Autumn Muster: Умря (изкървяване)', '2.10.2026 г. Autumn Muster: Върна се от смъртта (Spark of Life, +3 карти към „Плочките на съдбата“ (тесте 11))']);
  });
});
