// The check-in sheet's rows, shared by the CSV and the PDF: one row per character file, ordered by
// player then character, with the unreadable files last so the desk sees them.
import type { DeskEvent } from './event';
import { currentPrint } from './fold';
import { outOfPlayLoud, outOfPlayWords } from './life';
import { characterCardLabel, compareRows } from './rows';
import type { DeskRow } from './types';
import { compareNames } from '../model/collate';

export type SheetRow = {
  player: string;
  character: string;
  ruleset: string;
  armour: string;
  /** "ok", "2 rule errors", "unreadable file", … */
  status: string;
  /** The local check-in time as "YYYY-MM-DD HH:MM", or "". */
  checkedIn: string;
  /** Pre-filled notes: out of play, problems and check-in; the desk writes the rest by hand. */
  notes: string;
  /** "dead since 2026-10-03 14:00 (retired)", "permanently dead since …", "retired since …"; "" when in play. */
  out: string;
  file: string;
  id: string;
  /** How the row stands, for emphasis: rule errors and unreadable files stand out on the sheet. */
  flag: 'ok' | 'warnings' | 'errors' | 'unreadable';
};


/** With the event, the notes name each character's current card edition ("card CH-…/2"). */
export function sheetRows(rows: readonly DeskRow[], event?: DeskEvent): SheetRow[] {
  const sorted = [...rows].sort(
    (a, b) =>
      Number(a.status === 'unreadable') - Number(b.status === 'unreadable') ||
      compareNames(a.player, b.player) ||
      compareNames(a.name, b.name) ||
      compareRows(a, b),
  );
  return sorted.map((r) => sheetRow(r, event && r.id ? characterCardLabel(currentPrint(event, r.id)) : null));
}

export function sheetRow(r: DeskRow, cardLabel: string | null = null): SheetRow {
  if (r.status === 'unreadable') {
    // The message names the file; the sheet shows the file's name in its own column.
    const message = r.errors[0]?.message ?? '';
    const why = message.startsWith(`${r.file}: `) ? message.slice(r.file.length + 2) : message;
    return { player: '', character: baseName(r.file), ruleset: '', armour: '', status: 'unreadable file', checkedIn: '', notes: `unreadable: ${why}`, out: '', file: r.file, id: '', flag: 'unreadable' };
  }
  const status = r.errors.length > 0 ? plural(r.errors.length, 'rule error') : r.warnings.length > 0 ? `ok, ${plural(r.warnings.length, 'warning')}` : 'ok';
  const out = r.out ? outOfPlayWords(r.out, wallTime) : '';
  // Out of play: not checked in (the box stays empty), the state first in the notes, its cards not valid.
  const checkedIn = r.checkedInAt && !out ? wallTime(r.checkedInAt) : '';
  const notes = [
    r.out ? `${outOfPlayLoud(r.out, wallTime)}: cards not valid, hand them in${r.checkedInAt ? ` (was checked in ${wallTime(r.checkedInAt).slice(11)})` : ''}` : '',
    r.errors.length > 0 ? plural(r.errors.length, 'rule error') : '',
    r.warnings.length > 0 ? plural(r.warnings.length, 'warning') : '',
    out ? '' : r.tag === 'changed' ? `cards changed since printed${cardLabel ? ` (${cardLabel} void on reprint)` : ''}` : cardLabel ? `card ${cardLabel}` : '',
    checkedIn ? `checked in ${checkedIn.slice(11)}` : '',
  ]
    .filter(Boolean)
    .join('; ');
  const flag = r.errors.length > 0 ? 'errors' : r.warnings.length > 0 ? 'warnings' : 'ok';
  return { player: r.player, character: r.name, ruleset: r.rulesetName, armour: r.armour?.text ?? '', status, checkedIn, notes, out, file: r.file, id: r.id ?? '', flag };
}

/** "2026-05-01T10:32:00+02:00" -> "2026-05-01 10:32": the time as it was on the desk's clock. */
export function wallTime(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
}

/**
 * An ISO time with the local UTC offset ("2026-05-01T10:32:00+02:00"), for check-in times: stored
 * as the desk's wall clock read, so the sheet shows the time the desk saw.
 */
export function isoLocal(date: Date): string {
  const off = -date.getTimezoneOffset();
  const local = new Date(date.getTime() + off * 60_000).toISOString().slice(0, 19);
  const sign = off >= 0 ? '+' : '-';
  const abs = Math.abs(off);
  return `${local}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

function baseName(path: string): string {
  return path.split(/[\\/]/).pop() ?? path;
}
