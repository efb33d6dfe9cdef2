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

/**
 * Reads the cache file. `key` names what the entries depend on besides the file (the app version,
 * so new rules re-check every file); a different key, or any damage, gives an empty cache.
 */
export async function loadDiskCache(file: string, key: string): Promise<Map<string, Cached>> {
  const out = new Map<string, Cached>();
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(file, 'utf8'));
  } catch {
    return out;
  }
  if (!isObject(raw) || raw.format !== FORMAT || raw.version !== VERSION || raw.key !== key || !Array.isArray(raw.files)) return out;
  for (const f of raw.files) {
    if (out.size >= MAX_CACHED_FILES) break;
    // The row stores the entry without its path and file name (the row's key gives both).
    if (isCachedRow(f)) out.set(f[0], { size: f[1], mtimeMs: f[2], ctimeMs: f[3], entry: { ...f[4], path: f[0], fileName: basename(f[0]) } as LibraryEntry });
  }
  return out;
}

/** Writes the cache atomically (a crash leaves the old one or the new one, never half). */
export async function saveDiskCache(file: string, key: string, cache: ReadonlyMap<string, Cached>): Promise<void> {
  const files: unknown[] = [];
  for (const [path, c] of cache) {
    if (files.length >= MAX_CACHED_FILES) break;
    const { path: _path, fileName: _fileName, ...rest } = c.entry;
    files.push([path, c.size, c.mtimeMs, c.ctimeMs, rest]);
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
