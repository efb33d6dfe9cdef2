// A character's points record (the file's `points`, core/model/character.ts): what it holds, what it
// sums to, and what the starting points are when the file has no record yet. Pure.
import { isBuiltinRuleset } from '../model/ids';
import type { Character, PointsRecord } from '../model/character';
import type { GamePack } from '../packs/schema';
import { BUILTIN_PACKS } from '../packs/builtin';

/** The balance: every line's points, signed (spends and losses are 0 or below). */
export function pointsBalance(record: readonly PointsRecord[]): number {
  return record.reduce((sum, r) => sum + r.points, 0);
}

/**
 * Points the character has to spend on skills, before what its skills cost: starting points,
 * awards and refunds, less losses and spends recorded by hand. Where the pack publishes costs the
 * skills' costs are the spending (core/packs/budget.ts), so recorded spends are not taken twice.
 */
export function pointsAvailable(record: readonly PointsRecord[], costsPublished: boolean): number {
  return record.reduce((sum, r) => (costsPublished && (r.kind === 'spend' || r.kind === 'refund') ? sum : sum + r.points), 0);
}

/**
 * Points the character has ever gained: starting points and awards. The Curious Pastimes total cap
 * counts these: "No normal mortal character can have more than 100 experience points total,
 * including their initial 20 points." (curious-pastimes.pack.json `advancement.caps.total`).
 */
export function pointsGained(record: readonly PointsRecord[]): number {
  return record.reduce((sum, r) => (r.kind === 'start' || r.kind === 'award' ? sum + r.points : sum), 0);
}

/**
 * The character's starting points under its pack: the file's own (`curiousPastimes.startingPoints`,
 * a new character made after a death, "One point is deducted from your starting total each time you
 * die and create a new character at an event.") or the pack's `advancement.startingPoints`; null
 * when the pack publishes no advancement.
 */
export function startingPointsOf(c: Pick<Character, 'curiousPastimes'>, pack: GamePack): number | null {
  if (!pack.advancement.published) return null;
  const own = (c.curiousPastimes as { startingPoints?: unknown } | undefined)?.startingPoints;
  return typeof own === 'number' && Number.isInteger(own) && own >= 0 ? own : pack.advancement.startingPoints.value;
}

/** The line a record starts with: the starting points and the pack's words for them. */
export function startRecord(c: Pick<Character, 'curiousPastimes'>, pack: GamePack, at: string): PointsRecord | null {
  const points = startingPointsOf(c, pack);
  if (points === null || !pack.advancement.published) return null;
  const own = points !== pack.advancement.startingPoints.value;
  const why = own ? `Starting points of a character made after a death (${pack.names.en})` : `Starting points: "${pack.advancement.startingPoints.quote}"`;
  return { at, kind: 'start', points, why };
}

/**
 * The character's record as the file holds it, or, for a file with none, the starting line it
 * implies (dated `at`), so a character made before the record starts where the pack says; empty
 * when the pack publishes no advancement.
 */
export function recordOf(c: Pick<Character, 'points' | 'curiousPastimes'>, pack: GamePack, at: string): PointsRecord[] {
  if (c.points && c.points.some((r) => r.kind === 'start')) return c.points;
  const start = startRecord(c, pack, at);
  return start ? [start, ...(c.points ?? [])] : [...(c.points ?? [])];
}

/**
 * The character's game pack: the built-in pack its engine reads (docs/game-packs.md). A game defined
 * only by a folder pack has none here: the desk does not load folder packs, so it keeps no points for them.
 */
export const builtinPackOf = (c: Pick<Character, 'ruleset'>): GamePack | undefined => (isBuiltinRuleset(c.ruleset) ? BUILTIN_PACKS[c.ruleset] : undefined);

/** The character's balance (its record's sum, or its starting points before it has one); null where its pack publishes no advancement. */
export function balanceOf(c: Pick<Character, 'ruleset' | 'points' | 'curiousPastimes'>): number | null {
  const pack = builtinPackOf(c);
  if (!pack || !pack.advancement.published) return null;
  return pointsBalance(recordOf(c, pack, '1970-01-01'));
}
