// Novitas: the hands a spell needs, from the condition tracker's state. Rule text 000:
// "For a character to cast a spell they must: know the spell, have enough power points available to
// cast the spell, and have a free hand." and, under Arm Wounds, "Wounded arms do not count as free
// hands for the purposes of casting spells. A wounded arm may not pick up, manipulate or carry
// anything at any time." Knowing the spell and the power points are checked on the sheet
// (novitas.ts); this check is for play, where the conditions are.

import { has, type ConditionState } from './novitas-conditions-state';
import type { Violation } from './types';

export const HANDS = ['left', 'right'] as const;
export type Hand = (typeof HANDS)[number];
/** What each hand holds right now (a weapon, a shield, a prop): true when it is not empty. */
export type Holding = Record<Hand, boolean>;

const woundOf = (hand: Hand): 'left-arm-wound' | 'right-arm-wound' => (hand === 'left' ? 'left-arm-wound' : 'right-arm-wound');

/** The hands that count as free for casting: empty, on an arm without an Arm Wound. */
export function freeCastingHands(state: ConditionState, holding: Holding): Hand[] {
  return HANDS.filter((hand) => !holding[hand] && !has(state, woundOf(hand)));
}

/** Why the character may not cast now for want of a hand (nothing when a hand is free), in plain words. */
export function checkCastingHands(state: ConditionState, holding: Holding): Violation[] {
  const violations: Violation[] = [];
  for (const hand of HANDS) {
    if (holding[hand] && has(state, woundOf(hand))) {
      violations.push({
        code: 'nov.cast.wounded-arm-holding',
        message: `The ${hand} arm is wounded but its hand holds something: drop it ("A wounded arm may not pick up, manipulate or carry anything at any time"; you may not pass it to the other hand first).`,
        severity: 'error',
        path: '',
        params: { hand },
      });
    }
  }
  if (freeCastingHands(state, holding).length > 0) return violations;
  const handState = HANDS.map((hand) => (has(state, woundOf(hand)) ? 'wounded' : 'full'));
  const why = HANDS.map((hand, i) => (handState[i] === 'wounded' ? `the ${hand} arm is wounded` : `the ${hand} hand is full`));
  violations.push({
    code: 'nov.cast.no-free-hand',
    message: `No free hand to cast with: ${why.join(' and ')}. Novitas: to cast a spell a character must "have a free hand", and "Wounded arms do not count as free hands for the purposes of casting spells".`,
    severity: 'error',
    path: '',
    params: { left: handState[0]!, right: handState[1]! },
  });
  return violations;
}
