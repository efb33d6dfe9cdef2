// Types the bookings share between their files (reading a list, importing it, the desk's states).

export const BOOKING_FIELDS = ['player', 'character', 'booking', 'paid'] as const;
export type BookingField = (typeof BOOKING_FIELDS)[number];

/** Longest a booking's player, character name or id may be (the ledger entry's limit). */
export const MAX_BOOKING_TEXT = 200;

/** One row of a booking list, as read. `paid` is absent when the list has no payment column. */
export type BookingRow = { line: number; booking: string; player: string; characterName?: string; paid?: boolean; amount?: string };

/** A booking as the ledger holds it now (its latest entry not undone). */
export type Booking = { entry: string; booking: string; player: string; characterName?: string; character?: string; paid?: boolean; amount?: string };

/** A character the desk could match a booking to. */
export type BookingCandidate = { id: string; name: string; player: string; checkedIn: boolean };
