// Novitas: spellcasting power points (the pool, the 20-a-day cap, cost reductions) and the day's
// casting plan. Rule text: /work/shared/rules/000_a5f49d01f90df1a9.txt. Readings: docs/rulesets/novitas.md.
// The incantation checker and the condition tracker live beside this file.
import type { Character, NovitasSheet } from '../model/character';
import { packLocations, packNumber, packSkills } from '../packs/builtin';
import type { NovitasDerived, NovitasPlanLine, Ruleset, SkillDef, Violation } from './types';

export { checkIncantation, INCANTATION_MIN_WORDS } from './novitas-incantation';
export type { IncantationProblem } from './novitas-incantation';

/** "Characters can never spend more than 20 magic power points in a single game day." (the game pack) */
export const NOVITAS_DAILY_CAP = packNumber('novitas', 'daily-power-cap');

/** The catalogue, from the game pack (core/packs/builtin/novitas.pack.json). */
export const NOVITAS_SKILLS: readonly SkillDef[] = packSkills('novitas');

/** The rule text names the torso and each arm and leg; it has no head location. */
export const NOVITAS_LOCATIONS = packLocations('novitas');

type Reduction = NovitasSheet['reductions'][number];

/** Spell names are compared without case and surrounding or doubled spaces. */
export function spellKey(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toLowerCase();
}

function appliesTo(reduction: Reduction, spellName: string): boolean {
  if (reduction.spells === undefined) return true;
  const key = spellKey(spellName);
  return reduction.spells.some((s) => spellKey(s) === key);
}

/** The cost of one casting with exactly these reductions applied. */
function costWith(level: number, applied: readonly Reduction[]): number {
  if (applied.length === 0) return level;
  const total = applied.reduce((sum, r) => sum + r.amount, 0);
  // "This cannot bring the spell's cost to 0 power points unless the source explicitly says that it does."
  const floor = applied.some((r) => r.allowsZero === true) ? 0 : 1;
  return Math.max(level - total, Math.min(level, floor));
}

/**
 * The cost of one casting of a spell of this level. Reductions "do not stack unless they explicitly
 * say they do": every applicable stacking reduction applies, plus the single non-stacking one that
 * leaves the lowest cost (the first listed on a tie; none when it would save nothing).
 */
export function spellCost(spellName: string, level: number, reductions: readonly Reduction[]): { cost: number; applied: string[] } {
  const applicable = reductions.filter((r) => r.amount > 0 && appliesTo(r, spellName));
  const stacking = applicable.filter((r) => r.stacks === true);
  let best: Reduction[] = stacking;
  let bestCost = costWith(level, stacking);
  for (let i = 0; i < applicable.length; i++) {
    const single = applicable[i]!;
    if (single.stacks === true) continue;
    const withSingle = [single, ...stacking];
    const cost = costWith(level, withSingle);
    if (cost < bestCost) {
      best = withSingle;
      bestCost = cost;
    }
  }
  return { cost: bestCost, applied: best.map((r) => r.name) };
}

/** The first casting in the plan at which the running total goes over `limit` (1-based casting). */
function firstCastingOver(plan: readonly NovitasPlanLine[], limit: number): { line: number; casting: number } | null {
  let spent = 0;
  for (let line = 0; line < plan.length; line++) {
    const p = plan[line]!;
    if (p.cost > 0 && spent + p.total > limit) {
      return { line, casting: Math.floor((limit - spent) / p.cost) + 1 };
    }
    spent += p.total;
  }
  return null;
}

function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th'}`;
}

/** The Power Points skill: "Power points are a skill characters can learn". */
export const NOVITAS_POWER_POINTS_SKILL = 'power-points';

/** The points the Power Points skill gives: its level (the first entry, when a file lists it twice). */
export function powerPointsSkillLevel(character: Character): number {
  return character.skills.find((k) => k.id === NOVITAS_POWER_POINTS_SKILL)?.level ?? 0;
}

export function deriveNovitas(character: Character): { derived: NovitasDerived; violations: Violation[] } {
  const sheet = character.novitas;
  const violations: Violation[] = [];
  const sources = sheet?.sources ?? [];
  // "Power points are a skill characters can learn, and some items can provide extra power points as
  // well": the pool is the skill plus the ordinary item sources; sources that break cap stay apart.
  const pool = powerPointsSkillLevel(character) + sources.filter((s) => s.breaksCap !== true).reduce((sum, s) => sum + s.points, 0);
  const breakCap = sources.filter((s) => s.breaksCap === true).reduce((sum, s) => sum + s.points, 0);

  // A source is an item or ability ("some items can provide extra power points as well"): one with no
  // name cannot be checked against its item card at the desk, so it is an error on its name (its
  // points still count: the sheet shows what the file says).
  for (let i = 0; i < sources.length; i++) {
    const source = sources[i]!;
    if (source.name.trim() !== '') continue;
    violations.push({
      code: 'nov.sources.no-name',
      message: `Power source ${i + 1} (${source.points} point${source.points === 1 ? '' : 's'}) has no name: name the item or ability that gives these points, so that it can be checked ("some items can provide extra power points").`,
      severity: 'error',
      path: `novitas.sources[${i}].name`,
      params: { n: i + 1, points: source.points },
    });
  }

  const known = new Map<string, { name: string; level: number }>();
  const spells = sheet?.spells ?? [];
  for (let i = 0; i < spells.length; i++) {
    const spell = spells[i]!;
    const key = spellKey(spell.name);
    const first = known.get(key);
    if (first) {
      violations.push({
        code: 'nov.spells.duplicate',
        message: `"${spell.name}" is listed twice in the known spells; the plan uses the first entry (level ${first.level}).`,
        severity: 'warning',
        path: `novitas.spells[${i}].name`,
      });
    } else known.set(key, { name: spell.name, level: spell.level });
  }

  const reductions = sheet?.reductions ?? [];
  const plan: NovitasPlanLine[] = [];
  const lines = sheet?.plan ?? [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const spell = known.get(spellKey(line.spell));
    if (!spell) {
      violations.push({
        code: 'nov.plan.unknown-spell',
        message: `The plan casts "${line.spell}", which is not among the character's known spells. Novitas: to cast a spell a character must know the spell.`,
        severity: 'error',
        path: `novitas.plan[${i}].spell`,
      });
      plan.push({ spell: line.spell, level: 0, cost: 0, times: line.times, total: 0, reductions: [] });
      continue;
    }
    const { cost, applied } = spellCost(spell.name, spell.level, reductions);
    plan.push({ spell: spell.name, level: spell.level, cost, times: line.times, total: cost * line.times, reductions: applied });
  }

  const plannedCost = plan.reduce((sum, p) => sum + p.total, 0);
  // Break-cap points are spent first, so only what is left over counts against the cap.
  const plannedAgainstCap = Math.max(0, plannedCost - breakCap);

  const short = firstCastingOver(plan, pool + breakCap);
  if (short) {
    const p = plan[short.line]!;
    violations.push({
      code: 'nov.plan.over-pool',
      message:
        `The day's plan costs ${plannedCost} power points but the character has ${pool + breakCap} (${pool} plus ${breakCap} that break cap). ` +
        `The ${ordinal(short.casting)} casting of ${p.spell} is the first without enough points. Novitas: to cast a spell a character must have enough power points available.`,
      severity: 'error',
      path: `novitas.plan[${short.line}]`,
    });
  }
  const crossing = firstCastingOver(plan, breakCap + NOVITAS_DAILY_CAP);
  if (crossing) {
    const p = plan[crossing.line]!;
    violations.push({
      code: 'nov.plan.over-daily-cap',
      message:
        `The day's plan spends ${plannedAgainstCap} power points against the daily cap of ${NOVITAS_DAILY_CAP} (break-cap points are spent first and do not count). ` +
        `The ${ordinal(crossing.casting)} casting of ${p.spell} crosses it: Novitas says trying to spend more than ${NOVITAS_DAILY_CAP} power points in a game day ` +
        `gives an unpreventable Torso Wound and the spell fails.`,
      severity: 'error',
      path: `novitas.plan[${crossing.line}]`,
    });
  }

  return {
    derived: {
      ruleset: 'novitas',
      powerPoints: { pool, breakCap, dailyCap: NOVITAS_DAILY_CAP, plannedCost, plannedAgainstCap, overCap: Math.max(0, plannedAgainstCap - NOVITAS_DAILY_CAP) },
      plan,
    },
    violations,
  };
}

export const novitas: Ruleset<NovitasDerived> = {
  id: 'novitas',
  name: 'Novitas',
  locations: NOVITAS_LOCATIONS,
  // The rule text has no armour rules, so no armour type is defined for this game.
  armourTypes: [],
  skills: NOVITAS_SKILLS,
  derive: deriveNovitas,
};
