// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { makeCharacter } from '../test-support/fake-api';
import { editedCharacter, openCharacter } from '../test-support/render';

afterEach(cleanup);

const path = () => screen.getByRole('region', { name: 'The mage’s path' });
const energy = () => path().querySelector('.energy-value')!.textContent;
const rulesFor = (el: HTMLElement) => {
  const id = el.getAttribute('aria-describedby');
  return id ? document.getElementById(id)!.textContent : '';
};

describe('bg-magic path', () => {
  it('starts a new mage without a path (an error at the field), and creates it on the first choice', async () => {
    const { app } = await openCharacter(makeCharacter({ ruleset: 'bg-magic', name: 'Vasil' }));
    const kind = within(path()).getByRole('combobox', { name: 'Battle or role mage' });
    expect(rulesFor(kind)).toContain('The mage\'s path is missing');
    expect(energy()).toBe('0');

    fireEvent.change(kind, { target: { value: 'role' } });
    // A new block is a mage entitled to no armour: role mage energy 6 x 1.5 = 9.
    expect(editedCharacter(app).bgMagic).toEqual({ path: 'role', entitlement: 'none' });
    expect(energy()).toBe('9');
    fireEvent.change(within(path()).getByRole('combobox', { name: 'Armour entitled to' }), { target: { value: 'leather' } });
    // Battle mage with leather: 4; a role mage one half more: 6.
    expect(energy()).toBe('6');
    fireEvent.change(within(path()).getByRole('combobox', { name: 'Battle or role mage' }), { target: { value: 'battle' } });
    expect(energy()).toBe('4');
  });

  it('shows each choice’s violation beside it: a role mage with a school, an order without a style', async () => {
    const { app } = await openCharacter(makeCharacter({ ruleset: 'bg-magic', name: 'Vasil', bgMagic: { path: 'role', entitlement: 'leather' } }));
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

  it('a shield is an error on the weapon; the summary jumps to it; removing it clears the error', async () => {
    await openCharacter(makeCharacter({ ruleset: 'bg-magic', name: 'Vasil', bgMagic: { path: 'role', entitlement: 'leather' } }));
    const weapons = screen.getByRole('region', { name: 'Weapons and shields' });
    fireEvent.click(within(weapons).getByRole('button', { name: 'Add a shield' }));
    const kind = within(weapons).getByRole('combobox', { name: 'Kind' });
    expect(rulesFor(kind)).toContain('a mage may not use a shield');
    const rules = screen.getByRole('region', { name: 'Rules check' });
    fireEvent.click(within(rules).getByRole('button', { name: 'Go to Weapon 1 › Kind' }));
    expect(document.activeElement).toBe(kind);

    fireEvent.click(within(weapons).getByRole('button', { name: 'Remove the weapon Shield' }));
    expect(within(rules).getByText('No problems: this character follows the rules.')).toBeTruthy();
  });
});
