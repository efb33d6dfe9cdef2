// Fortune's Landing armour numbers and the averaging rule ("Armor", rules text 001).
// Pure arithmetic: the ruleset (`fortunes-landing.ts`) turns a character into these inputs.
import { packArmourPoints, packLocations, packNumber } from '../packs/builtin';
import type { AreaOption } from './types';

// The numbers come from the game pack, core/packs/builtin/fortunes-landing.pack.json, each with its quote.

/** The five areas the body is divided into: "right arm, left arm, right leg, left leg and torso". No head. */
export type FlArea = 'torso' | 'left-arm' | 'right-arm' | 'left-leg' | 'right-leg';
export const FL_AREAS = packLocations('fortunes-landing') as readonly FlArea[];

/**
 * Armour points by material, lightest first. The text: "leather armor offers protection against one
 * or two Wounds, chain mail three or four, and plate mail five"; its examples confirm heavy leather = 2
 * and light chain = 3.
 */
export type FlArmourType = 'light-leather' | 'heavy-leather' | 'light-chain' | 'heavy-chain' | 'plate';
export const FL_ARMOUR_POINTS = packArmourPoints('fortunes-landing') as Readonly<Record<FlArmourType, number>>;
export const FL_ARMOUR_TYPES = Object.keys(FL_ARMOUR_POINTS) as FlArmourType[];

export function isFlArmourType(type: string): type is FlArmourType {
  return Object.hasOwn(FL_ARMOUR_POINTS, type);
}

/** "Any armor of rating five (5) or higher is considered to have a Threshold of one (1)." */
export const FL_THRESHOLD_RATING = packNumber('fortunes-landing', 'threshold-rating');
export function thresholdFor(rating: number): number {
  return rating >= FL_THRESHOLD_RATING ? 1 : 0;
}

/** "costume/replica armor is increased by 1.5 times the base cost". */
export const FL_COSTUME_COST_MULTIPLIER = packNumber('fortunes-landing', 'costume-cost-multiplier');
/**
 * The same sentence prices ultra-light weapons: "Both the monetary and production point costs for
 * ultra-lights and costume/replica armor is increased by 1.5 times the base cost".
 */
export const FL_ULTRA_LIGHT_COST_MULTIPLIER = FL_COSTUME_COST_MULTIPLIER;

/**
 * The rating over some areas: the sum of their values divided by how many there are, rounded to the
 * nearest whole point. The text says only "round appropriately"; our reading: halves round up
 * (5 + 2 = 7 over 2 areas = 3.5 -> 4). Integer arithmetic, so no floating-point surprises.
 */
export function averageRating(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sum = values.reduce((a, b) => a + b, 0);
  const n = values.length;
  return Math.floor((2 * sum + n) / (2 * n));
}

/**
 * Every non-empty choice of covered areas with its rating, best first. Ties: more areas first (more
 * of the body protected for the same rating), then in `FL_AREAS` order so the list is stable.
 *
 * Called on every derive, so the tie order (which depends only on how many areas are covered) is
 * worked out once per count, and only the ratings are sorted, stably, for each character.
 */
export function areaOptions(perArea: Partial<Record<FlArea, number>>): AreaOption[] {
  const covered = FL_AREAS.filter((a) => perArea[a] !== undefined);
  const values = covered.map((a) => perArea[a] ?? 0);
  const options: AreaOption[] = tieOrder(covered.length).map((picks) => {
    let sum = 0;
    for (let k = 0; k < picks.length; k++) sum += values[picks[k]!]!;
    const n = picks.length;
    return { areas: picks.map((i) => covered[i]!), rating: Math.floor((2 * sum + n) / (2 * n)) };
  });
  // Array.prototype.sort is stable: equal ratings keep the tie order.
  return options.sort((x, y) => y.rating - x.rating);
}

/**
 * How many options at the head of `areaOptions`' list tie for the best: the same rating over as many
 * areas. More areas at the same rating is no tie (more of the body is protected: the tie order puts
 * it first), but two choices of one size at one rating (torso and left arm, torso and right arm)
 * differ only in which area the tag fills in, and the rules give no reason to prefer either.
 */
export function tiedBest(options: readonly AreaOption[]): number {
  const best = options[0];
  if (!best) return 0;
  let n = 1;
  while (n < options.length && options[n]!.rating === best.rating && options[n]!.areas.length === best.areas.length) n++;
  return n;
}

const TIE_ORDERS: number[][][] = [];

/** The subsets of n covered areas (as indexes into them): more areas first, then in area order. */
function tieOrder(n: number): number[][] {
  let order = TIE_ORDERS[n];
  if (!order) {
    order = [];
    for (let mask = 1; mask < 1 << n; mask++) {
      const picks: number[] = [];
      for (let i = 0; i < n; i++) if (mask & (1 << i)) picks.push(i);
      order.push(picks);
    }
    // Covered areas are in FL_AREAS order, so comparing indexes compares area order.
    order.sort((x, y) => {
      if (y.length !== x.length) return y.length - x.length;
      for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return x[i]! - y[i]!;
      return 0;
    });
    TIE_ORDERS[n] = order;
  }
  return order;
}
