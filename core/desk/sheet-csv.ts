// The check-in sheet as CSV: RFC 4180 (comma separated, CRLF line ends, fields with a comma, quote
// or line break quoted, quotes doubled), UTF-8 with a byte order mark so spreadsheet programs read
// Cyrillic names correctly. Cells that a spreadsheet would run as a formula (starting with = + - @,
// a tab or a carriage return) get a leading apostrophe: a character named "=HYPERLINK(…)" stays text.
// "Out of play" is the last column, so the columns before it keep their places: "dead since
// 2026-10-03 14:00 (retired)", "permanently dead since …", "retired since …", or empty.
import type { SheetRow } from './sheet';

export const CSV_COLUMNS: readonly { key: Exclude<keyof SheetRow, 'flag'> | 'signature'; label: string }[] = [
  { key: 'player', label: 'Player' },
  { key: 'character', label: 'Character' },
  { key: 'ruleset', label: 'Ruleset' },
  { key: 'armour', label: 'Armour' },
  { key: 'status', label: 'Status' },
  { key: 'checkedIn', label: 'Checked in' },
  { key: 'notes', label: 'Notes' },
  { key: 'signature', label: 'Signature' },
  { key: 'file', label: 'File' },
  { key: 'id', label: 'Character id' },
  { key: 'out', label: 'Out of play' },
];

export const UTF8_BOM = '\ufeff';

/** One CSV field, quoted when it must be. */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The whole sheet as CSV text, starting with the byte order mark. */
export function checkInCsv(rows: readonly SheetRow[]): string {
  const lines = [CSV_COLUMNS.map((c) => csvField(c.label)).join(',')];
  for (const r of rows) lines.push(CSV_COLUMNS.map((c) => csvField(c.key === 'signature' ? '' : r[c.key])).join(','));
  return `${UTF8_BOM}${lines.join('\r\n')}\r\n`;
}
