// The rules-change preview over copies of Emberfall with one change each. Expected values are
// worked out by hand from core/packs/examples/emberfall.rules.md: 12 points to start; Swordplay
// costs 2, 3 and 4 for its three levels, Shield 3 (needs Swordplay), Toughness 3 x level (two
// levels), Herbalism 2 a level; the torso takes 3 hits; padded armour adds 1, mail 2, plate 3.
import { describe, expect, it } from 'vitest';
import type { Character } from '../model/character';
import { evaluateCharacter } from './evaluate';
import { PreviewBuilder } from './preview';
import { previewText } from './preview-text';
import { EMBERFALL_CHANGES, emberfallVariant } from './testing/emberfall-variants';

type Sheet = Pick<Character, 'id' | 'name' | 'ruleset' | 'skills' | 'armour'>;
// Character files name one of the four built-in games: these Emberfall packs go by Curious Pastimes' id.
const GAME = 'curious-pastimes';
const sheet = (n: number, name: string, skills: [string, number][], armour: string[] = []): Sheet => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  name,
  ruleset: GAME,
  skills: skills.map(([id, level]) => ({ id, level })),
  armour: armour.map((type) => ({ name: type, type, locations: ['torso' as const] })),
});
// Aldric: Swordplay 2 + Toughness 1 = (2 + 3) + 3 = 8 of 12.
const ALDRIC = sheet(1, 'Aldric', [['swordplay', 2], ['toughness', 1]], ['mail']);
// Brina: Swordplay 1 + Shield 1 = 2 + 3 = 5 of 12.
const BRINA = sheet(2, 'Brina', [['swordplay', 1], ['shield', 1]]);
// Cato: Toughness 2 + Herbalism 1 = (3 + 6) + 2 = 11 of 12.
const CATO = sheet(3, 'Cato', [['toughness', 2], ['herbalism', 1]]);
// Dara: Swordplay 3 = 2 + 3 + 4 = 9 of 12.
const DARA = sheet(4, 'Dara', [['swordplay', 3]]);
const ERIK: Sheet = { ...sheet(5, 'Erik', [['swordplay', 1]]), ruleset: 'novitas' };
const ALL = [ALDRIC, BRINA, CATO, DARA, ERIK];

const OLD = emberfallVariant(undefined, GAME);
function preview(change: keyof typeof EMBERFALL_CHANGES) {
  const b = new PreviewBuilder(OLD, emberfallVariant(EMBERFALL_CHANGES[change], GAME), { old: 'old.pack.json', new: 'new.pack.json' });
  for (const c of ALL) b.add(`${c.name.toLowerCase()}.character.json`, c);
  return b.preview;
}
const names = (list: readonly { name: string }[]) => list.map((c) => c.name);

describe('evaluateCharacter', () => {
  it('gives the problems, the points and the card values the pack determines', () => {
    const e = evaluateCharacter(OLD, ALDRIC);
    expect(e.problems).toEqual([]);
    expect([e.spent, e.available]).toEqual([8, 12]);
    expect(e.card).toEqual([
      { key: 'skill:swordplay', value: 'Swordplay 2' },
      { key: 'skill:toughness', value: 'Toughness 1' },
      { key: 'hits:head', value: '1' },
      { key: 'hits:torso', value: '3' },
      { key: 'hits:left-arm', value: '2' },
      { key: 'hits:right-arm', value: '2' },
      { key: 'hits:left-leg', value: '2' },
      { key: 'hits:right-leg', value: '2' },
      { key: 'armour:mail', value: 'Mail 2' },
    ]);
  });
});

describe('PreviewBuilder', () => {
  it('counts the characters of the game and leaves the others out', () => {
    expect(preview('renameSwordplay').characters).toEqual({ files: 5, inGame: 4, otherGames: 1, unreadable: [] });
  });

  it('a cost rise: Toughness at 4 x level puts Cato at (4 + 8) + 2 = 14 of 12, newly invalid and void; Aldric 8 -> 9', () => {
    const p = preview('costRise');
    expect(p.changes.newlyInvalid).toEqual([
      { file: 'cato.character.json', id: CATO.id, name: 'Cato', problems: ['The skills cost 14 character points but the character has 12: 2 over budget.'] },
    ]);
    expect(p.changes.points.map((c) => [c.name, c.spent, c.available])).toEqual([
      ['Aldric', { old: 8, new: 9 }, null],
      ['Cato', { old: 11, new: 14 }, null],
    ]);
    expect(names(p.void)).toEqual(['Cato']);
    expect(p.reprint).toEqual([]);
    expect(p.changes.card).toEqual([]);
  });

  it('a removed skill: Brina holds Shield, now unknown (named) and not counted: 5 -> 2; void', () => {
    const p = preview('removeShield');
    expect(p.changes.newlyInvalid).toEqual([
      { file: 'brina.character.json', id: BRINA.id, name: 'Brina', problems: ['"shield" is not in the Emberfall catalogue, so its cost is unknown and not counted.'] },
    ]);
    expect(p.changes.points.map((c) => [c.name, c.spent])).toEqual([['Brina', { old: 5, new: 2 }]]);
    expect(names(p.void)).toEqual(['Brina']);
    // Her card would show the file's id for the skill; she is void, not reprinted.
    expect(p.changes.card.map((c) => [c.name, c.values])).toEqual([['Brina', [{ key: 'skill:shield', old: 'Shield 1', new: 'shield 1' }]]]);
    expect(p.reprint).toEqual([]);
  });

  it('a lowered limit: Swordplay at most 2 makes Dara (level 3) invalid, and counts 2 + 3 = 5 of her 9', () => {
    const p = preview('swordplayMax2');
    expect(names(p.changes.newlyInvalid)).toEqual(['Dara']);
    expect(p.changes.newlyInvalid[0]!.problems).toEqual([
      'Swordplay is at level 3, but Emberfall allows at most 2 ("Swordplay has two levels, costing 2 and 3 points."); only 2 levels are counted.',
    ]);
    expect(p.changes.points.map((c) => [c.name, c.spent])).toEqual([['Dara', { old: 9, new: 5 }]]);
    expect(names(p.void)).toEqual(['Dara']);
    expect(p.reprint).toEqual([]);
  });

  it('a renamed skill: every Swordplay card reads Blade Work; all still valid, all reprinted, none void', () => {
    const p = preview('renameSwordplay');
    expect(p.changes.card.map((c) => [c.name, c.values])).toEqual([
      ['Aldric', [{ key: 'skill:swordplay', old: 'Swordplay 2', new: 'Blade Work 2' }]],
      ['Brina', [{ key: 'skill:swordplay', old: 'Swordplay 1', new: 'Blade Work 1' }]],
      ['Dara', [{ key: 'skill:swordplay', old: 'Swordplay 3', new: 'Blade Work 3' }]],
    ]);
    expect(names(p.reprint)).toEqual(['Aldric', 'Brina', 'Dara']);
    expect(p.void).toEqual([]);
    expect(p.changes.newlyInvalid).toEqual([]);
    expect(p.changes.points).toEqual([]);
  });

  it('more hits on the torso changes every card of the game', () => {
    const p = preview('torso4');
    expect(p.changes.card.map((c) => [c.name, c.values])).toEqual(
      ['Aldric', 'Brina', 'Cato', 'Dara'].map((n) => [n, [{ key: 'hits:torso', old: '3', new: '4' }]]),
    );
    expect(names(p.reprint)).toEqual(['Aldric', 'Brina', 'Cato', 'Dara']);
  });

  it('the other way round: the old pack with the cost rise undone makes Cato no longer invalid', () => {
    const b = new PreviewBuilder(emberfallVariant(EMBERFALL_CHANGES.costRise, GAME), OLD, { old: 'a', new: 'b' });
    b.add('cato.character.json', CATO);
    expect(b.preview.changes.noLongerInvalid).toEqual([
      { file: 'cato.character.json', id: CATO.id, name: 'Cato', problems: ['The skills cost 14 character points but the character has 12: 2 over budget.'] },
    ]);
    expect(b.preview.void).toEqual([]);
  });

  it('refuses packs of two games', () => {
    expect(() => new PreviewBuilder(OLD, emberfallVariant(undefined, 'novitas'), { old: 'a', new: 'b' })).toThrow(/different games \(curious-pastimes and novitas\)/);
  });

  it('as text: each group with its count, the characters and their changes in words', () => {
    const text = previewText(preview('costRise'));
    expect(text).toContain('Rules-change preview: Emberfall 1.0.0 → 1.1.0\n');
    expect(text).toContain('5 character files: 4 of Emberfall, 1 of other games, 0 unreadable. 0 characters to reprint, 1 character whose cards a publication voids.\n');
    expect(text).toContain('\nNewly invalid (1)\n  cato.character.json: Cato\n    The skills cost 14 character points but the character has 12: 2 over budget.\n');
    expect(text).toContain('\nPoints (2)\n  aldric.character.json: Aldric\n    points spent: 8 → 9\n  cato.character.json: Cato\n    points spent: 11 → 14\n');
    expect(text).toContain('\nCard values (0)\n    none\n');
    expect(text).toContain('\nVoid: newly invalid, a publication voids their cards (1)\n  cato.character.json: Cato\n');
  });
});
