// Fortune's Landing healing (rules text 001: "Treating Wounds", "Advanced Healing", "Combined
// Effects", "Wake Up"): the healing-time multipliers, Stabilize, Accelerate Healing, Cure Light Wounds,
// Cure Serious Wounds and the Wake Up chart. Pure state transitions on the wounds tracker's state
// (fortunes-landing-wounds.ts); the caller keeps the clock. Readings: docs/rulesets/fortunes-landing.md.

import { packNumber } from '../packs/builtin';
import { FL_LIMBS, FL_WAKE_AFTER_HEALING_WAYS_MINUTES, treat, unwounded, type FlWoundLocation, type WoundsState } from './fortunes-landing-wounds';

// ---- The numbers: from the game pack (core/packs/builtin/fortunes-landing.pack.json), each with its quote ----

/** Chirurgery: "all Wounds are healed after one hour of time has passed". */
export const FL_CHIRURGERY_HEAL_MINUTES = packNumber('fortunes-landing', 'chirurgery-heal-minutes');
/** Rapid Healing: "Once the character has been treated with Healing Ways he recovers from all Wounds in one hour." */
export const FL_RAPID_HEALING_HEAL_MINUTES = packNumber('fortunes-landing', 'rapid-healing-heal-minutes');
/** Accelerate Healing: "immediately stabilizes all of the character's Wounds and causes them to be healed in one hour". */
export const FL_ACCELERATE_HEALING_HEAL_MINUTES = packNumber('fortunes-landing', 'accelerate-healing-heal-minutes');
/** "The chirurgen must then have five minutes of uninterrupted time in which to work her miracle." */
export const FL_CHIRURGERY_WORK_MINUTES = packNumber('fortunes-landing', 'chirurgery-work-minutes');
/** "If two of these methods are combined the healing time is halved." */
export const FL_TWO_METHODS_FACTOR = packNumber('fortunes-landing', 'two-methods-factor');
/** "If all three are combined this time is quartered." */
export const FL_THREE_METHODS_FACTOR = packNumber('fortunes-landing', 'three-methods-factor');
/** "If the Chirurgen is also skilled in Healer's Touch, the total time will be cut in half again." */
export const FL_HEALERS_TOUCH_FACTOR = packNumber('fortunes-landing', 'healers-touch-factor');
/** "A treated Wound heals naturally in two to six weeks." */
export const FL_NATURAL_HEALING_WEEKS = { min: packNumber('fortunes-landing', 'natural-healing-weeks-min'), max: packNumber('fortunes-landing', 'natural-healing-weeks-max') } as const;
/** "A treated Wound that is cleaned and dressed once daily by a character who possesses both Healing Ways and Alchemy heals in half this time." */
export const FL_DRESSED_DAILY_FACTOR = packNumber('fortunes-landing', 'dressed-daily-factor');
/** Cure Light Wounds: "Each application of this spell or brew instantly heals any one limb Wound." */
export const FL_CURE_LIGHT_WOUNDS_LIMBS = packNumber('fortunes-landing', 'cure-light-wounds-limbs');
/** "Cure Serious Wounds - This spell or brew instantly heals up to three Wounds of any type (limb or torso)." */
export const FL_CURE_SERIOUS_WOUNDS_WOUNDS = packNumber('fortunes-landing', 'cure-serious-wounds-wounds');
/** Wake Up chart: "None | 24 Hours". */
export const FL_WAKE_WITHOUT_HEALING_MINUTES = packNumber('fortunes-landing', 'wake-without-healing-minutes');

// ---- Readings (docs/rulesets/fortunes-landing.md, "Healing") ----

export type FlHealingOptions = {
  /**
   * A method added while healing is under way: "the remaining healing time is cut in half" (Rapid
   * Healing, Accelerate Healing) against "the total time will be cut in half again" (Combined
   * Effects). 'total' (default): the course takes one hour times the combined factor, counted from
   * its start. 'remaining': the minutes still to go are scaled by the change in factor.
   */
  combine: 'total' | 'remaining';
  /**
   * Cure Light Wounds on a character with a Torso Wound. 'chart' (default): the Wake Up chart's row
   * "Cure Light Wounds (Torso Wound) | Immediately". 'stabilized': the spell's text, "awakens as if
   * he were stabilized", i.e. in one hour (at once with Rapid Healing). Either way he is stabilized.
   */
  cureLightTorsoWake: 'chart' | 'stabilized';
  /**
   * Healer's Touch "cuts the recovery time for the patient of Healing Ways and Chirurgery performed
   * by the owner of this skill in half". false (default): in a healing course it halves only with
   * Chirurgery, as "Combined Effects" names it ("Chirurgery (with the possible addition of Healer's
   * Touch)"). true: a Healing Ways by its owner also halves Rapid Healing's hour.
   */
  healersTouchWithHealingWays: boolean;
};

export const FL_HEALING_DEFAULTS: FlHealingOptions = { combine: 'total', cureLightTorsoWake: 'chart', healersTouchWithHealingWays: false };

// ---- Healing time ----

/** "three basic means by which a character can decrease the time needed to heal". */
export const FL_HEALING_METHODS = ['accelerate-healing', 'chirurgery', 'rapid-healing'] as const;
export type FlHealingMethod = (typeof FL_HEALING_METHODS)[number];

export type FlHealingCourse = {
  /** The methods at work, in FL_HEALING_METHODS order. */
  methods: FlHealingMethod[];
  /** Healer's Touch of the chirurgeon (or, with that option, of the one who gave Healing Ways). */
  healersTouch: boolean;
  /** Minutes since the course began. */
  elapsed: number;
  /** Minutes until all Wounds are healed. */
  minutesLeft: number;
};

/**
 * The fraction of one hour the Wounds take: one method 1, two 1/2, three 1/4, Healer's Touch with
 * Chirurgery halves again, so at best 1/8 ("healing time is dropped to 1/8 of the total").
 */
export function healingFactor(methods: readonly FlHealingMethod[], healersTouch: boolean, options: FlHealingOptions = FL_HEALING_DEFAULTS): number {
  const n = new Set(methods).size;
  let factor = n >= 3 ? FL_THREE_METHODS_FACTOR : n === 2 ? FL_TWO_METHODS_FACTOR : 1;
  const touched = methods.includes('chirurgery') || (options.healersTouchWithHealingWays && methods.includes('rapid-healing'));
  if (healersTouch && touched) factor *= FL_HEALERS_TOUCH_FACTOR;
  return factor;
}

/** One hour, whichever single method heals ("in one hour" for each of the three). */
const BASE_MINUTES: Record<FlHealingMethod, number> = {
  'accelerate-healing': FL_ACCELERATE_HEALING_HEAL_MINUTES,
  chirurgery: FL_CHIRURGERY_HEAL_MINUTES,
  'rapid-healing': FL_RAPID_HEALING_HEAL_MINUTES,
};

/** Adds a method to a healing course (starting one if there is none). */
export function addMethod(course: FlHealingCourse | null, method: FlHealingMethod, healersTouch: boolean, options: FlHealingOptions = FL_HEALING_DEFAULTS): FlHealingCourse {
  const methods = FL_HEALING_METHODS.filter((m) => m === method || (course?.methods.includes(m) ?? false));
  const touch = healersTouch || (course?.healersTouch ?? false);
  const factor = healingFactor(methods, touch, options);
  if (course === null) return { methods, healersTouch: touch, elapsed: 0, minutesLeft: BASE_MINUTES[method] * factor };
  const before = healingFactor(course.methods, course.healersTouch, options);
  const minutesLeft =
    options.combine === 'remaining' ? course.minutesLeft * (factor / before) : Math.max(0, BASE_MINUTES[method] * factor - course.elapsed);
  return { methods, healersTouch: touch, elapsed: course.elapsed, minutesLeft: Math.min(course.minutesLeft, minutesLeft) };
}

/** Time passes on a healing course. */
export function passHealingTime(course: FlHealingCourse, minutes: number): FlHealingCourse {
  return { ...course, elapsed: course.elapsed + minutes, minutesLeft: Math.max(0, course.minutesLeft - minutes) };
}

/** Natural healing of treated Wounds, in weeks: 2 to 6, halved by daily dressing and by Healer's Touch on the Healing Ways. */
export function naturalHealingWeeks(care: { dressedDaily: boolean; healersTouch: boolean }): { min: number; max: number } {
  const factor = (care.dressedDaily ? FL_DRESSED_DAILY_FACTOR : 1) * (care.healersTouch ? FL_HEALERS_TOUCH_FACTOR : 1);
  return { min: FL_NATURAL_HEALING_WEEKS.min * factor, max: FL_NATURAL_HEALING_WEEKS.max * factor };
}

// ---- The Wake Up chart ----

export const FL_WAKE_HEALING = ['none', 'healing-ways', 'stabilize', 'chirurgery', 'accelerate-healing', 'cure-light-wounds', 'cure-serious-wounds'] as const;
export type FlWakeHealing = (typeof FL_WAKE_HEALING)[number];

/**
 * Minutes until an unconscious character wakes (0: at once), by the Wake Up chart:
 * None 24 Hours; Healing Ways and Stabilize 1 hour (or immediately with Rapid Healing); Chirurgery,
 * Accelerate Healing, Cure Light Wounds (multiple Limb Wounds, Torso Wound) and Cure Serious Wounds
 * (or greater) immediately. Cure Light Wounds on a Torso Wound follows `cureLightTorsoWake`.
 */
export function wakeUpMinutes(healing: FlWakeHealing, patient: { rapidHealing: boolean; torsoWound: boolean }, options: FlHealingOptions = FL_HEALING_DEFAULTS): number {
  // "A stabilized character will awaken in one hour or immediately if he has Rapid Healing."
  const asStabilized = patient.rapidHealing ? 0 : FL_WAKE_AFTER_HEALING_WAYS_MINUTES;
  switch (healing) {
    case 'none':
      return FL_WAKE_WITHOUT_HEALING_MINUTES;
    case 'healing-ways':
    case 'stabilize':
      return asStabilized;
    case 'cure-light-wounds':
      return patient.torsoWound && options.cureLightTorsoWake === 'stabilized' ? asStabilized : 0;
    case 'chirurgery':
    case 'accelerate-healing':
    case 'cure-serious-wounds':
      return 0;
  }
}

// ---- Spells and potions on the wounds state ----

export type HealingResult = { state: WoundsState; healed: FlWoundLocation[]; refused: string | null };

function isWounded(state: WoundsState): boolean {
  return state.torso || FL_LIMBS.some((l) => state.limbs[l]);
}

/** Stabilize: "immediately stabilizes all of a character's Wounds as if he had undergone Healing Ways". */
export function stabilize(state: WoundsState): WoundsState {
  return treat(state);
}

/** Cure Light Wounds on one limb. No effect on a Torso Wound, but a torso-wounded character is then stabilized (see `cureLightTorsoWake`). */
export function cureLightWounds(state: WoundsState, limb: (typeof FL_LIMBS)[number]): HealingResult {
  if (!state.limbs[limb] && !state.torso) {
    return { state, healed: [], refused: `The ${limb.replace('-', ' ')} has no Wound: Cure Light Wounds "instantly heals any one limb Wound" and has no other effect.` };
  }
  const limbs = { ...state.limbs, [limb]: false };
  const healed: FlWoundLocation[] = state.limbs[limb] ? [limb] : [];
  // "A character who suffers from a Torso Wound awakens as if he were stabilized (see above)."
  const next: WoundsState = { limbs, torso: state.torso, treated: state.torso ? true : state.treated };
  return { state: isWounded(next) ? next : unwounded(), healed, refused: null };
}

/**
 * Cure Serious Wounds: "instantly heals up to three Wounds of any type (limb or torso)". `picks` are
 * the Wounds the healer chooses; without them the Torso Wound goes first (it is the one that kills),
 * then the limbs in tracker order.
 */
export function cureSeriousWounds(state: WoundsState, picks?: readonly FlWoundLocation[]): HealingResult {
  const wounded: FlWoundLocation[] = [...(state.torso ? (['torso'] as const) : []), ...FL_LIMBS.filter((l) => state.limbs[l])];
  const chosen = picks ?? wounded.slice(0, FL_CURE_SERIOUS_WOUNDS_WOUNDS);
  if (chosen.length > FL_CURE_SERIOUS_WOUNDS_WOUNDS) {
    return { state, healed: [], refused: `Cure Serious Wounds heals "up to three Wounds"; ${chosen.length} were chosen.` };
  }
  const notWounded = chosen.filter((l) => !wounded.includes(l));
  if (notWounded.length > 0) return { state, healed: [], refused: `No Wound to heal on the ${notWounded.join(', ')}.` };
  if (chosen.length === 0) return { state, healed: [], refused: 'There is no Wound to heal.' };
  const next: WoundsState = {
    limbs: Object.fromEntries(FL_LIMBS.map((l) => [l, state.limbs[l] && !chosen.includes(l)])) as WoundsState['limbs'],
    torso: state.torso && !chosen.includes('torso'),
    treated: state.treated,
  };
  return { state: isWounded(next) ? next : unwounded(), healed: [...chosen], refused: null };
}
