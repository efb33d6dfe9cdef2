import { describe, expect, it } from 'vitest';
import { checkIn, checkInAll, checkOut, isoPlusMs, undo, undoAll, undoEntries } from './checkin';
import { newEvent } from './event';
import { characterFold, foldEvent } from './fold';
import { recordPrints } from './lifecycle';
import { stampAt } from './testing';

const A = '7904bd13-6520-45b6-90dd-75f7a9b57850';
const B = '81add851-0525-459a-a24d-968779dde557';
const T1 = '2026-10-02T18:05:00+01:00';
const T2 = '2026-10-02T18:40:00+01:00';
const T3 = '2026-10-02T19:00:00+01:00';
const start = newEvent({ name: 'Autumn Muster', game: 'fortunes-landing', start: '2026-10-02', id: '3a1c2b4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d' });
const inAt = (e: typeof start, id: string) => characterFold(e, id).checkedInAt;

describe('check-in as ledger entries', () => {
  it('checks a character in with one entry, and undo adds an undo entry that cancels it', () => {
    const c = checkIn(start, A, stampAt(T1));
    expect(c.entries).toEqual([{ id: c.undo.entries[0], at: T1, desk: 'Front desk', deskId: expect.any(String), kind: 'check-in', character: A }]);
    expect(inAt(c.event, A)).toBe(T1);
    const undone = undo(c.event, c.undo, stampAt(T2));
    expect(undone.entries.map((e) => e.kind)).toEqual(['check-in', 'undo']);
    expect(undone.entries[1]).toMatchObject({ kind: 'undo', target: c.entries[0]!.id, at: T2 });
    expect(inAt(undone, A)).toBeNull();
    expect(foldEvent(undone).cancelled).toEqual(new Set([c.entries[0]!.id]));
    expect(start.entries).toEqual([]); // never mutated
  });

  it('keeps the first time when checked in twice (no second entry)', () => {
    const first = checkIn(start, A, stampAt(T1)).event;
    const again = checkIn(first, A.toUpperCase(), stampAt(T2));
    expect(again.entries).toEqual([]);
    expect(again.event).toBe(first);
    expect(inAt(again.event, A)).toBe(T1);
    expect(undo(again.event, again.undo, stampAt(T3))).toBe(first);
  });

  it('checks out, and undo of the check-out restores the original check-in time', () => {
    const inEvent = checkIn(start, A, stampAt(T1)).event;
    const out = checkOut(inEvent, A, stampAt(T2));
    expect(inAt(out.event, A)).toBeNull();
    expect(inAt(undo(out.event, out.undo, stampAt(T3)), A)).toBe(T1);
  });

  it('undo of a check-in keeps a print recorded after it', () => {
    const c = checkIn(start, A, stampAt(T1));
    const printed = recordPrints(c.event, [{ id: A, hash: 'b'.repeat(64), cards: [{ serial: 'CH-1' }] }], stampAt(T2)).event;
    const undone = undo(printed, c.undo, stampAt(T3));
    expect(inAt(undone, A)).toBeNull();
    // The event has no home desk, so the edition names the desk.
    expect(characterFold(undone, A).current!.cards).toEqual([{ serial: 'CH-1', edition: expect.stringMatching(/^1-[0-9A-Z]{4}$/) }]);
  });

  it('checks a whole group in and undoes it in one go; check-in after undo is a new stay', () => {
    const once = checkIn(start, B, stampAt(T1)).event;
    const group = checkInAll(once, [A, B], stampAt(T2));
    expect(group.entries.map((e) => e.character)).toEqual([A]); // B was in already
    expect(inAt(group.event, A)).toBe(T2);
    expect(inAt(group.event, B)).toBe(T1);
    expect(group.undo).toHaveLength(2);
    const undone = undoAll(group.event, group.undo, stampAt(T3));
    expect(inAt(undone, A)).toBeNull();
    expect(inAt(undone, B)).toBe(T1);
    const again = checkIn(undone, A, stampAt('2026-10-02T19:30:00+01:00')).event;
    expect(inAt(again, A)).toBe('2026-10-02T19:30:00+01:00');
  });

  it('an undo made in the same second as its target is dated just after it, so it counts', () => {
    const c = checkIn(start, A, stampAt(T1));
    const [u] = undoEntries(c.event, [c.undo], stampAt(T1));
    expect(u!.at).toBe('2026-10-02T18:05:00.001+01:00');
    expect(inAt(undo(c.event, c.undo, stampAt(T1)), A)).toBeNull();
    expect(isoPlusMs('2026-10-02T23:59:59.999Z', 1)).toBe('2026-10-03T00:00:00.000Z');
    expect(isoPlusMs('2026-10-02T18:05:00-05:30', 1)).toBe('2026-10-02T18:05:00.001-05:30');
  });

  it('an undo of the undo puts the check-in back; an undo dated before its target is ignored', () => {
    const c = checkIn(start, A, stampAt(T1));
    const u = undoEntries(c.event, [c.undo], stampAt(T2));
    const undone = undo(c.event, c.undo, stampAt(T2));
    const redo = undo(undone, { id: A, entries: [undone.entries[1]!.id], action: 'check-in' }, stampAt(T3));
    expect(u).toHaveLength(1);
    expect(inAt(redo, A)).toBe(T1);
    const early = { ...c.event, entries: [{ ...undone.entries[1]!, at: '2026-10-02T17:00:00+01:00' }, ...c.event.entries] };
    expect(inAt(early, A)).toBe(T1);
  });
});
