// The library's cache on disk, so that after a restart the listing needs only readdir + stat: each
// file's entry keyed by its path, size, modified time and change time. An entry is used only when
// all three match the file's stat now, so a file that changed is always read again. The cache is
// ours (in the app's user-data folder), but it is still checked field by field when read: a
// damaged or foreign file is ignored, never trusted.
//
// Version 4 is a header line (format, version, key, and the rulesets the rows name by number),
// then one line per folder: the folder's path (JSON), a tab, its row count, a tab, its rows as
// columns (library-disk-rows.ts). At start-up only the lines are found, in the file's bytes: a
// folder's bytes become text and are parsed when the listing first needs one of its rows. The
// file is never made one string: on this machine a string of the 3.7 MB that 20,000 files took
// cost 25-33 ms to make (fresh memory for V8's large-object space), the bytes 0.3 ms, and the 80
// folders' strings together 0.7 ms. The cache is written folder by folder
// between turns of the event loop. Older versions (2: one JSON document; 3: an array per row) are
// ignored: the library is read again once, and the cache written anew.
import { readFileSync, statSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { RULESET_IDS } from '../../core/model/ids';
import { writeAtomic } from '../../node/fs/atomic';
import { encodeColumns, join, type Cached } from './columns';
import { DiskRows } from './disk-rows';
import type { Pace } from './io';

export { DiskRows, type Cached } from './disk-rows';

const FORMAT = 'quartermaster-library-cache';
const VERSION = 4;
/** Beyond this many files the cache keeps only what the last listings saw. */
export const MAX_CACHED_FILES = 100_000;
/** A cache file larger than this is not ours (100,000 rows are about 17 MB): ignored unread. */
const MAX_CACHE_BYTES = 64 * 1024 * 1024;

const NEWLINE = 0x0a;
const TAB = 0x09;

/**
 * Reads the cache file. `key` names what the entries depend on besides the file (the app version,
 * so new rules re-check every file); a different key or version, or a damaged header, gives an
 * empty cache; a damaged folder line loses that folder only. Rows are checked when their file is
 * listed (DiskRows.take).
 */
export async function loadDiskCache(file: string, key: string, pace?: Pace): Promise<DiskRows> {
  let out = new DiskRows();
  let bytes: Buffer;
  try {
    // One synchronous read while the disk is fast (library-io.ts), as the listing's own reads.
    const size = pace?.sync ? pace.timed(() => statSync(file)).size : (await stat(file)).size;
    if (size > MAX_CACHE_BYTES) return out;
    bytes = pace?.sync ? pace.timed(() => readFileSync(file)) : await readFile(file);
  } catch {
    return out;
  }
  let end = bytes.indexOf(NEWLINE);
  if (end < 0) return out;
  let header: unknown;
  try {
    header = JSON.parse(utf8.decode(bytes.subarray(0, end)));
  } catch {
    return out;
  }
  if (!isObject(header) || header.format !== FORMAT || header.version !== VERSION || header.key !== key || !Array.isArray(header.rulesets)) return out;
  // Rows name their ruleset by its number in the header's list (library-disk-rows.ts).
  out = new DiskRows(header.rulesets);
  let total = 0;
  for (let start = end + 1; start < bytes.length; start = end + 1) {
    end = bytes.indexOf(NEWLINE, start);
    if (end < 0) end = bytes.length;
    // The tabs looked for within the line only (a line without one must not send the search on through the file).
    const line = bytes.subarray(start, end);
    const tab1 = line.indexOf(TAB);
    const tab2 = tab1 < 0 ? -1 : line.indexOf(TAB, tab1 + 1);
    if (tab2 < 0) continue;
    let folder: unknown;
    try {
      folder = JSON.parse(utf8.decode(line.subarray(0, tab1)));
    } catch {
      continue;
    }
    const count = Number(line.toString('latin1', tab1 + 1, tab2));
    if (typeof folder !== 'string' || !Number.isInteger(count) || count <= 0) continue;
    if ((total += count) > MAX_CACHED_FILES) break;
    out.addBytes(folder, count, line.subarray(tab2 + 1));
  }
  return out;
}

/**
 * Writes the cache atomically (a crash leaves the old one or the new one, never half): the
 * entries known, then the rows read from the last cache file that no listing has needed yet (a
 * folder no listing touched goes back as the bytes it was read as). Folder by folder, yielding
 * between slices.
 */
export async function saveDiskCache(file: string, key: string, cache: ReadonlyMap<string, Cached>, unread: DiskRows = new DiskRows(), pace?: Pace): Promise<void> {
  const folders = new Map<string, Cached[]>();
  let count = 0;
  for (const [path, c] of cache) {
    if (count >= MAX_CACHED_FILES) break;
    const dir = dirname(path);
    let rows = folders.get(dir);
    if (!rows) folders.set(dir, (rows = []));
    rows.push(c);
    count++;
    if (pace?.due) await pace.yield();
  }
  const parts: Uint8Array[] = [Buffer.from(`${JSON.stringify({ format: FORMAT, version: VERSION, key, rulesets: RULESET_IDS })}\n`)];
  const line = (dir: string, n: number, rows: Uint8Array | string) => {
    parts.push(Buffer.from(`${JSON.stringify(dir)}\t${n}\t`));
    parts.push(typeof rows === 'string' ? Buffer.from(rows) : rows);
    parts.push(Buffer.from('\n'));
  };
  for (const [dir, n, rows] of unread.left()) {
    if (count >= MAX_CACHED_FILES) break;
    if (rows instanceof Uint8Array) {
      // A folder no listing needed has nothing in memory (a listing's lookup would have parsed it).
      if (folders.has(dir)) continue;
      line(dir, n, rows);
      count += n;
    } else {
      const known = folders.get(dir);
      for (const row of rows) {
        if (count >= MAX_CACHED_FILES) break;
        if (known && cache.has(join(dir, row.entry.fileName))) continue;
        if (known) known.push(row);
        else folders.set(dir, [row]);
        count++;
      }
    }
    if (pace?.due) await pace.yield();
  }
  for (const [dir, rows] of folders) {
    // In name order, the order a listing asks for them (DiskRows.take).
    rows.sort((a, b) => (a.entry.fileName < b.entry.fileName ? -1 : a.entry.fileName > b.entry.fileName ? 1 : 0));
    line(dir, rows.length, encodeColumns(rows));
    if (pace?.due) await pace.yield();
  }
  await writeAtomic(file, Buffer.concat(parts));
}

/** Strict UTF-8: a damaged byte loses its folder's line rather than turning into a replacement character in a name. */
const utf8 = new TextDecoder('utf-8', { fatal: true });

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}
