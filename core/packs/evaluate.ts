// What a game pack says about one character: the problems its rules find (through the budget:
// unknown skills, levels above the limit, prerequisites, exclusions, spending over budget), the
// points spent and available, and the values a printed card shows that come from the pack. Pure:
// the pack is validated first (./validate.ts); ./preview.ts compares two of these.
import type { Character } from '../model/character';
import { computeBudget, type BudgetProblem } from './budget';
import type { GamePack } from './schema';

/**
 * One value a card shows that the pack determines, by a stable key:
 *   `skill:<id>`     a skill held at level 1 or more: its name in the pack and the level ("Swordplay 2")
 *   `hits`           hits on every location, when the pack gives one number for all
 *   `hits:<location>` hits on a location, when the pack gives one per location
 *   `armour:<class>` an armour class the character's armour is of: its name and points ("Mail 2")
 */
export type CardValue = { key: string; value: string };

export type Evaluation = {
  problems: BudgetProblem[];
  /** Points the skills cost; null when the game publishes no costs. */
  spent: number | null;
  /** Points to spend; null when the game publishes no advancement. */
  available: number | null;
  card: CardValue[];
};

/** Does the character play the pack's game? A character file names its game by the pack's id. */
export function playsPack(character: Pick<Character, 'ruleset'>, pack: Pick<GamePack, 'id'>): boolean {
  return character.ruleset === pack.id;
}

function hitsValues(pack: GamePack): CardValue[] {
  const hits = pack.body.hits;
  if (hits === undefined) return [];
  if ('value' in hits && typeof hits.value === 'number') return [{ key: 'hits', value: String(hits.value) }];
  const perLocation = hits as Record<string, { value: number }>;
  return pack.body.locations.value.flatMap((loc) => (perLocation[loc] === undefined ? [] : [{ key: `hits:${loc}`, value: String(perLocation[loc].value) }]));
}

/**
 * The pack's view of a character. The character file records no points earned after creation, so
 * the points available are the pack's starting points (the same for the old and the new pack).
 */
export function evaluateCharacter(pack: GamePack, character: Pick<Character, 'skills' | 'armour'>): Evaluation {
  // The rulesets match a file's skill to the catalogue by its id (core/packs/builtin/index.ts packSkills).
  const budget = computeBudget(pack, { skills: character.skills.map((s) => ({ id: s.id, level: s.level })) });
  const catalogue = new Map(pack.skills.map((s) => [s.id, s]));
  const card: CardValue[] = [];
  const seen = new Set<string>();
  for (const skill of character.skills) {
    if (skill.level < 1 || seen.has(skill.id)) continue;
    seen.add(skill.id);
    // A skill the pack does not know prints under the file's own name (a game team's custom skill).
    const name = catalogue.get(skill.id)?.names.en ?? skill.name ?? skill.id;
    card.push({ key: `skill:${skill.id}`, value: `${name} ${skill.level}` });
  }
  card.push(...hitsValues(pack));
  const classes = new Map((pack.armour?.classes ?? []).map((c) => [c.id, c]));
  const types = new Set<string>();
  for (const piece of character.armour) {
    const c = classes.get(piece.type);
    if (c === undefined || types.has(c.id)) continue;
    types.add(c.id);
    card.push({ key: `armour:${c.id}`, value: c.points === undefined ? c.names.en : `${c.names.en} ${c.points.value}` });
  }
  return { problems: budget.problems, spent: budget.spent, available: budget.available, card };
}
