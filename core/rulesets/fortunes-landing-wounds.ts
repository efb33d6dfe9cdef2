// Fortune's Landing wounds for the sheet's condition tracker: "The Wounds You Take" table, "Limb
// Wounds", "Multiple Limb Wounds", "Torso Wounds", "Treating Wounds", "Wake Up" (rules text 001).
// Pure state transitions; the caller keeps the clock (timers are minutes from the latest wound).

import { LOCATION_WORDS } from '../model/ids';
import { packNumber } from '../packs/builtin';
export const FL_LIMBS = ['left-arm', 'right-arm', 'left-leg', 'right-leg'] as const;
export type FlLimb = (typeof FL_LIMBS)[number];
export type FlWoundLocation = FlLimb | 'torso';

/** "All characters are limited to using a maximum of three Strikes per combat". */
export const FL_STRIKES_PER_COMBAT = packNumber('fortunes-landing', 'strikes-per-combat');
/** "you must be able to rest a full ten minutes before your Strikes will reset". */
export const FL_STRIKES_RESET_REST_MINUTES = packNumber('fortunes-landing', 'strikes-reset-rest-minutes');
/** "It takes six consecutive hits with a weapon to destroy a shield." */
export const FL_SHIELD_HITS_TO_DESTROY = packNumber('fortunes-landing', 'shield-hits-to-destroy');
/** "IF a character had an injured leg and is forced to the ground his shield can be destroyed with only three consecutive hits." */
export const FL_SHIELD_HITS_TO_DESTROY_GROUNDED = packNumber('fortunes-landing', 'shield-hits-to-destroy-grounded');
/** Two Limb Wounds: "Unconscious in 10 minutes". */
export const FL_TWO_LIMBS_UNCONSCIOUS_MINUTES = packNumber('fortunes-landing', 'two-limbs-unconscious-minutes');
/** Two Limb Wounds: "Dead in an additional 5 minutes"; three Limb Wounds or a Torso Wound: "Dead in five minutes". */
export const FL_BLEED_OUT_MINUTES = packNumber('fortunes-landing', 'bleed-out-minutes');
/** Treating a Wound with Healing Ways takes one minute. */
export const FL_TREAT_MINUTES = packNumber('fortunes-landing', 'treat-minutes');
/** "A character who is unconscious will awaken one hour after receiving a successful Healing Ways." */
export const FL_WAKE_AFTER_HEALING_WAYS_MINUTES = packNumber('fortunes-landing', 'wake-after-healing-ways-minutes');
/** "Each character begins with a clean Deck of eight cards" (the Tiles of Fate). */
export const FL_TILES_OF_FATE_CLEAN_DECK = packNumber('fortunes-landing', 'tiles-of-fate-clean-deck');

/** Consecutive hits needed to destroy a shield. */
export function shieldHitsToDestroy(bearer: { injuredLegAndGrounded: boolean }): number {
  return bearer.injuredLegAndGrounded ? FL_SHIELD_HITS_TO_DESTROY_GROUNDED : FL_SHIELD_HITS_TO_DESTROY;
}

export type WoundsState = {
  limbs: Record<FlLimb, boolean>;
  torso: boolean;
  /** All Wounds tended with Healing Ways (or another method that stops bleeding). */
  treated: boolean;
};

export type WoundsSummary = {
  limbWounds: number;
  torsoWound: boolean;
  /** Limbs that are useless. */
  uselessLimbs: FlLimb[];
  unconscious: 'no' | 'now' | 'later';
  /** Minutes from the latest wound until unconsciousness (0 = now); null when it will not happen. */
  unconsciousInMinutes: number | null;
  /** Minutes from the latest wound until death by bleeding; null when not bleeding to death. */
  deadInMinutes: number | null;
  bleeding: boolean;
  /** Plain-words effects, for the tracker. */
  effects: string[];
};

export function unwounded(): WoundsState {
  return { limbs: { 'left-arm': false, 'right-arm': false, 'left-leg': false, 'right-leg': false }, torso: false, treated: false };
}

function isLimb(location: string): location is FlLimb {
  return (FL_LIMBS as readonly string[]).includes(location);
}

/**
 * A Wound lands on `location` (a solid blow that no armour or protective stopped).
 * - Torso: a Torso Wound.
 * - An arm already wounded: "A second blow to a disabled arm has the same effect as a torso wound."
 * - A leg already wounded: nothing more ("Second hit to an arm (though not a leg) causes a torso Wound").
 * - Otherwise the limb becomes useless.
 * Any new Wound bleeds: the character is no longer treated (referee reading).
 */
export function applyWound(state: WoundsState, location: FlWoundLocation): WoundsState {
  if (location === 'torso') return { ...state, torso: true, treated: false };
  if (!isLimb(location)) throw new RangeError(`unknown wound location "${String(location)}" (expected torso or ${FL_LIMBS.join(', ')})`);
  if (state.limbs[location]) {
    if (location === 'left-arm' || location === 'right-arm') return { ...state, torso: true, treated: false };
    return state;
  }
  return { ...state, limbs: { ...state.limbs, [location]: true }, treated: false };
}

/** Healing Ways (one minute): all Wounds stabilised, no longer bleeding to death. Wounds stay until healed. */
export function treat(state: WoundsState): WoundsState {
  return { ...state, treated: true };
}

/**
 * A recuperating character who fights or uses a wounded limb breaks the Wounds open: "he immediately
 * lapses back into unconsciousness and begins bleeding out again".
 */
export function breakOpen(state: WoundsState): WoundsState {
  return { ...state, treated: false };
}

const LIMB_WORDS: Record<FlLimb, string> = LOCATION_WORDS;

/**
 * What the Wounds do now. The worst row of the table applies: a Torso Wound or three or more Limb
 * Wounds -> unconscious now, dead in 5 minutes; two Limb Wounds -> unconscious in 10, dead 5 minutes
 * after that (15 from the wound). Treated -> no bleeding, no death timer; an unconscious character
 * wakes an hour after Healing Ways (at once with Rapid Healing, the Wake Up chart).
 */
export function summary(state: WoundsState): WoundsSummary {
  const uselessLimbs = FL_LIMBS.filter((l) => state.limbs[l]);
  const limbWounds = uselessLimbs.length;
  const effects: string[] = [];
  for (const limb of uselessLimbs) {
    if (limb === 'left-arm' || limb === 'right-arm') {
      effects.push(
        `${capital(LIMB_WORDS[limb])} useless: let it hang limp; drop or switch what it held; never block with it. Another blow to it is a Torso Wound.`,
      );
    } else {
      effects.push(`${capital(LIMB_WORDS[limb])} useless: hop at most three times, then drop to your knees; crawl only until healed.`);
    }
  }

  const severe = state.torso || limbWounds >= 3;
  const twoLimbs = !severe && limbWounds === 2;
  let unconscious: WoundsSummary['unconscious'] = 'no';
  let unconsciousInMinutes: number | null = null;
  let deadInMinutes: number | null = null;
  const bleeding = (severe || twoLimbs) && !state.treated;

  if (severe) {
    unconscious = 'now';
    unconsciousInMinutes = 0;
    const why = state.torso ? 'Torso Wound' : `${limbWounds} Limb Wounds`;
    if (state.treated) {
      effects.push(`${why}: unconscious; treated, so not bleeding to death. Wakes 1 hour after Healing Ways (at once with Rapid Healing).`);
    } else {
      deadInMinutes = FL_BLEED_OUT_MINUTES;
      effects.push(`${why}: unconscious now; dead in ${FL_BLEED_OUT_MINUTES} minutes unless treated with Healing Ways.`);
    }
  } else if (twoLimbs) {
    if (state.treated) {
      effects.push('Two Limb Wounds, tended: no unconsciousness, not bleeding to death.');
    } else {
      unconscious = 'later';
      unconsciousInMinutes = FL_TWO_LIMBS_UNCONSCIOUS_MINUTES;
      deadInMinutes = FL_TWO_LIMBS_UNCONSCIOUS_MINUTES + FL_BLEED_OUT_MINUTES;
      effects.push(
        `Two Limb Wounds: unconscious in ${FL_TWO_LIMBS_UNCONSCIOUS_MINUTES} minutes, dead ${FL_BLEED_OUT_MINUTES} minutes after that, unless the Wounds are tended.`,
      );
    }
  }
  if (state.torso && state.treated) {
    effects.push('Recuperating from a Torso Wound: slow walk with help only; no fighting, spells or skills, or the Wounds break open.');
  }
  return { limbWounds, torsoWound: state.torso, uselessLimbs, unconscious, unconsciousInMinutes, deadInMinutes, bleeding, effects };
}

function capital(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
