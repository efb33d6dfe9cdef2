// A character's points budget under a game pack: what its skills cost, what it has to spend, what is
// left, and what breaks the pack's rules (levels above the limit, prerequisites unmet, skills that
// exclude each other, spending over budget), in words. Pure: the pack is validated first (./validate.ts).
import { formulaCost, levelsFor, prerequisiteMet } from './cel';
import type { GamePack, PackSkill } from './schema';
import type { PointsRecord } from '../model/character';
import { pointsAvailable } from '../season/points-record';

export type HeldSkill = { id: string; level: number };

export type BudgetInput = {
  skills: readonly HeldSkill[];
  /** Points awarded since the character was made (the pack's awards, as recorded on the sheet). */
  earned?: number;
  /** Deaths that lower the starting points (the pack's `advancement.death.startingPointsLost`). */
  deaths?: number;
  /**
   * The character's points record (core/season/points-record.ts): when given, the points available
   * are its starting points, awards and refunds less its losses (each award already within the caps
   * when made), and `earned` and `deaths` are not used.
   */
  record?: readonly PointsRecord[];
};

export type BudgetLine = { id: string; name: string; level: number; cost: number | null };

export type BudgetProblemCode = 'unknown-skill' | 'listed-twice' | 'level-too-high' | 'prerequisite' | 'excluded' | 'cost-failed' | 'over-budget';
export type BudgetProblem = { code: BudgetProblemCode; skill: string; message: string };

export type Budget = {
  /** Why nothing is counted, when the game publishes no costs (the pack's reason); null when it does. */
  costsUnpublished: string | null;
  /** Points to spend: starting points (less deaths) plus earned, at most the pack's total cap; null when the game publishes no advancement. */
  available: number | null;
  /** Points the skills cost; null when the game publishes no costs. */
  spent: number | null;
  /** available - spent (negative when over budget); null when either is unknown. */
  remaining: number | null;
  lines: BudgetLine[];
  problems: BudgetProblem[];
};

function wholeAtLeast0(value: number, what: string): void {
  if (!Number.isInteger(value) || value < 0) throw new RangeError(`${what} must be a whole number of at least 0 (got ${String(value)})`);
}

/** What holding a skill at `level` costs in all: the cost of every level up to it. */
function skillCost(skill: PackSkill, level: number, levels: Map<string, bigint>): number | null {
  const cost = skill.cost;
  if (cost === undefined) return null;
  let total = 0;
  for (let k = 1; k <= level; k++) {
    if ('perLevel' in cost) {
      const price = cost.perLevel[k - 1];
      if (price === undefined) return null;
      total += price;
    } else {
      const price = formulaCost(cost.formula, k, levels);
      if (price < 0) throw new RangeError(`the cost formula "${cost.formula}" gave ${price} at level ${k}; a cost is never below 0`);
      total += price;
    }
  }
  return total;
}

function available(pack: GamePack, input: BudgetInput): number | null {
  const advancement = pack.advancement;
  if (!advancement.published) return null;
  if (input.record) return pointsAvailable(input.record, pack.costs.published);
  const lost = (advancement.death.startingPointsLost?.value ?? 0) * (input.deaths ?? 0);
  const points = Math.max(0, advancement.startingPoints.value - lost) + (input.earned ?? 0);
  const cap = advancement.caps?.total?.value;
  return cap === undefined ? points : Math.min(points, cap);
}

export function computeBudget(pack: GamePack, input: BudgetInput): Budget {
  wholeAtLeast0(input.earned ?? 0, 'earned points');
  wholeAtLeast0(input.deaths ?? 0, 'deaths');
  const catalogue = new Map(pack.skills.map((s) => [s.id, s]));
  const problems: BudgetProblem[] = [];
  const held = new Map<string, number>();
  for (const skill of input.skills) {
    wholeAtLeast0(skill.level, `the level of ${skill.id}`);
    if (skill.level === 0) continue;
    const def = catalogue.get(skill.id);
    if (held.has(skill.id)) {
      problems.push({ code: 'listed-twice', skill: skill.id, message: `${def?.names.en ?? skill.id} is listed twice; only the first entry (level ${held.get(skill.id)}) counts.` });
      continue;
    }
    held.set(skill.id, skill.level);
    if (!def) problems.push({ code: 'unknown-skill', skill: skill.id, message: `"${skill.id}" is not in the ${pack.names.en} catalogue, so its cost is unknown and not counted.` });
  }
  const levels = levelsFor(catalogue.keys(), held);

  const lines: BudgetLine[] = [];
  const reported = new Set<string>();
  let spent = 0;
  for (const [id, level] of held) {
    const def = catalogue.get(id);
    if (!def) continue;
    const max = def.maxLevel?.value;
    if (max !== undefined && level > max) {
      problems.push({
        code: 'level-too-high',
        skill: id,
        message: `${def.names.en} is at level ${level}, but ${pack.names.en} allows at most ${max} ("${def.maxLevel!.quote}"); only ${max} level${max === 1 ? '' : 's'} ${max === 1 ? 'is' : 'are'} counted.`,
      });
    }
    if (def.requires && !prerequisiteMet(def.requires.expression, levels)) {
      problems.push({ code: 'prerequisite', skill: id, message: `${def.names.en}: ${def.requires.words.en}` });
    }
    for (const other of def.excludes ?? []) {
      // Each pair once, however many of the two list it.
      const pair = [id, other].sort().join(' ');
      if (!held.has(other) || reported.has(pair)) continue;
      reported.add(pair);
      problems.push({ code: 'excluded', skill: id, message: `${def.names.en} and ${catalogue.get(other)?.names.en ?? other} cannot be held together.` });
    }
    let cost: number | null = null;
    if (pack.costs.published) {
      try {
        cost = skillCost(def, max === undefined ? level : Math.min(level, max), levels);
      } catch (e) {
        // A formula that fails (an overflow, a division by zero) is the pack's fault: said, not thrown.
        problems.push({ code: 'cost-failed', skill: id, message: `${def.names.en}: ${(e as Error).message}; its cost is not counted.` });
      }
    }
    if (cost !== null) spent += cost;
    lines.push({ id, name: def.names.en, level, cost });
  }

  const points = available(pack, input);
  const spentOrNull = pack.costs.published ? spent : null;
  const remaining = points !== null && spentOrNull !== null ? points - spentOrNull : null;
  if (remaining !== null && remaining < 0) {
    const unit = pack.costs.published ? pack.costs.unit.en : 'points';
    problems.push({ code: 'over-budget', skill: '', message: `The skills cost ${spentOrNull} ${unit} but the character has ${points}: ${-remaining} over budget.` });
  }
  return {
    costsUnpublished: pack.costs.published ? null : pack.costs.reason,
    available: points,
    spent: spentOrNull,
    remaining,
    lines,
    problems,
  };
}
