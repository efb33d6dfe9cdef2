// Novitas conditions: arm, leg and torso wounds, body-point damage and healing, and Bleeding Out
// (first aid, time passing). The tracker as a whole, and its rule text: novitas-conditions.ts.

import { BLEED_OUT_MINUTES, FIRST_AID_EXTRA_MINUTES, LIMB_NAMES, becomeDead, gainBleeding, has, poisonLock, refuse, run, type AttachableCondition, type Cause, type ConditionState, type Draft, type Limb, type LimbWound, type Transition } from './novitas-conditions-state';

// ---- internal steps on a draft ----

function torsoWound(d: Draft, cause: Cause): void {
  if (d.held.has('dead')) {
    d.notes.push('The character is already Dead: nothing happens.');
    return;
  }
  if (d.held.has('torso-wound')) {
    if (cause === 'damage') becomeDead(d, 'Killing blow: any damage to a character with a Torso Wound kills them at once');
    else d.notes.push('The character already has a Torso Wound: the effect is redundant and nothing happens.');
    return;
  }
  d.held.add('torso-wound');
  d.notes.push('Torso Wound: the character falls, unable to fight.');
  gainBleeding(d);
}

function limbWound(d: Draft, limb: Limb, cause: Cause): void {
  const name = LIMB_NAMES[limb];
  if (d.held.has('dead')) {
    d.notes.push('The character is already Dead: nothing happens.');
    return;
  }
  if (cause === 'damage' && d.held.has('torso-wound')) {
    becomeDead(d, 'Killing blow: any damage to a character with a Torso Wound kills them at once');
    return;
  }
  const wound: LimbWound = `${limb}-wound`;
  if (d.held.has(wound)) {
    if (cause === 'damage') {
      d.notes.push(`The ${name} is already wounded, so damage to it gives a Torso Wound instead.`);
      torsoWound(d, 'damage');
    } else {
      d.notes.push(`The ${name} is already wounded: an effect that inflicts the same wound is redundant and nothing happens (no "No Effect!" call).`);
    }
    return;
  }
  d.held.add(wound);
  if (limb.endsWith('arm')) {
    d.notes.push(`Wounded ${name}: drop anything held in it. It may not pick up, carry or use anything and is not a free hand for casting.`);
  } else {
    d.notes.push(`Wounded ${name}: it supports no weight; drag it slowly and do not hop.`);
    if (d.held.has('left-leg-wound') && d.held.has('right-leg-wound')) {
      d.notes.push('Both legs are wounded: drop to your knees at once, and do not stand until the fighting is done or a wound is healed.');
    }
  }
}

export function gainAttachable(d: Draft, c: AttachableCondition): void {
  if (c === 'torso-wound') torsoWound(d, 'effect');
  else if (c === 'bleeding-out') {
    if (d.held.has('dead')) d.notes.push('The character is already Dead: nothing happens.');
    else if (d.held.has('bleeding-out')) d.notes.push('The character is already Bleeding Out: nothing changes.');
    else gainBleeding(d);
  } else limbWound(d, c.slice(0, -'-wound'.length) as Limb, 'effect');
}

// ---- transitions ----

/** A wound to one arm or leg, by damage or by an effect. */
export function woundLimb(s: ConditionState, limb: Limb, cause: Cause): Transition {
  return run(s, (d) => limbWound(d, limb, cause));
}

/** A Torso Wound, by damage or by an effect. */
export function woundTorso(s: ConditionState, cause: Cause): Transition {
  return run(s, (d) => torsoWound(d, cause));
}

/**
 * Body-point damage. With a Torso Wound any damage, even accidental, is a killing blow; damage that
 * takes the last body point is "enough damage to fall unconscious", which is a Torso Wound.
 */
export function takeDamage(s: ConditionState, amount: number): Transition {
  if (!Number.isInteger(amount) || amount < 1) return refuse(s, `Damage must be a whole number of at least 1 (got ${amount}).`);
  return run(s, (d) => {
    if (d.held.has('dead')) {
      d.notes.push('The character is already Dead: nothing happens.');
      return;
    }
    if (d.held.has('torso-wound')) {
      becomeDead(d, 'Killing blow: any damage to a character with a Torso Wound kills them at once');
      return;
    }
    d.bodyPoints.current = Math.max(0, d.bodyPoints.current - amount);
    d.notes.push(`${amount} damage: ${d.bodyPoints.current} of ${d.bodyPoints.max} body points left.`);
    if (d.bodyPoints.current === 0) {
      d.notes.push('No body points left: enough damage to fall unconscious, which is a Torso Wound.');
      torsoWound(d, 'effect');
    }
  });
}

export function healBodyPoints(s: ConditionState, amount: number): Transition {
  if (!Number.isInteger(amount) || amount < 1) return refuse(s, `Healing must be a whole number of at least 1 (got ${amount}).`);
  if (has(s, 'poisoned')) return refuse(s, 'The character is Poisoned and cannot heal lost body points until Poisoned is removed.');
  if (has(s, 'dead')) return refuse(s, 'The character is Dead: remove the Dead condition (Revive) first.');
  if (s.bodyPoints.current >= s.bodyPoints.max) return refuse(s, 'The character has all their body points.');
  return run(s, (d) => {
    d.bodyPoints.current = Math.min(d.bodyPoints.max, d.bodyPoints.current + amount);
    d.notes.push(`Healed: ${d.bodyPoints.current} of ${d.bodyPoints.max} body points.`);
  });
}

export function removeLimbWound(s: ConditionState, limb: Limb): Transition {
  const wound: LimbWound = `${limb}-wound`;
  const name = LIMB_NAMES[limb];
  const locked = poisonLock(s, `The ${name} wound`, wound);
  if (locked) return locked;
  if (!has(s, wound)) return refuse(s, `The ${name} is not wounded.`);
  return run(s, (d) => {
    const kneeling = d.held.has('left-leg-wound') && d.held.has('right-leg-wound');
    d.held.delete(wound);
    d.notes.push(`The ${name} wound is healed.`);
    if (kneeling) d.notes.push('A leg is healed: the character may stand up again.');
  });
}

/** Removes a Torso Wound; "anything that removes a Torso Wound condition will also automatically remove the Bleeding Out condition". */
export function removeTorsoWound(s: ConditionState): Transition {
  const locked = poisonLock(s, 'The Torso Wound', 'torso-wound');
  if (locked) return locked;
  if (!has(s, 'torso-wound')) return refuse(s, 'The character has no Torso Wound.');
  return run(s, (d) => {
    d.held.delete('torso-wound');
    d.notes.push('The Torso Wound is healed.');
    if (d.held.has('bleeding-out')) {
      d.held.delete('bleeding-out');
      d.bleeding = null;
      d.notes.push('Removing the Torso Wound also removes Bleeding Out.');
    }
  });
}

/** Removes Bleeding Out (e.g. a Stabilizing Concoction); with a Torso Wound left the character is "stable". */
export function removeBleedingOut(s: ConditionState): Transition {
  const locked = poisonLock(s, 'Bleeding Out', 'bleeding-out');
  if (locked) return locked;
  if (!has(s, 'bleeding-out')) return refuse(s, 'The character is not Bleeding Out.');
  return run(s, (d) => {
    d.held.delete('bleeding-out');
    d.bleeding = null;
    d.notes.push(d.held.has('torso-wound') ? 'Bleeding Out is removed: the character is stable, still with a Torso Wound but in no danger of dying.' : 'Bleeding Out is removed.');
  });
}

/** The character gains Bleeding Out on its own (a call or an effect). */
export function bleedOut(s: ConditionState): Transition {
  return run(s, (d) => gainAttachable(d, 'bleeding-out'));
}

/**
 * Someone with First Aid starts (true) or stops (false) tending a Bleeding Out character. Tending
 * extends the time to 20 minutes; stopping during the extra 10 minutes kills at once.
 */
export function setFirstAid(s: ConditionState, tending: boolean): Transition {
  if (!s.bleeding) return refuse(s, 'The character is not Bleeding Out.');
  if (s.bleeding.firstAid === tending) return refuse(s, tending ? 'First aid is already being given.' : 'No first aid is being given.');
  return run(s, (d) => {
    if (tending) {
      d.bleeding = { minutes: d.bleeding!.minutes, firstAid: true };
      d.notes.push(
        `First aid: the character now dies after ${BLEED_OUT_MINUTES + FIRST_AID_EXTRA_MINUTES} minutes in all, as long as someone with First Aid keeps steady role-play throughout the extra ${FIRST_AID_EXTRA_MINUTES}.`,
      );
    } else if (d.bleeding!.minutes >= BLEED_OUT_MINUTES) {
      becomeDead(d, `No one with First Aid is attending during the additional ${FIRST_AID_EXTRA_MINUTES} minutes, so the character dies immediately`);
    } else {
      d.bleeding = { minutes: d.bleeding!.minutes, firstAid: false };
      d.notes.push(`First aid stops: the character dies ${BLEED_OUT_MINUTES} minutes after starting to bleed out unless healed or tended again.`);
    }
  });
}

/** Minutes pass: a Bleeding Out character whose time runs out gains Dead. */
export function passTime(s: ConditionState, minutes: number): Transition {
  if (!(minutes >= 0) || !Number.isFinite(minutes)) return refuse(s, `Minutes must be zero or more (got ${minutes}).`);
  if (!s.bleeding) return { state: s, notes: [], refused: false };
  return run(s, (d) => {
    const b = d.bleeding!;
    const limit = BLEED_OUT_MINUTES + (b.firstAid ? FIRST_AID_EXTRA_MINUTES : 0);
    const now = b.minutes + minutes;
    if (now >= limit) {
      becomeDead(d, b.firstAid ? `Bled out: ${limit} minutes passed even with first aid` : `Bled out: ${limit} minutes passed without Bleeding Out being removed`);
    } else d.bleeding = { minutes: now, firstAid: b.firstAid };
  });
}

