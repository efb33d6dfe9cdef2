import { describe, expect, it } from 'vitest';
import {
  FL_SHIELD_HITS_TO_DESTROY,
  FL_SHIELD_HITS_TO_DESTROY_GROUNDED,
  FL_STRIKES_PER_COMBAT,
  applyWound,
  breakOpen,
  shieldHitsToDestroy,
  summary,
  treat,
  unwounded,
  type FlWoundLocation,
  type WoundsState,
} from './fortunes-landing-wounds';

const wounds = (...locations: FlWoundLocation[]): WoundsState => locations.reduce(applyWound, unwounded());

describe('The Wounds You Take', () => {
  it('unwounded: no effects', () => {
    expect(summary(unwounded())).toEqual({
      limbWounds: 0,
      torsoWound: false,
      uselessLimbs: [],
      unconscious: 'no',
      unconsciousInMinutes: null,
      deadInMinutes: null,
      bleeding: false,
      effects: [],
    });
  });

  it('one Limb Wound: the limb is useless, nothing more', () => {
    const s = summary(wounds('left-arm'));
    expect(s).toMatchObject({ limbWounds: 1, uselessLimbs: ['left-arm'], unconscious: 'no', deadInMinutes: null, bleeding: false });
    expect(s.effects).toHaveLength(1);
    expect(s.effects[0]).toMatch(/^Left arm useless/);
  });

  it('a leg wound: hop three times then kneel', () => {
    expect(summary(wounds('right-leg')).effects[0]).toMatch(/^Right leg useless: hop at most three times/);
  });

  it('a second blow to a wounded arm is a Torso Wound: unconscious now, dead in 5', () => {
    const state = wounds('right-arm', 'right-arm');
    expect(state.torso).toBe(true);
    expect(summary(state)).toMatchObject({ limbWounds: 1, torsoWound: true, unconscious: 'now', unconsciousInMinutes: 0, deadInMinutes: 5, bleeding: true });
  });

  it('a second blow to a wounded leg is not a Torso Wound', () => {
    const state = wounds('left-leg', 'left-leg');
    expect(state.torso).toBe(false);
    expect(summary(state)).toMatchObject({ limbWounds: 1, unconscious: 'no', deadInMinutes: null });
  });

  it('two Limb Wounds: unconscious in 10 minutes, dead 5 minutes later (15)', () => {
    expect(summary(wounds('left-arm', 'right-leg'))).toMatchObject({
      limbWounds: 2,
      unconscious: 'later',
      unconsciousInMinutes: 10,
      deadInMinutes: 15,
      bleeding: true,
    });
  });

  it('three Limb Wounds: unconscious now, dead in 5', () => {
    expect(summary(wounds('left-arm', 'right-leg', 'left-leg'))).toMatchObject({
      limbWounds: 3,
      unconscious: 'now',
      unconsciousInMinutes: 0,
      deadInMinutes: 5,
    });
  });

  it('four Limb Wounds count as three or more', () => {
    expect(summary(wounds('left-arm', 'right-arm', 'left-leg', 'right-leg'))).toMatchObject({ limbWounds: 4, unconscious: 'now', deadInMinutes: 5 });
  });

  it('a Torso Wound: unconscious now, dead in 5', () => {
    expect(summary(wounds('torso'))).toMatchObject({ limbWounds: 0, torsoWound: true, unconscious: 'now', deadInMinutes: 5, bleeding: true });
  });

  it('a Torso Wound with two Limb Wounds: the worse row applies', () => {
    expect(summary(wounds('left-arm', 'left-leg', 'torso'))).toMatchObject({ unconscious: 'now', deadInMinutes: 5 });
  });
});

describe('treatment (Healing Ways)', () => {
  it('two tended Limb Wounds: no unconsciousness, no bleeding', () => {
    expect(summary(treat(wounds('left-arm', 'right-leg')))).toMatchObject({
      limbWounds: 2,
      unconscious: 'no',
      unconsciousInMinutes: null,
      deadInMinutes: null,
      bleeding: false,
    });
  });

  it('a treated Torso Wound: still unconscious, not bleeding to death, recuperating', () => {
    const s = summary(treat(wounds('torso')));
    expect(s).toMatchObject({ unconscious: 'now', deadInMinutes: null, bleeding: false });
    expect(s.effects.join(' ')).toMatch(/Wakes 1 hour after Healing Ways/);
    expect(s.effects.join(' ')).toMatch(/Recuperating from a Torso Wound/);
  });

  it('a new Wound after treatment bleeds again', () => {
    const state = applyWound(treat(wounds('left-arm')), 'left-leg');
    expect(state.treated).toBe(false);
    expect(summary(state)).toMatchObject({ limbWounds: 2, deadInMinutes: 15, bleeding: true });
  });

  it('broken-open Wounds bleed again', () => {
    expect(summary(breakOpen(treat(wounds('torso'))))).toMatchObject({ deadInMinutes: 5, bleeding: true });
  });

  it('does not change the state it was given', () => {
    const state = wounds('left-arm');
    applyWound(state, 'left-arm');
    treat(state);
    expect(state).toEqual({ limbs: { 'left-arm': true, 'right-arm': false, 'left-leg': false, 'right-leg': false }, torso: false, treated: false });
  });

  it('refuses a location that is not an area', () => {
    expect(() => applyWound(unwounded(), 'head' as FlWoundLocation)).toThrow(/unknown wound location "head"/);
  });
});

describe('combat constants', () => {
  it('3 Strikes per combat; a shield takes 6 consecutive hits, 3 when the bearer has an injured leg and is grounded', () => {
    expect(FL_STRIKES_PER_COMBAT).toBe(3);
    expect([FL_SHIELD_HITS_TO_DESTROY, FL_SHIELD_HITS_TO_DESTROY_GROUNDED]).toEqual([6, 3]);
    expect(shieldHitsToDestroy({ injuredLegAndGrounded: false })).toBe(6);
    expect(shieldHitsToDestroy({ injuredLegAndGrounded: true })).toBe(3);
  });
});
