// The desk's rows as the view shows them. The main process sends each file's row without the
// event (contract DeskViewRow); the view holds the event and changes it on every check-in, so the
// three fields that depend on it are filled in here, as core/desk/rows.ts `deskRows` fills them
// (desk-rows.test.ts checks the two agree). A row whose fields did not change keeps its identity,
// so a check-in redraws one row. The grouping and order (which do not depend on the event) are
// made once per folder read; the search text only when a search is first typed.
import type { DeskViewRow } from '../../core/ipc/contract';
import { deskTotals, DUPLICATE_ID_CODE, fold, type DeskTotals } from '../../core/desk/rows';
import { DESK_STATUSES, type TagState } from '../../core/desk/types';
import type { DeskEvent } from '../../core/desk/event';
import { foldEvent } from '../../core/desk/fold';
import type { GameId } from '../../core/model/ids';
import { outOfPlay, type OutOfPlay } from '../../core/desk/life';

/** A row with the event applied. */
export type ShownRow = DeskViewRow & { checkedInAt: string | null; tag: TagState | null; lastPrintedAt: string | null; out: OutOfPlay | null };

/** The ledger's keys of the rows' ids (lower case), made once per folder read, not on every check-in. */
const idKeys = new WeakMap<readonly DeskViewRow[], (string | null)[]>();
const keysOf = (rows: readonly DeskViewRow[]) => {
  let keys = idKeys.get(rows);
  if (!keys) idKeys.set(rows, (keys = rows.map((r) => r.id?.toLowerCase() ?? null)));
  return keys;
};

export function withEvent(rows: readonly DeskViewRow[], event: DeskEvent, previous: readonly ShownRow[] = []): ShownRow[] {
  // One fold of the event for all rows (core/desk/fold.ts caches it per event value).
  const folded = foldEvent(event).characters;
  const keys = keysOf(rows);
  return rows.map((row, i) => {
    const before = previous[i];
    if (row.id === null) return before && before.file === row.file && before.id === null && before.hash === row.hash && sameProblems(before, row) ? before : { ...row, checkedInAt: null, tag: null, lastPrintedAt: null, out: null };
    const c = folded.get(keys[i]!);
    const last = c?.current ?? undefined;
    const checkedInAt = c?.checkedInAt ?? null;
    const tag = last === undefined ? 'never-printed' : last.hash === row.hash ? 'current' : 'changed';
    const lastPrintedAt = last?.at ?? null;
    // Dead or retired (core/desk/life.ts): the row says so in place of the check-in.
    const out = outOfPlay(row, event);
    if (before && before.file === row.file && before.hash === row.hash && before.checkedInAt === checkedInAt && before.tag === tag && before.lastPrintedAt === lastPrintedAt && sameOut(before.out, out) && sameProblems(before, row)) return before;
    return { ...row, checkedInAt, tag, lastPrintedAt, out };
  });
}

const sameOut = (a: OutOfPlay | null, b: OutOfPlay | null) => a === b || (a !== null && b !== null && a.shown === b.shown && a.since === b.since && a.retired === b.retired && a.convergences === b.convergences && a.alert === b.alert);

/** A re-read row with the same content hash can still differ in its desk problems (a duplicate id fixed). */
const sameProblems = (a: DeskViewRow, b: DeskViewRow) => a.errors.length === b.errors.length && a.warnings.length === b.warnings.length && a.errors.every((e, i) => e.code === b.errors[i]!.code && e.message === b.errors[i]!.message);

/** The code of the desk problem "another file has this character's id". */
export const DUPLICATE_ID = DUPLICATE_ID_CODE;

/** Whether a row can be checked in: a readable character whose id no other file shares. */
export const checkable = (row: DeskViewRow) => row.id !== null && !row.errors.some((e) => e.code === DUPLICATE_ID);

export const isProblem = (row: DeskViewRow, includeWarnings = false) => row.status === 'unreadable' || row.status === 'errors' || (includeWarnings && row.status === 'warnings');

/** One player's rows (indices into the rows, in order); player null for the unreadable files. */
export type RowGroup = { key: string; player: string | null; rows: number[]; problems: number };

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/**
 * Rows grouped by player as core/desk/rows.ts `groupByPlayer` groups them: the unreadable files
 * first, then players with problems, then the rest, each alphabetically; within a player, worst
 * status first, then name, then file.
 */
export function groupRows(rows: readonly DeskViewRow[]): RowGroup[] {
  const byPlayer = new Map<string | null, number[]>();
  rows.forEach((r, i) => {
    const key = r.status === 'unreadable' ? null : r.player.trim();
    const list = byPlayer.get(key);
    if (list) list.push(i);
    else byPlayer.set(key, [i]);
  });
  const rank = (i: number) => DESK_STATUSES.indexOf(rows[i]!.status);
  const groups: RowGroup[] = [...byPlayer].map(([player, list]) => ({
    key: player === null ? '\u0000unreadable' : `p:${player}`,
    player,
    rows: list.sort((a, b) => rank(a) - rank(b) || collator.compare(rows[a]!.name, rows[b]!.name) || rows[a]!.file.localeCompare(rows[b]!.file)),
    problems: list.filter((i) => isProblem(rows[i]!)).length,
  }));
  const groupRank = (g: RowGroup) => (g.player === null ? 0 : g.problems > 0 ? 1 : 2);
  return groups.sort((a, b) => groupRank(a) - groupRank(b) || collator.compare(a.player ?? '', b.player ?? ''));
}

/** Who to show: everyone, those not checked in yet, or those checked in. */
export type Arrival = 'all' | 'waiting' | 'in';

export type LineFilter = { problemsOnly: boolean; includeWarnings: boolean; query: string; arrival: Arrival; game: string; ids?: ReadonlySet<string> | null };

/** A line of the table: a player's heading or a character's row. */
export type Line = { kind: 'group'; group: number } | { kind: 'row'; group: number; index: number };

/** Lower-case, accent-free text a search matches: name, player, game, file, id and problems. */
export function searchTexts(rows: readonly DeskViewRow[], gameName: (id: GameId) => string): string[] {
  return rows.map((r) => fold([r.name, r.player, r.ruleset ? `${gameName(r.ruleset)} ${r.ruleset}` : '', r.file, r.id ?? '', ...r.errors.map((e) => e.message), ...r.warnings.map((w) => w.message)].join(' ')));
}

/** The lines to show: each group with any row that passes the filter, its heading first. */
export function filterLines(groups: readonly RowGroup[], rows: readonly ShownRow[], filter: LineFilter, search: readonly string[] | null): Line[] {
  const words = filter.query ? fold(filter.query).split(/\s+/).filter(Boolean) : [];
  const passes = (i: number) => {
    const r = rows[i]!;
    if (filter.problemsOnly && !isProblem(r, filter.includeWarnings)) return false;
    if (filter.game && r.ruleset !== filter.game) return false;
    // Only these characters (by lower-case id): a booking filter's rows.
    if (filter.ids && !(r.id && filter.ids.has(r.id.toLowerCase()))) return false;
    if (filter.arrival === 'waiting' && !(checkable(r) && r.checkedInAt === null && r.out === null)) return false;
    if (filter.arrival === 'in' && r.checkedInAt === null) return false;
    if (words.length > 0 && search && !words.every((w) => search[i]!.includes(w))) return false;
    return true;
  };
  const lines: Line[] = [];
  groups.forEach((g, gi) => {
    let headed = false;
    for (const index of g.rows) {
      if (!passes(index)) continue;
      if (!headed) lines.push({ kind: 'group', group: gi }), (headed = true);
      lines.push({ kind: 'row', group: gi, index });
    }
  });
  return lines;
}

export function totalsOf(rows: readonly ShownRow[]): DeskTotals {
  return deskTotals(rows);
}

/** The games of the folder's readable characters, for the game filter. */
export function gamesOf(rows: readonly DeskViewRow[]): GameId[] {
  const seen = new Set<GameId>();
  for (const r of rows) if (r.ruleset) seen.add(r.ruleset);
  return [...seen].sort();
}
