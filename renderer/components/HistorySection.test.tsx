// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { applyLedger } from '../../core/desk/character-record';
import { newEvent } from '../../core/desk/event';
import { recordEntry } from '../../core/desk/record';
import { example, stampAt } from '../../core/desk/testing';
import { HistorySection } from './HistorySection';

afterEach(() => cleanup());

describe('the record of play in the editor', () => {
  it("shows a Fortune's Landing death and return with the deck (8 + 3 = 11), read-only", () => {
    const dimitri = example('dimitri');
    let e = newEvent({ name: 'Autumn Muster', game: 'fortunes-landing', start: '2026-10-02', id: '3a1c2b4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d' });
    e = recordEntry(e, { kind: 'died', character: dimitri.id, cause: 'bled-out' }, stampAt('2026-10-02T14:00:00+01:00')).event;
    e = recordEntry(e, { kind: 'returned', character: dimitri.id, how: 'Spark of Life', cards: 3 }, stampAt('2026-10-02T15:00:00+01:00')).event;
    render(<HistorySection character={applyLedger(dimitri, e)} />);
    expect(screen.getByText('Tiles of Fate: 11 cards')).toBeTruthy();
    const items = within(screen.getByRole('list', { name: 'Deaths, returns and retirements' })).getAllByRole('listitem').map((li) => li.textContent);
    expect(items).toEqual(['2026-10-02 Autumn Muster: Died (bled out)', '2026-10-02 Autumn Muster: Returned from death (Spark of Life, +3 Tiles of Fate cards (deck 11))']);
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('shows nothing for a character with no record', () => {
    const { container } = render(<HistorySection character={example('dimitri')} />);
    expect(container.textContent).toBe('');
  });
});
