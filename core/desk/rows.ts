// The desk's table: one row per character file with the values a referee checks at the desk,
// grouped by player, filtered to problems, searched, and totalled. Pure functions over plain data,
// so the app's desk view and the command line show the same thing.
import type { Location, RulesetId } from '../model/ids';
import { builtinGameName } from '../rulesets/index';
import type { DeskCharacter } from './characters';
import type { DeskEvent } from './event';
import { characterFold } from './fold';
import { armourCell } from './row-cells';
import { compareNames } from '../model/collate';
import { fileLife, outOfPlay, type OutOfPlay } from './life';
import { balanceOf } from '../season/points-record';
import { DESK_STATUSES, type DeskProblem, type DeskRow, type DeskStatus, type TagState } from './types';

export type PlayerGroup = {
  /** The player's name; "" for characters with no player named; null for the unreadable files. */
  player: string | null;
  rows: DeskRow[];
  /** Rows with errors or unreadable. */
  problems: number;
  /** Checked in and in play: a character who died after checking in is not counted. */
  checkedIn: number;
  /** Dead, permanently dead or retired. */
  out: number;
};

export type DeskTotals = {
  /** Every character file, readable or not. */
  files: number;
  /** Readable characters. */
  characters: number;
  /** Readable characters without rule errors (warnings allowed, as in `quartermaster check`). */
  clean: number;
  /** Readable characters with rule errors (or a desk problem such as a shared id). */
  withErrors: number;
  withWarnings: number;
  unreadable: number;
  /** Checked in and in play (see PlayerGroup). */
  checkedIn: number;
};

export type RowFilter = {
  /** Only rows with errors or unreadable files (and warnings too with `includeWarnings`). */
  problemsOnly?: boolean;
  includeWarnings?: boolean;
  /** Words that must all appear in the name, player, game, file, id or a problem. */
  query?: string;
  checkedIn?: 'in' | 'out';
};

/** The desk's rows, in the files' order. */
export function deskRows(characters: readonly DeskCharacter[], event: DeskEvent): DeskRow[] {
  return finishRows(characters.map((c) => characterRow(c)), event);
}

/**
 * `lean`: without the search text and the armour cell (left '' and null), for a caller that makes
 * its own (the desk view: renderer/desk/rows.ts words the armour and searches in the page).
 * `search` false: without the search text only (the command line's report does not search).
 *
 * A character's row before the event and the other files are known: without check-in and card
 * state, and without the shared-id check. finishRows completes a folder's rows; deskRows is the
 * two together. A caller that keeps the rows rather than the characters (the command line over
 * 20,000 files) lets each character go once its row is made.
 */
export function characterRow(c: DeskCharacter, lean = false, search = !lean): DeskRow {
  if (!c.readable) {
    const errors = [{ code: c.problem.code, message: c.problem.message, path: c.problem.field ?? '' }];
    return {
      file: c.file,
      id: null,
      name: '',
      player: '',
      ruleset: null,
      rulesetName: '',
      status: 'unreadable',
      armour: null,
      hits: null,
      powerPoints: null,
      energy: null,
      errors,
      warnings: [],
      checkedInAt: null,
      hash: null,
      tag: null,
      lastPrintedAt: null,
      search: search ? fold([c.file, c.problem.message].join(' ')) : '',
    };
  }
  const { character, derivation, hash } = c;
  const id = character.id.toLowerCase();
  const errors: DeskProblem[] = [];
  const warnings: DeskProblem[] = [];
  const violations = derivation.violations;
  for (let i = 0; i < violations.length; i++) {
    const v = violations[i]!;
    (v.severity === 'error' ? errors : warnings).push({ code: v.code, message: v.message, path: v.path, ...(v.params ? { params: v.params } : {}) });
  }
  const d = derivation.derived;
  const rulesetName = builtinGameName(character.ruleset);
  const row: DeskRow = {
    file: c.file,
    id,
    name: character.name,
    player: character.player,
    ruleset: character.ruleset,
    rulesetName,
    status: statusOf(errors, warnings),
    armour: lean ? null : armourCell(d, character),
    hits: d.ruleset === 'curious-pastimes' ? { ...d.hits } : null,
    powerPoints: d.ruleset === 'novitas' ? { pool: d.powerPoints.pool, breakCap: d.powerPoints.breakCap, dailyCap: d.powerPoints.dailyCap, planned: d.powerPoints.plannedCost } : null,
    energy: d.ruleset === 'bg-magic' ? d.energy : null,
    errors,
    warnings,
    // Filled in by finishRows from the event.
    checkedInAt: null,
    hash,
    tag: null,
    lastPrintedAt: null,
    search: '',
    ...(character.items.length > 0 ? { items: character.items.map((i) => ({ id: i.id.toLowerCase(), name: i.name, ...(i.expires ? { expires: i.expires } : {}) })) } : {}),
    ...(character.status === 'dead' || character.status === 'retired' ? { life: fileLife(character) } : {}),
  };
  const points = balanceOf(character);
  if (points !== null) row.points = points;
  if (search) row.search = searchText(row);
  return row;
}

/**
 * A folder's rows completed in place (and returned): each readable row's check-in and card state
 * for this event, and an error on every file whose character id another file has too.
 */
export function finishRows(rows: DeskRow[], event: DeskEvent): DeskRow[] {
  const files = new Map<string, string[]>();
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i]!;
    if (r.id === null) continue;
    const list = files.get(r.id);
    if (list) list.push(r.file);
    else files.set(r.id, [r.file]);
  }
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i]!;
    if (r.id === null) continue;
    const folded = characterFold(event, r.id);
    const last = folded.current;
    r.checkedInAt = folded.checkedInAt;
    r.tag = last === null ? 'never-printed' : last.hash === r.hash ? 'current' : 'changed';
    r.lastPrintedAt = last?.at ?? null;
    r.out = outOfPlay(r, event);
    const shared = files.get(r.id)!;
    if (shared.length > 1) {
      const others = shared.filter((f) => f !== r.file);
      r.errors.push({ code: DUPLICATE_ID_CODE, message: `this character's id is also the id of ${others.join(', ')} (a copied file?); give the copy a new id before check-in or printing`, path: 'id' });
      r.status = statusOf(r.errors, r.warnings);
      if (r.search !== '') r.search = searchText(r);
    }
  }
  return rows;
}

const statusOf = (errors: readonly DeskProblem[], warnings: readonly DeskProblem[]): DeskStatus => (errors.length > 0 ? 'errors' : warnings.length > 0 ? 'warnings' : 'clean');

/** What the search matches against: name, player, game, file, id and every problem. */
function searchText(r: DeskRow): string {
  return fold([r.name, r.player, r.rulesetName, r.ruleset, r.file, r.id, ...r.errors.map((e) => e.message), ...r.warnings.map((w) => w.message)].join(' '));
}

/** The label of a print's character card ("CH-…/2"); null when none. */
export function characterCardLabel(print: { cards: readonly { serial: string; edition: string }[] } | undefined): string | null {
  const card = print?.cards.find((c) => c.serial.startsWith('CH-'));
  return card ? `${card.serial}/${card.edition}` : null;
}

export const isProblem = (row: DeskRow, includeWarnings = false) => row.status === 'unreadable' || row.status === 'errors' || (includeWarnings && row.status === 'warnings');

/** Worst status first, then name, then file. */
export function compareRows(a: DeskRow, b: DeskRow): number {
  return DESK_STATUSES.indexOf(a.status) - DESK_STATUSES.indexOf(b.status) || compareNames(a.name, b.name) || a.file.localeCompare(b.file);
}

/**
 * Rows grouped by player: the unreadable files first, then players with problems, then the rest,
 * each alphabetically; within a player, worst status first.
 */
export function groupByPlayer(rows: readonly DeskRow[]): PlayerGroup[] {
  const groups = new Map<string | null, DeskRow[]>();
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i]!;
    const key = r.status === 'unreadable' ? null : r.player.trim();
    const list = groups.get(key);
    if (list) list.push(r);
    else groups.set(key, [r]);
  }
  const out: PlayerGroup[] = [...groups].map(([player, list]) => ({
    player,
    rows: [...list].sort(compareRows),
    problems: list.filter((r) => isProblem(r)).length,
    checkedIn: list.filter(inPlayCheckedIn).length,
    out: list.filter((r) => r.out).length,
  }));
  const rank = (g: PlayerGroup) => (g.player === null ? 0 : g.problems > 0 ? 1 : 2);
  return out.sort((a, b) => rank(a) - rank(b) || compareNames(a.player ?? '', b.player ?? ''));
}

/** The code of the desk problem "another file has this character's id". */
export const DUPLICATE_ID_CODE = 'desk.duplicate-id';

/** Accent-free lower case, so "eloise" finds "Éloïse" (and "и" finds "й"). */
export function fold(text: string): string {
  // ASCII text has no decompositions and no marks, and lower-cases letter by letter: the same
  // result without normalising (the desk folds every row's text, 20,000 at a big event).
  if (ASCII.test(text)) return text.toLowerCase();
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLocaleLowerCase('en');
}
const ASCII = /^[\x00-\x7f]*$/;

export function matchesQuery(row: DeskRow, query: string): boolean {
  const words = fold(query).split(/\s+/).filter(Boolean);
  return words.every((w) => row.search.includes(w));
}

export function filterRows(rows: readonly DeskRow[], filter: RowFilter): DeskRow[] {
  return rows.filter(
    (r) =>
      (!filter.problemsOnly || isProblem(r, filter.includeWarnings)) &&
      (filter.checkedIn === undefined || (filter.checkedIn === 'in') === (r.checkedInAt !== null)) &&
      (!filter.query || matchesQuery(r, filter.query)),
  );
}

/** The totals line; any row with a status, warnings and check-in time will do (the desk view's rows too). */
export function deskTotals(rows: readonly (Pick<DeskRow, 'status' | 'warnings' | 'checkedInAt'> & { out?: OutOfPlay | null })[]): DeskTotals {
  const t: DeskTotals = { files: rows.length, characters: 0, clean: 0, withErrors: 0, withWarnings: 0, unreadable: 0, checkedIn: 0 };
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i]!;
    if (r.status === 'unreadable') {
      t.unreadable++;
      continue;
    }
    t.characters++;
    if (r.status === 'errors') t.withErrors++;
    else t.clean++;
    if (r.warnings.length > 0) t.withWarnings++;
    if (inPlayCheckedIn(r)) t.checkedIn++;
  }
  return t;
}

/** Checked in and still in play: a character who died (or was retired) after checking in no longer counts as in. */
export const inPlayCheckedIn = (r: { checkedInAt: string | null; out?: OutOfPlay | null }) => r.checkedInAt !== null && !r.out;

/** 0 when every character is clean, 1 when any has an error, 2 when any file cannot be read (as `check`). */
export function deskExitCode(rows: readonly DeskRow[]): 0 | 1 | 2 {
  if (rows.some((r) => r.status === 'unreadable')) return 2;
  if (rows.some((r) => r.status === 'errors')) return 1;
  return 0;
}
