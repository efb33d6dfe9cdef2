// Novitas conditions for the sheet's condition tracker: Poisoned, Torso Wound, Bleeding Out, Arm and
// Leg Wounds (per limb) and Dead, and how they interact. Rule text: 000_a5f49d01f90df1a9.txt.
// Pure and immutable: every transition takes a state and returns a new frozen one, with plain-words
// notes of what happened or why it was refused. Time is injected (`passTime`, `passConvergence`).
// Readings chosen where the text is silent are in docs/rulesets/novitas.md.

// The tracker is split by area: the state and its readings (novitas-conditions-state.ts); wounds,
// damage, healing and Bleeding Out (novitas-conditions-wounds.ts); Poisoned, Dead and revival
// (novitas-conditions-poison-death.ts). This module is the one to import.

export { BLEED_OUT_MINUTES, CONDITIONS, CONVERGENCES_TO_PERMANENT_DEATH, FIRST_AID_EXTRA_MINUTES, LIMBS, bleedingMinutesLeft, has, initialConditions, isPermanentlyDead, label, mustKneel, type AttachableCondition, type Cause, type Condition, type ConditionState, type Limb, type LimbWound, type Transition } from './novitas-conditions-state';
export { bleedOut, healBodyPoints, passTime, removeBleedingOut, removeLimbWound, removeTorsoWound, setFirstAid, takeDamage, woundLimb, woundTorso } from './novitas-conditions-wounds';
export { die, passConvergence, poison, removePoison, revive } from './novitas-conditions-poison-death';

