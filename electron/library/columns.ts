// A folder's rows in the library's cache file (version 4; library-cache.ts, library-disk-rows.ts)
// as columns: the layout, a row checked field by field into an entry, and rows written as columns.
import { sep } from 'node:path';
import type { LibraryEntry } from '../../core/ipc/contract';
import { isBuiltinRuleset, RULESET_IDS } from '../../core/model/ids';
import { packId } from '../../core/packs/schema';

const isPackGameId = (id: string) => !isBuiltinRuleset(id) && packId.safeParse(id).success;

export type Cached = { size: number; mtimeMs: number; ctimeMs: number; entry: LibraryEntry };

export const ROW_COLUMNS = 13;
/** The statuses by their number in the cache file (a change here needs a new cache version). */
export const STATUSES: readonly LibraryEntry['status'][] = ['clean', 'violations', 'unreadable'];
export const KNOWN_RULESETS = new Set<string>(RULESET_IDS);

/** Row `i` of a folder's columns checked field by field, for the file at `path`; null when anything is off. */
export function decodeAt(path: string, fileName: string, cols: unknown[][], i: number, rulesets: readonly (LibraryEntry['ruleset'] | undefined)[]): Cached | null {
  const size = cols[1]![i];
  const mtimeMs = cols[2]![i];
  const ctime = cols[3]![i];
  const name = cols[4]![i];
  const player = cols[5]![i];
  const rulesetAt = cols[6]![i];
  // A pack's game is kept by its id (a string); a built-in game by its number.
  const ruleset = rulesetAt === null ? null : typeof rulesetAt === 'number' ? rulesets[rulesetAt] : typeof rulesetAt === 'string' && isPackGameId(rulesetAt) ? rulesetAt : undefined;
  const statusAt = cols[7]![i];
  const status = typeof statusAt === 'number' ? STATUSES[statusAt] : undefined;
  const errors = cols[8]![i];
  const warnings = cols[9]![i];
  const modified = cols[10]![i];
  const id = cols[11]![i];
  const reason = cols[12]![i];
  if (typeof size !== 'number' || !Number.isFinite(size) || typeof mtimeMs !== 'number' || !Number.isFinite(mtimeMs)) return null;
  const ctimeMs = ctime === null ? mtimeMs : ctime;
  const modifiedMs = modified === null ? Math.floor(mtimeMs) : modified;
  if (typeof ctimeMs !== 'number' || !Number.isFinite(ctimeMs) || typeof modifiedMs !== 'number' || !Number.isFinite(modifiedMs)) return null;
  if (typeof name !== 'string' || typeof player !== 'string' || ruleset === undefined || status === undefined) return null;
  if (!Number.isInteger(errors) || !Number.isInteger(warnings)) return null;
  if (!(id === null || typeof id === 'string') || !(reason === null || typeof reason === 'string')) return null;
  // Field by field: nothing else gets into the entry. One literal per combination of the optional
  // fields, each of its final shape (a field added afterwards costs a property store of its own).
  const r = ruleset;
  const st = status;
  const e = errors as number;
  const w = warnings as number;
  const entry: LibraryEntry =
    reason === null
      ? id === null
        ? { path, fileName, name, player, ruleset: r, status: st, errors: e, warnings: w, modifiedMs, size }
        : { path, fileName, name, player, ruleset: r, status: st, errors: e, warnings: w, modifiedMs, size, id }
      : id === null
        ? { path, fileName, name, player, ruleset: r, status: st, errors: e, warnings: w, modifiedMs, size, reason }
        : { path, fileName, name, player, ruleset: r, status: st, errors: e, warnings: w, modifiedMs, size, reason, id };
  return { size, mtimeMs, ctimeMs, entry };
}

/** Rows as a folder line's columns (the layout `take` reads), in the order given; rulesets numbered as in RULESET_IDS (the header lists them). */
export function encodeColumns(rows: readonly Cached[]): string {
  const cols: unknown[][] = Array.from({ length: ROW_COLUMNS }, () => new Array(rows.length));
  for (let i = 0; i < rows.length; i++) {
    const c = rows[i]!;
    const e = c.entry;
    cols[0]![i] = e.fileName;
    cols[1]![i] = c.size;
    cols[2]![i] = c.mtimeMs;
    cols[3]![i] = c.ctimeMs === c.mtimeMs ? null : c.ctimeMs;
    cols[4]![i] = e.name;
    cols[5]![i] = e.player;
    cols[6]![i] = e.ruleset === null ? null : isBuiltinRuleset(e.ruleset) ? RULESET_IDS.indexOf(e.ruleset) : e.ruleset;
    cols[7]![i] = STATUSES.indexOf(e.status);
    cols[8]![i] = e.errors;
    cols[9]![i] = e.warnings;
    cols[10]![i] = e.modifiedMs === Math.floor(c.mtimeMs) ? null : e.modifiedMs;
    cols[11]![i] = e.id ?? null;
    cols[12]![i] = e.reason ?? null;
  }
  return JSON.stringify(cols);
}

export function join(dir: string, name: string): string {
  return dir.endsWith(sep) ? dir + name : dir + sep + name;
}
