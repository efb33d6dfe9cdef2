// Worked from rule text 002: "One point is deducted from your starting total each time you die and
// create a new character at an event. For the next event you may generate a 20 point character.
// After a Renewal event, you may keep a lower starting point character and claim a veteran pick."
import { describe, expect, it } from 'vitest';
import { startingPoints } from './curious-pastimes';
import { nextEventChoices } from './curious-pastimes-renewal';

describe('the next event after a death', () => {
  it('after an ordinary event: a 20-point character, no veteran pick', () => {
    // Two deaths at the event: the character in play started with 20 - 2 = 18.
    expect(nextEventChoices(startingPoints(2), false)).toEqual([{ kind: 'new-character', points: 20, veteranPick: false }]);
  });

  it('after a Renewal event: keep the 18-point character with a veteran pick, or a new 20-point one', () => {
    expect(nextEventChoices(18, true)).toEqual([
      { kind: 'new-character', points: 20, veteranPick: false },
      { kind: 'keep-character', points: 18, veteranPick: true },
    ]);
  });

  it('the other reading: the veteran pick comes with the Renewal event, kept or new', () => {
    expect(nextEventChoices(18, true, { veteranPickOnlyWhenKept: false })).toEqual([
      { kind: 'new-character', points: 20, veteranPick: true },
      { kind: 'keep-character', points: 18, veteranPick: true },
    ]);
  });

  it('a 20-point character is not "a lower starting point character": nothing to keep', () => {
    expect(nextEventChoices(20, true)).toEqual([{ kind: 'new-character', points: 20, veteranPick: false }]);
  });

  it('refuses starting points outside 0 to 20', () => {
    expect(() => nextEventChoices(21, true)).toThrow(/from 0 to 20/);
    expect(() => nextEventChoices(-1, true)).toThrow(/from 0 to 20/);
  });
});
