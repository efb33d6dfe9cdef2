// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { applyLedger } from '../../core/desk/character-record';
import { newEvent } from '../../core/desk/event';
import { recordEntry } from '../../core/desk/record';
import { example, stampAt } from '../../core/desk/testing';
import { LanguageProvider, setLanguage, setLocale } from '../app/i18n';
import { HistorySection } from './HistorySection';

afterEach(() => {
  cleanup();
  act(() => {
    setLanguage('en');
    setLocale('');
  });
});

/** The section as the app shows it: inside the language and locale provider. */
const show = (character: Parameters<typeof HistorySection>[0]['character']) =>
  render(
    <LanguageProvider>
      <HistorySection character={character} />
    </LanguageProvider>,
  );
const entries = () => within(screen.getByRole('list', { name: /./ })).getAllByRole('listitem').map((li) => li.textContent);

describe('the record of play in the editor', () => {
  it("shows a Fortune's Landing death and return with the deck (8 + 3 = 11), read-only", () => {
    const dimitri = example('dimitri');
    let e = newEvent({ name: 'Autumn Muster', game: 'fortunes-landing', start: '2026-10-02', id: '3a1c2b4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d' });
    e = recordEntry(e, { kind: 'died', character: dimitri.id, cause: 'bled-out' }, stampAt('2026-10-02T14:00:00+01:00')).event;
    e = recordEntry(e, { kind: 'returned', character: dimitri.id, how: 'Spark of Life', cards: 3 }, stampAt('2026-10-02T15:00:00+01:00')).event;
    act(() => setLocale('en-GB'));
    show(applyLedger(dimitri, e));
    expect(screen.getByText('Tiles of Fate: 11 cards')).toBeTruthy();
    expect(entries()).toEqual(['2 Oct 2026 Autumn Muster: Died (bled out)', '2 Oct 2026 Autumn Muster: Returned from death (Spark of Life, +3 Tiles of Fate cards (deck 11))']);
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('writes each day the locale’s way: day first in en-GB and Bulgarian, month first only in en-US', () => {
    const dimitri = example('dimitri');
    // Recorded at 00:30 on 3 October by a desk at UTC+3: its own calendar day is the 3rd (in UTC it
    // was still the 2nd), so the day shown is the 3rd whatever the viewer's time zone.
    let e = newEvent({ name: 'Autumn Muster', game: 'fortunes-landing', start: '2026-10-02', id: '3a1c2b4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d' });
    e = recordEntry(e, { kind: 'died', character: dimitri.id, cause: 'killing-blow' }, stampAt('2026-10-03T00:30:00+03:00')).event;
    const c = applyLedger(dimitri, e);
    act(() => setLocale('en-GB'));
    show(c);
    expect(entries()[0]).toMatch(/^3 Oct 2026 Autumn Muster: Died/);
    cleanup();
    act(() => setLocale('en-US'));
    show(c);
    expect(entries()[0]).toMatch(/^Oct 3, 2026 Autumn Muster: Died/);
    cleanup();
    act(() => {
      setLanguage('bg');
      setLocale('bg-BG');
    });
    show(c);
    expect(entries()[0]).toMatch(/^3\.10\.2026 г\. Autumn Muster: /);
  });

  it('shows nothing for a character with no record', () => {
    const { container } = show(example('dimitri'));
    expect(container.textContent).toBe('');
  });
});
