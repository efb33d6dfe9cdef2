// The bookings in the desk report's words (`quartermaster desk`): who is booked without a character,
// who is checked in without a booking, and which bookings are unpaid. Pure.
import type { DeskEvent } from '../desk/event';
import { inPlayCheckedIn } from '../desk/rows';
import type { DeskRow } from '../desk/types';
import { currentBookings } from './bookings-import';
import { bookingsView, type BookingsOptions, type BookingsView, type WithoutCharacter } from './bookings-state';
import type { Booking, BookingCandidate } from './bookings-types';

type Named = { name: string; player: string };

const bookingName = (b: Booking) => `${b.booking} ${b.player}${b.characterName ? ` (${b.characterName})` : ''}`;

function whyWords(w: WithoutCharacter, who: (id: string) => string): string {
  if (w.why === 'waiting') return `${who(w.candidates[0]!)} does not count yet`;
  if (w.why === 'ambiguous') return `several characters match: ${w.candidates.map(who).join(', ')}; name the one booked in the list`;
  if (w.booking.characterName) return `no character of that name${w.candidates.length > 0 ? `; ${w.booking.player} plays ${w.candidates.map(who).join(', ')}` : ''}`;
  return 'no character of that player';
}

/** The report's bookings section ("" when the event holds no bookings). */
export function bookingsReport(view: BookingsView, characters: ReadonlyMap<string, Named>): string {
  if (view.bookings.length === 0) return '';
  const who = (id: string) => {
    const c = characters.get(id);
    return c ? `${c.name} (${c.player})` : id;
  };
  const paid = view.bookings.filter((b) => b.booking.paid === true).length;
  const lines = [`Bookings: ${view.bookings.length}, ${view.bookings.length - view.withoutCharacter.length} with a character, ${paid} paid, ${view.unpaid.length} unpaid.`];
  const section = (title: string, items: string[]) => {
    if (items.length === 0) return;
    lines.push(`${title} (${items.length}):`, ...items.map((x) => `  ${x}`));
  };
  section('Booked without a character', view.withoutCharacter.map((w) => `${bookingName(w.booking)}: ${whyWords(w, who)}`));
  section('Checked in without a booking', [...view.checkedInWithoutBooking].map(who));
  section('Unpaid', view.unpaid.map((b) => `${bookingName(b)}${b.amount ? `, ${b.amount}` : ''}`));
  return `${lines.join('\n')}\n`;
}

/** The characters a booking can be matched to, from the desk's rows (readable files; checked in means in play and in). */
export function bookingCandidates(rows: readonly Pick<DeskRow, 'id' | 'name' | 'player' | 'checkedInAt' | 'out'>[]): BookingCandidate[] {
  return rows.filter((r) => r.id !== null).map((r) => ({ id: r.id!, name: r.name, player: r.player, checkedIn: inPlayCheckedIn(r) }));
}

/** The event's bookings over the desk's rows; null when the event holds none. */
export function deskBookings(rows: readonly Pick<DeskRow, 'id' | 'name' | 'player' | 'checkedInAt' | 'out'>[], event: DeskEvent, options: BookingsOptions = {}): BookingsView | null {
  const bookings = currentBookings(event);
  return bookings.length === 0 ? null : bookingsView(bookings, bookingCandidates(rows), options);
}

/** The report's bookings section for these rows and event ("" when it holds no bookings). */
export function reportBookings(rows: readonly DeskRow[], event: DeskEvent): string {
  const view = deskBookings(rows, event);
  return view ? bookingsReport(view, new Map(rows.filter((r) => r.id !== null).map((r) => [r.id!, { name: r.name, player: r.player }]))) : '';
}
