// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setLanguage } from '../app/i18n';
import { makeCharacter } from '../testing/fake-api';
import { editedCharacter, openCharacter } from '../testing/render';

afterEach(() => {
  cleanup();
  act(() => setLanguage('en'));
});

const skills = () => screen.getByRole('region', { name: 'Skills' });
const yours = () => within(skills()).queryByRole('table', { name: 'The character’s skills' });
const catalogueNames = () => [...skills().querySelectorAll('.catalogue-name')].map((e) => e.textContent);

describe('skills section', () => {
  it('adds a catalogue skill, which then leaves the catalogue, and saves it at level 1', async () => {
    const { api, path } = await openCharacter(makeCharacter({ ruleset: 'fortunes-landing', name: 'Ayla' }));
    // The Fortune's Landing catalogue: the seven skills its rules text names.
    expect(catalogueNames()).toEqual(['Healing Ways', 'Chirurgery', "Healer's Touch", 'Rapid Healing', 'Strikes', 'Alchemy', 'Armorsmith']);
    fireEvent.click(screen.getByRole('button', { name: 'Add the skill Healing Ways' }));
    expect(within(yours()!).getByRole('rowheader').textContent).toBe('Healing Ways');
    expect(catalogueNames()).not.toContain('Healing Ways');
    // The button is gone with the skill: the focus goes to the added skill's level, not to the page.
    await waitFor(() => expect(document.activeElement).toBe(within(yours()!).getByRole('spinbutton', { name: 'Level of Healing Ways' })));
    fireEvent.keyDown(window, { key: 's', ctrlKey: true });
    await act(async () => undefined);
    expect(api.files.get(path)!.character.skills).toEqual([{ id: 'healing-ways', level: 1 }]);
  });

  it('searches the character’s skills and the catalogue by name and description', async () => {
    await openCharacter(
      makeCharacter({ ruleset: 'fortunes-landing', name: 'Ayla', skills: [{ id: 'alchemy', level: 1 }, { id: 'custom-herb-lore', name: 'Herb Lore', level: 2 }] }),
    );
    fireEvent.change(within(skills()).getByRole('searchbox', { name: 'Search skills' }), { target: { value: 'strike' } });
    // Only Strikes names strikes; neither of the character's skills matches.
    expect(catalogueNames()).toEqual(['Strikes']);
    expect(yours()).toBeNull();
    expect(within(skills()).getByText('No skill of the character matches “strike”.')).toBeTruthy();
    fireEvent.change(within(skills()).getByRole('searchbox'), { target: { value: 'herb' } });
    expect(within(yours()!).getAllByRole('row')).toHaveLength(2); // heading row + Herb Lore
    expect((within(yours()!).getByRole('textbox', { name: 'Name of custom skill 2' }) as HTMLInputElement).value).toBe('Herb Lore');
  });

  it('sets levels within the skill’s range and names a bad value beside the field without keeping it', async () => {
    const { app } = await openCharacter(makeCharacter({ ruleset: 'bg-magic', name: 'Vasil', skills: [{ id: 'battle-magic', level: 1 }, { id: 'custom-riding', name: 'Riding', level: 1 }] }));
    const riding = screen.getByRole('spinbutton', { name: 'Level of Riding' }) as HTMLInputElement;
    fireEvent.change(riding, { target: { value: '4' } });
    expect(editedCharacter(app).skills[1]!.level).toBe(4);

    // Battle magic has maxLevel 1 in the bg-magic catalogue.
    const battle = screen.getByRole('spinbutton', { name: 'Level of Battle magic' }) as HTMLInputElement;
    fireEvent.change(battle, { target: { value: '2' } });
    expect(screen.getByText('Level of Battle magic: enter a whole number from 0 to 1.')).toBeTruthy();
    expect(battle.getAttribute('aria-invalid')).toBe('true');
    expect(editedCharacter(app).skills[0]!.level).toBe(1);
    fireEvent.change(battle, { target: { value: 'x' } });
    expect(editedCharacter(app).skills[0]!.level).toBe(1);
    // Leaving the field puts back the value that is kept.
    fireEvent.blur(battle);
    expect(battle.value).toBe('1');
    expect(screen.queryByText(/enter a whole number/)).toBeNull();
  });

  it('Curious Pastimes’ Body Development has no levels: 3 is refused beside the field, and a file holding 3 shows the rule error there', async () => {
    // "The skill Body Development increases all locations by a further one point": one level only.
    const { app } = await openCharacter(makeCharacter({ ruleset: 'curious-pastimes', name: 'Brannoc', skills: [{ id: 'body-development', level: 1 }] }));
    const level = screen.getByRole('spinbutton', { name: 'Level of Body Development' }) as HTMLInputElement;
    expect(level.max).toBe('1');
    fireEvent.change(level, { target: { value: '3' } });
    expect(screen.getByText('Level of Body Development: enter a whole number from 0 to 1.')).toBeTruthy();
    expect(editedCharacter(app).skills[0]!.level).toBe(1);
    cleanup();

    await openCharacter(makeCharacter({ ruleset: 'curious-pastimes', name: 'Brannoc', skills: [{ id: 'body-development', level: 3 }] }));
    const held = screen.getByRole('spinbutton', { name: 'Level of Body Development' });
    expect(held.getAttribute('aria-invalid')).toBe('true');
    const rule = document.getElementById(held.getAttribute('aria-describedby')!)!;
    expect(rule.textContent).toMatch(/Body Development is at level 3, but Curious Pastimes has no levels of it/);
  });

  it('adds custom skills with ids of their own, renames and removes them', async () => {
    const { app } = await openCharacter(makeCharacter({ ruleset: 'novitas', name: 'Elowen' }));
    const name = within(skills()).getByRole('textbox', { name: 'Custom skill (from your game team)' });
    const add = within(skills()).getByRole('button', { name: 'Add custom skill' }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    fireEvent.change(name, { target: { value: 'Herb Lore' } });
    fireEvent.click(add);
    fireEvent.change(name, { target: { value: 'herb lore!' } });
    fireEvent.click(add);
    expect(editedCharacter(app).skills).toEqual([
      { id: 'custom-herb-lore', name: 'Herb Lore', level: 1 },
      { id: 'custom-herb-lore-2', name: 'herb lore!', level: 1 },
    ]);
    fireEvent.change(within(yours()!).getByRole('textbox', { name: 'Name of custom skill 2' }), { target: { value: 'Mushrooms' } });
    expect(editedCharacter(app).skills[1]).toEqual({ id: 'custom-herb-lore-2', name: 'Mushrooms', level: 1 });
    fireEvent.click(screen.getByRole('button', { name: 'Remove the skill Herb Lore' }));
    expect(editedCharacter(app).skills.map((s) => s.name)).toEqual(['Mushrooms']);
  });

  it('shows the catalogue in Bulgarian and finds skills by their Bulgarian or English names', async () => {
    await openCharacter(makeCharacter({ ruleset: 'fortunes-landing', name: 'Ayla' }));
    act(() => setLanguage('bg'));
    const region = screen.getByRole('region', { name: 'Умения' });
    fireEvent.change(within(region).getByRole('searchbox', { name: 'Търсене на умения' }), { target: { value: 'бронедел' } });
    expect([...region.querySelectorAll('.catalogue-name')].map((e) => e.textContent)).toEqual(['Бронедел']);
    fireEvent.change(within(region).getByRole('searchbox'), { target: { value: 'armorsmith' } });
    expect([...region.querySelectorAll('.catalogue-name')].map((e) => e.textContent)).toEqual(['Бронедел']);
  });
});
