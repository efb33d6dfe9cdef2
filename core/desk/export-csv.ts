// The event's characters with their derived values as CSV, for other tools (a spreadsheet, a booking
// site, a game team's scripts): one row per character file, in the check-in sheet's order, with the
// booking, the armour the rulesets derive, every rule error in words and the points spent where the
// game's pack publishes costs. Written as the check-in sheet is (./sheet-csv.ts: RFC 4180, CRLF, a
// byte order mark, and a leading apostrophe on a cell a spreadsheet would run as a formula). Pure.
import { rowBooking, type BookingsView } from '../season/bookings-state';
import { sheetRows } from './sheet';
import { csvField, UTF8_BOM } from './sheet-csv';
import type { DeskEvent } from './event';
import type { DeskRow } from './types';

export const EXPORT_COLUMNS = [
  'Name',
  'Player',
  'Game',
  'Status',
  'Out of play',
  'Checked in',
  'Booking id',
  'Paid',
  'Armour',
  'Armour rating',
  'Rule errors',
  'Rule error text',
  'Warnings',
  'Points spent',
  'File',
  'Character id',
] as const;

export type ExportOptions = {
  event?: DeskEvent;
  bookings?: BookingsView | null;
  /** Points the character's skills cost under its game's pack; null where the pack publishes no costs. */
  spent?: (row: DeskRow) => number | null;
};

/** The characters as CSV text, starting with the byte order mark. */
export function charactersCsv(rows: readonly DeskRow[], options: ExportOptions = {}): string {
  const byFile = new Map(rows.map((r) => [r.file, r]));
  const lines = [EXPORT_COLUMNS.map(csvField).join(',')];
  for (const s of sheetRows(rows, options.event)) {
    const r = byFile.get(s.file)!;
    const booked = r.id ? rowBooking(options.bookings ?? null, { id: r.id, name: r.name, player: r.player, checkedIn: r.checkedInAt !== null }) : null;
    const booking = booked && booked.booking !== null ? booked : null;
    const spent = r.status === 'unreadable' ? null : (options.spent?.(r) ?? null);
    const cells = [
      s.character,
      s.player,
      s.ruleset,
      s.status,
      s.out,
      s.checkedIn,
      booking?.booking ?? '',
      booking?.paid === undefined ? '' : booking.paid ? 'yes' : 'no',
      s.armour,
      r.armour?.rating != null ? String(r.armour.rating) : '',
      r.status === 'unreadable' ? '' : String(r.errors.length),
      r.errors.map((e) => e.message).join('\n'),
      r.warnings.map((e) => e.message).join('\n'),
      spent === null ? '' : String(spent),
      s.file,
      s.id,
    ];
    lines.push(cells.map(csvField).join(','));
  }
  return `${UTF8_BOM}${lines.join('\r\n')}\r\n`;
}
