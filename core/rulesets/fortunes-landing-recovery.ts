// Fortune's Landing recovery for the condition tracker: what each healing skill, spell or potion
// does to the wounds, the healing course (fortunes-landing-healing.ts) and waking up, in one step.
// Rule text 001, "Healing" and "Advanced Healing". Readings: docs/rulesets/fortunes-landing.md.

import {
  addMethod,
  cureLightWounds,
  cureSeriousWounds,
  FL_HEALING_DEFAULTS,
  passHealingTime,
  stabilize,
  wakeUpMinutes,
  type FlHealingCourse,
  type FlHealingMethod,
  type FlHealingOptions,
  type FlWakeHealing,
} from './fortunes-landing-healing';
import { FL_LIMBS, summary, treat, unwounded, type FlLimb, type FlWoundLocation, type WoundsState } from './fortunes-landing-wounds';

export type FlRecovery = {
  /** The healing under way (Chirurgery, Accelerate Healing, Rapid Healing); null when none. */
  course: FlHealingCourse | null;
  /** Waking up: by which row of the Wake Up chart, minutes to go (0: awake). Null when not set. */
  wake: { by: FlWakeHealing; minutesLeft: number } | null;
};

export const FL_NO_RECOVERY: FlRecovery = { course: null, wake: null };

export type FlHealAction =
  | { kind: 'healing-ways'; healersTouch: boolean }
  | { kind: 'stabilize' }
  | { kind: 'chirurgery'; healersTouch: boolean }
  | { kind: 'accelerate-healing' }
  | { kind: 'cure-light-wounds'; limb: FlLimb }
  | { kind: 'cure-serious-wounds'; picks?: FlWoundLocation[] };

export type FlPatient = { rapidHealing: boolean };

export type RecoveryStep = { wounds: WoundsState; recovery: FlRecovery; notes: string[]; refused: boolean };

function wounded(w: WoundsState): boolean {
  return w.torso || FL_LIMBS.some((l) => w.limbs[l]);
}

function refuse(wounds: WoundsState, recovery: FlRecovery, why: string): RecoveryStep {
  return { wounds, recovery, notes: [why], refused: true };
}

/**
 * One healing skill, spell or potion. Readings: Stabilize and Accelerate Healing count as Healing
 * Ways for Rapid Healing and Chirurgery ("as if he had undergone Healing Ways", "immediately
 * stabilizes all of the character's Wounds"); waking takes the soonest of what was given.
 */
export function heal(wounds: WoundsState, recovery: FlRecovery, action: FlHealAction, patient: FlPatient, options: FlHealingOptions = FL_HEALING_DEFAULTS): RecoveryStep {
  if (!wounded(wounds)) return refuse(wounds, recovery, 'There is no Wound to heal.');
  const notes: string[] = [];
  let next = wounds;
  let course = recovery.course;
  const speed = (method: FlHealingMethod, healersTouch = false) => {
    course = addMethod(course, method, healersTouch, options);
  };
  // Rapid Healing: "Once the character has been treated with Healing Ways he recovers from all Wounds in one hour."
  const rapid = (healersTouch = false) => {
    if (patient.rapidHealing) speed('rapid-healing', healersTouch);
  };

  switch (action.kind) {
    case 'healing-ways':
      next = treat(wounds);
      rapid(action.healersTouch);
      notes.push('Healing Ways: all Wounds stabilized; no longer bleeding to death.');
      break;
    case 'stabilize':
      next = stabilize(wounds);
      rapid();
      notes.push('Stabilize: all Wounds stabilized as if by Healing Ways.');
      break;
    case 'chirurgery':
      if (!wounds.treated) {
        return refuse(wounds, recovery, '"Before Chirurgery can begin the wound must first have been successfully treated with Healing Ways."');
      }
      speed('chirurgery', action.healersTouch);
      notes.push('Chirurgery: all Wounds heal after the healing time below; a Wounded limb stays useless until then.');
      break;
    case 'accelerate-healing':
      next = treat(wounds);
      rapid();
      speed('accelerate-healing');
      notes.push('Accelerate Healing: all Wounds stabilized; they heal after the healing time below, with their full effects until then.');
      break;
    case 'cure-light-wounds': {
      const r = cureLightWounds(wounds, action.limb);
      if (r.refused !== null) return refuse(wounds, recovery, r.refused);
      next = r.state;
      if (wounds.torso) rapid();
      notes.push(r.healed.length > 0 ? `Cure Light Wounds: the ${action.limb.replace('-', ' ')} is healed.` : 'Cure Light Wounds: no effect on the Torso Wound.');
      if (wounds.torso) notes.push('The Torso Wound remains; the character is stabilized ("awakens as if he were stabilized").');
      break;
    }
    case 'cure-serious-wounds': {
      const r = cureSeriousWounds(wounds, action.picks);
      if (r.refused !== null) return refuse(wounds, recovery, r.refused);
      next = r.state;
      notes.push(`Cure Serious Wounds: healed the ${r.healed.map((l) => l.replace('-', ' ')).join(', ')}.`);
      break;
    }
  }

  if (!wounded(next)) return { wounds: unwounded(), recovery: FL_NO_RECOVERY, notes: [...notes, 'No Wounds left.'], refused: false };

  let wake = recovery.wake;
  if (summary(wounds).unconscious === 'now') {
    const minutes = wakeUpMinutes(action.kind, { rapidHealing: patient.rapidHealing, torsoWound: wounds.torso }, options);
    if (wake === null || minutes < wake.minutesLeft) wake = { by: action.kind, minutesLeft: minutes };
    notes.push(wake.minutesLeft === 0 ? 'The character wakes now.' : `The character wakes in ${wake.minutesLeft} minutes.`);
  }
  const c = course as FlHealingCourse | null;
  if (c !== null) notes.push(`All Wounds healed in ${c.minutesLeft} minutes.`);
  return { wounds: next, recovery: { course: c, wake }, notes, refused: false };
}

/** Minutes pass: the healing course runs down (all Wounds healed at its end) and so does waking. */
export function passRecoveryTime(wounds: WoundsState, recovery: FlRecovery, minutes: number): RecoveryStep {
  const notes: string[] = [];
  let wake = recovery.wake;
  if (wake !== null && wake.minutesLeft > 0) {
    wake = { ...wake, minutesLeft: Math.max(0, wake.minutesLeft - minutes) };
    if (wake.minutesLeft === 0) notes.push('The character wakes.');
  }
  if (recovery.course === null) return { wounds, recovery: { course: null, wake }, notes, refused: false };
  const course = passHealingTime(recovery.course, minutes);
  if (course.minutesLeft === 0) return { wounds: unwounded(), recovery: FL_NO_RECOVERY, notes: [...notes, 'All Wounds are healed.'], refused: false };
  return { wounds, recovery: { course, wake }, notes, refused: false };
}

/**
 * A new Wound, or Wounds broken open: "he immediately lapses back into unconsciousness and begins
 * bleeding out again" and "it will be necessary for the healing process to begin all over again".
 */
export function setBack(): FlRecovery {
  return FL_NO_RECOVERY;
}

/** True when the tracker should read the character as awake although the wounds alone say unconscious. */
export function isAwake(wounds: WoundsState, recovery: FlRecovery): boolean {
  return summary(wounds).unconscious === 'now' && recovery.wake !== null && recovery.wake.minutesLeft === 0;
}
