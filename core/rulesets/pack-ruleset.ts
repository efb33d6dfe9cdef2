// The ruleset of a game defined only by its pack (docs/game-packs.md): hits per location from the
// pack's body, the skill catalogue with its levels, prerequisites (CEL), exclusions and costs through
// the budget (core/packs/budget.ts), armour from the pack's armour classes, and the card values the
// pack names. Every number is the pack's: nothing of a game is written here.
import type { Character } from '../model/character';
import { LOCATIONS, type Location } from '../model/ids';
import { computeBudget, type BudgetProblemCode } from '../packs/budget';
import { formulaCost, levelsFor } from '../packs/cel';
import type { GamePack, PackSkill } from '../packs/schema';
import type { Derivation, PackDerived, Ruleset, SkillDef, Violation } from './types';

/** Budget problems as rule codes; a skill outside the catalogue is a game team's own, so only a warning. */
const BUDGET_CODES: Record<BudgetProblemCode, { code: string; severity: Violation['severity'] }> = {
  'unknown-skill': { code: 'pack.unknown-skill', severity: 'warning' },
  'listed-twice': { code: 'pack.listed-twice', severity: 'error' },
  'level-too-high': { code: 'pack.level-too-high', severity: 'error' },
  prerequisite: { code: 'pack.prerequisite', severity: 'error' },
  excluded: { code: 'pack.excluded', severity: 'error' },
  'cost-failed': { code: 'pack.cost-failed', severity: 'error' },
  'over-budget': { code: 'pack.over-budget', severity: 'error' },
};

function hitsOf(pack: GamePack): PackDerived['hits'] {
  const hits = pack.body.hits;
  if (hits === undefined) return [];
  const perLocation = 'value' in hits && typeof hits.value === 'number' ? null : (hits as Record<string, { value: number }>);
  return pack.body.locations.value.flatMap((location) => {
    const n = perLocation === null ? (hits as { value: number }).value : perLocation[location]?.value;
    return n === undefined ? [] : [{ location, hits: n }];
  });
}

function budgetViolations(pack: GamePack, character: Character): { violations: Violation[]; budget: ReturnType<typeof computeBudget> } {
  const budget = computeBudget(pack, { skills: character.skills.map((s) => ({ id: s.id, level: s.level })) });
  const violations = budget.problems.map((p): Violation => {
    const { code, severity } = BUDGET_CODES[p.code];
    const index = p.skill === '' ? -1 : character.skills.findIndex((s) => s.id === p.skill && s.level > 0);
    const field = p.code === 'unknown-skill' ? 'id' : 'level';
    return { code, severity, message: p.message, path: index < 0 ? '' : `skills[${index}].${field}` };
  });
  return { violations, budget };
}

/** Armour by the pack's classes: each piece's class and locations checked, the heaviest class counted on each location. */
function armourOf(pack: GamePack, character: Character, held: ReadonlyMap<string, number>): { armour: PackDerived['armour']; violations: Violation[] } {
  const game = pack.names.en;
  const violations: Violation[] = [];
  if (pack.armour === null) {
    character.armour.forEach((piece, i) =>
      violations.push({ code: 'pack.armour.no-rules', severity: 'warning', path: `armour[${i}]`, message: `${game} has no armour rules, so ${piece.name || 'this armour'} counts for nothing.` }),
    );
    return { armour: [], violations };
  }
  const classes = pack.armour.classes;
  const rank = new Map(classes.map((c, i) => [c.id, i]));
  const body = new Set(pack.body.locations.value);
  // "allowsArmour: the heaviest armour class the skill lets its holder wear" (docs/game-packs.md):
  // where the catalogue names one, armour heavier than every held skill allows is refused.
  const limits = pack.skills.filter((s) => s.allowsArmour !== undefined);
  const allowed = limits.length === 0 ? Infinity : Math.max(-1, ...limits.filter((s) => (held.get(s.id) ?? 0) > 0).map((s) => rank.get(s.allowsArmour!) ?? -1));
  const best = new Map<string, number>();
  character.armour.forEach((piece, i) => {
    const r = rank.get(piece.type);
    if (r === undefined) {
      violations.push({
        code: 'pack.armour.unknown-class',
        severity: 'error',
        path: `armour[${i}].type`,
        message: `${piece.name || 'This armour'} is of "${piece.type}", which is not one of ${game}'s armour classes (${classes.map((c) => c.names.en).join(', ') || 'none'}).`,
      });
      return;
    }
    if (r > allowed) {
      const skills = limits.map((s) => `${s.names.en} (up to ${classes[rank.get(s.allowsArmour!) ?? 0]?.names.en ?? s.allowsArmour})`).join(', ');
      violations.push({ code: 'pack.armour.not-allowed', severity: 'error', path: `armour[${i}].type`, message: `${piece.name || 'This armour'} is ${classes[r]!.names.en}, heavier than the character's skills allow: ${skills}.` });
    }
    piece.locations.forEach((location, j) => {
      if (!body.has(location)) {
        violations.push({ code: 'pack.armour.unknown-location', severity: 'error', path: `armour[${i}].locations[${j}]`, message: `${piece.name || 'This armour'} covers "${location}", which is not one of ${game}'s body locations (${[...body].join(', ')}).` });
        return;
      }
      // The heaviest class on a location counts; pieces are not added up.
      if (r > (best.get(location) ?? -1)) best.set(location, r);
    });
  });
  const armour = pack.body.locations.value.flatMap((location) => {
    const r = best.get(location);
    if (r === undefined) return [];
    const c = classes[r]!;
    return [c.points === undefined ? { location, class: c.id, names: c.names } : { location, class: c.id, names: c.names, points: c.points.value }];
  });
  return { armour, violations };
}

/** The most levels whose prices are listed in words; a skill with more (or no limit) shows the first ones. */
const PRICES_SHOWN = 10;

/** A catalogue skill's rules in words, for the editor: its levels, what each costs, what it needs and excludes. */
function skillRules(pack: GamePack, skill: PackSkill): { en: string; bg: string }[] {
  const rules: { en: string; bg: string }[] = [];
  const max = skill.maxLevel?.value;
  if (max !== undefined) rules.push({ en: `Levels: up to ${max}.`, bg: `Нива: до ${max}.` });
  if (pack.costs.published && skill.cost) {
    const unit = pack.costs.unit;
    const prices: number[] = [];
    const levels = levelsFor(pack.skills.map((s) => s.id), new Map());
    for (let level = 1; level <= Math.min(max ?? PRICES_SHOWN, PRICES_SHOWN); level++) {
      if ('perLevel' in skill.cost) {
        const price = skill.cost.perLevel[level - 1];
        if (price === undefined) break;
        prices.push(price);
      } else {
        try {
          prices.push(formulaCost(skill.cost.formula, level, levels));
        } catch {
          break;
        }
      }
    }
    if (prices.length > 0) rules.push({ en: `Cost by level: ${prices.join(', ')} ${unit.en}.`, bg: `Цена по нива: ${prices.join(', ')} ${unit.bg ?? unit.en}.` });
  }
  if (skill.requires) rules.push({ en: skill.requires.words.en, bg: skill.requires.words.bg ?? skill.requires.words.en });
  const names = new Map(pack.skills.map((s) => [s.id, s.names]));
  if (skill.excludes && skill.excludes.length > 0) {
    const en = skill.excludes.map((id) => names.get(id)?.en ?? id).join(', ');
    const bg = skill.excludes.map((id) => names.get(id)?.bg ?? names.get(id)?.en ?? id).join(', ');
    rules.push({ en: `Cannot be held with ${en}.`, bg: `Не може заедно с: ${bg}.` });
  }
  return rules;
}

export function packRuleset(pack: GamePack): Ruleset<PackDerived> {
  const catalogue = new Map(pack.skills.map((s) => [s.id, s]));
  const known = new Set<string>(LOCATIONS);
  const skills: SkillDef[] = pack.skills.map((s) => ({
    id: s.id,
    name: s.names.en,
    ...(s.maxLevel ? { maxLevel: s.maxLevel.value } : {}),
    ...(s.descriptions ? { description: s.descriptions.en } : {}),
    ...(s.names.bg ? { bg: { name: s.names.bg, ...(s.descriptions?.bg ? { description: s.descriptions.bg } : {}) } } : {}),
    rules: skillRules(pack, s),
  }));
  const hits = hitsOf(pack);
  return {
    id: pack.id,
    name: pack.names.en,
    // Armour in a character file covers the file format's locations; a pack location outside them is shown, never covered.
    locations: pack.body.locations.value.filter((l): l is Location => known.has(l)),
    armourTypes: (pack.armour?.classes ?? []).map((c) => c.id),
    skills,
    derive(character: Character): Derivation<PackDerived> {
      const { violations, budget } = budgetViolations(pack, character);
      const held = new Map<string, number>();
      for (const s of character.skills) if (s.level > 0 && !held.has(s.id)) held.set(s.id, s.level);
      const armour = armourOf(pack, character, held);
      const costs = new Map(budget.lines.map((l) => [l.id, l.cost]));
      const derivedSkills = [...held].map(([id, level]) => {
        const def = catalogue.get(id);
        const own = character.skills.find((s) => s.id === id)?.name;
        return { id, names: def ? def.names : { en: own ?? id }, level, cost: costs.get(id) ?? null };
      });
      return {
        derived: {
          ruleset: 'pack',
          game: { id: pack.id, version: pack.version, names: pack.names },
          hits,
          armour: armour.armour,
          skills: derivedSkills,
          budget: { spent: budget.spent, available: budget.available, remaining: budget.remaining, unit: pack.costs.published ? pack.costs.unit : null },
        },
        violations: [...violations, ...armour.violations],
      };
    },
  };
}
