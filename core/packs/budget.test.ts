// The points budget over the Emberfall example pack. Expected values are worked out from
// core/packs/examples/emberfall.rules.md: 12 points to start, 2 a event, at most 40; Swordplay
// 2/3/4, Shield 3 (needs Swordplay), Toughness 3 x level, Herbalism 2 a level, Surgery 4 (needs
// Herbalism 2), Grave Lore 4 x level (not with Herbalism); 2 points fewer to start for each death.
import { describe, expect, it } from 'vitest';
import { computeBudget } from './budget';
import { BUILTIN_PACKS } from './builtin';
import emberfallJson from './examples/emberfall.pack.json';
import { validatePack } from './validate';

const checked = validatePack(emberfallJson);
if (!checked.ok) throw new Error(JSON.stringify(checked.problems));
const emberfall = checked.pack;
const codes = (b: ReturnType<typeof computeBudget>) => b.problems.map((p) => p.code);

describe('computeBudget (Emberfall)', () => {
  it('counts every level up to the one held: Swordplay 2 = 2 + 3, Toughness 2 = 3 + 6 (the formula)', () => {
    const b = computeBudget(emberfall, { skills: [{ id: 'swordplay', level: 2 }, { id: 'toughness', level: 2 }] });
    expect(b.lines).toEqual([
      { id: 'swordplay', name: 'Swordplay', level: 2, cost: 5 },
      { id: 'toughness', name: 'Toughness', level: 2, cost: 9 },
    ]);
    // 5 + 9 = 14 of 12: 2 over.
    expect([b.spent, b.available, b.remaining]).toEqual([14, 12, -2]);
    expect(b.problems).toEqual([{ code: 'over-budget', skill: '', message: 'The skills cost 14 character points but the character has 12: 2 over budget.' }]);
  });

  it('adds earned points and takes off 2 for each death, never below 0, at most 40 in all', () => {
    expect(computeBudget(emberfall, { skills: [], earned: 6 }).available).toBe(18);
    expect(computeBudget(emberfall, { skills: [], earned: 6, deaths: 2 }).available).toBe(14);
    expect(computeBudget(emberfall, { skills: [], deaths: 7 }).available).toBe(0);
    expect(computeBudget(emberfall, { skills: [], earned: 100 }).available).toBe(40);
  });

  it('within budget: Swordplay 1 + Shield = 2 + 3 = 5 of 12, 7 left, nothing wrong', () => {
    const b = computeBudget(emberfall, { skills: [{ id: 'swordplay', level: 1 }, { id: 'shield', level: 1 }] });
    expect([b.spent, b.available, b.remaining]).toEqual([5, 12, 7]);
    expect(b.problems).toEqual([]);
  });

  it('says an unmet prerequisite in the pack\'s words', () => {
    const b = computeBudget(emberfall, { skills: [{ id: 'shield', level: 1 }, { id: 'herbalism', level: 1 }, { id: 'surgery', level: 1 }] });
    expect(b.problems.map((p) => p.message)).toEqual([
      'Shield: You must know Swordplay to learn Shield.',
      'Surgery: Only a character with Herbalism at level 2 or more may learn Surgery.',
    ]);
    // Herbalism 2 meets Surgery's prerequisite.
    expect(codes(computeBudget(emberfall, { skills: [{ id: 'herbalism', level: 2 }, { id: 'surgery', level: 1 }] }))).toEqual([]);
  });

  it('reports two skills that exclude each other once', () => {
    const b = computeBudget(emberfall, { skills: [{ id: 'herbalism', level: 1 }, { id: 'grave-lore', level: 1 }] });
    expect(b.problems).toEqual([{ code: 'excluded', skill: 'herbalism', message: 'Herbalism and Grave Lore cannot be held together.' }]);
    // Herbalism 1 + Grave Lore 1 = 2 + 4 = 6.
    expect(b.spent).toBe(6);
  });

  it('counts a level above the limit only up to the limit and says so, quoting the rule', () => {
    const b = computeBudget(emberfall, { skills: [{ id: 'swordplay', level: 5 }] });
    // 2 + 3 + 4 = 9 for the three levels there are.
    expect(b.spent).toBe(9);
    expect(b.problems[0]!.message).toBe('Swordplay is at level 5, but Emberfall allows at most 3 ("Swordplay has three levels, costing 2, 3 and 4 points."); only 3 levels are counted.');
  });

  it('leaves unknown skills uncounted and counts a skill listed twice once', () => {
    const b = computeBudget(emberfall, { skills: [{ id: 'juggling', level: 1 }, { id: 'herbalism', level: 1 }, { id: 'herbalism', level: 3 }, { id: 'toughness', level: 0 }] });
    expect(codes(b)).toEqual(['unknown-skill', 'listed-twice']);
    expect(b.spent).toBe(2);
  });

  it('refuses a negative or fractional level, earned points or deaths', () => {
    expect(() => computeBudget(emberfall, { skills: [{ id: 'swordplay', level: -1 }] })).toThrow(RangeError);
    expect(() => computeBudget(emberfall, { skills: [], earned: 1.5 })).toThrow(RangeError);
    expect(() => computeBudget(emberfall, { skills: [], deaths: -1 })).toThrow(RangeError);
  });
});

describe('computeBudget (a cost formula that fails)', () => {
  it('says so instead of throwing, and leaves that cost out', () => {
    const broken = structuredClone(emberfall);
    broken.skills[2]!.cost = { formula: '(level - 1) / (level - 1)' };
    const b = computeBudget(broken, { skills: [{ id: 'toughness', level: 1 }, { id: 'swordplay', level: 1 }] });
    expect(b.problems).toEqual([{ code: 'cost-failed', skill: 'toughness', message: 'Toughness: the cost formula "(level - 1) / (level - 1)" fails at level 1: division by zero; its cost is not counted.' }]);
    expect(b.spent).toBe(2);
    broken.skills[2]!.cost = { formula: '-level' };
    expect(codes(computeBudget(broken, { skills: [{ id: 'toughness', level: 1 }] }))).toEqual(['cost-failed']);
  });
});

describe('computeBudget (games that publish no costs)', () => {
  it('Curious Pastimes: 20 to start, 100 at most, costs unknown with the reason', () => {
    const b = computeBudget(BUILTIN_PACKS['curious-pastimes'], { skills: [{ id: 'body-development', level: 1 }], earned: 90 });
    expect(b.available).toBe(100);
    expect(b.spent).toBeNull();
    expect(b.remaining).toBeNull();
    expect(b.costsUnpublished).toMatch(/experience points/);
    expect(computeBudget(BUILTIN_PACKS['curious-pastimes'], { skills: [], deaths: 3 }).available).toBe(17);
  });
  it('Novitas: neither costs nor advancement published, but prerequisites and limits still checked', () => {
    const b = computeBudget(BUILTIN_PACKS.novitas, { skills: [{ id: 'first-aid', level: 2 }] });
    expect([b.available, b.spent, b.remaining]).toEqual([null, null, null]);
    expect(codes(b)).toEqual(['level-too-high']);
  });
});
