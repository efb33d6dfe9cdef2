// The pack validator: shape errors with JSON paths, references between parts, and every CEL
// expression refused when it could be costly or does not type-check.
import { describe, expect, it } from 'vitest';
import emberfall from './examples/emberfall.pack.json';
import { compareVersions, validatePack } from './validate';

type Pack = typeof emberfall & Record<string, unknown>;
function withChange(change: (p: Pack) => void): unknown {
  const copy = structuredClone(emberfall) as Pack;
  change(copy);
  return copy;
}
function problems(data: unknown): string[] {
  const result = validatePack(data);
  return result.ok ? [] : result.problems.map((p) => `${p.path}: ${p.message}`);
}
const requiring = (expression: string) => withChange((p) => (p.skills[1]!.requires!.expression = expression));
const costing = (formula: string) => withChange((p) => (p.skills[2]!.cost = { formula }));

describe('validatePack', () => {
  it('names the JSON path and why for a wrong shape', () => {
    expect(problems(withChange((p) => ((p.skills[0] as Record<string, unknown>).maxLevel = { value: 'three', quote: 'q', source: 's' })))).toEqual([
      expect.stringMatching(/^skills\[0\]\.maxLevel\.value: .*number/),
    ]);
    expect(problems(withChange((p) => ((p as Record<string, unknown>).extra = 1)))[0]).toMatch(/^\(the whole pack\): .*extra/);
    expect(problems(withChange((p) => (p.version = '1.0')))[0]).toMatch(/^version: a version is major\.minor\.patch/);
  });

  it('checks references: groups, excluded skills, armour classes, hits on every location', () => {
    expect(problems(withChange((p) => (p.skills[0]!.group = 'magic')))).toEqual(['skills[0].group: the group "magic" is not among the pack\'s groups']);
    expect(problems(withChange((p) => (p.skills[3]!.excludes = ['necromancy'])))).toEqual(['skills[3].excludes[0]: the skill "necromancy" is not in the catalogue']);
    expect(problems(withChange((p) => delete (p.body.hits as Record<string, unknown>)['left-leg']))).toEqual(['body.hits: the location "left-leg" has no hits']);
    expect(problems(withChange((p) => (p.skills = [...p.skills, p.skills[0]!])))).toEqual(['skills[6].id: the skill id "swordplay" appears twice']);
  });

  it('allows costs only where the pack says they are published, and then on every skill', () => {
    expect(problems(withChange((p) => delete (p.skills[0] as Record<string, unknown>).cost))).toEqual(['skills[0].cost: the pack says costs are published, so every skill needs its cost']);
    const unpublished = problems(withChange((p) => ((p as Record<string, unknown>).costs = { published: false, reason: 'not in the book' })));
    expect(unpublished).toHaveLength(6);
    expect(unpublished[0]).toBe('skills[0].cost: the pack says costs are not published (not in the book), so no skill may have a cost');
  });

  it('type-checks prerequisites (bool) and cost formulas (int)', () => {
    expect(problems(requiring('levels["swordplay"] + 1'))).toEqual(['skills[1].requires.expression: the expression gives int, but a prerequisite must give bool']);
    expect(problems(costing('level > 1'))).toEqual(['skills[2].cost.formula: the expression gives bool, but a cost must give int']);
    expect(problems(requiring('levels["swordplay"] >= "two"'))[0]).toMatch(/^skills\[1\]\.requires\.expression: the expression does not type-check: no such overload/);
    expect(problems(requiring('levels["swordplay"] >=')) [0]).toMatch(/does not parse/);
    expect(problems(requiring('user.admin'))[0]).toMatch(/does not type-check/);
  });

  it('refuses a prerequisite naming a skill not in the catalogue', () => {
    expect(problems(requiring('levels["swordplya"] >= 1'))).toEqual(['skills[1].requires.expression: levels["swordplya"] names no skill in the pack\'s catalogue']);
  });

  it('refuses expressions that could loop or allocate: nested macros, regular expressions, bindings, huge lists, long text', () => {
    expect(problems(requiring('levels.all(a, levels.all(b, levels[a] >= levels[b]))'))[0]).toMatch(/all\(\) inside another macro is refused/);
    expect(problems(requiring('"x".matches("(a+)+$")'))[0]).toMatch(/the function matches\(\) is not allowed/);
    expect(problems(requiring('cel.bind(a, "xx", a + a == "")'))[0]).toMatch(/the function bind\(\) is not allowed/);
    const list = `[${Array.from({ length: 60 }, (_, i) => i).join(',')}].exists(x, x == levels["swordplay"])`;
    expect(problems(requiring(list))[0]).toMatch(/does not parse: Exceeded maxListElements/);
    const long = `levels["swordplay"] >= 1${' && levels["swordplay"] >= 1'.repeat(20)}`;
    expect(long.length).toBeGreaterThan(500);
    expect(problems(requiring(long))).toEqual(['skills[1].requires.expression: an expression is at most 500 characters']);
    // A single macro over the catalogue is fine.
    expect(problems(requiring('levels.exists(k, levels[k] >= 2)'))).toEqual([]);
  });
});

describe('compareVersions', () => {
  it('compares numerically, part by part', () => {
    expect(compareVersions('1.10.0', '1.9.9')).toBeGreaterThan(0);
    expect(compareVersions('2.0.0', '10.0.0')).toBeLessThan(0);
    expect(compareVersions('1.2.3', '1.2.3')).toBe(0);
  });
});
