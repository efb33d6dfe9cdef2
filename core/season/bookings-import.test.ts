import { describe, expect, it } from 'vitest';
import { appendEntries } from '../desk/ledger';
import { newEvent } from '../desk/event';
import { recordEntry } from '../desk/record';
import { readBookingList } from './bookings-read';
import { currentBookings, importWords, planBookingImport } from './bookings-import';
import { bookingsView, rowBooking } from './bookings-state';
import { bookingsReport } from './bookings-report';
import type { BookingCandidate, BookingRow } from './bookings-types';
import { COMMA_ROSTER, SEMICOLON_ROSTER } from './testing/rosters';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const C = { brannoc: uuid(1), elodie: uuid(2), dimitri: uuid(3), corin: uuid(4), wren: uuid(5) };
const candidates: BookingCandidate[] = [
  { id: C.brannoc, name: 'Brannoc', player: 'Alex', checkedIn: true },
  { id: C.elodie, name: 'Élodie Marsh', player: 'Oskar', checkedIn: false },
  { id: C.dimitri, name: 'Dimitri', player: 'Priya', checkedIn: true },
  { id: C.corin, name: 'Corin', player: 'Sam', checkedIn: false },
  { id: C.wren, name: 'Wren', player: 'sam ', checkedIn: false },
];
let next = 100;
const stamp = (at = '2026-10-02T18:00:00+01:00') => ({ at, desk: 'Front desk', newId: () => uuid(next++) });
const rowsOf = (text: string): BookingRow[] => {
  const read = readBookingList('bookings.csv', text);
  if (!read.ok) throw new Error('unreadable');
  return read.list.rows;
};
const event0 = newEvent({ name: 'Autumn Muster', game: 'curious-pastimes', start: '2026-10-02' });

describe('importing a booking list', () => {
  it('adds one booking entry per row, matched by character name (case, spaces, accents ignored), then by player', () => {
    const plan = planBookingImport(event0, rowsOf(COMMA_ROSTER), candidates, stamp(), 'bookings.csv');
    expect(importWords(plan)).toBe('4 bookings: 4 new, 0 changed, 0 already in the ledger.');
    expect(plan.entries.map((e) => e.kind === 'booking' && [e.booking, e.player, e.character ?? null, e.paid])).toEqual([
      ['B-101', 'Alex', C.brannoc, true],
      ['B-102', 'Oskar', C.elodie, true],
      ['B-103', 'Holt, Beatrix', null, false],
      ['B-104', 'Sam', null, false],
    ]);
    // Sam plays two characters ("Sam" and "sam " are one player) and the booking names neither: reported, not guessed.
    expect(plan.unmatched.map((u) => [u.booking, u.line, u.match])).toEqual([
      ['B-103', 4, { kind: 'not-found', playerHas: [] }],
      ['B-104', 5, { kind: 'ambiguous', candidates: [C.corin, C.wren] }],
    ]);
  });

  it('adds nothing when the same list is imported again, and only the changed row of an edited list', () => {
    const first = appendEntries(event0, planBookingImport(event0, rowsOf(COMMA_ROSTER), candidates, stamp(), 'bookings.csv').entries);
    const again = planBookingImport(first, rowsOf(COMMA_ROSTER), candidates, stamp('2026-10-02T19:00:00+01:00'), 'bookings.csv');
    expect(again.entries).toEqual([]);
    expect(importWords(again)).toBe('4 bookings: 0 new, 0 changed, 4 already in the ledger.');
    const edited = COMMA_ROSTER.replace('B-104,Sam,,0', 'B-104,Sam,Wren,1').replace('B-101,Alex,Brannoc,yes\r\n', '') + 'B-105,Kit,,no\r\n';
    const plan = planBookingImport(first, rowsOf(edited), candidates, stamp('2026-10-02T19:00:00+01:00'), 'bookings.csv');
    expect([plan.added, plan.changed, plan.unchanged, plan.notInList]).toEqual([['B-105'], ['B-104'], 2, ['B-101']]);
    const after = currentBookings(appendEntries(first, plan.entries));
    expect(after.find((b) => b.booking === 'B-104')).toMatchObject({ player: 'Sam', characterName: 'Wren', character: C.wren, paid: true });
    // A booking the later list leaves out stays.
    expect(after.map((b) => b.booking).sort()).toEqual(['B-101', 'B-102', 'B-103', 'B-104', 'B-105']);
  });

  it('reads a semicolon list of the same players to the same characters', () => {
    const plan = planBookingImport(event0, rowsOf(SEMICOLON_ROSTER), candidates, stamp(), 'bookings.csv');
    expect(plan.entries.map((e) => e.character ?? null)).toEqual([C.brannoc, C.elodie, null]);
  });

  it('takes a booking out when its entry is undone, and puts it back when the undo is undone', () => {
    const plan = planBookingImport(event0, rowsOf(COMMA_ROSTER), candidates, stamp(), 'bookings.csv');
    const imported = appendEntries(event0, plan.entries);
    const undo = recordEntry(imported, { kind: 'undo', target: plan.entries[0]!.id }, stamp('2026-10-02T18:01:00+01:00'));
    expect(currentBookings(undo.event).map((b) => b.booking)).toEqual(['B-102', 'B-103', 'B-104']);
    // Importing again after the undo adds the booking anew.
    expect(planBookingImport(undo.event, rowsOf(COMMA_ROSTER), candidates, stamp('2026-10-02T18:02:00+01:00'), 'bookings.csv').added).toEqual(['B-101']);
    const redo = recordEntry(undo.event, { kind: 'undo', target: undo.entry.id }, stamp('2026-10-02T18:03:00+01:00'));
    expect(currentBookings(redo.event).map((b) => b.booking)).toEqual(['B-101', 'B-102', 'B-103', 'B-104']);
  });
});

describe('the desk view of the bookings', () => {
  const event = appendEntries(event0, planBookingImport(event0, rowsOf(COMMA_ROSTER), candidates, stamp(), 'bookings.csv').entries);
  const view = bookingsView(currentBookings(event), candidates);

  it('lists bookings without a character, checked-in characters without a booking, and unpaid bookings', () => {
    expect(view.withoutCharacter.map((w) => [w.booking.booking, w.why])).toEqual([
      ['B-103', 'not-found'],
      ['B-104', 'ambiguous'],
    ]);
    // Dimitri is checked in and neither he nor his player Priya is booked; Brannoc is booked.
    expect([...view.checkedInWithoutBooking]).toEqual([C.dimitri]);
    expect(view.unpaid.map((b) => b.booking)).toEqual(['B-103', 'B-104']);
    expect(rowBooking(view, candidates[0]!)).toEqual({ booking: 'B-101', paid: true });
    expect(rowBooking(view, candidates[2]!)).toEqual({ booking: null, checkedInWithout: true });
    expect(rowBooking(view, candidates[3]!)).toBeNull();
  });

  it('counts a matched character only when hasCharacter says so (a character still waiting)', () => {
    const waiting = bookingsView(currentBookings(event), candidates, { hasCharacter: (c) => c.id !== C.elodie });
    expect(waiting.withoutCharacter.map((w) => [w.booking.booking, w.why, w.candidates])).toEqual([
      ['B-102', 'waiting', [C.elodie]],
      ['B-103', 'not-found', []],
      ['B-104', 'ambiguous', [C.corin, C.wren]],
    ]);
  });

  it('says it in the report', () => {
    const names = new Map(candidates.map((c) => [c.id, { name: c.name, player: c.player }]));
    expect(bookingsReport(view, names)).toBe(
      [
        'Bookings: 4, 2 with a character, 2 paid, 2 unpaid.',
        'Booked without a character (2):',
        '  B-103 Holt, Beatrix (Aldric "the Red"): no character of that name',
        '  B-104 Sam: several characters match: Corin (Sam), Wren (sam ); name the one booked in the list',
        'Checked in without a booking (1):',
        '  Dimitri (Priya)',
        'Unpaid (2):',
        '  B-103 Holt, Beatrix (Aldric "the Red")',
        '  B-104 Sam',
        '',
      ].join('\n'),
    );
    expect(bookingsReport(bookingsView([], candidates), names)).toBe('');
  });
});

describe('a booking entry in words', () => {
  it('says the booking, the player, the character named and the payment (quartermaster desk log)', async () => {
    const { entryDetail } = await import('../desk/entry-words');
    const plan = planBookingImport(event0, rowsOf(COMMA_ROSTER), candidates, stamp(), 'bookings.csv');
    const names = { character: () => undefined, item: () => undefined, byId: new Map() };
    expect(plan.entries.map((e) => entryDetail(e, names))).toEqual(['B-101: Alex; character Brannoc; paid', 'B-102: Oskar; character Élodie Marsh; paid (£25.00)', 'B-103: Holt, Beatrix; character Aldric "the Red"; unpaid', 'B-104: Sam; unpaid']);
  });
});
