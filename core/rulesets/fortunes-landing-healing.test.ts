// Expected values worked out by hand from rules text 001 ("Healing", "Advanced Healing", "Combined
// Effects", "Wake Up"). Each of the three methods alone heals "in one hour" (60 minutes); "If two of
// these methods are combined the healing time is halved. If all three are combined this time is
// quartered. If the Chirurgen is also skilled in Healer's Touch, the total time will be cut in half
// again."
import { describe, expect, it } from 'vitest';
import {
  addMethod,
  cureLightWounds,
  cureSeriousWounds,
  FL_HEALING_DEFAULTS,
  healingFactor,
  naturalHealingWeeks,
  passHealingTime,
  stabilize,
  wakeUpMinutes,
  type FlHealingMethod,
  type FlWakeHealing,
} from './fortunes-landing-healing';
import { applyWound, unwounded, type FlWoundLocation, type WoundsState } from './fortunes-landing-wounds';

const wounds = (...locations: FlWoundLocation[]): WoundsState => locations.reduce(applyWound, unwounded());
const course = (methods: FlHealingMethod[], healersTouch = false) => methods.reduce<ReturnType<typeof addMethod> | null>((c, m) => addMethod(c, m, healersTouch), null)!;

describe('healing-time multipliers', () => {
  it('one method: one hour', () => {
    // Chirurgery "all Wounds are healed after one hour"; Rapid Healing "recovers from all Wounds in
    // one hour"; Accelerate Healing "causes them to be healed in one hour".
    for (const m of ['chirurgery', 'rapid-healing', 'accelerate-healing'] as const) expect(course([m]).minutesLeft).toBe(60);
  });

  it('two methods halve it: 60 / 2 = 30 minutes', () => {
    // "If Chirurgery or Accelerate Healing is used on a character with Rapid Healing, the remaining healing time is cut in half."
    expect(course(['rapid-healing', 'chirurgery']).minutesLeft).toBe(30);
    expect(course(['rapid-healing', 'accelerate-healing']).minutesLeft).toBe(30);
    // Accelerate Healing: "If combined with Rapid Healing or Chirurgery, the remaining healing time is halved."
    expect(course(['accelerate-healing', 'chirurgery']).minutesLeft).toBe(30);
  });

  it('three methods quarter it: 60 / 4 = 15 minutes', () => {
    expect(course(['accelerate-healing', 'chirurgery', 'rapid-healing']).minutesLeft).toBe(15);
  });

  it("Healer's Touch with Chirurgery halves again, down to 1/8: 60, 30, 15, 7.5 minutes", () => {
    // Healer's Touch "cuts the recovery time for the patient of ... Chirurgery ... in half": 60 / 2 = 30.
    expect(course(['chirurgery'], true).minutesLeft).toBe(30);
    // "If ... Chirurgery and Healer's Touch are used healing time is quartered" (Rapid Healing): 60 / 4 = 15.
    expect(course(['rapid-healing', 'chirurgery'], true).minutesLeft).toBe(15);
    // "If Accelerated Healing, Chirurgery, and Healer's Touch are used, healing time is dropped to 1/8 of the total": 60 / 8 = 7.5.
    expect(course(['accelerate-healing', 'chirurgery', 'rapid-healing'], true).minutesLeft).toBe(7.5);
    expect(healingFactor(['accelerate-healing', 'chirurgery', 'rapid-healing'], true)).toBe(1 / 8);
  });

  it("Healer's Touch without Chirurgery changes nothing in a course (default reading)", () => {
    expect(healingFactor(['rapid-healing', 'accelerate-healing'], true)).toBe(1 / 2);
    // With the other reading, Healing Ways by its owner halves Rapid Healing's hour: 60 / 2 = 30.
    expect(addMethod(null, 'rapid-healing', true, { ...FL_HEALING_DEFAULTS, healersTouchWithHealingWays: true }).minutesLeft).toBe(30);
  });

  it('the same method twice counts once', () => {
    expect(healingFactor(['chirurgery', 'chirurgery'], false)).toBe(1);
  });

  it('a method added later: "total" counts from the start, "remaining" halves what is left', () => {
    // Rapid Healing after Healing Ways at minute 0 (60 minutes); Chirurgery done at minute 20.
    const started = passHealingTime(addMethod(null, 'rapid-healing', false), 20);
    expect(started.minutesLeft).toBe(40);
    // total: two methods take 60 / 2 = 30 from the start; 20 have passed, so 10 are left.
    expect(addMethod(started, 'chirurgery', false).minutesLeft).toBe(10);
    // remaining: "the remaining healing time is cut in half": 40 / 2 = 20.
    expect(addMethod(started, 'chirurgery', false, { ...FL_HEALING_DEFAULTS, combine: 'remaining' }).minutesLeft).toBe(20);
    // total, added after the combined time is already over (minute 40 > 30): healed at once.
    expect(addMethod(passHealingTime(addMethod(null, 'rapid-healing', false), 40), 'chirurgery', false).minutesLeft).toBe(0);
  });

  it('natural healing: 2 to 6 weeks, half with daily dressing, half again with Healer\'s Touch', () => {
    expect(naturalHealingWeeks({ dressedDaily: false, healersTouch: false })).toEqual({ min: 2, max: 6 });
    expect(naturalHealingWeeks({ dressedDaily: true, healersTouch: false })).toEqual({ min: 1, max: 3 });
    expect(naturalHealingWeeks({ dressedDaily: true, healersTouch: true })).toEqual({ min: 0.5, max: 1.5 });
  });
});

describe('Wake Up chart', () => {
  const plain = { rapidHealing: false, torsoWound: false };
  const rapid = { rapidHealing: true, torsoWound: false };
  it('every row, without and with Rapid Healing (minutes; 0 = immediately)', () => {
    // None 24 Hours = 1440; Healing Ways and Stabilize "1 hour (or immediately with Rapid Healing)";
    // the rest "Immediately".
    const rows: [FlWakeHealing, number, number][] = [
      ['none', 1440, 1440],
      ['healing-ways', 60, 0],
      ['stabilize', 60, 0],
      ['chirurgery', 0, 0],
      ['accelerate-healing', 0, 0],
      ['cure-light-wounds', 0, 0],
      ['cure-serious-wounds', 0, 0],
    ];
    for (const [by, without, withRapid] of rows) {
      expect([by, wakeUpMinutes(by, plain)]).toEqual([by, without]);
      expect([by, wakeUpMinutes(by, rapid)]).toEqual([by, withRapid]);
    }
  });

  it('Cure Light Wounds on a Torso Wound: the chart says immediately; the spell text says as if stabilized (60)', () => {
    expect(wakeUpMinutes('cure-light-wounds', { rapidHealing: false, torsoWound: true })).toBe(0);
    const text = { ...FL_HEALING_DEFAULTS, cureLightTorsoWake: 'stabilized' as const };
    expect(wakeUpMinutes('cure-light-wounds', { rapidHealing: false, torsoWound: true }, text)).toBe(60);
    expect(wakeUpMinutes('cure-light-wounds', { rapidHealing: true, torsoWound: true }, text)).toBe(0);
  });
});

describe('spells and potions', () => {
  it('Stabilize treats all Wounds as Healing Ways does', () => {
    expect(stabilize(wounds('torso', 'left-arm')).treated).toBe(true);
  });

  it('Cure Light Wounds heals one limb Wound, not the torso, and stabilizes a torso-wounded character', () => {
    const r = cureLightWounds(wounds('left-arm', 'right-leg', 'torso'), 'left-arm');
    expect(r.healed).toEqual(['left-arm']);
    expect(r.state).toEqual({ limbs: { 'left-arm': false, 'right-arm': false, 'left-leg': false, 'right-leg': true }, torso: true, treated: true });
  });

  it('Cure Light Wounds on an unwounded limb of a character with only limb Wounds is refused', () => {
    const r = cureLightWounds(wounds('left-arm'), 'right-arm');
    expect(r.refused).toMatch(/right arm has no Wound/);
    expect(r.state).toEqual(wounds('left-arm'));
  });

  it('Cure Serious Wounds heals up to three Wounds: torso first by default', () => {
    const r = cureSeriousWounds(wounds('left-arm', 'right-arm', 'left-leg', 'torso'));
    expect(r.healed).toEqual(['torso', 'left-arm', 'right-arm']);
    expect(r.state.limbs).toEqual({ 'left-arm': false, 'right-arm': false, 'left-leg': true, 'right-leg': false });
    expect(r.state.torso).toBe(false);
  });

  it('Cure Serious Wounds refuses four picks and picks with no Wound', () => {
    const state = wounds('left-arm', 'right-arm', 'left-leg', 'right-leg');
    expect(cureSeriousWounds(state, ['left-arm', 'right-arm', 'left-leg', 'right-leg']).refused).toMatch(/up to three/);
    expect(cureSeriousWounds(state, ['torso']).refused).toMatch(/No Wound to heal on the torso/);
  });

  it('healing the last Wound leaves the character unwounded (untreated)', () => {
    expect(cureSeriousWounds(wounds('torso')).state).toEqual(unwounded());
  });
});
