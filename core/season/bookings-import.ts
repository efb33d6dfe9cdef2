// A booking list into the event's ledger: one `booking` entry per booking the ledger lacks or holds
// otherwise (player, character, payment, the character matched), none for one it holds already, so
// importing the same list again adds nothing. A booking missing from a later list stays (the list
// may be a part); an undo of its entry takes it out, as every entry. Pure.
import type { EntryOf, LedgerEntry } from '../desk/entries';
import type { DeskEvent } from '../desk/event';
import { foldEvent } from '../desk/fold';
import { stampOf, type Stamp } from '../desk/ledger';
import { candidateIndex, matchBooking, type BookingMatch } from './bookings-state';
import type { Booking, BookingCandidate, BookingRow } from './bookings-types';

type BookingEntry = EntryOf<'booking'>;

/** The bookings the ledger holds: each booking id's last entry not undone (ids compared without case). */
export function currentBookings(event: DeskEvent): Booking[] {
  const { cancelled } = foldEvent(event);
  const latest = new Map<string, BookingEntry>();
  for (const e of event.entries) if (e.kind === 'booking' && !cancelled.has(e.id)) latest.set(e.booking.toLowerCase(), e);
  return [...latest.values()].map(bookingOf);
}

function bookingOf(e: BookingEntry): Booking {
  return {
    entry: e.id,
    booking: e.booking,
    player: e.player,
    ...(e.characterName !== undefined ? { characterName: e.characterName } : {}),
    ...(e.character !== undefined ? { character: e.character } : {}),
    ...(e.paid !== undefined ? { paid: e.paid } : {}),
    ...(e.amount !== undefined ? { amount: e.amount } : {}),
  };
}

export type BookingImport = {
  /** The entries to append: new bookings and changed ones. */
  entries: LedgerEntry[];
  added: string[];
  changed: string[];
  unchanged: number;
  /** Bookings in the ledger the list does not hold (kept). */
  notInList: string[];
  /** Rows whose character could not be told (several match) or was not found, by booking id. */
  unmatched: { booking: string; line: number; match: Exclude<BookingMatch, { kind: 'matched' }> }[];
};

const same = (a: Booking, b: Omit<Booking, 'entry'>) =>
  a.player === b.player && a.characterName === b.characterName && a.character === b.character && a.paid === b.paid && a.amount === b.amount;

/** What importing `rows` (read from `source`, a file name) adds to the event's ledger. */
export function planBookingImport(event: DeskEvent, rows: readonly BookingRow[], candidates: readonly BookingCandidate[], stamp: Stamp, source: string): BookingImport {
  const held = new Map(currentBookings(event).map((b) => [b.booking.toLowerCase(), b]));
  const out: BookingImport = { entries: [], added: [], changed: [], unchanged: 0, notInList: [], unmatched: [] };
  const seen = new Set<string>();
  const index = candidateIndex(candidates);
  for (const row of rows) {
    const key = row.booking.toLowerCase();
    seen.add(key);
    const before = held.get(key);
    const named = { player: row.player, ...(row.characterName !== undefined ? { characterName: row.characterName } : {}) };
    // A booking keeps the character it was matched to while the list names the same one.
    const kept = before && before.character && before.player === row.player && before.characterName === row.characterName ? before.character : undefined;
    const match = matchBooking({ ...named, ...(kept ? { character: kept } : {}) }, index);
    if (match.kind !== 'matched') out.unmatched.push({ booking: row.booking, line: row.line, match });
    const booking = {
      booking: row.booking,
      ...named,
      ...(match.kind === 'matched' ? { character: match.character } : {}),
      ...(row.paid !== undefined ? { paid: row.paid } : {}),
      ...(row.amount !== undefined ? { amount: row.amount.slice(0, 50) } : {}),
    };
    if (before && same(before, booking)) {
      out.unchanged++;
      continue;
    }
    (before ? out.changed : out.added).push(row.booking);
    out.entries.push({ ...stampOf(stamp), kind: 'booking', ...booking, source: source.slice(0, 300) } as LedgerEntry);
  }
  for (const [key, b] of held) if (!seen.has(key)) out.notInList.push(b.booking);
  return out;
}

/** "12 bookings: 3 new, 1 changed, 8 already in the ledger." */
export function importWords(plan: BookingImport): string {
  const total = plan.added.length + plan.changed.length + plan.unchanged;
  return `${total} booking${total === 1 ? '' : 's'}: ${plan.added.length} new, ${plan.changed.length} changed, ${plan.unchanged} already in the ledger.`;
}
