// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { setLanguage } from '../app/i18n';
import { makeCharacter } from '../testing/fake-api';
import { editedCharacter, openCharacter } from '../testing/render';

afterEach(() => {
  cleanup();
  act(() => setLanguage('en'));
});

describe('items section', () => {
  it('adds an item and edits every field the item card prints; empty optional fields leave the file', async () => {
    const { app } = await openCharacter(makeCharacter({ ruleset: 'curious-pastimes', name: 'Brannoc' }));
    const items = screen.getByRole('region', { name: 'Items' });
    expect(within(items).getByText('No items yet.')).toBeTruthy();
    // Role spells are bg-magic's: not offered here.
    expect(within(items).queryByRole('button', { name: 'Add role spell' })).toBeNull();
    fireEvent.click(within(items).getByRole('button', { name: 'Add item' }));
    const kind = within(items).getByRole('combobox', { name: 'Kind' }) as HTMLSelectElement;
    expect([...kind.options].map((o) => o.textContent)).toEqual(['Potion', 'Poison', 'Scroll', 'Magic item']);
    fireEvent.change(within(items).getByRole('textbox', { name: 'Item name' }), { target: { value: 'Vial of Nightshade' } });
    fireEvent.change(kind, { target: { value: 'poison' } });
    fireEvent.change(within(items).getByRole('textbox', { name: 'Effect' }), { target: { value: 'Target loses one hit from the torso.' } });
    fireEvent.change(within(items).getByRole('textbox', { name: 'Expires' }), { target: { value: 'End of event' } });
    fireEvent.change(within(items).getByRole('textbox', { name: 'Issuing game' }), { target: { value: 'Curious Pastimes' } });
    fireEvent.change(within(items).getByRole('textbox', { name: 'Serial number' }), { target: { value: 'CP-0042' } });
    expect(editedCharacter(app).items).toEqual([
      { id: expect.stringMatching(/^[0-9a-f-]{36}$/), name: 'Vial of Nightshade', kind: 'poison', text: 'Target loses one hit from the torso.', expires: 'End of event', game: 'Curious Pastimes', serial: 'CP-0042' },
    ]);
    expect(within(items).getByRole('group', { name: 'Vial of Nightshade' })).toBeTruthy();
    fireEvent.change(within(items).getByRole('textbox', { name: 'Serial number' }), { target: { value: '  ' } });
    fireEvent.change(within(items).getByRole('textbox', { name: 'Expires' }), { target: { value: '' } });
    expect(editedCharacter(app).items[0]).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), name: 'Vial of Nightshade', kind: 'poison', text: 'Target loses one hit from the torso.', game: 'Curious Pastimes' });
    fireEvent.click(within(items).getByRole('button', { name: 'Remove Vial of Nightshade' }));
    expect(editedCharacter(app).items).toEqual([]);
  });

  it('bg-magic: role spells with their slip text, and a kind from another tool kept as it is', async () => {
    const { app } = await openCharacter(
      makeCharacter({ ruleset: 'bg-magic', name: 'Vasil', bgMagic: { path: 'role', entitlement: 'leather' }, items: [{ id: '0b7d6a52-4a43-4c55-8e1a-3c1f6f0e0a02', name: 'Amulet', kind: 'Talisman', text: 'Wards.' }] }),
    );
    const items = screen.getByRole('region', { name: 'Items' });
    const amulet = within(items).getByRole('group', { name: 'Amulet' });
    const kind = within(amulet).getByRole('combobox', { name: 'Kind' }) as HTMLSelectElement;
    expect(kind.value).toBe('Talisman');
    expect([...kind.options].map((o) => o.value)).toEqual(['potion', 'poison', 'scroll', 'magic-item', 'role-spell', 'Talisman']);
    fireEvent.click(within(items).getByRole('button', { name: 'Add role spell' }));
    const spell = within(items).getByRole('group', { name: 'Item 2' });
    fireEvent.change(within(spell).getByRole('textbox', { name: 'Text of the slip' }), { target: { value: 'You fall asleep for 5 minutes.' } });
    expect(editedCharacter(app).items[1]).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), name: '', kind: 'role-spell', text: 'You fall asleep for 5 minutes.' });
    // A scroll's expiry hint names the word for "for ever".
    fireEvent.change(kind, { target: { value: 'scroll' } });
    const expires = within(amulet).getByRole('textbox', { name: 'Expires' }) as HTMLInputElement;
    // The instruction is a hint under the field (linked to it), not a placeholder cut off in the box.
    expect(expires.placeholder).toBe('e.g. End of event');
    expect(expires.getAttribute('aria-describedby')!.split(' ').map((id) => document.getElementById(id)!.textContent)).toContain('A scroll: “permanent”, or empty for this game only.');
    act(() => setLanguage('bg'));
    const bg = screen.getByRole('region', { name: 'Предмети' });
    expect(within(bg).getByRole('button', { name: 'Добави ролева магия' })).toBeTruthy();
    expect(within(bg).getAllByRole('combobox', { name: 'Вид' })[1]!.querySelector('option[value="role-spell"]')!.textContent).toBe('Ролева магия (листче)');
  });

  it('is read-only for a read-only file', async () => {
    const { app } = await openCharacter(makeCharacter({ ruleset: 'novitas', name: 'Elowen', items: [{ id: '0b7d6a52-4a43-4c55-8e1a-3c1f6f0e0a03', name: 'Ring', kind: 'magic-item', text: 'Glows.' }] }));
    act(() => app.store.set((s) => (s.screen.kind === 'character' ? { ...s, screen: { kind: 'character', doc: { ...s.screen.doc, readOnly: true } } } : s)));
    const items = screen.getByRole('region', { name: 'Items' });
    expect((within(items).getByRole('textbox', { name: 'Item name' }) as HTMLInputElement).readOnly).toBe(true);
    expect((within(items).getByRole('button', { name: 'Add item' }) as HTMLButtonElement).disabled).toBe(true);
    expect((within(items).getByRole('button', { name: 'Remove Ring' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
