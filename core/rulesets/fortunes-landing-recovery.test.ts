// Expected values worked out by hand from rules text 001 ("Healing", "Advanced Healing", "Wake Up").
import { describe, expect, it } from 'vitest';
import { FL_HEALING_DEFAULTS } from './fortunes-landing-healing';
import { FL_NO_RECOVERY, heal, isAwake, passRecoveryTime } from './fortunes-landing-recovery';
import { applyWound, summary, unwounded, type FlWoundLocation, type WoundsState } from './fortunes-landing-wounds';

const wounds = (...locations: FlWoundLocation[]): WoundsState => locations.reduce(applyWound, unwounded());
const plain = { rapidHealing: false };
const rapid = { rapidHealing: true };

describe('heal', () => {
  it('Healing Ways on a Torso Wound: stabilized, wakes in 60 minutes, no healing course without Rapid Healing', () => {
    const r = heal(wounds('torso'), FL_NO_RECOVERY, { kind: 'healing-ways', healersTouch: false }, plain);
    expect(r.wounds.treated).toBe(true);
    expect(summary(r.wounds).deadInMinutes).toBeNull();
    expect(r.recovery).toEqual({ course: null, wake: { by: 'healing-ways', minutesLeft: 60 } });
  });

  it('Healing Ways with Rapid Healing: wakes at once, all Wounds healed in one hour', () => {
    const r = heal(wounds('torso'), FL_NO_RECOVERY, { kind: 'healing-ways', healersTouch: false }, rapid);
    expect(r.recovery.wake).toEqual({ by: 'healing-ways', minutesLeft: 0 });
    expect(r.recovery.course?.minutesLeft).toBe(60);
    expect(isAwake(r.wounds, r.recovery)).toBe(true);
  });

  it('Chirurgery before Healing Ways is refused', () => {
    const r = heal(wounds('left-arm'), FL_NO_RECOVERY, { kind: 'chirurgery', healersTouch: false }, plain);
    expect(r.refused).toBe(true);
    expect(r.notes[0]).toMatch(/must first have been successfully treated with Healing Ways/);
  });

  it("Healing Ways, Accelerate Healing, then Chirurgery with Healer's Touch on a Rapid Healer: 7.5 minutes", () => {
    // Three methods quarter the hour (15), Healer's Touch halves it again: 60 / 8 = 7.5.
    let w = wounds('torso', 'left-leg');
    let rec = FL_NO_RECOVERY;
    for (const action of [{ kind: 'healing-ways', healersTouch: false }, { kind: 'accelerate-healing' }, { kind: 'chirurgery', healersTouch: true }] as const) {
      const r = heal(w, rec, action, rapid);
      expect(r.refused).toBe(false);
      w = r.wounds;
      rec = r.recovery;
    }
    expect(rec.course).toEqual({ methods: ['accelerate-healing', 'chirurgery', 'rapid-healing'], healersTouch: true, elapsed: 0, minutesLeft: 7.5 });
    // 7 minutes later 0.5 are left; one more minute and every Wound is healed.
    const later = passRecoveryTime(w, rec, 7);
    expect(later.recovery.course?.minutesLeft).toBe(0.5);
    expect(passRecoveryTime(later.wounds, later.recovery, 1)).toMatchObject({ wounds: unwounded(), recovery: FL_NO_RECOVERY });
  });

  it('Accelerate Healing alone: stabilized, awake at once, healed in one hour', () => {
    const r = heal(wounds('torso'), FL_NO_RECOVERY, { kind: 'accelerate-healing' }, plain);
    expect(r.wounds.treated).toBe(true);
    expect(r.recovery).toEqual({ course: { methods: ['accelerate-healing'], healersTouch: false, elapsed: 0, minutesLeft: 60 }, wake: { by: 'accelerate-healing', minutesLeft: 0 } });
  });

  it('Stabilize then 60 minutes: awake; the Wounds remain (no healing course)', () => {
    const s = heal(wounds('torso'), FL_NO_RECOVERY, { kind: 'stabilize' }, plain);
    const later = passRecoveryTime(s.wounds, s.recovery, 60);
    expect(later.recovery.wake).toEqual({ by: 'stabilize', minutesLeft: 0 });
    expect(later.wounds.torso).toBe(true);
    expect(isAwake(later.wounds, later.recovery)).toBe(true);
  });

  it('Cure Light Wounds on three Limb Wounds: one healed, wakes immediately', () => {
    const r = heal(wounds('left-arm', 'right-arm', 'left-leg'), FL_NO_RECOVERY, { kind: 'cure-light-wounds', limb: 'left-arm' }, plain);
    expect(r.wounds.limbs['left-arm']).toBe(false);
    expect(r.recovery.wake).toEqual({ by: 'cure-light-wounds', minutesLeft: 0 });
  });

  it('Cure Light Wounds on a Torso Wound, the "stabilized" reading: wakes in 60', () => {
    const options = { ...FL_HEALING_DEFAULTS, cureLightTorsoWake: 'stabilized' as const };
    const r = heal(wounds('torso', 'left-arm'), FL_NO_RECOVERY, { kind: 'cure-light-wounds', limb: 'left-arm' }, plain, options);
    expect(r.wounds).toMatchObject({ torso: true, treated: true });
    expect(r.recovery.wake).toEqual({ by: 'cure-light-wounds', minutesLeft: 60 });
  });

  it('the sooner wake wins: Healing Ways (60) then Chirurgery (now)', () => {
    const a = heal(wounds('torso'), FL_NO_RECOVERY, { kind: 'healing-ways', healersTouch: false }, plain);
    const b = heal(a.wounds, a.recovery, { kind: 'chirurgery', healersTouch: false }, plain);
    expect(b.recovery.wake).toEqual({ by: 'chirurgery', minutesLeft: 0 });
    expect(b.recovery.course?.minutesLeft).toBe(60);
  });

  it('Cure Serious Wounds on the last Wounds clears everything', () => {
    const r = heal(wounds('torso', 'right-leg'), FL_NO_RECOVERY, { kind: 'cure-serious-wounds' }, plain);
    expect(r).toMatchObject({ wounds: unwounded(), recovery: FL_NO_RECOVERY, refused: false });
  });

  it('nothing to heal is refused', () => {
    expect(heal(unwounded(), FL_NO_RECOVERY, { kind: 'stabilize' }, plain).refused).toBe(true);
  });
});
