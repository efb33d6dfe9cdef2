import { describe, expect, it } from 'vitest';
import { characterSchema, type Character } from '../model/character';
import { loadCharacterValue } from '../format/load';
import { serializeCharacter } from '../format/save';
import {
  FL_ARMOUR_POINTS,
  FL_ARMOUR_TYPES,
  areaOptions,
  averageRating,
  fortunesLanding,
  thresholdFor,
} from './fortunes-landing';

type PieceInput = { name: string; type: string; locations: string[]; costume?: boolean };

function character(armour: PieceInput[], extra: Record<string, unknown> = {}): Character {
  return characterSchema.parse({
    format: 'quartermaster-character',
    version: 1,
    id: '0b9d4c1e-3f8a-4a57-9a9e-4a3f2c1d0e9b',
    ruleset: 'fortunes-landing',
    name: 'Dimitri',
    armour,
    ...extra,
  });
}

const codes = (c: Character) => fortunesLanding.derive(c).violations.map((v) => `${v.severity}:${v.code}@${v.path}`);

describe("Fortune's Landing armour table", () => {
  it('gives leather 1-2, chain 3-4, plate 5 (heavy leather 2 and light chain 3 from the examples)', () => {
    expect(FL_ARMOUR_POINTS).toEqual({ 'light-leather': 1, 'heavy-leather': 2, 'light-chain': 3, 'heavy-chain': 4, plate: 5 });
    expect(FL_ARMOUR_TYPES).toEqual(['light-leather', 'heavy-leather', 'light-chain', 'heavy-chain', 'plate']);
  });

  it('has five areas and no head', () => {
    expect(fortunesLanding.id).toBe('fortunes-landing');
    expect([...fortunesLanding.locations].sort()).toEqual(['left-arm', 'left-leg', 'right-arm', 'right-leg', 'torso']);
  });

  it('names the skills of the text', () => {
    expect(fortunesLanding.skills.map((s) => s.name)).toEqual([
      'Healing Ways',
      'Chirurgery',
      "Healer's Touch",
      'Rapid Healing',
      'Strikes',
      'Alchemy',
      'Armorsmith',
    ]);
  });
});

describe('averageRating (sum / areas, nearest, halves up)', () => {
  it.each([
    [[5], 5], // one area: its full value
    [[5, 2, 2], 3], // the text: 9 / 3 = 3
    [[5, 2], 4], // 7 / 2 = 3.5 -> 4 (half up)
    [[2, 3], 3], // 5 / 2 = 2.5 -> 3
    [[5, 1, 1], 2], // 7 / 3 = 2.33 -> 2
    [[5, 3, 1, 1], 3], // 10 / 4 = 2.5 -> 3
    [[4, 1, 1, 1, 1], 2], // 8 / 5 = 1.6 -> 2
    [[4, 1, 1, 1, 2], 2], // 9 / 5 = 1.8 -> 2
    [[1, 1, 1, 1, 2], 1], // 6 / 5 = 1.2 -> 1
    [[], 0],
  ])('%j -> %i', (values, rating) => {
    expect(averageRating(values)).toBe(rating);
  });

  it('gives Threshold 1 from rating 5', () => {
    expect([thresholdFor(4), thresholdFor(5), thresholdFor(6)]).toEqual([0, 1, 1]);
  });

  it('lists all 31 choices when all five areas are covered', () => {
    const perArea = { torso: 1, 'left-arm': 1, 'right-arm': 1, 'left-leg': 1, 'right-leg': 1 };
    const options = areaOptions(perArea);
    expect(options).toHaveLength(31);
    // All rate 1, so more areas first: the full body leads, single areas trail.
    expect(options[0]).toEqual({ areas: ['torso', 'left-arm', 'right-arm', 'left-leg', 'right-leg'], rating: 1 });
    expect(options[30]!.areas).toHaveLength(1);
  });
});

describe("the text's worked example: plate torso, heavy leather on both legs", () => {
  const pieces: PieceInput[] = [
    { name: 'Breastplate', type: 'plate', locations: ['torso'] },
    { name: 'Leather greaves', type: 'heavy-leather', locations: ['left-leg', 'right-leg'] },
  ];

  it('lists every choice best first: torso alone 5, torso + a leg 4, all three 3, legs 2', () => {
    // torso 5; {torso, leg} (5 + 2) / 2 = 3.5 -> 4; {torso, both legs} 9 / 3 = 3; legs only 2.
    const { derived } = fortunesLanding.derive(character(pieces));
    expect(derived.armour.perArea).toEqual({ torso: 5, 'left-leg': 2, 'right-leg': 2 });
    expect(derived.armour.options).toEqual([
      { areas: ['torso'], rating: 5 },
      { areas: ['torso', 'left-leg'], rating: 4 },
      { areas: ['torso', 'right-leg'], rating: 4 },
      { areas: ['torso', 'left-leg', 'right-leg'], rating: 3 },
      { areas: ['left-leg', 'right-leg'], rating: 2 },
      { areas: ['left-leg'], rating: 2 },
      { areas: ['right-leg'], rating: 2 },
    ]);
  });

  it('assumes the best option (torso alone, 5, Threshold 1) when no choice is saved, and says it leaves the worn legs off the tag', () => {
    const { derived, violations } = fortunesLanding.derive(character(pieces));
    expect(derived.armour).toMatchObject({ rating: 5, areas: ['torso'], threshold: 1, chosen: false });
    // "player can choose not to include lesser armor value ... filling in any areas that are not protected"
    expect(violations).toEqual([expect.objectContaining({ code: 'fl.areas.left-off', severity: 'warning', path: 'fortunesLanding.armourAreas' })]);
    expect(violations[0]!.message).toContain('leaves the armour on the left leg and right leg out');
  });

  it('says nothing of left-off areas once the player has chosen, or when the best option covers every worn area', () => {
    expect(fortunesLanding.derive(character(pieces, { fortunesLanding: { armourAreas: ['torso'] } })).violations).toEqual([]);
    const even = character([{ name: 'Hauberk', type: 'light-chain', locations: ['torso', 'left-arm', 'right-arm'] }]);
    expect(fortunesLanding.derive(even).violations).toEqual([]);
  });

  it('says when two choices tie for the best, names both and the arm the first leaves out; no tie once chosen', () => {
    // Plate on the torso (5), heavy chain on each arm (4). Torso and one arm: (5 + 4) / 2 = 4.5,
    // halves round up: 5. All three: 13 / 3 = 4.33 -> 4. Torso alone: 5, but over fewer areas.
    // So torso + left arm and torso + right arm tie at 5: which arm is filled in is the player's call.
    const armour = [
      { name: 'Breastplate', type: 'plate', locations: ['torso'] },
      { name: 'Vambraces', type: 'heavy-chain', locations: ['left-arm', 'right-arm'] },
    ];
    const { derived, violations } = fortunesLanding.derive(character(armour));
    expect(derived.armour.options.slice(0, 3)).toEqual([
      { areas: ['torso', 'left-arm'], rating: 5 },
      { areas: ['torso', 'right-arm'], rating: 5 },
      { areas: ['torso'], rating: 5 },
    ]);
    expect(derived.armour).toMatchObject({ tied: 2, chosen: false, rating: 5, areas: ['torso', 'left-arm'] });
    expect(violations.map((v) => `${v.severity}:${v.code}@${v.path}`)).toEqual(['warning:fl.areas.tie@fortunesLanding.armourAreas']);
    expect(violations[0]!.message).toBe(
      'No choice of armour areas is saved, and 2 choices tie for the best rating (5): torso and left arm, or torso and right arm. The rules prefer none of them, so the sheet takes the first (torso and left arm) in its order of areas; it leaves the armour on the right arm out, and the tag fills it in as not protected. Choose the one that matches the armour you wear.',
    );
    expect(violations[0]!.params).toEqual({ count: 2, rating: 5, areas: 'right-arm' });

    const chosen = fortunesLanding.derive(character(armour, { fortunesLanding: { armourAreas: ['torso', 'right-arm'] } }));
    expect(chosen.violations).toEqual([]);
    expect(chosen.derived.armour).toMatchObject({ tied: 2, chosen: true, rating: 5, areas: ['torso', 'right-arm'] });
    // One best choice: no tie.
    expect(fortunesLanding.derive(character(pieces)).derived.armour.tied).toBe(1);
  });

  it('takes the player choice of all three areas: 3 points everywhere, no Threshold', () => {
    const c = character(pieces, { fortunesLanding: { armourAreas: ['right-leg', 'torso', 'left-leg'] } });
    const { derived, violations } = fortunesLanding.derive(c);
    expect(violations).toEqual([]);
    expect(derived.armour).toMatchObject({ rating: 3, areas: ['torso', 'left-leg', 'right-leg'], threshold: 0, chosen: true });
  });

  it('takes a choice of torso and one leg: 3.5 rounds up to 4', () => {
    const c = character(pieces, { fortunesLanding: { armourAreas: ['torso', 'left-leg'] } });
    expect(fortunesLanding.derive(c).derived.armour).toMatchObject({ rating: 4, threshold: 0, chosen: true });
  });
});

describe('Fortune’s Landing armour checks', () => {
  it('gives nothing for no armour', () => {
    const { derived, violations } = fortunesLanding.derive(character([]));
    expect(violations).toEqual([]);
    expect(derived.armour).toEqual({
      rating: 0,
      areas: [],
      threshold: 0,
      options: [],
      perArea: {},
      chosen: false,
      tied: 0,
      costume: { pieces: [], costMultiplier: 1.5 },
    });
  });

  it('refuses an unknown type, which then counts for nothing', () => {
    const c = character([
      { name: 'Scale', type: 'scale', locations: ['torso'] },
      { name: 'Bracer', type: 'light-leather', locations: ['left-arm'] },
    ]);
    const { derived, violations } = fortunesLanding.derive(c);
    expect(codes(c)).toEqual(['error:fl.armour.unknown-type@armour[0].type']);
    expect(violations[0]!.message).toContain('"scale"');
    expect(derived.armour.perArea).toEqual({ 'left-arm': 1 });
  });

  it('warns that head armour counts nothing (the head is no legal target, not a forbidden garment) and counts the rest', () => {
    const c = character([{ name: 'Coif and hauberk', type: 'heavy-chain', locations: ['head', 'torso'] }]);
    expect(codes(c)).toEqual(['warning:fl.armour.head@armour[0].locations[0]']);
    expect(fortunesLanding.derive(c).violations[0]!.message).toContain('the head counts nothing');
    expect(fortunesLanding.derive(c).derived.armour.perArea).toEqual({ torso: 4 });
  });

  it('counts the best piece on an area and warns about the layering', () => {
    // torso: light leather 1 under light chain 3 -> 3; arms: light leather 1 -> all three (3+1+1)/3 = 1.67 -> 2
    const c = character([
      { name: 'Jerkin', type: 'light-leather', locations: ['torso', 'left-arm', 'right-arm'] },
      { name: 'Mail shirt', type: 'light-chain', locations: ['torso'] },
    ]);
    expect(codes(c)).toEqual(['warning:fl.armour.layered@armour[1].locations[0]', 'warning:fl.areas.left-off@fortunesLanding.armourAreas']);
    const { armour } = fortunesLanding.derive(c).derived;
    expect(armour.perArea).toEqual({ torso: 3, 'left-arm': 1, 'right-arm': 1 });
    expect(armour.options.find((o) => o.areas.length === 3)!.rating).toBe(2);
    expect(armour).toMatchObject({ rating: 3, areas: ['torso'] });
  });

  it('refuses a chosen area that no armour covers, and rates the covered ones chosen', () => {
    const c = character(
      [
        { name: 'Breastplate', type: 'plate', locations: ['torso'] },
        { name: 'Bracer', type: 'light-leather', locations: ['left-arm'] },
      ],
      { fortunesLanding: { armourAreas: ['torso', 'right-leg', 'left-arm', 'head'] } },
    );
    expect(codes(c)).toEqual([
      'error:fl.areas.not-covered@fortunesLanding.armourAreas[1]',
      'error:fl.areas.head@fortunesLanding.armourAreas[3]',
    ]);
    // torso 5 + left arm 1 = 6 / 2 = 3
    expect(fortunesLanding.derive(c).derived.armour).toMatchObject({ rating: 3, areas: ['torso', 'left-arm'], chosen: true });
  });

  it('falls back to the best option when no chosen area is covered', () => {
    const c = character([{ name: 'Hauberk', type: 'heavy-chain', locations: ['torso'] }], {
      fortunesLanding: { armourAreas: ['left-leg'] },
    });
    expect(codes(c)).toEqual(['error:fl.areas.not-covered@fortunesLanding.armourAreas[0]']);
    expect(fortunesLanding.derive(c).derived.armour).toMatchObject({ rating: 4, areas: ['torso'], chosen: false });
  });

  it('treats an empty choice as no choice', () => {
    const c = character([{ name: 'Hauberk', type: 'heavy-chain', locations: ['torso'] }], { fortunesLanding: { armourAreas: [] } });
    expect(fortunesLanding.derive(c).derived.armour).toMatchObject({ rating: 4, areas: ['torso'], chosen: false });
  });

  it('warns about a repeated chosen area and counts it once', () => {
    const c = character(
      [
        { name: 'Breastplate', type: 'plate', locations: ['torso'] },
        { name: 'Greave', type: 'heavy-leather', locations: ['left-leg'] },
      ],
      { fortunesLanding: { armourAreas: ['torso', 'left-leg', 'left-leg'] } },
    );
    expect(codes(c)).toEqual(['warning:fl.areas.duplicate@fortunesLanding.armourAreas[2]']);
    expect(fortunesLanding.derive(c).derived.armour.rating).toBe(4); // (5 + 2) / 2 = 3.5 -> 4, not (5+2+2)/3
  });

  it('warns about a piece that covers no area', () => {
    const c = character([{ name: 'Loose gauntlet', type: 'plate', locations: [] }]);
    expect(codes(c)).toEqual(['warning:fl.armour.no-areas@armour[0].locations']);
  });

  it('lists costume and replica pieces at 1.5x cost', () => {
    const c = character([
      { name: 'Stage chain', type: 'light-chain', locations: ['torso'], costume: true },
      { name: 'Real leather', type: 'heavy-leather', locations: ['left-arm'] },
      { name: 'PVC plate', type: 'plate', locations: ['right-arm'], costume: true },
    ]);
    expect(fortunesLanding.derive(c).derived.armour.costume).toEqual({ pieces: ['Stage chain', 'PVC plate'], costMultiplier: 1.5 });
  });

  it('lists ultra-light weapons at 1.5x cost', () => {
    // "Both the monetary and production point costs for ultra-lights and costume/replica armor is
    // increased by 1.5 times the base cost": a weapon of base cost 10 costs 10 x 1.5 = 15.
    const c = character([], {
      weapons: [
        { name: 'Quick blade', kind: 'medium', ultraLight: true },
        { name: 'Old sword', kind: 'medium' },
        { name: 'Latex dagger', kind: 'short', ultraLight: false },
      ],
    });
    const { derived, violations } = fortunesLanding.derive(c);
    expect(derived.ultraLight).toEqual({ weapons: ['Quick blade'], costMultiplier: 1.5 });
    expect(10 * derived.ultraLight.costMultiplier).toBe(15);
    expect(violations).toEqual([]);
  });

  it('a file without ultraLight loads and saves unchanged; one with it keeps it', () => {
    const file = {
      format: 'quartermaster-character',
      version: 2,
      id: '0b9d4c1e-3f8a-4a57-9a9e-4a3f2c1d0e9b',
      ruleset: 'fortunes-landing',
      name: 'Dimitri',
      player: '',
      notes: '',
      skills: [],
      armour: [],
      weapons: [{ name: 'Old sword', kind: 'medium' }],
      items: [],
    };
    const old = loadCharacterValue(file, 'dimitri.json');
    if (!old.ok) throw new Error(old.problem.message);
    expect(JSON.parse(serializeCharacter(old.character))).toEqual(file);
    expect(fortunesLanding.derive(old.character).derived.ultraLight.weapons).toEqual([]);
    const flagged = loadCharacterValue({ ...file, weapons: [{ name: 'Quick blade', kind: 'medium', ultraLight: true }] }, 'dimitri.json');
    if (!flagged.ok) throw new Error(flagged.problem.message);
    expect(flagged.character.weapons[0]).toEqual({ name: 'Quick blade', kind: 'medium', ultraLight: true });
    const bad = loadCharacterValue({ ...file, weapons: [{ name: 'Quick blade', kind: 'medium', ultraLight: 'yes' }] }, 'dimitri.json');
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.problem.message).toMatch(/weapons\[0\]\.ultraLight|ultraLight/);
  });

  it('allows custom skills without complaint', () => {
    const c = character([], { skills: [{ id: 'healing-ways' }, { id: 'basket-weaving', name: 'Basket Weaving' }] });
    expect(fortunesLanding.derive(c).violations).toEqual([]);
  });
});
