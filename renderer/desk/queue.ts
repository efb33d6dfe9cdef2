// The desk's queue: Enter in the search box checks in the one character the search leaves waiting,
// or asks which when several wait. Those already in (or who cannot be checked in) are never
// checked out from here: the queue only ever checks in.
import { checkable, type Line, type ShownRow } from './rows';

export type QueueChoice =
  | { kind: 'nobody' }
  /** Matches, but none waiting: already checked in, or not checkable (a duplicate id). */
  | { kind: 'none-waiting'; row: ShownRow }
  | { kind: 'one'; row: ShownRow }
  | { kind: 'several'; rows: ShownRow[] };

/** What Enter does with the lines the search shows. */
export function queueChoice(lines: readonly Line[], rows: readonly ShownRow[]): QueueChoice {
  const matches: ShownRow[] = [];
  for (const l of lines) if (l.kind === 'row' && rows[l.index]!.id !== null) matches.push(rows[l.index]!);
  const waiting = matches.filter((r) => checkable(r) && r.checkedInAt === null);
  if (waiting.length === 1) return { kind: 'one', row: waiting[0]! };
  if (waiting.length > 1) return { kind: 'several', rows: waiting };
  return matches.length > 0 ? { kind: 'none-waiting', row: matches[0]! } : { kind: 'nobody' };
}
