// Curious Pastimes: what a player may bring to the next event after a death (rules text 002, "Death
// and Dying"): "For the next event you may generate a 20 point character. After a Renewal event, you
// may keep a lower starting point character and claim a veteran pick."
//
// The text does not say what a Renewal event is (which events are Renewal events), what a veteran
// pick is, or what it gives. So whether an event was a Renewal event is the caller's input (the game
// team says so), and a veteran pick is only a yes or no here, never a skill or points.
// docs/rulesets/curious-pastimes.md, "After a death: the next event", says what is and is not defined.

import { CP_STARTING_POINTS } from './curious-pastimes';

export type CpNextEventChoice =
  /** "For the next event you may generate a 20 point character." */
  | { kind: 'new-character'; points: number; veteranPick: boolean }
  /** "After a Renewal event, you may keep a lower starting point character". */
  | { kind: 'keep-character'; points: number; veteranPick: boolean };

export type CpRenewalOptions = {
  /**
   * "keep a lower starting point character and claim a veteran pick": true (default) reads the
   * pick as coming with keeping the lower character (the "and" joins the two); false reads them as
   * two things a Renewal event allows, so a new 20-point character may claim the pick too.
   */
  veteranPickOnlyWhenKept: boolean;
};

export const CP_RENEWAL_DEFAULTS: CpRenewalOptions = { veteranPickOnlyWhenKept: true };

/**
 * The choices for the next event of a player whose character started with `startingPoints`
 * (20, or fewer after deaths at an event). A new 20-point character is always a choice; after a
 * Renewal event a character that started lower may be kept instead, with a veteran pick.
 */
export function nextEventChoices(startingPoints: number, afterRenewalEvent: boolean, options: CpRenewalOptions = CP_RENEWAL_DEFAULTS): CpNextEventChoice[] {
  if (!Number.isInteger(startingPoints) || startingPoints < 0 || startingPoints > CP_STARTING_POINTS) {
    throw new RangeError(`starting points must be a whole number from 0 to ${CP_STARTING_POINTS} (got ${String(startingPoints)})`);
  }
  const choices: CpNextEventChoice[] = [
    { kind: 'new-character', points: CP_STARTING_POINTS, veteranPick: afterRenewalEvent && !options.veteranPickOnlyWhenKept },
  ];
  // "a lower starting point character": lower than the 20 a new one gets; a 20-point one has nothing to keep.
  if (afterRenewalEvent && startingPoints < CP_STARTING_POINTS) {
    choices.push({ kind: 'keep-character', points: startingPoints, veteranPick: true });
  }
  return choices;
}
