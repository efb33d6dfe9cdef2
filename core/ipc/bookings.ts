// The event desk's bookings and export (electron/desk/bookings.ts, renderer/desk/DeskBookings.tsx):
// part of the IPC contract (core/ipc/contract.ts assembles the whole).
import * as z from 'zod';
import type { RecordResult } from './desk';
import { path } from './args';

/** A booking list's columns named by hand, over its headings (core/season/bookings-read.ts). */
export type BookingColumns = Partial<Record<'player' | 'character' | 'booking' | 'paid', string>>;

/** How "Import bookings…" ended (null: the file dialog was cancelled). */
export type BookingsImport =
  /** The list has problems (each naming the file, line and column): nothing was imported. */
  | { ok: false; file: string; problems: string[] }
  /**
   * Imported: the entries recorded (`made`, for the desk's Undo) and any others appended meanwhile,
   * the folder as it is now; `summary` ("12 bookings: 3 new, …"), how the list was read, the rows
   * whose character could not be told, and bookings of earlier lists this one lacks (kept).
   */
  | (RecordResult & { file: string; summary: string; read: string; added: number; changed: number; unchanged: number; unmatched: { line: number; booking: string; ambiguous: boolean }[]; notInList: string[] });

export type CharactersExport = { path: string; rows: number };

export interface BookingsApi {
  /** Asks for a booking list (CSV) and imports it into the event's ledger: one entry per new or changed booking. */
  importBookings(args: { folder: string; eventFile: string; columns?: BookingColumns }): Promise<BookingsImport | null>;
  /** Asks where, and writes the event's characters with their derived values as CSV. */
  exportCharacters(args: { folder: string; eventFile?: string }): Promise<CharactersExport | null>;
}

const column = z.string().min(1).max(200);
export const bookingsArgs = {
  importBookings: z.tuple([z.strictObject({ folder: path, eventFile: path, columns: z.strictObject({ player: column.optional(), character: column.optional(), booking: column.optional(), paid: column.optional() }).optional() })]),
  exportCharacters: z.tuple([z.strictObject({ folder: path, eventFile: path.optional() })]),
};
