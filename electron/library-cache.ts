// The library's cache on disk, so that after a restart the listing needs only readdir + stat: each
// file's entry keyed by its path, size, modified time and change time. An entry is used only when
// all three match the file's stat now, so a file that changed is always read again. The cache is
// ours (in the app's user-data folder), but it is still checked field by field when read: a
// damaged or foreign file is ignored, never trusted.
//
// Version 2 keeps a row per file as a flat array of plain values, grouped by folder (the folder's
// path once, not in every row): at 20,000 files it is about half the size of version 1's objects
// with named fields, and parses and checks in about half the time. Version 1 files are ignored (the
// library is read again once, and the cache written anew).
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, dirname, sep } from 'node:path';
import type { LibraryEntry } from '../core/ipc/contract';
import { RULESET_IDS } from '../core/model/ids';
import { writeAtomic } from '../node/atomic';
import type { Pace } from './library-io';

export type Cached = { size: number; mtimeMs: number; ctimeMs: number; entry: LibraryEntry };

const FORMAT = 'quartermaster-library-cache';
const VERSION = 2;
/** Beyond this many files the cache keeps only what the last listings saw. */
export const MAX_CACHED_FILES = 100_000;

/**
 * A row of the cache file: [file name, size, modified ms, change ms, name, player, ruleset,
 * status, errors, warnings, modified ms shown, id or null, reason or null]. As read, it is not yet
 * checked: decodeRow checks it when its file is listed.
 */
export type RawRow = unknown[];
const ROW_LENGTH = 13;

/**
 * Reads the cache file. `key` names what the entries depend on besides the file (the app version,
 * so new rules re-check every file); a different key, or any damage, gives an empty cache. Rows are
 * only put under their path here: each is checked when its file is listed (decodeRow), so that a
 * start-up with 20,000 files does not check them all in one block of the main thread.
 */
export async function loadDiskCache(file: string, key: string, pace?: Pace): Promise<Map<string, RawRow>> {
  const out = new Map<string, RawRow>();
  let raw: unknown;
  try {
    // One synchronous read while the disk is fast (library-io.ts), as the listing's own reads.
    raw = JSON.parse(pace?.sync ? pace.timed(() => readFileSync(file, 'utf8')) : await readFile(file, 'utf8'));
  } catch {
    return out;
  }
  if (!isObject(raw) || raw.format !== FORMAT || raw.version !== VERSION || raw.key !== key || !Array.isArray(raw.folders)) return out;
  for (const folder of raw.folders) {
    if (!Array.isArray(folder) || folder.length !== 2 || typeof folder[0] !== 'string' || !Array.isArray(folder[1])) continue;
    // The folder's path as saved (dirname of a listed path), so folder + separator + name is the
    // listed path again; a folder written any other way matches no listed file and is never used.
    const prefix = folder[0].endsWith(sep) ? folder[0] : folder[0] + sep;
    for (const row of folder[1] as unknown[]) {
      if (out.size >= MAX_CACHED_FILES) return out;
      // A name with a separator or a dot-name would point outside the folder: not ours.
      if (Array.isArray(row) && row.length === ROW_LENGTH && typeof row[0] === 'string' && !row[0].startsWith('.') && !row[0].includes('/') && !row[0].includes(sep)) out.set(prefix + row[0], row);
    }
  }
  return out;
}

/** A row of the cache file checked field by field, for the file at `path`; null when anything is off. */
export function decodeRow(path: string, row: RawRow): Cached | null {
  if (row.length !== ROW_LENGTH) return null;
  const [fileName, size, mtimeMs, ctimeMs, name, player, ruleset, status, errors, warnings, modifiedMs, id, reason] = row;
  if (fileName !== basename(path) || typeof size !== 'number' || !Number.isFinite(size) || typeof mtimeMs !== 'number' || !Number.isFinite(mtimeMs) || typeof ctimeMs !== 'number' || !Number.isFinite(ctimeMs)) return null;
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
 * entries known, then the rows read from the last cache file that no listing has needed yet.
 */
export async function saveDiskCache(file: string, key: string, cache: ReadonlyMap<string, Cached>, unread: ReadonlyMap<string, RawRow> = new Map()): Promise<void> {
  const folders = new Map<string, RawRow[]>();
  let count = 0;
  const add = (path: string, row: RawRow) => {
    const dir = dirname(path);
    let rows = folders.get(dir);
    if (!rows) folders.set(dir, (rows = []));
    rows.push(row);
    count++;
  };
  for (const [path, c] of cache) {
    if (count >= MAX_CACHED_FILES) break;
    add(path, encodeRow(c));
  }
  for (const [path, row] of unread) {
    if (count >= MAX_CACHED_FILES) break;
    if (!cache.has(path)) add(path, row);
  }
  await writeAtomic(file, JSON.stringify({ format: FORMAT, version: VERSION, key, folders: [...folders] }));
}

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

const STATUSES = new Set(['clean', 'violations', 'unreadable']);
const RULESETS = new Set<string>(RULESET_IDS);
