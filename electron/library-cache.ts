// The library's cache on disk, so that after a restart the listing needs only readdir + stat: each
// file's entry keyed by its path, size, modified time and change time. An entry is used only when
// all three match the file's stat now, so a file that changed is always read again. The cache is
// ours (in the app's user-data folder), but it is still checked field by field when read: a
// damaged or foreign file is ignored, never trusted.
//
// Version 3 is a header line, then one line per folder: the folder's path (JSON), a tab, its row
// count, a tab, its rows (a JSON array of flat arrays of plain values). At start-up only the lines
// are found; a folder's rows are parsed when the listing first needs one of them, so that reading
// the cache of 20,000 files is not one long block of the main thread (version 2, one JSON
// document, was 40–60 ms of it at 20,000), and the cache is written folder by folder between turns
// of the event loop. Version 2 files are ignored (the library is read again once).
import { readFileSync, statSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { basename, dirname, sep } from 'node:path';
import type { LibraryEntry } from '../core/ipc/contract';
import { RULESET_IDS } from '../core/model/ids';
import { writeAtomic } from '../node/atomic';
import type { Pace } from './library-io';

export type Cached = { size: number; mtimeMs: number; ctimeMs: number; entry: LibraryEntry };

const FORMAT = 'quartermaster-library-cache';
const VERSION = 3;
/** Beyond this many files the cache keeps only what the last listings saw. */
export const MAX_CACHED_FILES = 100_000;
/** A cache file larger than this is not ours (100,000 rows are about 20 MB): ignored unread. */
const MAX_CACHE_BYTES = 64 * 1024 * 1024;

/**
 * A row of the cache file: [file name, size, modified ms, change ms, name, player, ruleset,
 * status, errors, warnings, modified ms shown, id or null, reason or null]. As read, it is not yet
 * checked: decodeRow checks it when its file is listed.
 */
export type RawRow = unknown[];
const ROW_LENGTH = 13;

/** One folder's rows from the cache file: the text until first needed, then the rows not yet taken. */
type Folder = { text: string; count: number; rows?: undefined } | { rows: (RawRow | null)[]; count: number; next: number; byName?: Map<string, number> };

/**
 * The rows of the cache file that no listing has needed yet, by folder. `take` hands a row over
 * (once); whatever is left when the cache is saved again is written back as it was.
 */
export class DiskRows {
  private readonly folders = new Map<string, Folder>();

  /** Whether no row is left (cheap: asked for each file listed). */
  get empty(): boolean {
    return this.folders.size === 0;
  }

  /** Rows not yet taken (folders not yet parsed count their saved rows). */
  get size(): number {
    let n = 0;
    for (const f of this.folders.values()) n += f.count;
    return n;
  }

  addText(folder: string, count: number, text: string): void {
    this.folders.set(folder, { text, count });
  }

  /** The row saved for `path` (whose file name is `name`), removed from here; undefined when there is none. */
  take(path: string, name = basename(path)): RawRow | undefined {
    // The folder as dirname gives it (saved that way), without its cost for a normalised path.
    const cut = path.length - name.length - 1;
    const dir = cut > 0 && path[cut] === sep ? path.slice(0, cut) : dirname(path);
    const folder = this.parsed(dir);
    if (!folder) return undefined;
    // The listing goes in path order and the rows were saved in name order: usually the next one.
    let at = folder.next;
    if (folder.rows[at]?.[0] !== name) {
      folder.byName ??= new Map(folder.rows.flatMap((r, i) => (r ? [[r[0] as string, i] as [string, number]] : [])));
      const i = folder.byName.get(name);
      if (i === undefined || folder.rows[i] === null) return undefined;
      at = i;
    } else folder.next++;
    const row = folder.rows[at]!;
    folder.rows[at] = null;
    folder.count--;
    if (folder.count === 0) this.folders.delete(dir);
    return row;
  }

  delete(path: string): boolean {
    return this.take(path) !== undefined;
  }

  /** Drops the rows of files under `root` that `keep` does not hold (they are gone). */
  forget(root: string, isInside: (root: string, path: string) => boolean, keep: ReadonlySet<string>): boolean {
    let dropped = false;
    for (const [dir, folder] of this.folders) {
      if (!isInside(root, dir)) continue;
      // A folder none of whose files was listed (or its rows would have been parsed) is gone whole.
      if (folder.rows === undefined) {
        this.folders.delete(dir);
        dropped = true;
        continue;
      }
      for (const [i, row] of folder.rows.entries()) {
        if (row && !keep.has(join(dir, row[0] as string))) {
          folder.rows[i] = null;
          folder.count--;
          dropped = true;
        }
      }
      if (folder.count === 0) this.folders.delete(dir);
    }
    return dropped;
  }

  clear(): void {
    this.folders.clear();
  }

  /** Each folder's rows left: [folder, count, rows text, or the rows]. */
  *left(): Generator<[string, number, string | RawRow[]]> {
    for (const [dir, f] of this.folders) yield [dir, f.count, f.rows === undefined ? f.text : (f.rows.filter((r) => r !== null) as RawRow[])];
  }

  private parsed(dir: string): Extract<Folder, { next: number }> | undefined {
    const folder = this.folders.get(dir);
    if (!folder || folder.rows !== undefined) return folder;
    let rows: unknown;
    try {
      rows = JSON.parse(folder.text);
    } catch {
      rows = null;
    }
    // A row whose name has a separator, or a dot-name, would point outside the folder: not ours.
    const ok = Array.isArray(rows) ? (rows as unknown[]).filter((r): r is RawRow => Array.isArray(r) && r.length === ROW_LENGTH && typeof r[0] === 'string' && !r[0].startsWith('.') && !r[0].includes('/') && !r[0].includes(sep)) : [];
    const done = { rows: ok as (RawRow | null)[], count: ok.length, next: 0 };
    if (ok.length === 0) this.folders.delete(dir);
    else this.folders.set(dir, done);
    return done;
  }
}

function join(dir: string, name: string): string {
  return dir.endsWith(sep) ? dir + name : dir + sep + name;
}

/**
 * Reads the cache file. `key` names what the entries depend on besides the file (the app version,
 * so new rules re-check every file); a different key, or a damaged header, gives an empty cache, a
 * damaged folder line loses that folder only. Rows are checked when their file is listed (decodeRow).
 */
export async function loadDiskCache(file: string, key: string, pace?: Pace): Promise<DiskRows> {
  const out = new DiskRows();
  let text: string;
  try {
    // One synchronous read while the disk is fast (library-io.ts), as the listing's own reads.
    const size = pace?.sync ? pace.timed(() => statSync(file)).size : (await stat(file)).size;
    if (size > MAX_CACHE_BYTES) return out;
    text = pace?.sync ? pace.timed(() => readFileSync(file, 'utf8')) : await readFile(file, 'utf8');
  } catch {
    return out;
  }
  let end = text.indexOf('\n');
  if (end < 0) return out;
  let header: unknown;
  try {
    header = JSON.parse(text.slice(0, end));
  } catch {
    return out;
  }
  if (!isObject(header) || header.format !== FORMAT || header.version !== VERSION || header.key !== key) return out;
  let total = 0;
  for (let start = end + 1; start < text.length; start = end + 1) {
    end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    const tab1 = text.indexOf('\t', start);
    const tab2 = tab1 < 0 ? -1 : text.indexOf('\t', tab1 + 1);
    if (tab2 < 0 || tab2 > end) continue;
    let folder: unknown;
    try {
      folder = JSON.parse(text.slice(start, tab1));
    } catch {
      continue;
    }
    const count = Number(text.slice(tab1 + 1, tab2));
    if (typeof folder !== 'string' || !Number.isInteger(count) || count <= 0) continue;
    if ((total += count) > MAX_CACHED_FILES) break;
    out.addText(folder, count, text.slice(tab2 + 1, end));
  }
  return out;
}

/** A row of the cache file checked field by field, for the file at `path`; null when anything is off. */
export function decodeRow(path: string, row: RawRow, pathName = basename(path)): Cached | null {
  if (row.length !== ROW_LENGTH) return null;
  const [fileName, size, mtimeMs, ctimeMs, name, player, ruleset, status, errors, warnings, modifiedMs, id, reason] = row;
  if (fileName !== pathName || typeof size !== 'number' || !Number.isFinite(size) || typeof mtimeMs !== 'number' || !Number.isFinite(mtimeMs) || typeof ctimeMs !== 'number' || !Number.isFinite(ctimeMs)) return null;
  if (typeof name !== 'string' || typeof player !== 'string' || !(ruleset === null || RULESETS.has(ruleset as string)) || !STATUSES.has(status as string)) return null;
  if (!Number.isInteger(errors) || !Number.isInteger(warnings) || typeof modifiedMs !== 'number' || !Number.isFinite(modifiedMs)) return null;
  if (!(id === null || typeof id === 'string') || !(reason === null || typeof reason === 'string')) return null;
  // Field by field: nothing else gets into the entry.
  const entry: LibraryEntry = { path, fileName, name, player, ruleset: ruleset as LibraryEntry['ruleset'], status: status as LibraryEntry['status'], errors: errors as number, warnings: warnings as number, modifiedMs, size };
  if (reason !== null) entry.reason = reason;
  if (id !== null) entry.id = id;
  return { size, mtimeMs, ctimeMs, entry };
}

function encodeRow(c: Cached): RawRow {
  const e = c.entry;
  return [e.fileName, c.size, c.mtimeMs, c.ctimeMs, e.name, e.player, e.ruleset, e.status, e.errors, e.warnings, e.modifiedMs, e.id ?? null, e.reason ?? null];
}

/**
 * Writes the cache atomically (a crash leaves the old one or the new one, never half): the
 * entries known, then the rows read from the last cache file that no listing has needed yet (a
 * folder no listing touched goes back as it was read). Folder by folder, yielding between slices.
 */
export async function saveDiskCache(file: string, key: string, cache: ReadonlyMap<string, Cached>, unread: DiskRows = new DiskRows(), pace?: Pace): Promise<void> {
  const folders = new Map<string, RawRow[]>();
  let count = 0;
  for (const [path, c] of cache) {
    if (count >= MAX_CACHED_FILES) break;
    const dir = dirname(path);
    let rows = folders.get(dir);
    if (!rows) folders.set(dir, (rows = []));
    rows.push(encodeRow(c));
    count++;
    if (pace?.due) await pace.yield();
  }
  const lines = [JSON.stringify({ format: FORMAT, version: VERSION, key })];
  const line = (dir: string, n: number, rows: string) => lines.push(`${JSON.stringify(dir)}\t${n}\t${rows}`);
  for (const [dir, n, rows] of unread.left()) {
    if (count >= MAX_CACHED_FILES) break;
    if (typeof rows === 'string') {
      // A folder no listing needed has nothing in memory (a listing's lookup would have parsed it).
      if (folders.has(dir)) continue;
      line(dir, n, rows);
      count += n;
    } else {
      const known = folders.get(dir);
      for (const row of rows) {
        if (count >= MAX_CACHED_FILES) break;
        if (known && cache.has(join(dir, row[0] as string))) continue;
        if (known) known.push(row);
        else folders.set(dir, [row]);
        count++;
      }
    }
    if (pace?.due) await pace.yield();
  }
  for (const [dir, rows] of folders) {
    // In name order, the order a listing asks for them (DiskRows.take).
    rows.sort((a, b) => ((a[0] as string) < (b[0] as string) ? -1 : (a[0] as string) > (b[0] as string) ? 1 : 0));
    line(dir, rows.length, JSON.stringify(rows));
    if (pace?.due) await pace.yield();
  }
  await writeAtomic(file, `${lines.join('\n')}\n`);
}

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

const STATUSES = new Set(['clean', 'violations', 'unreadable']);
const RULESETS = new Set<string>(RULESET_IDS);
