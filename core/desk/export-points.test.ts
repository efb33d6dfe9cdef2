// Points spent in the export: the Emberfall example pack publishes costs (core/packs/examples/
// emberfall.rules.md: Swordplay 2/3/4, Toughness 3 x level); no built-in game does.
import { describe, expect, it } from 'vitest';
import emberfallJson from '../packs/examples/emberfall.pack.json';
import { validatePack } from '../packs/validate';
import { unreadableCharacter } from './characters';
import { pointsSpent } from './export-points';
import { exampleDesk } from './testing';

describe('pointsSpent', () => {
  it('costs the skills under a pack that publishes costs, and says nothing where none does', () => {
    const checked = validatePack(emberfallJson);
    if (!checked.ok) throw new Error('emberfall does not validate');
    const dimitri = exampleDesk('dimitri', { skills: [{ id: 'swordplay', level: 2 }, { id: 'toughness', level: 1 }] });
    const bad = unreadableCharacter('bad.character.json', 'file.empty', 'bad.character.json: the file is empty');
    // Swordplay 2 = 2 + 3, Toughness 1 = 3: 8.
    expect(pointsSpent([dimitri, bad], { 'fortunes-landing': checked.pack })(dimitri.file)).toBe(8);
    expect(pointsSpent([dimitri, bad], { 'fortunes-landing': checked.pack })(bad.file)).toBeNull();
    expect(pointsSpent([dimitri])(dimitri.file)).toBeNull();
  });
});
