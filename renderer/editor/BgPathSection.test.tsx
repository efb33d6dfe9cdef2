// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { makeCharacter } from '../testing/fake-api';
import { editedCharacter, openCharacter } from '../testing/render';

afterEach(cleanup);

const path = () => screen.getByRole('region', { name: 'The mage’s path' });
const energy = () => path().querySelector('.energy-value')!.textContent;
const rulesFor = (el: HTMLElement) => {
  const id = el.getAttribute('aria-describedby');
  return id ? document.getElementById(id)!.textContent : '';
};

describe('bg-magic path', () => {
  it('starts a new mage with one plain-words prompt, and writes the path once both choices are made', async () => {
    const { app } = await openCharacter(makeCharacter({ ruleset: 'bg-magic', name: 'Vasil' }));
    const kind = within(path()).getByRole('combobox', { name: 'Battle or role mage' });
    // The choice to make, in words, not a file field name.
    expect(rulesFor(kind)).toContain("Choose the mage's path: battle mage or role mage, and the armour the mage is entitled to");
    expect(rulesFor(kind)).not.toContain('"bgMagic"');
    const rules = screen.getByRole('region', { name: 'Rules check' });
    expect(within(rules).getAllByRole('listitem')).toHaveLength(1);
    expect(energy()).toBe('0');
    // School, order and style wait for the path.
    expect(within(path()).queryByRole('textbox', { name: 'School of magic' })).toBeNull();

    fireEvent.change(kind, { target: { value: 'role' } });
    // Nothing is assumed for the entitlement: the path is not written yet.
    expect(editedCharacter(app).bgMagic).toBeUndefined();
    fireEvent.change(within(path()).getByRole('combobox', { name: 'Armour entitled to' }), { target: { value: 'leather' } });
    expect(editedCharacter(app).bgMagic).toEqual({ path: 'role', entitlement: 'leather' });
    // Battle mage with leather: 4; a role mage one half more: 6.
    expect(energy()).toBe('6');
    fireEvent.change(within(path()).getByRole('combobox', { name: 'Battle or role mage' }), { target: { value: 'battle' } });
    expect(energy()).toBe('4');
  });

  it('switching a battle mage with a school to role mage offers to clear the school', async () => {
    const { app } = await openCharacter(makeCharacter({ ruleset: 'bg-magic', name: 'Vasil', bgMagic: { path: 'battle', entitlement: 'leather', school: 'Fire', order: 'Ash', style: 'witcher' } }));
    expect(within(path()).queryByRole('button', { name: 'Clear the school' })).toBeNull();
    fireEvent.change(within(path()).getByRole('combobox', { name: 'Battle or role mage' }), { target: { value: 'role' } });
    const offer = within(path()).getByRole('group', { name: 'A role mage does not bind to a battle school. Clear the school “Fire”?' });
    fireEvent.click(within(offer).getByRole('button', { name: 'Clear the school' }));
    expect(editedCharacter(app).bgMagic).toEqual({ path: 'role', entitlement: 'leather', order: 'Ash', style: 'witcher' });
    expect(document.activeElement).toBe(within(path()).getByRole('textbox', { name: 'School of magic' }));
    expect(within(screen.getByRole('region', { name: 'Rules check' })).getByText('No problems: this character follows the rules.')).toBeTruthy();
    // Undo brings the school back, and the offer with it; "Keep it" leaves the school (and its error).
    fireEvent.keyDown(window, { key: 'z', ctrlKey: true });
    fireEvent.click(within(path()).getByRole('button', { name: 'Keep it for now' }));
    expect(within(path()).queryByRole('button', { name: 'Clear the school' })).toBeNull();
    expect(editedCharacter(app).bgMagic!.school).toBe('Fire');
  });

  it('shows each choice’s violation beside it: a role mage with a school, an order without a style', async () => {
    const { app } = await openCharacter(makeCharacter({ ruleset: 'bg-magic', name: 'Vasil', bgMagic: { path: 'role', entitlement: 'leather' } }));
    // A role mage in no order is warned, as a battle mage with no school is.
    expect(rulesFor(within(path()).getByRole('textbox', { name: 'Order' }))).toContain('A role mage belongs to one order');
    const school = within(path()).getByRole('textbox', { name: 'School of magic' });
    fireEvent.change(school, { target: { value: 'Fire' } });
    expect(school.getAttribute('aria-invalid')).toBe('true');
    expect(rulesFor(school)).toContain('A role mage does not bind to a battle school');
    // Clearing the field removes it from the file.
    fireEvent.change(school, { target: { value: '' } });
    expect(editedCharacter(app).bgMagic).toEqual({ path: 'role', entitlement: 'leather' });

    fireEvent.change(within(path()).getByRole('textbox', { name: 'Order' }), { target: { value: 'Order of the Ash' } });
    const style = within(path()).getByRole('combobox', { name: 'Role style' });
    expect(rulesFor(style)).toContain('must choose a role style');
    fireEvent.change(style, { target: { value: 'witcher' } });
    expect(rulesFor(style)).toBe('');
    expect(editedCharacter(app).bgMagic).toEqual({ path: 'role', entitlement: 'leather', order: 'Order of the Ash', style: 'witcher' });
  });

  it('offers a mage no shield, no missile and no long weapons, and says why', async () => {
    await openCharacter(makeCharacter({ ruleset: 'bg-magic', name: 'Vasil', bgMagic: { path: 'role', entitlement: 'leather', order: 'Ash', style: 'witcher' } }));
    const weapons = screen.getByRole('region', { name: 'Weapons and shields' });
    expect(within(weapons).queryByRole('button', { name: 'Add a shield' })).toBeNull();
    expect(within(weapons).getByText(/A mage may carry only a short or medium weapon \(up to 1 m\) or a battle staff: no shield/)).toBeTruthy();
    fireEvent.click(within(weapons).getByRole('button', { name: 'Add a weapon' }));
    // The keyboard goes on to the new weapon's name.
    await waitFor(() => expect(document.activeElement).toBe(within(weapons).getByRole('textbox', { name: 'Name' })));
    const kind = within(weapons).getByRole('combobox', { name: 'Kind' });
    expect([...kind.querySelectorAll('option')].map((o) => o.getAttribute('value'))).toEqual(['short', 'medium', 'staff']);
  });

  it('a shield in the file is an error on the weapon, shown in its kind; the summary jumps to it; removing it clears the error', async () => {
    await openCharacter(makeCharacter({ ruleset: 'bg-magic', name: 'Vasil', bgMagic: { path: 'role', entitlement: 'leather', order: 'Ash', style: 'witcher' }, weapons: [{ name: 'Shield', kind: 'shield' }] }));
    const weapons = screen.getByRole('region', { name: 'Weapons and shields' });
    const kind = within(weapons).getByRole('combobox', { name: 'Kind' });
    expect((kind as HTMLSelectElement).value).toBe('shield');
    expect(rulesFor(kind)).toContain('a mage may not use a shield');
    const rules = screen.getByRole('region', { name: 'Rules check' });
    fireEvent.click(within(rules).getByRole('button', { name: 'Go to Weapon 1 › Kind' }));
    expect(document.activeElement).toBe(kind);

    fireEvent.click(within(weapons).getByRole('button', { name: 'Remove the weapon Shield' }));
    expect(within(rules).getByText('No problems: this character follows the rules.')).toBeTruthy();
  });
});
