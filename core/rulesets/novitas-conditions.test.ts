import { describe, expect, it } from 'vitest';
import {
  bleedingMinutesLeft,
  bleedOut,
  die,
  has,
  healBodyPoints,
  initialConditions,
  isPermanentlyDead,
  label,
  mustKneel,
  passConvergence,
  passTime,
  poison,
  removeBleedingOut,
  removeLimbWound,
  removePoison,
  removeTorsoWound,
  revive,
  setFirstAid,
  takeDamage,
  woundLimb,
  woundTorso,
  type ConditionState,
  type Transition,
} from './novitas-conditions';

const fresh = () => initialConditions(5);
/** Runs transitions in order, each on the previous state. */
function chain(s: ConditionState, ...steps: ((s: ConditionState) => Transition)[]): ConditionState {
  return steps.reduce((state, step) => step(state).state, s);
}

describe('state', () => {
  it('starts healthy and is never mutated by a transition', () => {
    const s = fresh();
    expect(s.held).toEqual([]);
    expect(s.bodyPoints).toEqual({ current: 5, max: 5 });
    const t = woundTorso(s, 'damage');
    expect(s.held).toEqual([]);
    expect(Object.isFrozen(t.state)).toBe(true);
    expect(Object.isFrozen(t.state.held)).toBe(true);
  });

  it('refuses a nonsense body-point maximum', () => {
    expect(() => initialConditions(0)).toThrow(/at least 1/);
  });

  it('names conditions in plain words', () => {
    expect(label('left-arm-wound')).toBe('Left Arm Wound');
    expect(label('bleeding-out')).toBe('Bleeding Out');
  });
});

describe('Torso Wound', () => {
  it('brings Bleeding Out with it when first gained', () => {
    const t = woundTorso(fresh(), 'damage');
    expect(t.state.held).toEqual(['torso-wound', 'bleeding-out']);
    expect(t.state.bleeding).toEqual({ minutes: 0, firstAid: false });
  });

  it('is stable once Bleeding Out is removed, and any damage then still kills', () => {
    const stable = removeBleedingOut(woundTorso(fresh(), 'damage').state);
    expect(stable.state.held).toEqual(['torso-wound']);
    expect(stable.notes.join(' ')).toMatch(/stable/);
    const blow = takeDamage(stable.state, 1);
    expect(blow.state.held).toEqual(['torso-wound', 'dead']);
    expect(blow.notes.join(' ')).toMatch(/Killing blow/);
  });

  it('turns any damage into a killing blow: body damage, a limb hit or a torso hit', () => {
    const wounded = woundTorso(fresh(), 'damage').state;
    for (const t of [takeDamage(wounded, 1), woundLimb(wounded, 'left-arm', 'damage'), woundTorso(wounded, 'damage')]) {
      expect(has(t.state, 'dead')).toBe(true);
      // Gaining Dead drops Bleeding Out.
      expect(has(t.state, 'bleeding-out')).toBe(false);
      expect(has(t.state, 'left-arm-wound')).toBe(false);
    }
  });

  it('is not made worse by a redundant effect', () => {
    const wounded = woundTorso(fresh(), 'damage').state;
    const t = woundTorso(wounded, 'effect');
    expect(t.state.held).toEqual(['torso-wound', 'bleeding-out']);
    expect(t.notes.join(' ')).toMatch(/redundant/);
  });

  it('takes Bleeding Out with it when removed', () => {
    const t = removeTorsoWound(woundTorso(fresh(), 'damage').state);
    expect(t.state.held).toEqual([]);
    expect(t.state.bleeding).toBeNull();
  });

  it('comes from damage that takes the last body point', () => {
    // 5 body points: 3 damage leaves 2, 2 more leaves 0 -> Torso Wound and Bleeding Out.
    const a = takeDamage(fresh(), 3);
    expect(a.state.bodyPoints.current).toBe(2);
    expect(a.state.held).toEqual([]);
    const b = takeDamage(a.state, 2);
    expect(b.state.bodyPoints.current).toBe(0);
    expect(b.state.held).toEqual(['torso-wound', 'bleeding-out']);
  });
});

describe('Arm and Leg Wounds', () => {
  it('wounds each limb separately', () => {
    const s = chain(fresh(), (x) => woundLimb(x, 'left-arm', 'damage'), (x) => woundLimb(x, 'right-leg', 'damage'));
    expect(s.held).toEqual(['left-arm-wound', 'right-leg-wound']);
  });

  it('tells an arm-wounded character to drop what the arm holds', () => {
    expect(woundLimb(fresh(), 'right-arm', 'damage').notes.join(' ')).toMatch(/drop anything held/);
  });

  for (const limb of ['left-arm', 'right-leg'] as const) {
    it(`gives a Torso Wound instead when an already wounded ${limb} takes damage`, () => {
      const once = woundLimb(fresh(), limb, 'damage').state;
      const twice = woundLimb(once, limb, 'damage');
      expect(twice.state.held).toEqual(['torso-wound', 'bleeding-out', `${limb}-wound`]);
      expect(twice.notes.join(' ')).toMatch(/Torso Wound instead/);
    });

    it(`does nothing when an effect wounds an already wounded ${limb}`, () => {
      const once = woundLimb(fresh(), limb, 'damage').state;
      const t = woundLimb(once, limb, 'effect');
      expect(t.state).toEqual(once);
      expect(t.refused).toBe(false);
      expect(t.notes.join(' ')).toMatch(/nothing happens/);
    });
  }

  it('makes the character kneel with both legs wounded, and lets them stand when one heals', () => {
    const one = woundLimb(fresh(), 'left-leg', 'effect');
    expect(mustKneel(one.state)).toBe(false);
    const both = woundLimb(one.state, 'right-leg', 'damage');
    expect(mustKneel(both.state)).toBe(true);
    expect(both.notes.join(' ')).toMatch(/knees/);
    const healed = removeLimbWound(both.state, 'left-leg');
    expect(mustKneel(healed.state)).toBe(false);
    expect(healed.notes.join(' ')).toMatch(/stand up/);
  });

  it('refuses to heal a limb that is not wounded', () => {
    expect(removeLimbWound(fresh(), 'left-arm').refused).toBe(true);
  });
});

describe('Bleeding Out', () => {
  it('kills after 10 minutes without healing', () => {
    const s = woundTorso(fresh(), 'damage').state;
    const nine = passTime(s, 9);
    expect(has(nine.state, 'dead')).toBe(false);
    expect(bleedingMinutesLeft(nine.state)).toBe(1);
    const ten = passTime(nine.state, 1);
    expect(ten.state.held).toEqual(['torso-wound', 'dead']);
    expect(ten.notes.join(' ')).toMatch(/Bled out/);
  });

  it('lasts 20 minutes with first aid', () => {
    const s = chain(woundTorso(fresh(), 'damage').state, (x) => passTime(x, 8), (x) => setFirstAid(x, true));
    expect(bleedingMinutesLeft(s)).toBe(12);
    const nineteen = passTime(s, 11);
    expect(has(nineteen.state, 'dead')).toBe(false);
    expect(has(passTime(nineteen.state, 1).state, 'dead')).toBe(true);
  });

  it('kills at once when first aid stops during the additional 10 minutes', () => {
    const s = chain(woundTorso(fresh(), 'damage').state, (x) => setFirstAid(x, true), (x) => passTime(x, 12));
    const t = setFirstAid(s, false);
    expect(has(t.state, 'dead')).toBe(true);
    expect(t.notes.join(' ')).toMatch(/immediately/);
  });

  it('returns to the 10-minute limit when first aid stops early', () => {
    const s = chain(woundTorso(fresh(), 'damage').state, (x) => setFirstAid(x, true), (x) => passTime(x, 4), (x) => setFirstAid(x, false));
    expect(has(s, 'dead')).toBe(false);
    expect(bleedingMinutesLeft(s)).toBe(6);
  });

  it('is removed on its own by a stabilising cure', () => {
    const s = bleedOut(fresh()).state;
    expect(s.held).toEqual(['bleeding-out']);
    expect(removeBleedingOut(s).state.held).toEqual([]);
  });

  it('refuses first aid for someone not bleeding', () => {
    expect(setFirstAid(fresh(), true).refused).toBe(true);
  });
});

describe('Dead', () => {
  it('drops Bleeding Out when gained', () => {
    const t = die(bleedOut(fresh()).state);
    expect(t.state.held).toEqual(['dead']);
    expect(t.state.bleeding).toBeNull();
  });

  it('is removed by Revive', () => {
    const t = revive(die(fresh()).state);
    expect(t.state.held).toEqual([]);
  });

  it('becomes permanent after 2 convergences', () => {
    const one = passConvergence(die(fresh()).state).state;
    expect(isPermanentlyDead(one)).toBe(false);
    expect(revive(one).refused).toBe(false);
    const two = passConvergence(one).state;
    expect(isPermanentlyDead(two)).toBe(true);
    const t = revive(two);
    expect(t.refused).toBe(true);
    expect(t.state).toBe(two);
    expect(t.notes.join(' ')).toMatch(/permanently dead/);
  });

  it('gains nothing more from wounds', () => {
    const dead = die(fresh()).state;
    expect(woundLimb(dead, 'left-arm', 'damage').state.held).toEqual(['dead']);
  });
});

describe('Poisoned', () => {
  it('stops body points healing until removed', () => {
    const hurt = takeDamage(fresh(), 2).state;
    const poisoned = poison(hurt).state;
    const refused = healBodyPoints(poisoned, 1);
    expect(refused.refused).toBe(true);
    expect(refused.state.bodyPoints.current).toBe(3);
    expect(refused.notes.join(' ')).toMatch(/Poisoned/);
    const cured = removePoison(poisoned).state;
    expect(healBodyPoints(cured, 1).state.bodyPoints.current).toBe(4);
  });

  it('stops wounds, Bleeding Out and Dead being removed by any means', () => {
    const wounded = chain(fresh(), (x) => woundLimb(x, 'left-arm', 'damage'), (x) => woundLimb(x, 'right-leg', 'damage'), (x) => woundTorso(x, 'damage'));
    const poisoned = poison(wounded).state;
    for (const t of [removeLimbWound(poisoned, 'left-arm'), removeLimbWound(poisoned, 'right-leg'), removeTorsoWound(poisoned), removeBleedingOut(poisoned)]) {
      expect(t.refused).toBe(true);
      expect(t.state).toBe(poisoned);
      expect(t.notes.join(' ')).toMatch(/Poisoned/);
    }
    const dead = poison(die(fresh()).state).state;
    expect(revive(dead).refused).toBe(true);
    // Once Poisoned is removed, the same cures work.
    const cured = removePoison(poisoned).state;
    expect(cured.held).toEqual(['torso-wound', 'bleeding-out', 'left-arm-wound', 'right-leg-wound']);
    expect(removeLimbWound(cured, 'left-arm').state.held).toEqual(['torso-wound', 'bleeding-out', 'right-leg-wound']);
    expect(revive(removePoison(dead).state).state.held).toEqual([]);
  });

  it('still lets the character be wounded and bleed to death', () => {
    const s = poison(fresh()).state;
    const t = chain(s, (x) => woundTorso(x, 'damage'), (x) => passTime(x, 10));
    expect(t.held).toEqual(['poisoned', 'torso-wound', 'dead']);
  });

  it('removes the conditions applied by the same call when it is removed', () => {
    const t = poison(fresh(), ['left-arm-wound', 'torso-wound']);
    expect(t.state.held).toEqual(['poisoned', 'torso-wound', 'bleeding-out', 'left-arm-wound']);
    expect(t.state.attachedToPoison).toEqual(['torso-wound', 'bleeding-out', 'left-arm-wound']);
    const cured = removePoison(t.state);
    expect(cured.state.held).toEqual([]);
    expect(cured.state.attachedToPoison).toEqual([]);
  });

  it('lets attached conditions be removed only by removing Poisoned', () => {
    const s = poison(fresh(), ['right-arm-wound']).state;
    const t = removeLimbWound(s, 'right-arm');
    expect(t.refused).toBe(true);
    expect(t.notes.join(' ')).toMatch(/came with the Poisoned condition/);
  });

  it('does not attach a condition the character already had', () => {
    // The arm was wounded before; the poison call's arm wound is redundant, so it stays after the cure.
    const s = woundLimb(fresh(), 'left-arm', 'damage').state;
    const p = poison(s, ['left-arm-wound']).state;
    expect(p.attachedToPoison).toEqual([]);
    expect(poison(s, ['left-arm-wound']).notes.join(' ')).not.toMatch(/can only be removed by removing Poisoned/);
    expect(poison(fresh(), ['left-arm-wound']).notes.join(' ')).toMatch(/can only be removed by removing Poisoned/);
    expect(removePoison(p).state.held).toEqual(['left-arm-wound']);
  });

  it('keeps the first call attachments when poisoned again', () => {
    const s = chain(fresh(), (x) => poison(x, ['left-leg-wound']), (x) => poison(x, ['right-leg-wound']));
    expect(s.attachedToPoison).toEqual(['left-leg-wound', 'right-leg-wound']);
    expect(mustKneel(s)).toBe(true);
    expect(removePoison(s).state.held).toEqual([]);
  });

  it('refuses to remove Poisoned when not poisoned', () => {
    expect(removePoison(fresh()).refused).toBe(true);
  });
});

