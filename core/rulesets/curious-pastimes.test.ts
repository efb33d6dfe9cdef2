import { describe, expect, it } from 'vitest';
import { characterSchema, type Character } from '../model/character';
import {
  CP_ARMOUR_POINTS,
  CP_MORTAL_WOUND_COUNT_MINUTES,
  CP_STARTING_POINTS,
  curiousPastimes,
  startingPoints,
} from './curious-pastimes';

type PieceInput = { name: string; type: string; locations: string[]; helmet?: boolean };

function character(armour: PieceInput[], skills: string[] | { id: string; level: number }[] = [], extra: Record<string, unknown> = {}): Character {
  return characterSchema.parse({
    format: 'quartermaster-character',
    version: 1,
    id: '7c1f7f6a-2b0e-4d8e-8f51-5a8f3a2b9c10',
    ruleset: 'curious-pastimes',
    name: 'Aldric',
    armour,
    skills: skills.map((s) => (typeof s === 'string' ? { id: s } : s)),
    ...extra,
  });
}

const derive = (c: Character) => curiousPastimes.derive(c).derived;
const codes = (c: Character) => curiousPastimes.derive(c).violations.map((v) => `${v.severity}:${v.code}@${v.path}`);
/** head, torso, left-arm, right-arm, left-leg, right-leg */
const row = (r: Record<string, number>) => [r.head, r.torso, r['left-arm'], r['right-arm'], r['left-leg'], r['right-leg']];

describe('Curious Pastimes basics', () => {
  it('has six locations and the four armour classes at +1..+4', () => {
    expect(curiousPastimes.locations).toEqual(['head', 'torso', 'left-arm', 'right-arm', 'left-leg', 'right-leg']);
    expect(CP_ARMOUR_POINTS).toEqual({ light: 1, medium: 2, heavy: 3, 'extra-heavy': 4 });
    expect(curiousPastimes.armourTypes).toEqual(['light', 'medium', 'heavy', 'extra-heavy']);
    expect(curiousPastimes.skills.map((s) => s.id)).toEqual([
      'body-development',
      'wear-light-armour',
      'wear-medium-armour',
      'wear-heavy-armour',
      'wear-extra-heavy-armour',
    ]);
  });

  it('an unarmoured character has 1 hit on each location', () => {
    const d = derive(character([]));
    expect(row(d.hits)).toEqual([1, 1, 1, 1, 1, 1]);
    expect(row(d.hitsVsArrows)).toEqual([1, 1, 1, 1, 1, 1]);
    expect(d).toMatchObject({ bodyDevelopment: false, armourSkillClass: 0, spellCards: [] });
  });

  it('Body Development adds 1 to every location, against arrows too; its description asks for the token', () => {
    const d = derive(character([], ['body-development']));
    expect(d.bodyDevelopment).toBe(true);
    expect(row(d.hits)).toEqual([2, 2, 2, 2, 2, 2]);
    expect(row(d.hitsVsArrows)).toEqual([2, 2, 2, 2, 2, 2]);
    expect(curiousPastimes.skills[0]!.description).toMatch(/token/);
  });

  it('Body Development at level 0 is not held', () => {
    expect(derive(character([], [{ id: 'body-development', level: 0 }])).bodyDevelopment).toBe(false);
  });

  it('Body Development has no levels: a file holding level 3 gets an error naming it, and still +1 (not +3)', () => {
    // "The skill Body Development increases all locations by a further one point": one skill, one point.
    expect(curiousPastimes.skills.find((s) => s.id === 'body-development')!.maxLevel).toBe(1);
    const c = character([], [{ id: 'wear-light-armour', level: 1 }, { id: 'body-development', level: 3 }]);
    expect(codes(c)).toEqual(['error:cp.skill.level@skills[1].level']);
    const [v] = curiousPastimes.derive(c).violations;
    expect(v!.message).toContain('Body Development');
    expect(v!.message).toContain('level 3');
    expect(v!.params).toEqual({ skill: 'Body Development', level: 3 });
    expect(row(derive(c).hits)).toEqual([2, 2, 2, 2, 2, 2]);
    expect(codes(character([], [{ id: 'body-development', level: 1 }]))).toEqual([]);
  });

  it('the Wear Armour skills have no levels either: level 2 is an error', () => {
    // "The possession of the skill to Wear Armour automatically allows a character to wear/repair
    // lighter armour": a class of armour, not a level of a skill.
    for (const id of ['wear-light-armour', 'wear-medium-armour', 'wear-heavy-armour', 'wear-extra-heavy-armour']) {
      expect(curiousPastimes.skills.find((s) => s.id === id)!.maxLevel, id).toBe(1);
    }
    expect(codes(character([], [{ id: 'wear-heavy-armour', level: 2 }]))).toEqual(['error:cp.skill.level@skills[0].level']);
  });

  it('custom skills are allowed, at any level', () => {
    expect(curiousPastimes.derive(character([], ['herb-lore'])).violations).toEqual([]);
    expect(curiousPastimes.derive(character([], [{ id: 'herb-lore', level: 4 }])).violations).toEqual([]);
  });
});

describe('Curious Pastimes armour', () => {
  it("the text's stacking example: studded leather (Medium) over a padded jerkin (Light) is 2, not 3", () => {
    // torso: max(2, 1) = 2; arms: jerkin 1. With Body Development: torso 1+1+2 = 4, arms 1+1+1 = 3.
    const c = character(
      [
        { name: 'Padded jerkin', type: 'light', locations: ['torso', 'left-arm', 'right-arm'] },
        { name: 'Studded breastplate', type: 'medium', locations: ['torso'] },
      ],
      ['wear-medium-armour', 'body-development'],
    );
    expect(codes(c)).toEqual(['warning:cp.armour.layered@armour[1].locations[0]']);
    const d = derive(c);
    expect(row(d.armourByLocation)).toEqual([0, 2, 1, 1, 0, 0]);
    expect(row(d.hits)).toEqual([2, 4, 3, 3, 2, 2]);
    // arrows and bolts ignore armour
    expect(row(d.hitsVsArrows)).toEqual([2, 2, 2, 2, 2, 2]);
  });

  it('a helmet counts on the head', () => {
    const c = character([{ name: 'Great helm', type: 'heavy', locations: ['head'], helmet: true }], ['wear-heavy-armour']);
    expect(codes(c)).toEqual([]);
    expect(derive(c).hits.head).toBe(4); // 1 + 3
  });

  it('a piece ticked as a helmet covers the head even when the head is not listed (issue 12)', () => {
    const c = character([{ name: 'Pot helm', type: 'medium', locations: [], helmet: true }], ['wear-medium-armour']);
    // No "covers no location" warning: a helmet is head armour. Head 1 + 2 (Medium) = 3.
    expect(codes(c)).toEqual([]);
    expect(derive(c).armourByLocation.head).toBe(2);
    expect(derive(c).hits.head).toBe(3);
    expect(derive(c).hits.torso).toBe(1);
  });

  it('head armour that is not a helmet is refused and counts nothing there, but still counts elsewhere', () => {
    const c = character([{ name: 'Mail hauberk with coif', type: 'medium', locations: ['head', 'torso'] }], ['wear-medium-armour']);
    expect(codes(c)).toEqual(['error:cp.armour.head-not-helmet@armour[0].locations[0]']);
    const d = derive(c);
    expect(d.armourByLocation.head).toBe(0);
    expect(d.armourByLocation.torso).toBe(2);
  });

  it('a heavier Wear Armour skill includes the lighter classes', () => {
    const c = character(
      [
        { name: 'Gambeson', type: 'light', locations: ['left-arm'] },
        { name: 'Brigandine', type: 'heavy', locations: ['torso'] },
      ],
      ['wear-heavy-armour'],
    );
    expect(codes(c)).toEqual([]);
    const d = derive(c);
    expect(d.armourSkillClass).toBe(3);
    expect(row(d.hits)).toEqual([1, 4, 2, 1, 1, 1]);
  });

  it('the heaviest Wear Armour skill held sets the class', () => {
    expect(derive(character([], ['wear-light-armour', 'wear-extra-heavy-armour', 'wear-medium-armour'])).armourSkillClass).toBe(4);
  });

  it('armour above the skill is refused and counts nothing; the heaviest allowed piece counts instead', () => {
    // Wear Medium: plate (Extra-Heavy, 4) refused; the mail shirt (Medium, 2) under it counts on the torso.
    const c = character(
      [
        { name: 'Plate cuirass', type: 'extra-heavy', locations: ['torso', 'left-arm'] },
        { name: 'Mail shirt', type: 'medium', locations: ['torso'] },
      ],
      ['wear-medium-armour'],
    );
    expect(codes(c)).toEqual(['error:cp.armour.above-skill@armour[0].type', 'warning:cp.armour.layered@armour[1].locations[0]']);
    const d = derive(c);
    expect(row(d.armourByLocation)).toEqual([0, 2, 0, 0, 0, 0]);
    expect(d.hits.torso).toBe(3);
  });

  it('any armour needs a Wear Armour skill', () => {
    const c = character([{ name: 'Leather jerkin', type: 'light', locations: ['torso'] }]);
    expect(codes(c)).toEqual(['error:cp.armour.above-skill@armour[0].type']);
    expect(curiousPastimes.derive(c).violations[0]!.message).toMatch(/no Wear Armour skill/);
    expect(derive(c).hits.torso).toBe(1);
  });

  it('an unknown type is refused and counts nothing', () => {
    const c = character([{ name: 'Chainmail', type: 'chain', locations: ['torso'] }], ['wear-extra-heavy-armour']);
    expect(codes(c)).toEqual(['error:cp.armour.unknown-type@armour[0].type']);
    expect(derive(c).hits.torso).toBe(1);
  });

  it('a piece covering no location gets a warning', () => {
    const c = character([{ name: 'Pauldron', type: 'heavy', locations: [] }], ['wear-heavy-armour']);
    expect(codes(c)).toEqual(['warning:cp.armour.no-locations@armour[0].locations']);
  });
});

describe('Curious Pastimes spell cards and constants', () => {
  it('prints one card per count, in order', () => {
    const c = character([], [], {
      curiousPastimes: {
        spellCards: [
          { sphere: 'Celestial', rank: 1, day: 'Saturday', count: 2 },
          { sphere: 'Corporeal', rank: 2, day: 'Sunday', count: 1 },
          { sphere: 'Corporeal', rank: 1, day: 'Sunday', count: 0 },
        ],
      },
    });
    expect(derive(c).spellCards).toEqual([
      { sphere: 'Celestial', rank: 1, day: 'Saturday' },
      { sphere: 'Celestial', rank: 1, day: 'Saturday' },
      { sphere: 'Corporeal', rank: 2, day: 'Sunday' },
    ]);
  });

  it('mortal wound count 2 minutes; 20 starting points, one less per death', () => {
    expect(CP_MORTAL_WOUND_COUNT_MINUTES).toBe(2);
    expect(CP_STARTING_POINTS).toBe(20);
    expect([startingPoints(0), startingPoints(1), startingPoints(3), startingPoints(25)]).toEqual([20, 19, 17, 0]);
    expect(() => startingPoints(-1)).toThrow(/deaths/);
    expect(() => startingPoints(1.5)).toThrow(/deaths/);
  });
});
