import { describe, expect, it } from 'vitest';
import { makeCharacter } from '../testing/fake-api';
import { customSkillId, setArmourAreas, toggleLocation, updateBgMagic, updateNovitas, withText } from './edits';

describe('character edits', () => {
  it('keeps a piece’s locations in body order, each once, and shares the untouched parts', () => {
    const c = makeCharacter({
      ruleset: 'curious-pastimes',
      armour: [
        { name: 'A', type: 'light', locations: ['left-leg'] },
        { name: 'B', type: 'light', locations: [] },
      ],
    });
    const on = toggleLocation(c, 0, 'head');
    expect(on.armour[0]!.locations).toEqual(['head', 'left-leg']);
    expect(on.armour[1]).toBe(c.armour[1]);
    expect(on.skills).toBe(c.skills);
    expect(toggleLocation(on, 0, 'left-leg').armour[0]!.locations).toEqual(['head']);
  });

  it('makes custom skill ids from names, unique on the character', () => {
    const c = makeCharacter({ ruleset: 'novitas', skills: [{ id: 'custom-herb-lore', level: 1 }] });
    expect(customSkillId(c, 'Herb  Lore!')).toBe('custom-herb-lore-2');
    expect(customSkillId(c, 'Билкарство')).toBe('custom-билкарство');
    expect(customSkillId(c, '***')).toBe('custom-skill');
  });

  it('clears the Fortune’s Landing choice with null, and removes empty optional text', () => {
    const c = setArmourAreas(makeCharacter({ ruleset: 'fortunes-landing' }), ['torso']);
    expect(c.fortunesLanding).toEqual({ armourAreas: ['torso'] });
    expect(setArmourAreas(c, null).fortunesLanding).toEqual({});
    expect(withText({ path: 'battle', school: 'Fire' }, 'school', '  ')).toEqual({ path: 'battle' });
  });

  it('creates the bg-magic and Novitas blocks on the first edit', () => {
    const mage = updateBgMagic(makeCharacter({ ruleset: 'bg-magic' }), (s) => ({ ...s, path: 'role' }));
    expect(mage.bgMagic).toEqual({ path: 'role', entitlement: 'none' });
    const caster = updateNovitas(makeCharacter({ ruleset: 'novitas' }), (n) => ({ ...n, spells: [{ name: 'Heal', level: 1 }] }));
    expect(caster.novitas).toEqual({ sources: [], spells: [{ name: 'Heal', level: 1 }], reductions: [], plan: [] });
  });
});
