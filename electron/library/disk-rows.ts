// The rows of the library's cache file (library-cache.ts), by folder, in the layout of version 4
// (checked and written in library-columns.ts): a folder's rows as columns, a JSON array of ROW_COLUMNS arrays
// of `count` values each (file name, size, modified ms, change ms or null when equal to the
// modified ms, name, player, ruleset as its index in the header's list of rulesets or null,
// status as its index in STATUSES, errors, warnings, modified ms shown or null when it is the
// modified ms rounded down, id or null, reason or null). Columns rather than an array per row:
// JSON.parse makes 13 arrays per folder instead of one per file, and the text is a seventh shorter
// (at 20,000 files, parse and check took 15 ms instead of 24 ms); ruleset and status as numbers:
// no string to make, keep and hash for each row.
//
// A folder's bytes are turned into text and parsed only when a listing first needs one of its
// rows; each row is checked field by field when its file is first listed (`entry`), so a damaged
// row costs only its own file a read. A row checked is then held here, not moved into the
// library's map of entries: after a restart, 20,000 inserts into that map (a hash of each whole
// path, and the map grown ten times over) were a tenth of the listing's own work, while here the
// next listing finds each row where the last one did, in name order.
import { basename, dirname, sep } from 'node:path';
import type { LibraryEntry } from '../../core/ipc/contract';
import { RULESET_IDS } from '../../core/model/ids';
import { decodeAt, join, KNOWN_RULESETS, ROW_COLUMNS, type Cached } from './columns';

export type { Cached } from './columns';

type Unparsed = { bytes: Uint8Array; count: number; cols?: undefined };
/** A row's state in a parsed folder. */
const RAW = 0;
const GONE = 1;
const HELD = 2;
type Parsed = { cols: unknown[][]; count: number; next: number; state: Uint8Array; held: (Cached | undefined)[]; byName?: Map<string, number> };
type Folder = Unparsed | Parsed;

/** Strict UTF-8: a damaged byte loses the folder rather than turning into a replacement character in a name. */
const decoder = new TextDecoder('utf-8', { fatal: true });

export class DiskRows {
  private readonly folders = new Map<string, Folder>();
  /** The rulesets by their number in this file (its header's list), each one the app knows, or undefined. */
  private readonly rulesets: readonly (LibraryEntry['ruleset'] | undefined)[];
  /** The folder the last lookup was in: a listing asks for a folder's files one after another. */
  private lastDir = '';
  private last: Folder | undefined;
  /** Rows not yet checked (unparsed folders count their saved rows), and rows checked and held. */
  private raw = 0;
  private heldCount = 0;

  constructor(rulesets: readonly unknown[] = RULESET_IDS) {
    this.rulesets = rulesets.map((r) => (typeof r === 'string' && KNOWN_RULESETS.has(r) ? (r as LibraryEntry['ruleset']) : undefined));
  }

  /** Whether no row is here at all (cheap: asked for each file listed). */
  get empty(): boolean {
    return this.folders.size === 0;
  }

  /** Rows here: not yet checked, and checked and held. */
  get size(): number {
    return this.raw + this.heldCount;
  }

  /** Whether every row here has been checked (none is waiting in the file's text). */
  get allChecked(): boolean {
    return this.raw === 0;
  }

  /** A folder's line as read: `count` rows in the columns' JSON text, as bytes (UTF-8). */
  addBytes(folder: string, count: number, bytes: Uint8Array): void {
    this.drop(folder);
    this.folders.set(folder, { bytes, count });
    this.raw += count;
  }

  /**
   * The cached entry saved for `path` (whose file name is `name`), checked the first time and held
   * from then on: undefined when there is none, null when there was one but it is damaged (it is
   * dropped; the file must be read).
   */
  entry(path: string, name = basename(path)): Cached | null | undefined {
    const found = this.find(path, name);
    if (found === undefined) return undefined;
    const [rows, at] = found;
    if (rows.state[at] === HELD) return rows.held[at];
    const row = decodeAt(path, name, rows.cols, at, this.rulesets);
    this.raw--;
    if (row === null) {
      rows.state[at] = GONE;
      if (--rows.count === 0) this.drop(this.lastDir);
      return null;
    }
    rows.state[at] = HELD;
    rows.held[at] = row;
    this.heldCount++;
    return row;
  }

  /** Drops the row for `path`, checked or not; whether there was one. */
  delete(path: string): boolean {
    const found = this.find(path, basename(path));
    if (found === undefined) return false;
    const [rows, at] = found;
    this.dropRow(this.lastDir, rows, at);
    return true;
  }

  /** Where the row for `path` is, if it has one not dropped; leaves its folder as the last one. */
  private find(path: string, name: string): [Parsed, number] | undefined {
    const cut = path.length - name.length - 1;
    let folder: Folder | undefined;
    let dir: string;
    // The folder as dirname gives it (saved that way), found without slicing and hashing the
    // path when it is the folder asked about last.
    if (this.last !== undefined && cut === this.lastDir.length && path[cut] === sep && path.startsWith(this.lastDir)) {
      folder = this.last;
      dir = this.lastDir;
    } else {
      dir = cut > 0 && path[cut] === sep ? path.slice(0, cut) : dirname(path);
      folder = this.folders.get(dir);
    }
    if (folder === undefined) return undefined;
    const rows = folder.cols === undefined ? this.parse(dir, folder) : folder;
    if (rows === undefined) return undefined;
    this.lastDir = dir;
    this.last = rows;
    const names = rows.cols[0]!;
    // The listing goes in path order and the rows were saved in name order: usually the next one.
    let at = rows.next;
    if (names[at] !== name) {
      rows.byName ??= new Map(names.map((n, i) => [n as string, i]));
      const i = rows.byName.get(name);
      if (i === undefined) return undefined;
      at = i;
    }
    if (rows.state[at] === GONE) return undefined;
    rows.next = at + 1;
    return [rows, at];
  }

  private dropRow(dir: string, rows: Parsed, at: number): void {
    if (rows.state[at] === HELD) this.heldCount--;
    else this.raw--;
    rows.state[at] = GONE;
    rows.held[at] = undefined;
    if (--rows.count === 0) this.drop(dir);
  }

  /** Drops the rows of files under `root` that `keep` does not hold (they are gone). */
  forget(root: string, isInside: (root: string, path: string) => boolean, keep: ReadonlySet<string>): boolean {
    let dropped = false;
    for (const [dir, folder] of this.folders) {
      if (!isInside(root, dir)) continue;
      // A folder none of whose files was listed (or its rows would have been parsed) is gone whole.
      if (folder.cols === undefined) {
        this.drop(dir);
        dropped = true;
        continue;
      }
      const names = folder.cols[0]!;
      for (let i = 0; i < names.length && folder.count > 0; i++) {
        if (folder.state[i] !== GONE && !keep.has(join(dir, names[i] as string))) {
          this.dropRow(dir, folder, i);
          dropped = true;
        }
      }
    }
    return dropped;
  }

  clear(): void {
    this.folders.clear();
    this.last = undefined;
    this.raw = 0;
    this.heldCount = 0;
  }

  /** Each folder's rows: [folder, count, its bytes as read, or its rows that are sound (held, or checked now)]. */
  *left(): Generator<[string, number, Uint8Array | Cached[]]> {
    for (const [dir, f] of this.folders) {
      if (f.cols === undefined) {
        yield [dir, f.count, f.bytes];
        continue;
      }
      const rows: Cached[] = [];
      const names = f.cols[0]!;
      for (let i = 0; i < names.length; i++) {
        const row = f.state[i] === HELD ? f.held[i] : f.state[i] === RAW ? decodeAt(join(dir, names[i] as string), names[i] as string, f.cols, i, this.rulesets) : null;
        if (row) rows.push(row);
      }
      yield [dir, rows.length, rows];
    }
  }

  /** Drops a folder and what it counted. */
  private drop(dir: string): void {
    const folder = this.folders.get(dir);
    if (folder === undefined) return;
    this.folders.delete(dir);
    this.last = undefined;
    if (folder.cols === undefined) this.raw -= folder.count;
    else
      for (const st of folder.state) {
        if (st === RAW) this.raw--;
        else if (st === HELD) this.heldCount--;
      }
  }

  /** A folder's columns parsed and their shape checked; a damaged line loses the folder. */
  private parse(dir: string, folder: Unparsed): Parsed | undefined {
    let cols: unknown;
    try {
      cols = JSON.parse(decoder.decode(folder.bytes));
    } catch {
      cols = null;
    }
    const n = folder.count;
    if (!Array.isArray(cols) || cols.length !== ROW_COLUMNS || !cols.every((c) => Array.isArray(c) && c.length === n)) {
      this.drop(dir);
      return undefined;
    }
    const state = new Uint8Array(n);
    // A name that is not text, has a separator or is a dot-name would point outside the folder:
    // that row is never handed over.
    const names = (cols as unknown[][])[0]!;
    let count = n;
    for (let i = 0; i < n; i++) {
      const name = names[i];
      if (typeof name !== 'string' || name.startsWith('.') || name.includes('/') || name.includes(sep)) {
        state[i] = GONE;
        names[i] = null;
        count--;
      }
    }
    this.raw -= n - count;
    if (count === 0) {
      this.folders.delete(dir);
      this.last = undefined;
      return undefined;
    }
    const parsed: Parsed = { cols: cols as unknown[][], count, next: 0, state, held: new Array(n), byName: undefined };
    this.folders.set(dir, parsed);
    return parsed;
  }
}
