// Who is booked and who is here: each booking matched to a character of the folder, and what the
// desk should look at — booked without a character (none matches, several do, or the one matching
// does not count yet), checked in without a booking, and unpaid bookings. Pure.
//
// A booking is matched by the character it names (case, spaces and accents ignored), then, when it
// names none, by its player; several characters left is ambiguous and reported, never guessed. A
// character "counts" for a booking through `hasCharacter` (by default: it has a file in the folder),
// so a stricter reading (an approved character) is one predicate, not a new function.
import { fold } from '../desk/rows';
import { compareNames } from '../model/collate';
import type { Booking, BookingCandidate } from './bookings-types';

/** Case, accents and spaces ignored: "Élodie  Marsh" is "elodiemarsh". */
export const nameKey = (text: string) => fold(text).replace(/\s+/g, '');

export type BookingMatch =
  | { kind: 'matched'; character: string }
  /** Nobody matches (`player`: the booking's player has characters, but none of the name booked). */
  | { kind: 'not-found'; playerHas: string[] }
  | { kind: 'ambiguous'; candidates: string[] };

/** The characters by id, by name and by player (keys as nameKey makes them), made once for many bookings. */
export type CandidateIndex = { byId: ReadonlyMap<string, Pick<BookingCandidate, 'id' | 'name' | 'player'>>; byName: ReadonlyMap<string, Pick<BookingCandidate, 'id' | 'name' | 'player'>[]>; byPlayer: ReadonlyMap<string, Pick<BookingCandidate, 'id' | 'name' | 'player'>[]>; playerKey: ReadonlyMap<string, string> };

export function candidateIndex(candidates: readonly Pick<BookingCandidate, 'id' | 'name' | 'player'>[]): CandidateIndex {
  type C = Pick<BookingCandidate, 'id' | 'name' | 'player'>;
  const byName = new Map<string, C[]>();
  const byPlayer = new Map<string, C[]>();
  const playerKey = new Map<string, string>();
  const add = (map: Map<string, C[]>, key: string, c: C) => {
    const list = map.get(key);
    if (list) list.push(c);
    else map.set(key, [c]);
  };
  for (const c of candidates) {
    const player = nameKey(c.player);
    add(byName, nameKey(c.name), c);
    add(byPlayer, player, c);
    playerKey.set(c.id, player);
  }
  return { byId: new Map(candidates.map((c) => [c.id, c])), byName, byPlayer, playerKey };
}

/** The character a booking names: its matched id while that file is here, else by name, then by player. */
export function matchBooking(booking: Pick<Booking, 'player' | 'characterName' | 'character'>, candidates: readonly BookingCandidate[] | CandidateIndex): BookingMatch {
  const index = Array.isArray(candidates) ? candidateIndex(candidates) : (candidates as CandidateIndex);
  if (booking.character && index.byId.has(booking.character)) return { kind: 'matched', character: booking.character };
  const player = nameKey(booking.player);
  const players = index.byPlayer.get(player) ?? [];
  let found: readonly Pick<BookingCandidate, 'id' | 'player'>[];
  if (booking.characterName) {
    const named = index.byName.get(nameKey(booking.characterName)) ?? [];
    // Two characters of one name: the booking's player tells them apart, when it does.
    found = named.length > 1 && named.some((c) => nameKey(c.player) === player) ? named.filter((c) => nameKey(c.player) === player) : named;
    if (found.length === 0) return { kind: 'not-found', playerHas: players.map((c) => c.id) };
  } else found = players;
  if (found.length === 0) return { kind: 'not-found', playerHas: [] };
  if (found.length > 1) return { kind: 'ambiguous', candidates: found.map((c) => c.id) };
  return { kind: 'matched', character: found[0]!.id };
}

/** Why a booking has no character the desk can count: none matches, several do, or the one matching does not count yet (waiting). */
export type WithoutCharacter = { booking: Booking; why: 'not-found' | 'ambiguous' | 'waiting'; candidates: string[] };

export type BookingsView = {
  /** Every booking with its match, in booking id order. */
  bookings: { booking: Booking; match: BookingMatch }[];
  /** The booking of each matched character. */
  byCharacter: ReadonlyMap<string, Booking>;
  withoutCharacter: WithoutCharacter[];
  /** Checked-in characters no booking matches and whose player has no booking. */
  checkedInWithoutBooking: ReadonlySet<string>;
  /** Bookings the list says are not paid (a list without a payment column says nothing). */
  unpaid: Booking[];
};

export type BookingsOptions = {
  /** Whether a matched character counts as the booking's character (default: it has a file here). */
  hasCharacter?: (character: Pick<BookingCandidate, 'id' | 'name' | 'player'>) => boolean;
  /** The candidates' index when the caller keeps one (it depends on names, not on check-ins). */
  index?: CandidateIndex;
};

export function bookingsView(bookings: readonly Booking[], candidates: readonly BookingCandidate[], options: BookingsOptions = {}): BookingsView {
  const hasCharacter = options.hasCharacter ?? (() => true);
  const index = options.index ?? candidateIndex(candidates);
  const sorted = [...bookings].sort((a, b) => compareNames(a.booking, b.booking));
  const byCharacter = new Map<string, Booking>();
  const withoutCharacter: WithoutCharacter[] = [];
  const bookedPlayers = new Set(sorted.map((b) => nameKey(b.player)));
  const rows = sorted.map((booking) => {
    const match = matchBooking(booking, index);
    if (match.kind === 'matched') {
      byCharacter.set(match.character, booking);
      if (!hasCharacter(index.byId.get(match.character)!)) withoutCharacter.push({ booking, why: 'waiting', candidates: [match.character] });
    } else withoutCharacter.push({ booking, why: match.kind, candidates: match.kind === 'ambiguous' ? match.candidates : match.playerHas });
    return { booking, match };
  });
  const checkedInWithoutBooking = new Set(candidates.filter((c) => c.checkedIn && !byCharacter.has(c.id) && !bookedPlayers.has(index.playerKey.get(c.id) ?? nameKey(c.player))).map((c) => c.id));
  return { bookings: rows, byCharacter, withoutCharacter, checkedInWithoutBooking, unpaid: sorted.filter((b) => b.paid === false) };
}

/** The booking state of one character's row: booked (paid or not), or checked in without one; null when the event has no bookings or nothing is to say. */
export type RowBooking = { booking: string; paid?: boolean } | { booking: null; checkedInWithout: true };

export function rowBooking(view: BookingsView | null, character: BookingCandidate): RowBooking | null {
  if (!view || view.bookings.length === 0) return null;
  const b = view.byCharacter.get(character.id);
  if (b) return { booking: b.booking, ...(b.paid !== undefined ? { paid: b.paid } : {}) };
  return view.checkedInWithoutBooking.has(character.id) ? { booking: null, checkedInWithout: true } : null;
}
