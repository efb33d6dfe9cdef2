// The bookings in the desk report's words (`quartermaster desk`): who is booked without a character,
// who is checked in without a booking, and which bookings are unpaid. Pure.
import type { BookingsView, WithoutCharacter } from './bookings-state';
import type { Booking } from './bookings-types';

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
