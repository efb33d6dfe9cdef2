// Novitas conditions: the state, its rule numbers, the draft a transition works on, and the
// readings of a state. Shared steps on a draft (dying, starting to bleed out, the poison lock) are
// here too. The tracker as a whole, and its rule text: novitas-conditions.ts.

import { LOCATION_WORDS } from '../model/ids';
import { packNumber } from '../packs/builtin';

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
export const BLEED_OUT_MINUTES = packNumber('novitas', 'bleed-out-minutes');
/** First aid "adds an additional 10 minutes (for a total of 20)". */
export const FIRST_AID_EXTRA_MINUTES = packNumber('novitas', 'first-aid-extra-minutes');
/** "If the Dead condition lasts for 2 convergences the condition can no longer be removed." */
export const CONVERGENCES_TO_PERMANENT_DEATH = packNumber('novitas', 'convergences-to-permanent-death');

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

export type Draft = {
  held: Set<Condition>;
  attached: Set<AttachableCondition>;
  bleeding: { minutes: number; firstAid: boolean } | null;
  convergencesDead: number;
  bodyPoints: { current: number; max: number };
  notes: string[];
};

export const LIMB_NAMES: Record<Limb, string> = LOCATION_WORDS;

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

export function run(s: ConditionState, change: (d: Draft) => void): Transition {
  const d = draft(s);
  change(d);
  return { state: freeze(d), notes: d.notes, refused: false };
}

export function refuse(s: ConditionState, note: string): Transition {
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

// ---- internal steps on a draft ----

export function becomeDead(d: Draft, why: string): void {
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

export function gainBleeding(d: Draft): void {
  if (d.held.has('bleeding-out')) return;
  d.held.add('bleeding-out');
  d.bleeding = { minutes: 0, firstAid: false };
  d.notes.push(`Bleeding Out: without healing the character dies after ${BLEED_OUT_MINUTES} minutes (${BLEED_OUT_MINUTES + FIRST_AID_EXTRA_MINUTES} with first aid).`);
}

export function poisonLock(s: ConditionState, what: string, c?: Condition): Transition | null {
  if (!has(s, 'poisoned')) return null;
  const attached = c !== undefined && (s.attachedToPoison as readonly Condition[]).includes(c);
  return refuse(
    s,
    attached
      ? `${what} came with the Poisoned condition and can only be removed by removing Poisoned.`
      : `The character is Poisoned: ${what} cannot be removed by any means until Poisoned is removed.`,
  );
}
