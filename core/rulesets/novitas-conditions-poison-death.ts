// Novitas conditions: Poisoned (and the conditions that come with it), Dead, revival and permanent
// death. The tracker as a whole, and its rule text: novitas-conditions.ts.

import { CONVERGENCES_TO_PERMANENT_DEATH, becomeDead, has, isPermanentlyDead, label, poisonLock, refuse, run, type AttachableCondition, type ConditionState, type Transition } from './novitas-conditions-state';
import { gainAttachable } from './novitas-conditions-wounds';

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

