import { describe, expect, it } from 'vitest';
import { fieldId, fieldOf, parent } from './field-paths';

describe('violation paths to editor fields', () => {
  it.each([
    // Every path shape the four rulesets report (core/rulesets/*.ts), and where it is shown.
    ['armour[0].type', 'armour[0].type'],
    ['armour[2].locations', 'armour[2].locations'],
    ['armour[2].locations[1]', 'armour[2].locations'],
    ['fortunesLanding.armourAreas[3]', 'fortunesLanding.armourAreas'],
    ['weapons[1]', 'weapons[1].kind'],
    ['weapons[1].lengthCm', 'weapons[1].lengthCm'],
    ['weapons[0].decorative', 'weapons[0].decorative'],
    ['bgMagic', 'bgMagic.path'],
    ['bgMagic.school', 'bgMagic.school'],
    ['bgMagic.style', 'bgMagic.style'],
    ['novitas.skillPoints', 'novitas.skillPoints'],
    ['novitas.spells[4].name', 'novitas.spells[4].name'],
    ['novitas.plan[2].spell', 'novitas.plan[2].spell'],
    ['novitas.plan[2]', 'novitas.plan[2].times'],
    ['', ''],
  ])('%s -> %s', (path, field) => {
    expect(fieldOf(path)).toBe(field);
  });

  it('falls back to the nearest parent that has a control, else the whole character', () => {
    expect(fieldOf('armour[0].material.grade')).toBe('armour[0].type');
    expect(fieldOf('novitas.somethingNew[3]')).toBe('novitas.skillPoints');
    expect(fieldOf('items[3].text')).toBe('items[3].text');
    expect(fieldOf('items[3]')).toBe('items[3].name');
    expect(fieldOf('items[3].effects[0]')).toBe('items[3].name');
    expect(fieldOf('items')).toBe('');
  });

  it('splits paths at their last segment', () => {
    expect(parent('a.b[2]')).toBe('a.b');
    expect(parent('a.b')).toBe('a');
    expect(parent('a')).toBe('');
  });

  it('makes DOM ids without brackets or dots', () => {
    expect(fieldId('armour[2].locations')).toBe('field-armour-2-locations');
    expect(fieldId('name')).toBe('field-name');
  });
});
