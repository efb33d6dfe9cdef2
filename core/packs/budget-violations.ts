// A character's budget problems under its game's pack, as rule violations like any other (the editor's
// rules list, field highlights). Only for a pack that publishes costs: where a game publishes none,
// its own rules engine (core/rulesets/) already checks levels, and nothing is counted.
import type { Character } from '../model/character';
import type { Violation } from '../rulesets/types';
import { computeBudget, type Budget, type BudgetProblemCode } from './budget';
import type { GamePack } from './schema';
import { recordOf } from '../season/points-record';

/** The character's skills as the budget reads them; a game team's own skills are outside the pack and not counted. */
export function characterBudget(pack: GamePack, character: Pick<Character, 'skills'> & Partial<Pick<Character, 'points' | 'curiousPastimes'>>): Budget {
  const catalogue = new Set(pack.skills.map((s) => s.id));
  // Available points from the character's points record (its starting points where it has none yet).
  const record = recordOf(character, pack, '1970-01-01');
  const budget = computeBudget(pack, { skills: character.skills.filter((s) => catalogue.has(s.id)).map((s) => ({ id: s.id, level: s.level })), record });
  return budget;
}

const CODES: Partial<Record<BudgetProblemCode, string>> = {
  'level-too-high': 'pack.level-too-high',
  prerequisite: 'pack.prerequisite',
  excluded: 'pack.excluded',
  'cost-failed': 'pack.cost-failed',
  'over-budget': 'pack.over-budget',
  'listed-twice': 'pack.listed-twice',
};

export function budgetViolations(pack: GamePack, character: Pick<Character, 'skills'> & Partial<Pick<Character, 'points' | 'curiousPastimes'>>): Violation[] {
  if (!pack.costs.published) return [];
  const budget = characterBudget(pack, character);
  return budget.problems.flatMap((p): Violation[] => {
    const code = CODES[p.code];
    if (code === undefined) return [];
    const index = p.skill === '' ? -1 : character.skills.findIndex((s) => s.id === p.skill);
    return [{ code, message: p.message, severity: 'error', path: index < 0 ? '' : `skills[${index}].level` }];
  });
}
