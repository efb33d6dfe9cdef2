// @vitest-environment jsdom
// The budget panel fed the Emberfall example pack (core/packs/examples/emberfall.pack.json): no built-in
// game publishes costs. Figures from its rule text (emberfall.rules.md § Learning): Swordplay's levels
// cost 2, 3 and 4; Shield 3, and needs Swordplay; Toughness's level n costs 3n; 12 points to start.
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import emberfallJson from '../../core/packs/examples/emberfall.pack.json';
import { BUILTIN_PACKS } from '../../core/packs/builtin';
import type { GamePack } from '../../core/packs/schema';
import { BudgetPanel } from './BudgetPanel';
import { builtinListing, entry, fakeApi, FOLDER, makeCharacter } from '../testing/fake-api';
import { editedCharacter, openCharacter } from '../testing/render';

afterEach(cleanup);

const EMBERFALL = emberfallJson as unknown as GamePack;
const figure = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling!.textContent;
/** The budget's code (with CEL) loads on first need: wait for its figures. */
const loaded = () => screen.findByText('Spent', { selector: 'dt' });
const lines = () => within(document.querySelector('.budget-lines')!).getAllByRole('listitem').map((li) => li.textContent);

describe('BudgetPanel', () => {
  it('counts the points available from the record (12 to start + 2 awarded = 14) and shows the record', async () => {
    const points = [
      { at: '2026-01-10', kind: 'start' as const, points: 12, why: 'Starting points' },
      { at: '2026-03-08T17:00:00+01:00', kind: 'award' as const, points: 2, why: 'Each event attended', event: 'Spring Muster' },
    ];
    render(<BudgetPanel pack={EMBERFALL} skills={[{ id: 'swordplay', level: 1 }, { id: 'shield', level: 1 }]} sheet={{ points }} />);
    await loaded();
    expect(figure('Spent')).toBe('5 character points');
    expect(figure('Available')).toBe('14 character points');
    expect(figure('Remaining')).toBe('9 character points');
    expect(screen.getByRole('heading', { name: 'Points record: balance 14' })).toBeTruthy();
    const rows = within(screen.getByRole('table', { name: 'Points record: balance 14' })).getAllByRole('row').slice(1).map((r) => r.textContent);
    expect(rows).toEqual(['Jan 10, 2026+12Starting points', 'Mar 8, 2026+2Spring Muster: Each event attended']);
  });

  it('shows a Curious Pastimes record and its balance though the game publishes no costs (20 + 5 = 25)', () => {
    const points = [
      { at: '2026-01-10', kind: 'start' as const, points: 20, why: 'Starting points' },
      { at: '2026-03-08T17:00:00+01:00', kind: 'award' as const, points: 5, why: 'First main event in a year' },
    ];
    render(<BudgetPanel pack={BUILTIN_PACKS['curious-pastimes']} skills={[]} sheet={{ points }} />);
    expect(screen.getByRole('heading', { name: 'Points record: balance 25' })).toBeTruthy();
  });

  it('shows points spent, available and remaining, and each skill’s cost', async () => {
    render(<BudgetPanel pack={EMBERFALL} skills={[{ id: 'swordplay', level: 1 }, { id: 'shield', level: 1 }]} />);
    await loaded();
    expect(figure('Spent')).toBe('5 character points');
    expect(figure('Available')).toBe('12 character points');
    expect(figure('Remaining')).toBe('7 character points');
    expect(lines()).toEqual(['Swordplay 1: costs 2 character points', 'Shield 1: costs 3 character points']);
    expect(document.querySelector('.budget-problems')).toBeNull();
  });

  it('says over budget in words, with a negative remainder', async () => {
    render(<BudgetPanel pack={EMBERFALL} skills={[{ id: 'swordplay', level: 2 }, { id: 'toughness', level: 2 }]} />);
    await loaded();
    expect(figure('Spent')).toBe('14 character points');
    expect(figure('Remaining')).toBe('-2 character points');
    expect(lines()).toEqual(['Swordplay 2: costs 5 character points', 'Toughness 2: costs 9 character points']);
    expect(screen.getByText('The skills cost 14 character points but the character has 12: 2 over budget.')).toBeTruthy();
  });

  it('gives an unmet prerequisite in the pack’s words', async () => {
    render(<BudgetPanel pack={EMBERFALL} skills={[{ id: 'shield', level: 1 }]} />);
    expect(await screen.findByText('Against the rules of Emberfall:')).toBeTruthy();
    expect(screen.getByText('Shield: You must know Swordplay to learn Shield.')).toBeTruthy();
  });

  it('for a built-in game, says in the pack’s words that no costs are published, with no numbers', () => {
    const novitas = BUILTIN_PACKS.novitas;
    if (novitas.costs.published) throw new Error('the Novitas pack was expected to publish no costs');
    render(<BudgetPanel pack={novitas} skills={[{ id: novitas.skills[0]!.id, level: 1 }]} />);
    expect(screen.getByText(`Novitas publishes no skill costs, so none are counted: ${novitas.costs.reason}`)).toBeTruthy();
    expect(document.querySelector('.budget-figures')).toBeNull();
  });
});

describe('the editor and the pack in use', () => {
  /** A Novitas pack of a later version that publishes costs: Emberfall's data under Novitas's id. */
  const costedNovitas = (): GamePack => ({ ...EMBERFALL, id: 'novitas', version: '1.1.0', names: { en: 'Novitas' } });

  it('shows an over-budget pack as a rule error in the rules list', async () => {
    const listing = builtinListing();
    listing.packs = listing.packs.map((p) => (p.pack.id === 'novitas' ? { ...p, used: false } : p));
    listing.packs.push({ pack: costedNovitas(), file: '/packs/novitas.pack.json', origin: 'app', used: true });
    const ayla = makeCharacter({ ruleset: 'novitas', name: 'Ayla', skills: [{ id: 'swordplay', level: 2 }, { id: 'toughness', level: 2 }] });
    await openWith(ayla, listing);
    const rules = screen.getByRole('region', { name: /Rules/ });
    expect(await within(rules).findByText(/The skills cost 14 character points but the character has 12: 2 over budget\./)).toBeTruthy();
  });

  it('records the pack on a save the user makes, and says when a character was made under an older version', async () => {
    const ayla = makeCharacter({ ruleset: 'novitas', name: 'Ayla', pack: { id: 'novitas', version: '1.0.0' } });
    const listing = builtinListing();
    listing.packs = listing.packs.map((p) => (p.pack.id === 'novitas' ? { ...p, used: false } : p));
    listing.packs.push({ pack: costedNovitas(), file: '/packs/novitas.pack.json', origin: 'app', used: true });
    const { app, api, path } = await openWith(ayla, listing);
    expect(await screen.findByText('Made under Novitas rules 1.0.0; these are 1.1.0.')).toBeTruthy();
    // Opening wrote nothing.
    expect(api.saveCharacter).not.toHaveBeenCalled();
    act(() => app.actions.edit((c) => ({ ...c, player: 'Ben' })));
    await act(() => app.actions.save());
    expect(api.files.get(path)!.character.pack).toEqual({ id: 'novitas', version: '1.1.0' });
    expect(editedCharacter(app).pack).toEqual({ id: 'novitas', version: '1.1.0' });
    expect(screen.queryByText(/Made under Novitas rules/)).toBeNull();
  });
});

async function openWith(character: ReturnType<typeof makeCharacter>, listing: ReturnType<typeof builtinListing>) {
  const path = `${FOLDER}/ayla.character.json`;
  const api = fakeApi({ entries: [entry({ fileName: 'ayla.character.json', name: character.name, ruleset: character.ruleset })], files: { [path]: character }, packs: listing });
  return openCharacter(character, { api });
}
