// Novitas conditions for the sheet's condition tracker: Poisoned, Torso Wound, Bleeding Out, Arm and
// Leg Wounds (per limb) and Dead, and how they interact. Rule text: 000_a5f49d01f90df1a9.txt.
// Pure and immutable: every transition takes a state and returns a new frozen one, with plain-words
// notes of what happened or why it was refused. Time is injected (`passTime`, `passConvergence`).
// Readings chosen where the text is silent are in docs/rulesets/novitas.md.

import { LOCATION_WORDS } from '../model/ids';

export const LIMBS = ['left-arm', 'right-arm', 'left-leg', 'right-leg'] as const;
export type Limb = (typeof LIMBS)[number];
export type LimbWound = `${Limb}-wound`;
export type Condition = 'poisoned' | 'torso-wound' | 'bleeding-out' | LimbWound | 'dead';
/** Conditions a Poisoned call can apply along with Poisoned. */
export type AttachableCondition = 'torso-wound' | 'bleeding-out' | LimbWound;
/** Damage is a hit; an effect (a trap, a call) inflicts exactly what it says. */
export type Cause = 'damage' | 'effect';

/** Display order of conditions. */
export const CONDITIONS: readonly Condition[] = ['poisoned', 'torso-wound', 'bleeding-out', 'left-arm-wound', 'right-arm-wound', 'left-leg-wound', 'right-leg-wound', 'dead'];

/** "After 10 minutes if this condition is not removed (healed) the character gains the Dead condition." */
export const BLEED_OUT_MINUTES = 10;
/** First aid "adds an additional 10 minutes (for a total of 20)". */
export const FIRST_AID_EXTRA_MINUTES = 10;
/** "If the Dead condition lasts for 2 convergences the condition can no longer be removed." */
export const CONVERGENCES_TO_PERMANENT_DEATH = 2;

export type ConditionState = {
  /** Conditions held, in `CONDITIONS` order. */
  readonly held: readonly Condition[];
  /** Conditions applied by the same call as Poisoned: removed only, and always, with it. */
  readonly attachedToPoison: readonly AttachableCondition[];
  /** The Bleeding Out clock; present exactly when Bleeding Out is held. */
  readonly bleeding: { readonly minutes: number; readonly firstAid: boolean } | null;
  /** Convergences passed while Dead. */
  readonly convergencesDead: number;
  readonly bodyPoints: { readonly current: number; readonly max: number };
};

export type Transition = { state: ConditionState; notes: string[]; refused: boolean };

type Draft = {
  held: Set<Condition>;
  attached: Set<AttachableCondition>;
  bleeding: { minutes: number; firstAid: boolean } | null;
  convergencesDead: number;
  bodyPoints: { current: number; max: number };
  notes: string[];
};

const LIMB_NAMES: Record<Limb, string> = LOCATION_WORDS;

function freeze(d: Draft): ConditionState {
  const attached = [...d.attached].filter((c) => d.held.has(c));
  return Object.freeze({
    held: Object.freeze(CONDITIONS.filter((c) => d.held.has(c))),
    attachedToPoison: Object.freeze(CONDITIONS.filter((c): c is AttachableCondition => attached.includes(c as AttachableCondition))),
    bleeding: d.held.has('bleeding-out') && d.bleeding ? Object.freeze({ ...d.bleeding }) : null,
    convergencesDead: d.convergencesDead,
    bodyPoints: Object.freeze({ ...d.bodyPoints }),
  });
}

function draft(s: ConditionState): Draft {
  return {
    held: new Set(s.held),
    attached: new Set(s.attachedToPoison),
    bleeding: s.bleeding ? { ...s.bleeding } : null,
    convergencesDead: s.convergencesDead,
    bodyPoints: { ...s.bodyPoints },
    notes: [],
  };
}

function run(s: ConditionState, change: (d: Draft) => void): Transition {
  const d = draft(s);
  change(d);
  return { state: freeze(d), notes: d.notes, refused: false };
}

function refuse(s: ConditionState, note: string): Transition {
  return { state: s, notes: [note], refused: true };
}

/** A healthy character with this many body points. */
export function initialConditions(maxBodyPoints: number): ConditionState {
  if (!Number.isInteger(maxBodyPoints) || maxBodyPoints < 1) throw new RangeError(`body points must be a whole number of at least 1 (got ${maxBodyPoints})`);
  return freeze({ held: new Set(), attached: new Set(), bleeding: null, convergencesDead: 0, bodyPoints: { current: maxBodyPoints, max: maxBodyPoints }, notes: [] });
}

export function has(s: ConditionState, c: Condition): boolean {
  return s.held.includes(c);
}

/** "Should you get wounded in the both legs at the same time you should immediately drop to your knees." */
export function mustKneel(s: ConditionState): boolean {
  return has(s, 'left-leg-wound') && has(s, 'right-leg-wound');
}

export function isPermanentlyDead(s: ConditionState): boolean {
  return has(s, 'dead') && s.convergencesDead >= CONVERGENCES_TO_PERMANENT_DEATH;
}

/** Minutes left before a Bleeding Out character dies, or null when not Bleeding Out. */
export function bleedingMinutesLeft(s: ConditionState): number | null {
  if (!s.bleeding) return null;
  return BLEED_OUT_MINUTES + (s.bleeding.firstAid ? FIRST_AID_EXTRA_MINUTES : 0) - s.bleeding.minutes;
}

// ---- internal steps on a draft ----

function becomeDead(d: Draft, why: string): void {
  if (d.held.has('dead')) return;
  d.held.add('dead');
  d.convergencesDead = 0;
  d.notes.push(`${why}: the character gains the Dead condition.`);
  if (d.held.has('bleeding-out')) {
    d.held.delete('bleeding-out');
    d.bleeding = null;
    d.notes.push('On first gaining Dead the character loses Bleeding Out.');
  }
}

function gainBleeding(d: Draft): void {
  if (d.held.has('bleeding-out')) return;
  d.held.add('bleeding-out');
  d.bleeding = { minutes: 0, firstAid: false };
  d.notes.push(`Bleeding Out: without healing the character dies after ${BLEED_OUT_MINUTES} minutes (${BLEED_OUT_MINUTES + FIRST_AID_EXTRA_MINUTES} with first aid).`);
}

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

function gainAttachable(d: Draft, c: AttachableCondition): void {
  if (c === 'torso-wound') torsoWound(d, 'effect');
  else if (c === 'bleeding-out') {
    if (d.held.has('dead')) d.notes.push('The character is already Dead: nothing happens.');
    else if (d.held.has('bleeding-out')) d.notes.push('The character is already Bleeding Out: nothing changes.');
    else gainBleeding(d);
  } else limbWound(d, c.slice(0, -'-wound'.length) as Limb, 'effect');
}

function poisonLock(s: ConditionState, what: string, c?: Condition): Transition | null {
  if (!has(s, 'poisoned')) return null;
  const attached = c !== undefined && (s.attachedToPoison as readonly Condition[]).includes(c);
  return refuse(
    s,
    attached
      ? `${what} came with the Poisoned condition and can only be removed by removing Poisoned.`
      : `The character is Poisoned: ${what} cannot be removed by any means until Poisoned is removed.`,
  );
}

// ---- transitions ----

/**
 * The character gains Poisoned; `withConditions` are the other conditions the same call applies
 * (applied as an effect). Those newly gained are attached to Poisoned.
 */
export function poison(s: ConditionState, withConditions: readonly AttachableCondition[] = []): Transition {
  return run(s, (d) => {
    if (d.held.has('poisoned')) d.notes.push('The character is already Poisoned; any conditions this call applies are attached to it as well.');
    else {
      d.held.add('poisoned');
      d.notes.push('Poisoned: until it is removed the character cannot heal body points or remove wounds, Bleeding Out or Dead by any means.');
    }
    const before = new Set(d.held);
    for (const c of withConditions) gainAttachable(d, c);
    let attachedNow = 0;
    for (const c of d.held) {
      if (!before.has(c) && c !== 'dead' && c !== 'poisoned') {
        d.attached.add(c);
        attachedNow++;
      }
    }
    if (attachedNow > 0) {
      d.notes.push('Conditions applied with the poison can only be removed by removing Poisoned, which removes them at the same time.');
    }
  });
}

/** Removes Poisoned (Purify Spirit, Theriac, Catholicon) and, with it, every condition attached to it. */
export function removePoison(s: ConditionState): Transition {
  if (!has(s, 'poisoned')) return refuse(s, 'The character is not Poisoned.');
  return run(s, (d) => {
    d.held.delete('poisoned');
    d.notes.push('Poisoned is removed.');
    const attached = [...d.attached];
    d.attached.clear();
    for (const c of attached) {
      if (!d.held.has(c)) continue;
      d.held.delete(c);
      d.notes.push(`${label(c)} came with the poison and is removed with it.`);
      if (c === 'torso-wound' && d.held.has('bleeding-out')) {
        d.held.delete('bleeding-out');
        d.bleeding = null;
        d.notes.push('Removing the Torso Wound also removes Bleeding Out.');
      }
      if (c === 'bleeding-out') d.bleeding = null;
    }
  });
}

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

/** The character gains Dead directly (a death call or the like). */
export function die(s: ConditionState): Transition {
  if (has(s, 'dead')) return refuse(s, 'The character is already Dead.');
  return run(s, (d) => becomeDead(d, 'Death'));
}

/** Removes Dead (the Revive spell), unless Poisoned or dead for 2 convergences. */
export function revive(s: ConditionState): Transition {
  const locked = poisonLock(s, 'Dead');
  if (locked) return locked;
  if (!has(s, 'dead')) return refuse(s, 'The character is not Dead.');
  if (isPermanentlyDead(s)) {
    return refuse(s, `The character has been Dead for ${s.convergencesDead} convergences: the condition can no longer be removed, they are permanently dead.`);
  }
  return run(s, (d) => {
    d.held.delete('dead');
    d.convergencesDead = 0;
    d.notes.push('Dead is removed: the character returns to life.');
  });
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

/** A convergence passes: a Dead character comes closer to permanent death. */
export function passConvergence(s: ConditionState): Transition {
  if (!has(s, 'dead')) return { state: s, notes: [], refused: false };
  return run(s, (d) => {
    d.convergencesDead += 1;
    d.notes.push(
      d.convergencesDead >= CONVERGENCES_TO_PERMANENT_DEATH
        ? `Dead for ${d.convergencesDead} convergences: the condition can no longer be removed; the character is permanently dead.`
        : `Dead for ${d.convergencesDead} convergence; after ${CONVERGENCES_TO_PERMANENT_DEATH} the death is permanent.`,
    );
  });
}

export function label(c: Condition): string {
  switch (c) {
    case 'poisoned':
      return 'Poisoned';
    case 'torso-wound':
      return 'Torso Wound';
    case 'bleeding-out':
      return 'Bleeding Out';
    case 'dead':
      return 'Dead';
    default: {
      const limb = LIMB_NAMES[c.slice(0, -'-wound'.length) as Limb];
      return `${limb.replace(/\b\w/g, (ch) => ch.toUpperCase())} Wound`;
    }
  }
}
