// Worked from rule text 000: casting needs "a free hand"; "Wounded arms do not count as free hands for
// the purposes of casting spells. A wounded arm may not pick up, manipulate or carry anything".
import { describe, expect, it } from 'vitest';
import { checkCastingHands, freeCastingHands } from './novitas-casting';
import { initialConditions, woundLimb, type ConditionState } from './novitas-conditions';

const healthy = initialConditions(3);
const leftArmWounded: ConditionState = woundLimb(healthy, 'left-arm', 'damage').state;
const bothArmsWounded: ConditionState = woundLimb(leftArmWounded, 'right-arm', 'damage').state;
const empty = { left: false, right: false };
const codes = (s: ConditionState, holding: { left: boolean; right: boolean }) => checkCastingHands(s, holding).map((v) => v.code);

describe('a free hand for casting', () => {
  it('a healthy character with empty hands has both free', () => {
    expect(freeCastingHands(healthy, empty)).toEqual(['left', 'right']);
    expect(codes(healthy, empty)).toEqual([]);
  });

  it('a sword in the right hand leaves the left free', () => {
    expect(freeCastingHands(healthy, { left: false, right: true })).toEqual(['left']);
    expect(codes(healthy, { left: false, right: true })).toEqual([]);
  });

  it('a wounded left arm and a sword in the right: no free hand, said in words', () => {
    // The only empty hand is on the wounded arm, which "do[es] not count as [a] free hand".
    expect(freeCastingHands(leftArmWounded, { left: false, right: true })).toEqual([]);
    const [v] = checkCastingHands(leftArmWounded, { left: false, right: true });
    expect(v).toMatchObject({ code: 'nov.cast.no-free-hand', severity: 'error' });
    expect(v!.message).toBe(
      'No free hand to cast with: the left arm is wounded and the right hand is full. Novitas: to cast a spell a character must "have a free hand", and "Wounded arms do not count as free hands for the purposes of casting spells".',
    );
  });

  it('a wounded left arm with the right hand empty: the right hand casts', () => {
    expect(freeCastingHands(leftArmWounded, empty)).toEqual(['right']);
    expect(codes(leftArmWounded, empty)).toEqual([]);
  });

  it('both arms wounded: no free hand even with nothing held', () => {
    expect(codes(bothArmsWounded, empty)).toEqual(['nov.cast.no-free-hand']);
    expect(checkCastingHands(bothArmsWounded, empty)[0]!.message).toMatch(/^No free hand to cast with: the left arm is wounded and the right arm is wounded\./);
  });

  it('a wounded arm still holding something must drop it', () => {
    expect(codes(leftArmWounded, { left: true, right: false })).toEqual(['nov.cast.wounded-arm-holding']);
    expect(checkCastingHands(leftArmWounded, { left: true, right: false })[0]!.message).toMatch(/^The left arm is wounded but its hand holds something: drop it/);
  });
});
