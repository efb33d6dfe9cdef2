// An event kept open: entries added once (a repeated id with other content is a clash, never
// added), each desk's next seq and latest time, and the event snapshot sharing the ledger's fold.
import { describe, expect, it } from 'vitest';
import type { LedgerEntry } from './entries';
import { newEvent, headerOf } from './event';
import { EventLedger } from './event-ledger';
import { characterFold, foldEvent } from './fold';

const header = headerOf(newEvent({ name: 'Autumn Muster', game: 'fortunes-landing', start: '2026-10-02', end: '2026-10-04', id: '3a1c2b4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d' }));
const C = '7904bd13-6520-45b6-90dd-75f7a9b57850';
const D = '5d9c3f6e-0b1a-4c2d-8e7f-1a2b3c4d5e6f';
const FRONT = 'aaaaaaaa-0000-4000-8000-000000000001';
const id = (n: number) => `0b7d6a52-4a43-4c55-8e1a-${String(n).padStart(12, '0')}`;
const entry = (n: number, over: Record<string, unknown> = {}) =>
  ({ id: id(n), at: '2026-10-02T18:05:00+01:00', desk: 'Front desk', deskId: FRONT, kind: 'check-in', character: C, ...over }) as LedgerEntry;

describe('adding entries to an event ledger', () => {
  it('adds the new entries once and refuses an id it holds with other content', () => {
    const ledger = new EventLedger(header);
    const a = entry(1);
    const b = entry(2, { character: D, at: '2026-10-02T18:06:00+01:00' });
    const r = ledger.add([b, a]);
    // As given, not sorted.
    expect(r.added).toEqual([b, a]);
    expect(r.clashes).toEqual([]);
    expect([...r.characters].sort()).toEqual([C, D].sort());
    expect(ledger.size).toBe(2);
    // The same entry again, the same object or a copy with its fields in another order: neither added nor a clash.
    const reordered = JSON.parse(`{"character":"${C}","kind":"check-in","deskId":"${FRONT}","desk":"Front desk","at":"2026-10-02T18:05:00+01:00","id":"${id(1)}"}`) as LedgerEntry;
    expect(ledger.add([a, reordered])).toEqual({ added: [], clashes: [], characters: new Set() });
    // Other content under a held id: a clash, not added; the entry held stays.
    const altered = entry(1, { at: '2026-10-02T19:00:00+01:00' });
    expect(ledger.add([altered])).toEqual({ added: [], clashes: [altered], characters: new Set() });
    expect(ledger.get(id(1))).toBe(a);
    expect(ledger.size).toBe(2);
    expect(characterFold(ledger.event, C).checkedInAt).toBe('2026-10-02T18:05:00+01:00');
  });

  it('finds a clash within one batch too: the first of the two is added', () => {
    const ledger = new EventLedger(header);
    const c = entry(3);
    const other = entry(3, { kind: 'check-out' });
    const r = ledger.add([c, other]);
    expect(r.added).toEqual([c]);
    expect(r.clashes).toEqual([other]);
    expect(ledger.get(id(3))).toBe(c);
    expect(characterFold(ledger.event, C).checkedInAt).toBe('2026-10-02T18:05:00+01:00');
    // The same entry twice in one batch: added once, no clash.
    const d = entry(4, { character: D });
    expect(ledger.add([d, structuredClone(d)])).toMatchObject({ added: [d], clashes: [] });
    expect(ledger.size).toBe(2);
  });

  it('returns the characters whose fold changed', () => {
    const ledger = new EventLedger(header, [entry(1), entry(2, { character: D })]);
    // An undo of C's check-in names D (the entry's own character): both folds change.
    const undo = entry(3, { kind: 'undo', target: id(1), character: D, at: '2026-10-02T18:07:00+01:00' });
    const r = ledger.add([undo]);
    expect(r.characters.has(C)).toBe(true);
    expect(r.characters.has(D)).toBe(true);
    expect(characterFold(ledger.event, C).checkedInAt).toBeNull();
    // A note for no character changes no fold.
    const note = entry(4, { kind: 'note', text: 'rain', character: undefined });
    expect(ledger.add([note]).characters.size).toBe(0);
  });
});

describe("a desk's next seq and latest time", () => {
  it('counts per desk: by its id when it has one (whatever its name), else by its name', () => {
    const ledger = new EventLedger(header);
    expect(ledger.nextSeq({ desk: 'Front desk', deskId: FRONT })).toBe(1);
    // Out of order: the highest counts.
    ledger.add([entry(1, { seq: 5 }), entry(2, { seq: 1 }), entry(3, { seq: 2, desk: 'Front desk (renamed)' })]);
    expect(ledger.nextSeq({ desk: 'Front desk', deskId: FRONT })).toBe(6);
    expect(ledger.nextSeq({ desk: 'Any new name', deskId: FRONT })).toBe(6);
    expect(ledger.nextSeq({ desk: 'Front desk', deskId: FRONT.toUpperCase() })).toBe(6);
    // A desk of the same name without an id is another desk.
    expect(ledger.nextSeq({ desk: 'Front desk' })).toBe(1);
    ledger.add([entry(4, { deskId: undefined, seq: 3 }), entry(5, { deskId: undefined, desk: 'Bar' })]);
    expect(ledger.nextSeq({ desk: 'Front desk' })).toBe(4);
    expect(ledger.nextSeq({ desk: 'Front desk', deskId: FRONT })).toBe(6);
    // Entries made before desks numbered them: the first number is 1.
    expect(ledger.nextSeq({ desk: 'Bar' })).toBe(1);
    // A clash is not in the ledger: its seq does not count.
    ledger.add([entry(1, { seq: 99 })]);
    expect(ledger.nextSeq({ desk: 'Front desk', deskId: FRONT })).toBe(6);
    // Read from entries given at the start too.
    expect(new EventLedger(header, [entry(1, { seq: 7 })]).nextSeq({ desk: 'x', deskId: FRONT })).toBe(8);
  });

  it("gives the latest instant of the desk's entries, whatever their offsets", () => {
    const ledger = new EventLedger(header);
    expect(ledger.lastAt({ desk: 'Front desk', deskId: FRONT })).toBe(-Infinity);
    // 18:05+01:00 is 17:05Z, before 17:30Z (though it sorts after it as text); 17:40Z is another desk's.
    ledger.add([entry(1, { at: '2026-10-02T17:30:00Z' }), entry(2, { at: '2026-10-02T18:05:00+01:00' }), entry(3, { deskId: undefined, at: '2026-10-02T17:40:00Z' })]);
    expect(ledger.lastAt({ desk: 'Front desk', deskId: FRONT })).toBe(Date.UTC(2026, 9, 2, 17, 30));
    expect(ledger.lastAt({ desk: 'Front desk' })).toBe(Date.UTC(2026, 9, 2, 17, 40));
    expect(ledger.lastAt({ desk: 'Side desk' })).toBe(-Infinity);
    // An earlier entry arriving later does not move it back.
    ledger.add([entry(4, { at: '2026-10-02T09:00:00Z' })]);
    expect(ledger.lastAt({ desk: 'Front desk', deskId: FRONT })).toBe(Date.UTC(2026, 9, 2, 17, 30));
  });
});

describe('the event snapshot', () => {
  it('is a new object after an add, and folds to the ledger fold without folding again', () => {
    const ledger = new EventLedger(header, [entry(2, { at: '2026-10-02T18:10:00+01:00' })]);
    const first = ledger.event;
    expect(ledger.event).toBe(first);
    expect(foldEvent(first)).toBe(ledger.fold);
    expect(first).toMatchObject(header);
    ledger.add([entry(1)]);
    const second = ledger.event;
    expect(second).not.toBe(first);
    expect(foldEvent(second)).toBe(ledger.fold);
    // In ledger order: 18:05 before 18:10.
    expect(second.entries.map((e) => e.id)).toEqual([id(1), id(2)]);
    // Nothing new: the same snapshot.
    ledger.add([entry(1), entry(1, { kind: 'check-out' })]);
    expect(ledger.event).toBe(second);
    // A snapshot kept from before sees the ledger as it is now.
    expect(first.entries.map((e) => e.id)).toEqual([id(1), id(2)]);
    expect(characterFold(second, C).checkIn).toBe(id(1));
  });
});
