// The words of the merge panel: a skill by its game's catalogue name (Bulgarian where the renderer
// has one), a custom skill by its own name, weapons, a game's list fields, values a version lacks.
import { describe, expect, it } from 'vitest';
import type { MergeField } from '../../core/desk/conflict-merge';
import { fieldName, valueText } from './conflict-words';
import { tools } from '../app/i18n';

const en = tools('en', 'en-GB');
const bg = tools('bg', 'bg');
const field = (over: Partial<MergeField>): MergeField => ({ key: 'k', area: 'skills', editable: false, values: [], ...over });

describe('words for what differs', () => {
  it("names a skill by its game's catalogue (in Bulgarian too), a custom one by its own name", () => {
    const healing = field({ key: 'skills/healing-ways/1', label: 'healing-ways', values: [{ id: 'healing-ways', level: 1 }, undefined] });
    expect(fieldName(healing, en, 'fortunes-landing')).toBe('Skill: Healing Ways');
    expect(fieldName(healing, bg, 'fortunes-landing')).toBe('Умение: Лечителство');
    expect(valueText(healing, healing.values[0], en, 'fortunes-landing')).toBe('level 1');
    expect(valueText(healing, undefined, en, 'fortunes-landing')).toBe('— not in this version');
    const custom = field({ key: 'skills/custom-rope/1', label: 'custom-rope', values: [{ id: 'custom-rope', level: 2, name: 'Rope work' }] });
    expect(fieldName(custom, en, 'fortunes-landing')).toBe('Skill: Rope work');
  });

  it('a weapon by kind and length, a game list by its entries, a Tiles of Fate deck as a number', () => {
    const sword = field({ area: 'weapons', label: 'Longsword', values: [{ name: 'Longsword', kind: 'long', lengthCm: 110 }] });
    expect(fieldName(sword, en, 'curious-pastimes')).toBe('Weapon: Longsword');
    expect(valueText(sword, sword.values[0], en, 'curious-pastimes')).toBe('Long weapon, 110 cm');
    const spells = field({ area: 'novitas', label: 'spells', values: [[{ name: 'Fireball', level: 2 }, { name: 'Heal', level: 1 }]] });
    expect(fieldName(spells, en, 'novitas')).toBe('Novitas: Known spells');
    expect(valueText(spells, spells.values[0], en, 'novitas')).toBe('Fireball 2; Heal 1');
    const deck = field({ area: 'fortunesLanding', label: 'tilesOfFate', values: [8, 11] });
    expect(fieldName(deck, en, 'fortunes-landing')).toBe("Fortune's Landing: Tiles of Fate deck");
    expect(valueText(deck, 11, en, 'fortunes-landing')).toBe('11');
    expect(valueText(field({ area: 'notes' }), '', en, 'novitas')).toBe('(empty)');
    expect(fieldName(field({ area: 'extra', label: 'houseRule' }), en, 'novitas')).toBe('Other field: houseRule');
  });
});
