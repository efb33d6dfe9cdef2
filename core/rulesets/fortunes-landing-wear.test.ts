import { describe, expect, it } from 'vitest';
import { currentThreshold, freshArmour, readjust, takeBlow } from './fortunes-landing-wear';

describe("the text's Dimitri example (light chain, 3 points)", () => {
  it('Strike 3: no Wound, rating 3 -> 2; then Strike 4: Wound, rating 2 -> 1', () => {
    const first = takeBlow(freshArmour(3), 3);
    expect(first).toEqual({ state: { full: 3, current: 2, breached: false }, wound: false, stoppedByThreshold: false });
    const second = takeBlow(first.state, 4);
    expect(second).toEqual({ state: { full: 3, current: 1, breached: false }, wound: true, stoppedByThreshold: false });
  });
});

describe('Threshold (rating 5 or more)', () => {
  it('a 1-damage blow on plate has no effect at all', () => {
    const plate = freshArmour(5);
    expect(currentThreshold(plate)).toBe(1);
    expect(takeBlow(plate, 1)).toEqual({ state: plate, wound: false, stoppedByThreshold: true });
  });

  it('is lost once a hit of more than one damage takes the rating below 5; then 1-damage blows count', () => {
    // plate 5, blow of 2: 2 <= 5 no Wound, rating 4 -> Threshold gone
    const hit = takeBlow(freshArmour(5), 2);
    expect(hit.state.current).toBe(4);
    expect(hit.wound).toBe(false);
    expect(currentThreshold(hit.state)).toBe(0);
    // now a 1-damage blow: no Wound (1 <= 4) but the rating drops to 3
    const next = takeBlow(hit.state, 1);
    expect(next).toEqual({ state: { full: 5, current: 3, breached: false }, wound: false, stoppedByThreshold: false });
  });

  it('comes back when readjusting restores the full 5', () => {
    const worn = takeBlow(freshArmour(5), 3).state;
    expect(currentThreshold(readjust(worn))).toBe(1);
  });

  it('a Strike 6 gets through plate and reduces it to 4', () => {
    expect(takeBlow(freshArmour(5), 6)).toEqual({ state: { full: 5, current: 4, breached: false }, wound: true, stoppedByThreshold: false });
  });
});

describe('breach and readjusting', () => {
  it('readjusting unbreached armour restores its full value', () => {
    let state = freshArmour(3);
    state = takeBlow(state, 1).state;
    state = takeBlow(state, 1).state; // 3 -> 1
    expect(readjust(state)).toEqual({ full: 3, current: 3, breached: false });
  });

  it('reaching 0 breaches the armour and takes one point off its full value for good', () => {
    // heavy chain 4, four hits of 1: 4 -> 3 -> 2 -> 1 -> 0, none gets through
    let state = freshArmour(4);
    for (let i = 0; i < 4; i++) {
      const r = takeBlow(state, 1);
      expect(r.wound).toBe(false);
      state = r.state;
    }
    expect(state).toEqual({ full: 3, current: 0, breached: true });
    // breached: every blow gets through; the rating stays 0 and the loss is not taken twice
    const after = takeBlow(state, 1);
    expect(after).toEqual({ state: { full: 3, current: 0, breached: true }, wound: true, stoppedByThreshold: false });
    expect(readjust(after.state)).toEqual({ full: 3, current: 3, breached: false });
  });

  it('light leather (1) breaches on its first hit and is worth 0 after', () => {
    const r = takeBlow(freshArmour(1), 1); // 1 <= 1: no Wound, rating 0: breached
    expect(r).toEqual({ state: { full: 0, current: 0, breached: true }, wound: false, stoppedByThreshold: false });
    expect(readjust(r.state).current).toBe(0);
  });

  it('breaching plate loses Threshold until readjusted, and then it is 4: no Threshold', () => {
    let state = freshArmour(5);
    for (const dmg of [2, 2, 2, 2, 2]) state = takeBlow(state, dmg).state; // 5 4 3 2 1 0
    expect(state).toEqual({ full: 4, current: 0, breached: true });
    expect(currentThreshold(readjust(state))).toBe(0);
  });

  it('does not change the state it was given', () => {
    const state = freshArmour(3);
    takeBlow(state, 4);
    readjust(state);
    expect(state).toEqual({ full: 3, current: 3, breached: false });
  });

  it('refuses damage that is not a whole number of at least 1, and a bad rating', () => {
    expect(() => takeBlow(freshArmour(3), 0)).toThrow(/blow damage/);
    expect(() => takeBlow(freshArmour(3), 1.5)).toThrow(/blow damage/);
    expect(() => freshArmour(-1)).toThrow(/armour rating/);
  });
});
