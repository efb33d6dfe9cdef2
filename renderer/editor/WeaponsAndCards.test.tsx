// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { makeCharacter } from '../testing/fake-api';
import { editedCharacter, openCharacter } from '../testing/render';

afterEach(cleanup);

const rulesFor = (el: HTMLElement) => {
  const id = el.getAttribute('aria-describedby');
  return id ? document.getElementById(id)!.textContent : '';
};

describe('weapons section', () => {
  it('edits kind and length; bg-magic names a weapon over 1 m and a decorative staff beside their fields', async () => {
    const { app } = await openCharacter(makeCharacter({ ruleset: 'bg-magic', name: 'Vasil', bgMagic: { path: 'battle', entitlement: 'none', school: 'Fire' } }));
    const weapons = screen.getByRole('region', { name: 'Weapons and shields' });
    fireEvent.click(within(weapons).getByRole('button', { name: 'Add a weapon' }));
    fireEvent.change(within(weapons).getByRole('textbox', { name: 'Name' }), { target: { value: 'Sword' } });
    const length = within(weapons).getByRole('spinbutton', { name: 'Length in cm' });
    // A mage's short or medium weapon may be at most 100 cm (MAGE_WEAPON_MAX_LENGTH_CM).
    fireEvent.change(length, { target: { value: '101' } });
    expect(length.getAttribute('aria-invalid')).toBe('true');
    expect(rulesFor(length)).toContain('"Sword" is 101 cm long');
    fireEvent.change(length, { target: { value: '100' } });
    expect(rulesFor(length)).toBe('');
    // An empty length leaves the field out of the file (no length given is accepted).
    fireEvent.change(length, { target: { value: '' } });
    expect(editedCharacter(app).weapons[0]).toEqual({ name: 'Sword', kind: 'medium' });

    fireEvent.change(within(weapons).getByRole('combobox', { name: 'Kind' }), { target: { value: 'staff' } });
    const decorative = within(weapons).getByRole('checkbox', { name: 'Only decorative (not a weapon)' });
    fireEvent.click(decorative);
    expect(editedCharacter(app).weapons[0]).toEqual({ name: 'Sword', kind: 'staff', decorative: true });
    expect(rulesFor(decorative)).toContain('purely decorative staff');
    // A warning: not marked invalid.
    expect(decorative.getAttribute('aria-invalid')).toBeNull();
  });
});

describe("Fortune's Landing ultra-light weapons", () => {
  it('ticks a weapon ultra-light (1.5x cost, in the summary), unticking leaves the field out; other games do not offer it', async () => {
    const { app } = await openCharacter(makeCharacter({ ruleset: 'fortunes-landing', name: 'Dimitri', weapons: [{ name: 'Quick blade', kind: 'medium' }] }));
    const weapons = screen.getByRole('region', { name: 'Weapons and shields' });
    // "Both the monetary and production point costs for ultra-lights ... is increased by 1.5 times the base cost".
    const ultra = within(weapons).getByRole('checkbox', { name: 'Ultra-light weapon (costs 1.5 times as much)' });
    fireEvent.click(ultra);
    expect(editedCharacter(app).weapons[0]).toEqual({ name: 'Quick blade', kind: 'medium', ultraLight: true });
    const summary = document.querySelector('[data-summary="ultraLight"]');
    expect(summary?.textContent).toBe('Quick blade (cost × 1.5)');
    fireEvent.click(ultra);
    expect(editedCharacter(app).weapons[0]).toEqual({ name: 'Quick blade', kind: 'medium' });
    expect(document.querySelector('[data-summary="ultraLight"]')).toBeNull();
    cleanup();
    await openCharacter(makeCharacter({ ruleset: 'curious-pastimes', name: 'Brannoc', weapons: [{ name: 'Sword', kind: 'medium' }] }));
    expect(within(screen.getByRole('region', { name: 'Weapons and shields' })).queryByRole('checkbox', { name: /Ultra-light/ })).toBeNull();
  });
});

describe('Curious Pastimes spell cards', () => {
  it('adds allotments and counts the cards to print', async () => {
    const { app } = await openCharacter(makeCharacter({ ruleset: 'curious-pastimes', name: 'Brannoc' }));
    const cards = screen.getByRole('region', { name: 'Spell cards' });
    fireEvent.click(within(cards).getByRole('button', { name: 'Add spell cards' }));
    fireEvent.change(within(cards).getByRole('textbox', { name: 'Sphere' }), { target: { value: 'Corporeal' } });
    fireEvent.change(within(cards).getByRole('textbox', { name: 'Day' }), { target: { value: 'Saturday' } });
    fireEvent.change(within(cards).getByRole('spinbutton', { name: 'Cards' }), { target: { value: '3' } });
    fireEvent.click(within(cards).getByRole('button', { name: 'Add spell cards' }));
    fireEvent.change(within(cards).getAllByRole('spinbutton', { name: 'Rank' })[1]!, { target: { value: '2' } });
    expect(editedCharacter(app).curiousPastimes?.spellCards).toEqual([
      { sphere: 'Corporeal', rank: 1, day: 'Saturday', count: 3 },
      { sphere: 'Sphere', rank: 2, day: 'Day 1', count: 1 },
    ]);
    // 3 + 1 cards.
    expect(within(cards).getByText('4 cards to print')).toBeTruthy();
    // Rank runs from 1 to 10 in the file format.
    fireEvent.change(within(cards).getAllByRole('spinbutton', { name: 'Rank' })[1]!, { target: { value: '11' } });
    expect(within(cards).getByText('Rank: enter a whole number from 1 to 10.')).toBeTruthy();
    fireEvent.click(within(cards).getByRole('button', { name: 'Remove spell card line 1' }));
    expect(within(cards).getByText('1 card to print')).toBeTruthy();
  });

  it('says a spell card line without a Sphere cannot be saved', async () => {
    await openCharacter(makeCharacter({ ruleset: 'curious-pastimes', name: 'Brannoc', curiousPastimes: { spellCards: [{ sphere: 'Corporeal', rank: 1, day: 'Sat', count: 1 }] } }));
    const sphere = within(screen.getByRole('region', { name: 'Spell cards' })).getByRole('textbox', { name: 'Sphere' });
    fireEvent.change(sphere, { target: { value: '' } });
    expect(rulesFor(sphere)).toContain('cannot be saved until it is fixed: it must not be empty.');
    const rules = screen.getByRole('region', { name: 'Rules check' });
    fireEvent.click(within(rules).getByRole('button', { name: 'Go to Spell card line 1 › Sphere' }));
    expect(document.activeElement).toBe(sphere);
  });
});
