// The library's cache on disk, so that after a restart the listing needs only readdir + stat: each
// file's entry keyed by its path, size, modified time and change time. An entry is used only when
// all three match the file's stat now, so a file that changed is always read again. The cache is
// ours (in the app's user-data folder), but it is still checked field by field when read: a
// damaged or foreign file is ignored, never trusted.
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import type { LibraryEntry } from '../core/ipc/contract';
import { RULESET_IDS } from '../core/model/ids';
import { writeAtomic } from '../node/atomic';

export type Cached = { size: number; mtimeMs: number; ctimeMs: number; entry: LibraryEntry };

const FORMAT = 'quartermaster-library-cache';
const VERSION = 1;
/** Beyond this many files the cache keeps only what the last listings saw. */
export const MAX_CACHED_FILES = 100_000;

/** A row of the cache file as read, not yet checked: decoded (decodeRow) when its file is listed. */
export type RawRow = unknown[];

/**
 * Reads the cache file. `key` names what the entries depend on besides the file (the app version,
 * so new rules re-check every file); a different key, or any damage, gives an empty cache. Rows are
 * only sorted by path here: each is checked when its file is listed (decodeRow), so that a start-up
 * with 20,000 files does not check them all in one block of the main thread.
 */
export async function loadDiskCache(file: string, key: string): Promise<Map<string, RawRow>> {
  const out = new Map<string, RawRow>();
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(file, 'utf8'));
  } catch {
    return out;
  }
  if (!isObject(raw) || raw.format !== FORMAT || raw.version !== VERSION || raw.key !== key || !Array.isArray(raw.files)) return out;
  for (const f of raw.files) {
    if (out.size >= MAX_CACHED_FILES) break;
    if (Array.isArray(f) && f.length === 5 && typeof f[0] === 'string') out.set(f[0], f);
  }
  return out;
}

/** A row of the cache file checked field by field; null when anything is off. */
export function decodeRow(f: RawRow): Cached | null {
  if (!isCachedRow(f)) return null;
  const [path, size, mtimeMs, ctimeMs, e] = f;
  // Field by field (not a spread of what the file holds): nothing else gets into the entry.
  const entry: LibraryEntry = {
    path,
    fileName: basename(path),
    name: e.name as string,
    player: e.player as string,
    ruleset: e.ruleset as LibraryEntry['ruleset'],
    status: e.status as LibraryEntry['status'],
    errors: e.errors as number,
    warnings: e.warnings as number,
    modifiedMs: e.modifiedMs as number,
    size,
  };
  if (e.reason !== undefined) entry.reason = e.reason as string;
  if (e.id !== undefined) entry.id = e.id as string;
  return { size, mtimeMs, ctimeMs, entry };
}

/**
 * Writes the cache atomically (a crash leaves the old one or the new one, never half): the
 * entries known, then the rows read from the last cache file that no listing has needed yet.
 */
export async function saveDiskCache(file: string, key: string, cache: ReadonlyMap<string, Cached>, unread: ReadonlyMap<string, RawRow> = new Map()): Promise<void> {
  const files: unknown[] = [];
  for (const [path, c] of cache) {
    if (files.length >= MAX_CACHED_FILES) break;
    const { path: _path, fileName: _fileName, ...rest } = c.entry;
    files.push([path, c.size, c.mtimeMs, c.ctimeMs, rest]);
  }
  for (const [path, row] of unread) {
    if (files.length >= MAX_CACHED_FILES) break;
    if (!cache.has(path)) files.push(row);
  }
  await writeAtomic(file, JSON.stringify({ format: FORMAT, version: VERSION, key, files }));
}

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

const STATUSES = new Set(['clean', 'violations', 'unreadable']);

function isCachedRow(f: unknown): f is [string, number, number, number, Record<string, unknown>] {
  if (!Array.isArray(f) || f.length !== 5) return false;
  const [path, size, mtimeMs, ctimeMs, e] = f;
  if (typeof path !== 'string' || !Number.isFinite(size) || !Number.isFinite(mtimeMs) || !Number.isFinite(ctimeMs) || !isObject(e)) return false;
  return (
    !Object.hasOwn(e, 'path') &&
    !Object.hasOwn(e, 'fileName') &&
    typeof e.name === 'string' &&
    typeof e.player === 'string' &&
    (e.ruleset === null || (RULESET_IDS as readonly unknown[]).includes(e.ruleset)) &&
    STATUSES.has(e.status as string) &&
    Number.isInteger(e.errors) &&
    Number.isInteger(e.warnings) &&
    e.size === size &&
    Number.isFinite(e.modifiedMs) &&
    (e.reason === undefined || typeof e.reason === 'string') &&
    (e.id === undefined || typeof e.id === 'string') &&
    !Object.hasOwn(e, '__proto__')
  );
}
