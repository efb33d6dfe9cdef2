// Merging two versions of a character edited at two desks while apart: the fields that differ are
// listed entry by entry, and the merge takes each from the version picked (or the text typed).
import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../format/hash';
import type { Character } from '../model/character';
import { characterObjectSchema } from '../model/character';
import { conflictFields, mergeVersions } from './conflict-merge';

const POTION = '00000000-0000-4000-8000-000000000001';
const SWORD = '00000000-0000-4000-8000-000000000002';
const SHIELD = '00000000-0000-4000-8000-000000000003';
const item = (id: string, name: string) => ({ id, name, kind: 'item', text: '' });

// What both desks had before they parted.
const base = {
  format: 'quartermaster-character',
  version: 2,
  id: '11111111-1111-4111-8111-111111111111',
  ruleset: 'fortunes-landing',
  name: 'Ayla',
  player: 'Sam',
  notes: '',
  skills: [{ id: 'a', level: 1 }, { id: 'b', level: 2 }],
  armour: [{ name: 'Jerkin', type: 'light-leather', locations: ['torso'] }],
  weapons: [{ name: 'Sword', kind: 'medium' }],
  items: [item(POTION, 'Potion')],
} as unknown as Character;

// Desk one: a note, skill a raised to 2, a sword card added.
const one = { ...structuredClone(base), notes: 'lost a hand', skills: [{ id: 'a', level: 2 }, { id: 'b', level: 2 }], items: [item(POTION, 'Potion'), item(SWORD, 'Sword of Dawn')] } as Character;
// Desk two: the player's full name, another note, skill b dropped and c taken, the jerkin's sleeves, a shield card.
const two = {
  ...structuredClone(base),
  player: 'Sam Hill',
  notes: 'new shield',
  skills: [{ id: 'a', level: 1 }, { id: 'c', level: 1 }],
  armour: [{ name: 'Jerkin', type: 'light-leather', locations: ['torso', 'left-arm'] }],
  items: [item(POTION, 'Potion'), item(SHIELD, 'Shield of Oak')],
} as Character;

describe('the fields two versions differ in', () => {
  it('are listed entry by entry: scalars, then each skill, armour piece and item that differs', () => {
    const fields = conflictFields([one, two]);
    // Skills in one order: a, then c (which follows a at desk two), then b. The shield follows the potion at desk two, so it comes before the sword.
    expect(fields.map((f) => f.key)).toEqual(['player', 'notes', 'skills/a/1', 'skills/c/1', 'skills/b/1', 'armour/Jerkin/1', 'items/' + SHIELD + '/1', 'items/' + SWORD + '/1']);
    const byKey = new Map(fields.map((f) => [f.key, f]));
    expect(byKey.get('notes')).toEqual({ key: 'notes', area: 'notes', editable: true, values: ['lost a hand', 'new shield'] });
    expect(byKey.get('skills/c/1')!.values).toEqual([undefined, { id: 'c', level: 1 }]);
    expect(byKey.get('skills/b/1')!.values).toEqual([{ id: 'b', level: 2 }, undefined]);
    expect(byKey.get(`items/${SWORD}/1`)).toMatchObject({ area: 'items', label: 'Sword of Dawn', editable: false });
    expect(byKey.get('armour/Jerkin/1')!.values.map((v) => (v as { locations: string[] }).locations)).toEqual([['torso'], ['torso', 'left-arm']]);
    // Nothing the versions agree on is listed (the potion, the sword weapon, the name, the game).
    expect(fields.some((f) => f.key.includes(POTION) || f.area === 'weapons' || f.key === 'name' || f.key === 'ruleset')).toBe(false);
  });

  it('one version alone, or equal versions, differ in nothing', () => {
    expect(conflictFields([one])).toEqual([]);
    expect(conflictFields([one, structuredClone(one)])).toEqual([]);
  });

  it("a game's section field by field, history by its ledger entry, fields this version does not know", () => {
    const a = { ...structuredClone(base), fortunesLanding: { armourAreas: ['torso'], tilesOfFate: 8 }, history: [{ kind: 'died', at: '2026-10-02', entry: 'e1' }], houseRule: 'x' } as unknown as Character;
    const b = { ...structuredClone(base), fortunesLanding: { armourAreas: ['torso'], tilesOfFate: 11 }, history: [{ kind: 'died', at: '2026-10-02', entry: 'e1' }, { kind: 'returned', at: '2026-10-03', entry: 'e2' }] } as unknown as Character;
    const fields = conflictFields([a, b]);
    expect(fields.map((f) => [f.key, f.values])).toEqual([
      ['history/e2/1', [undefined, { kind: 'returned', at: '2026-10-03', entry: 'e2' }]],
      ['fortunesLanding/tilesOfFate', [8, 11]],
      ['extra/houseRule', ['x', undefined]],
    ]);
    const merged = mergeVersions([a, b], { pick: { 'history/e2/1': 1, 'fortunesLanding/tilesOfFate': 1, 'extra/houseRule': 1 } }) as unknown as Record<string, unknown>;
    expect(merged.history).toEqual([{ kind: 'died', at: '2026-10-02', entry: 'e1' }, { kind: 'returned', at: '2026-10-03', entry: 'e2' }]);
    expect(merged.fortunesLanding).toEqual({ armourAreas: ['torso'], tilesOfFate: 11 });
    expect('houseRule' in merged).toBe(false);
  });
});

describe('merging', () => {
  it('with nothing picked is version 1; with everything from version 2 it is version 2', () => {
    expect(canonicalJson(mergeVersions([one, two]))).toBe(canonicalJson(one));
    const all = Object.fromEntries(conflictFields([one, two]).map((f) => [f.key, 1]));
    expect(canonicalJson(mergeVersions([one, two], { pick: all }))).toBe(canonicalJson(two));
  });

  it('takes each field from the version picked, a free text as typed, and keeps entries from both sides', () => {
    const merged = mergeVersions([one, two], {
      pick: { player: 1, 'skills/c/1': 1, 'armour/Jerkin/1': 1, [`items/${SHIELD}/1`]: 1 },
      text: { notes: 'lost a hand; new shield' },
    });
    expect(merged.player).toBe('Sam Hill');
    expect(merged.notes).toBe('lost a hand; new shield');
    // a at level 2 (desk one), c (desk two), b kept (desk one).
    expect(merged.skills).toEqual([{ id: 'a', level: 2 }, { id: 'c', level: 1 }, { id: 'b', level: 2 }]);
    expect(merged.armour).toEqual([{ name: 'Jerkin', type: 'light-leather', locations: ['torso', 'left-arm'] }]);
    expect(merged.items.map((i) => i.name)).toEqual(['Potion', 'Shield of Oak', 'Sword of Dawn']);
    expect(merged.weapons).toEqual([{ name: 'Sword', kind: 'medium' }]);
    // Still a valid character file, and the versions were not changed.
    expect(characterObjectSchema.safeParse(merged).success).toBe(true);
    expect(one.player).toBe('Sam');
    expect(two.items).toHaveLength(2);
  });

  it('two armour pieces of one name are told apart by which of that name they are', () => {
    const a = { ...structuredClone(base), armour: [{ name: 'Bracer', type: 'light-leather', locations: ['left-arm'] }, { name: 'Bracer', type: 'light-leather', locations: ['right-arm'] }] } as unknown as Character;
    const b = { ...structuredClone(base), armour: [{ name: 'Bracer', type: 'light-leather', locations: ['left-arm'] }, { name: 'Bracer', type: 'heavy-leather', locations: ['right-arm'] }] } as unknown as Character;
    expect(conflictFields([a, b]).map((f) => f.key)).toEqual(['armour/Bracer/2']);
    expect(mergeVersions([a, b], { pick: { 'armour/Bracer/2': 1 } }).armour.map((p) => p.type)).toEqual(['light-leather', 'heavy-leather']);
  });

  it('three desks apart: each field from any of the three versions', () => {
    const three = { ...structuredClone(base), player: 'Samantha', notes: 'third desk' } as Character;
    const fields = conflictFields([one, two, three]);
    expect(fields.find((f) => f.key === 'player')!.values).toEqual(['Sam', 'Sam Hill', 'Samantha']);
    const merged = mergeVersions([one, two, three], { pick: { player: 2, notes: 1 } });
    expect([merged.player, merged.notes]).toEqual(['Samantha', 'new shield']);
  });

  it('a pick of a version that is not there is refused, naming the field', () => {
    expect(() => mergeVersions([one, two], { pick: { notes: 2 } })).toThrow('field "notes": there is no version 3');
  });
});
