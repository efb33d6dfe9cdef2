import { describe, expect, it } from 'vitest';
import { checkIn, checkInAll, checkOut, undo, undoAll } from './checkin';
import { entryOf, newEvent, withEntry } from './event';
import { recordPrints } from './lifecycle';

const A = '7904bd13-6520-45b6-90dd-75f7a9b57850';
const B = '81add851-0525-459a-a24d-968779dde557';
const T1 = '2026-10-02T18:05:00+01:00';
const T2 = '2026-10-02T18:40:00+01:00';
const start = newEvent({ name: 'Autumn Muster', game: 'fortunes-landing', start: '2026-10-02' });

describe('check-in', () => {
  it('checks a character in, and undo takes it back', () => {
    const { event, undo: step } = checkIn(start, A, T1);
    expect(entryOf(event, A).checkedInAt).toBe(T1);
    expect(step).toEqual({ id: A, previous: undefined, action: 'check-in' });
    expect(undo(event, step)).toEqual(start);
    expect(start.characters).toEqual({}); // never mutated
  });

  it('keeps the first time when checked in twice', () => {
    const first = checkIn(start, A, T1).event;
    const again = checkIn(first, A.toUpperCase(), T2);
    expect(entryOf(again.event, A).checkedInAt).toBe(T1);
    expect(undo(again.event, again.undo)).toEqual(first);
  });

  it('checks out, and undo restores the original time', () => {
    const inEvent = checkIn(start, A, T1).event;
    const out = checkOut(inEvent, A);
    expect(entryOf(out.event, A).checkedInAt).toBeUndefined();
    expect(entryOf(undo(out.event, out.undo), A).checkedInAt).toBe(T1);
  });

  it('keeps unknown fields and a print recorded after the check-in when undoing it', () => {
    const withExtra = withEntry(start, A, { bunk: 'B7' } as never);
    const c = checkIn(withExtra, A, T1);
    const printed = recordPrints(c.event, [{ id: A, hash: 'b'.repeat(64), serials: ['CH-1'] }], T2).event;
    const undone = undo(printed, c.undo);
    expect(entryOf(undone, A)).toEqual({ bunk: 'B7', printed: [{ at: T2, hash: 'b'.repeat(64), serials: ['CH-1'] }] });
  });

  it('checks a whole group in and undoes it in one go', () => {
    const once = checkIn(start, B, T1).event;
    const group = checkInAll(once, [A, B], T2);
    expect(entryOf(group.event, A).checkedInAt).toBe(T2);
    expect(entryOf(group.event, B).checkedInAt).toBe(T1);
    expect(group.undo).toHaveLength(2);
    expect(undoAll(group.event, group.undo)).toEqual(once);
  });
});
