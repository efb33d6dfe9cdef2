// A booking list read from CSV (a booking site's export, LarpManager's among them, or a spreadsheet):
// its columns found by their headings (case, accents and punctuation ignored; an explicit mapping
// overrides), each row made a booking. Every problem names the file, the line and the column; a
// list with any problem gives no bookings at all, so half a list is never imported. Pure.
import { delimiterName, readCsv, type CsvDelimiter, type CsvRecord } from '../format/csv-read';
import { fold } from '../desk/rows';
import { BOOKING_FIELDS, MAX_BOOKING_TEXT, type BookingField, type BookingRow } from './bookings-types';

/** The headings each field is known by, best first (folded: lower case, no accents, single spaces). */
export const BOOKING_ALIASES: Record<BookingField, readonly string[]> = {
  player: ['player', 'player name', 'name', 'participant', 'member'],
  character: ['character', 'character name', 'pc', 'pc name'],
  booking: ['booking id', 'booking', 'booking number', 'booking no', 'booking reference', 'booking ref', 'registration id', 'registration', 'ticket id', 'ticket number', 'ticket no', 'ticket', 'reference', 'id'],
  paid: ['paid', 'payment', 'payment status', 'paid amount', 'amount paid', 'total paid', 'status'],
};
const REQUIRED: readonly BookingField[] = ['player', 'booking'];
const FIELD_WORDS: Record<BookingField, string> = { player: 'the player', character: 'the character', booking: 'the booking id', paid: 'whether it is paid' };

export type BookingMapping = Partial<Record<BookingField, string>>;
export type BookingProblem = { file: string; line: number; column?: string; message: string };
export type BookingList = { delimiter: CsvDelimiter; columns: Partial<Record<BookingField, string>>; rows: BookingRow[] };

const heading = (text: string) => fold(text).replace(/[\s_\-#.:/()]+/g, ' ').trim();

/** Where a problem is: "bookings.csv: line 4, column "Paid"". */
export function problemText(p: BookingProblem): string {
  return `${p.file}: line ${p.line}${p.column !== undefined ? `, column "${p.column}"` : ''}: ${p.message}`;
}

/** The column of each field: the mapping's, else the heading matching its best alias. */
function findColumns(file: string, header: CsvRecord, mapping: BookingMapping, problems: BookingProblem[]): Partial<Record<BookingField, number>> {
  const headings = header.cells.map(heading);
  const found: Partial<Record<BookingField, number>> = {};
  const taken = new Set<number>();
  for (const field of BOOKING_FIELDS) {
    const given = mapping[field];
    if (given === undefined) continue;
    const at = headings.indexOf(heading(given));
    if (at < 0) problems.push({ file, line: header.line, message: `the column "${given}" given for ${FIELD_WORDS[field]} is not in the header (its columns: ${header.cells.map((c) => `"${c}"`).join(', ')})` });
    else {
      found[field] = at;
      taken.add(at);
    }
  }
  for (const field of BOOKING_FIELDS) {
    if (mapping[field] !== undefined) continue;
    for (const alias of BOOKING_ALIASES[field]) {
      const at = headings.findIndex((h, i) => h === alias && !taken.has(i));
      if (at < 0) continue;
      found[field] = at;
      taken.add(at);
      break;
    }
  }
  for (const field of REQUIRED) {
    if (found[field] === undefined && mapping[field] === undefined) {
      problems.push({ file, line: header.line, message: `no column for ${FIELD_WORDS[field]}: name one "${BOOKING_ALIASES[field][0]}" (or ${BOOKING_ALIASES[field].slice(1, 4).map((a) => `"${a}"`).join(', ')}…), or map it (--map ${field}=COLUMN); its columns: ${header.cells.map((c) => `"${c}"`).join(', ')}` });
    }
  }
  return found;
}

const YES = new Set(['yes', 'y', 'true', 'paid', '1', 'x']);
const NO = new Set(['no', 'n', 'false', 'unpaid', 'not paid', '0', 'pending', '']);
const AMOUNT = /^(?:[£$€]|eur|gbp|usd|chf)?\s*(\d{1,9}(?:[.,]\d{1,2})?)\s*(?:[£$€]|eur|gbp|usd|chf)?$/;

/** A paid cell read: yes/no words, 1/0, or an amount (paid when above 0); null when it is none of these. An empty cell is unpaid. */
export function readPaid(cell: string): { paid: boolean; amount?: string } | null {
  const text = heading(cell);
  if (YES.has(text)) return { paid: true };
  if (NO.has(text)) return { paid: false };
  const amount = AMOUNT.exec(fold(cell.trim()));
  if (!amount) return null;
  return { paid: Number(amount[1]!.replace(',', '.')) > 0, amount: cell.trim() };
}

/** The booking list in `text` (a file's contents, named `file` in every problem), or every problem found. */
export function readBookingList(file: string, text: string, mapping: BookingMapping = {}): { ok: true; list: BookingList } | { ok: false; problems: BookingProblem[] } {
  const read = readCsv(text);
  if (!read.ok) return { ok: false, problems: [{ file, line: read.problem.line, message: read.problem.message }] };
  const { header, rows: records, delimiter } = read.table;
  const problems: BookingProblem[] = [];
  const at = findColumns(file, header, mapping, problems);
  if (problems.length > 0) return { ok: false, problems };
  const name = (field: BookingField) => header.cells[at[field]!]!;
  const cell = (r: CsvRecord, field: BookingField) => (at[field] === undefined ? '' : (r.cells[at[field]!] ?? '').trim());
  const rows: BookingRow[] = [];
  const lineOf = new Map<string, number>();
  for (const r of records) {
    const problem = (field: BookingField, message: string) => problems.push({ file, line: r.line, column: name(field), message });
    const values = { player: cell(r, 'player'), booking: cell(r, 'booking'), character: cell(r, 'character') };
    for (const field of ['player', 'booking', 'character'] as const) {
      if (values[field].length > MAX_BOOKING_TEXT) problem(field, `longer than ${MAX_BOOKING_TEXT} characters`);
    }
    if (values.player === '') problem('player', 'no player');
    if (values.booking === '') problem('booking', 'no booking id');
    else if (lineOf.has(values.booking.toLowerCase())) problem('booking', `the booking id "${values.booking}" is also on line ${lineOf.get(values.booking.toLowerCase())}`);
    else lineOf.set(values.booking.toLowerCase(), r.line);
    let paid: ReturnType<typeof readPaid> = null;
    if (at.paid !== undefined) {
      paid = readPaid(cell(r, 'paid'));
      if (paid === null) problem('paid', `"${cell(r, 'paid').slice(0, 40)}" is not a payment: write yes or no, paid or unpaid, 1 or 0, or an amount (or map another column: --map paid=COLUMN)`);
    }
    rows.push({ line: r.line, booking: values.booking, player: values.player, ...(values.character !== '' ? { characterName: values.character } : {}), ...(paid ? paid : {}) });
  }
  if (problems.length > 0) return { ok: false, problems };
  const columns: BookingList['columns'] = {};
  for (const field of BOOKING_FIELDS) if (at[field] !== undefined) columns[field] = name(field);
  return { ok: true, list: { delimiter, columns, rows } };
}

/** "comma separated; player from "Player", …": what was read, in words. */
export function listWords(list: BookingList): string {
  return `${delimiterName(list.delimiter)} separated; ${BOOKING_FIELDS.filter((f) => list.columns[f] !== undefined).map((f) => `${FIELD_WORDS[f].replace(/^the |^whether it is /, '')} from "${list.columns[f]}"`).join(', ')}`;
}

/** `player=Name,booking=Ticket`: a mapping as the command line takes it; throws naming what is wrong. */
export function parseMapping(text: string): BookingMapping {
  const out: BookingMapping = {};
  for (const part of text.split(',')) {
    const eq = part.indexOf('=');
    const field = part.slice(0, eq).trim().toLowerCase();
    if (eq < 1 || !(BOOKING_FIELDS as readonly string[]).includes(field) || part.slice(eq + 1).trim() === '') throw new Error(`--map takes FIELD=COLUMN pairs separated by commas, FIELD one of ${BOOKING_FIELDS.join(', ')} (got "${part}")`);
    out[field as BookingField] = part.slice(eq + 1).trim();
  }
  return out;
}

/** Largest booking list read, in bytes (10,000 bookings are well under 2 MB). */
export const MAX_BOOKING_FILE_BYTES = 10_000_000;

/** A booking list's bytes read: too large and not UTF-8 text are problems on line 1. */
export function readBookingBytes(file: string, bytes: Uint8Array, mapping: BookingMapping = {}): ReturnType<typeof readBookingList> {
  if (bytes.length > MAX_BOOKING_FILE_BYTES) return { ok: false, problems: [{ file, line: 1, message: `the file is ${bytes.length.toLocaleString('en')} bytes, more than the ${MAX_BOOKING_FILE_BYTES.toLocaleString('en')} a booking list may have` }] };
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return { ok: false, problems: [{ file, line: 1, message: 'the file is not UTF-8 text: save it again as "CSV UTF-8" (comma or semicolon separated)' }] };
  }
  return readBookingList(file, text, mapping);
}
