// Fortune's Landing armour wear and breach during a fight ("Armor" and "Threshold", rules text 001).
// Pure state transitions for the sheet's armour tracker.
import { thresholdFor } from './fortunes-landing-armour';

export type ArmourWear = {
  /** The armour's full value now (an averaged rating; a breach lowers it permanently by one). */
  full: number;
  /** What the armour is worth right now. */
  current: number;
  /** Reduced to 0 by blows and not yet readjusted. */
  breached: boolean;
};

export type BlowResult = {
  state: ArmourWear;
  /** True when the blow got through: its damage exceeded the current rating. */
  wound: boolean;
  /** True when the blow had no effect at all (a 1-damage blow against Threshold). */
  stoppedByThreshold: boolean;
};

function wholeNumber(value: number, what: string, min: number): void {
  if (!Number.isInteger(value) || value < min) {
    throw new RangeError(`${what} must be a whole number of at least ${min} (got ${String(value)})`);
  }
}

/** Fresh, undamaged armour of the given rating. */
export function freshArmour(rating: number): ArmourWear {
  wholeNumber(rating, 'armour rating', 0);
  return { full: rating, current: rating, breached: false };
}

/** Threshold of the armour as it is now: 1 while its current rating is 5 or more. */
export function currentThreshold(state: ArmourWear): number {
  return thresholdFor(state.current);
}

/**
 * A blow of `damage` lands on an armoured area (a Dodged or Parried blow is not a hit: don't call this).
 * - With Threshold, a 1-damage blow has "no effect to the armor or the character".
 * - Otherwise damage equal to or less than the current rating causes no Wound, more does; either way
 *   the rating drops by one ("no matter how much damage was inflicted"), never below 0.
 * - Reaching 0 breaches the armour, and "its protective value is permanently reduced by one": the
 *   full value drops by one at that moment.
 * How many Wounds a Strike causes is the Strikes skill's business; this reports only whether the
 * blow got through.
 */
export function takeBlow(state: ArmourWear, damage: number): BlowResult {
  wholeNumber(damage, 'blow damage', 1);
  if (currentThreshold(state) >= 1 && damage <= 1) {
    return { state, wound: false, stoppedByThreshold: true };
  }
  const wound = damage > state.current;
  const current = Math.max(0, state.current - 1);
  const breachesNow = current === 0 && !state.breached;
  return {
    state: {
      full: breachesNow ? Math.max(0, state.full - 1) : state.full,
      current,
      breached: state.breached || current === 0,
    },
    wound,
    stoppedByThreshold: false,
  };
}

/**
 * A full minute spent readjusting ("you can spend a full minute readjusting it after which the armor
 * regains its full protective value"). Unbreached armour returns to full value. Breached armour comes
 * back at its permanently reduced value (referee reading: the breach costs one point for good until
 * an Armorsmith repairs it; the repair is under Production - Armor, which is not in our text).
 */
export function readjust(state: ArmourWear): ArmourWear {
  return { full: state.full, current: state.full, breached: false };
}
