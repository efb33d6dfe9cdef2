import { describe, expect, it } from 'vitest';
import { cardsThatCanCast, expandSpellCards } from './curious-pastimes-spells';

const celestial1 = { sphere: 'Celestial', rank: 1, day: 'Saturday' };
const celestial2 = { sphere: 'Celestial', rank: 2, day: 'Saturday' };
const celestial3 = { sphere: 'Celestial', rank: 3, day: 'Saturday' };
const corporeal2 = { sphere: 'Corporeal', rank: 2, day: 'Saturday' };
const celestial2Sunday = { sphere: 'Celestial', rank: 2, day: 'Sunday' };
const hand = [celestial3, celestial2, corporeal2, celestial2Sunday, celestial1];

describe('cardsThatCanCast', () => {
  it('a Rank 1 spell: the Rank 1 card first, then a Rank 2 card of the same Sphere and Day', () => {
    expect(cardsThatCanCast(hand, { sphere: 'Celestial', rank: 1, day: 'Saturday' })).toEqual([celestial1, celestial2]);
  });

  it('a Rank 2 spell: only Rank 2 cards ("but not vice versa")', () => {
    expect(cardsThatCanCast(hand, { sphere: 'Celestial', rank: 2, day: 'Saturday' })).toEqual([celestial2]);
  });

  it('literal reading: a Rank 3 card does not replace Rank 1 or 2', () => {
    expect(cardsThatCanCast([celestial3], { sphere: 'Celestial', rank: 1, day: 'Saturday' })).toEqual([]);
    expect(cardsThatCanCast([celestial3], { sphere: 'Celestial', rank: 2, day: 'Saturday' })).toEqual([]);
  });

  it('with higherRanksReplaceLower, any higher Rank of the same Sphere and Day stands in, lowest first', () => {
    const opts = { higherRanksReplaceLower: true };
    expect(cardsThatCanCast(hand, { sphere: 'Celestial', rank: 1, day: 'Saturday' }, opts)).toEqual([celestial1, celestial2, celestial3]);
    expect(cardsThatCanCast(hand, { sphere: 'Celestial', rank: 2, day: 'Saturday' }, opts)).toEqual([celestial2, celestial3]);
    expect(cardsThatCanCast(hand, { sphere: 'Celestial', rank: 3, day: 'Saturday' }, opts)).toEqual([celestial3]);
  });

  it('never another Sphere or Day', () => {
    expect(cardsThatCanCast(hand, { sphere: 'Corporeal', rank: 1, day: 'Sunday' })).toEqual([]);
    expect(cardsThatCanCast(hand, { sphere: 'Celestial', rank: 2, day: 'Sunday' })).toEqual([celestial2Sunday]);
  });

  it('matches names ignoring case and surrounding spaces', () => {
    expect(cardsThatCanCast(hand, { sphere: ' celestial', rank: 2, day: 'SATURDAY ' })).toEqual([celestial2]);
  });
});

describe('expandSpellCards', () => {
  it('gives one card per count', () => {
    expect(expandSpellCards([{ ...celestial1, count: 3 }, { ...corporeal2, count: 0 }])).toEqual([celestial1, celestial1, celestial1]);
  });
});
