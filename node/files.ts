// Character files on disk: reading with a content hash, atomic writes, backups, free names.
// Nothing here ever changes the bytes of a file it could not read.
import { createHash } from 'node:crypto';
import { constants } from 'node:fs';
import { copyFile, link, mkdir, open, readdir, readFile, rename, rm, stat, unlink } from 'node:fs/promises';
import { basename, dirname, join, relative } from 'node:path';
import { loadCharacterBytes, type LoadProblem } from '../core/format/load';
import { MAX_FILE_BYTES } from '../core/format/limits';
import { characterSchema, type Character } from '../core/model/character';
import { CHARACTER_FILE_SUFFIX, CURRENT_VERSION } from '../core/model/ids';
import { EVENT_FILE_SUFFIX } from '../core/desk/event';
import type { Backup, OpenResult } from '../core/ipc/contract';
import { isInside } from './paths';

/** How many earlier versions of each character are kept. */
export const BACKUPS_KEPT = 10;
/** The hidden folder inside the library that holds the backups. */
export const BACKUP_FOLDER = '.quartermaster-backups';

export function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

export type ReadOutcome =
  | { kind: 'missing' }
  | { kind: 'read'; bytes: Uint8Array; hash: string };

/** Reads a file's bytes, refusing (without reading) files over the size limit. */
export async function readBytes(path: string): Promise<Uint8Array> {
  const s = await stat(path);
  if (!s.isFile()) throw new Error(`${path}: is not a file`);
  if (s.size > MAX_FILE_BYTES) throw new TooLargeError(path, s.size);
  return new Uint8Array(await readFile(path));
}

export class TooLargeError extends Error {
  constructor(
    readonly path: string,
    readonly size: number,
  ) {
    super(`${path}: the file is ${(size / (1024 * 1024)).toFixed(1)} MB; the limit is ${(MAX_FILE_BYTES / (1024 * 1024)).toFixed(1)} MB`);
  }
}

/** Interprets a file's bytes as the renderer sees it: a character to edit, read-only, or a problem. */
export function openFromBytes(path: string, bytes: Uint8Array, options: { readOnlyReason?: string } = {}): OpenResult {
  const hash = sha256(bytes);
  const loaded = loadCharacterBytes(bytes, path);
  if (loaded.ok) {
    const opened = { path, character: loaded.character, hash, readOnly: options.readOnlyReason !== undefined };
    return { ok: true, opened: options.readOnlyReason !== undefined ? { ...opened, readOnlyReason: options.readOnlyReason } : opened };
  }
  if (loaded.problem.code === 'future-version') {
    const peek = peekFutureVersion(bytes);
    if (peek) return { ok: true, opened: { path, character: peek, hash, readOnly: true, readOnlyReason: loaded.problem.message } };
  }
  return { ok: false, problem: loaded.problem, path };
}

/** Reads and opens a file; a file that cannot be read at all becomes an "unreadable" problem. */
export async function openFile(path: string, options: { readOnlyReason?: string } = {}): Promise<OpenResult> {
  let bytes: Uint8Array;
  try {
    bytes = await readBytes(path);
  } catch (e) {
    return { ok: false, path, problem: ioProblem(path, e) };
  }
  return openFromBytes(path, bytes, options);
}

export function ioProblem(path: string, e: unknown): LoadProblem {
  if (e instanceof TooLargeError) return { code: 'too-large', message: e.message };
  const code = (e as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return { code: 'io', message: `${path}: the file does not exist (was it moved or deleted?)` };
  if (code === 'EACCES' || code === 'EPERM') return { code: 'io', message: `${path}: permission denied` };
  return { code: 'io', message: `${path}: ${(e as Error).message}` };
}

/**
 * A file from a newer Quartermaster, read as well as this version can so it can be shown read-only.
 * Returns null when even that fails (it is then listed as unreadable).
 */
export function peekFutureVersion(bytes: Uint8Array): Character | null {
  try {
    const raw = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes)) as Record<string, unknown>;
    const parsed = characterSchema.safeParse({ ...raw, version: CURRENT_VERSION });
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

let tempCounter = 0;

/** A hidden temp file beside `target`: `.<name>.<pid>.<ms>.<n>.tmp`, unique within this process. */
function tempPathFor(target: string): string {
  return join(dirname(target), `.${basename(target)}.${process.pid}.${Date.now()}.${tempCounter++}.tmp`);
}

/** Temp files of ours: the names tempPathFor makes (and the command line's `.<name>.<pid>.<ms>.tmp`). */
const TEMP_NAME = /^\..+\.(\d+)\.(\d{13})(?:\.\d+)?\.tmp$/;

/** How old a leftover temp file must be before the sweep removes it. */
export const STALE_TEMP_MS = 60 * 60 * 1000;

/**
 * Removes temp files that a crash or a killed process left in `folder` and the folders below it
 * (hidden ones included, where backups live; links are not followed; 8 levels at most): only names
 * of our own pattern, stamped and last modified more than STALE_TEMP_MS before `now`, so a save in
 * flight is never touched. Returns the paths removed; errors are ignored (it is only tidying).
 */
export async function sweepStaleTemps(folder: string, now: number, depth = 8): Promise<string[]> {
  const removed: string[] = [];
  let entries;
  try {
    entries = await readdir(folder, { withFileTypes: true });
  } catch {
    return removed;
  }
  for (const entry of entries) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) {
      if (depth > 0) removed.push(...(await sweepStaleTemps(path, now, depth - 1)));
      continue;
    }
    const m = TEMP_NAME.exec(entry.name);
    if (!entry.isFile() || !m || now - Number(m[2]) < STALE_TEMP_MS) continue;
    try {
      if (now - (await stat(path)).mtimeMs < STALE_TEMP_MS) continue;
      await unlink(path);
      removed.push(path);
    } catch {
      // gone already
    }
  }
  return removed;
}

/**
 * Writes a file atomically: a temp file in the same folder, fsync, rename over the target, fsync the
 * folder (where the platform allows). A crash leaves either the old or the new file, never a mix.
 */
export async function writeAtomic(path: string, data: Uint8Array | string): Promise<void> {
  const folder = dirname(path);
  const tmp = tempPathFor(path);
  const fh = await open(tmp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, 0o644);
  try {
    await fh.writeFile(data);
    await fh.sync();
  } catch (e) {
    await fh.close().catch(() => undefined);
    await unlink(tmp).catch(() => undefined);
    throw e;
  }
  await fh.close();
  try {
    await rename(tmp, path);
  } catch (e) {
    await unlink(tmp).catch(() => undefined);
    throw e;
  }
  await syncFolder(folder);
}

/** Creates a file with these bytes only if nothing is there yet (never overwrites). */
export async function writeNew(path: string, data: Uint8Array | string): Promise<void> {
  const folder = dirname(path);
  const tmp = tempPathFor(path);
  const fh = await open(tmp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, 0o644);
  try {
    await fh.writeFile(data);
    await fh.sync();
  } finally {
    await fh.close();
  }
  try {
    // link() fails with EEXIST instead of replacing: the "never overwrite" guarantee, atomically.
    await link(tmp, path);
  } finally {
    await unlink(tmp).catch(() => undefined);
  }
  await syncFolder(folder);
}

/**
 * Copies a file to a new name that must not exist yet, so that the copy appears whole or not at all:
 * copy to a temp file in the target's folder, fsync, hard-link to the target (EEXIST instead of
 * replacing), remove the temp file. A plain copyFile creates the target first and fills it after,
 * so a crash in between left an empty file under the target's name.
 */
export async function copyNew(from: string, to: string): Promise<void> {
  const folder = dirname(to);
  const tmp = tempPathFor(to);
  await copyFile(from, tmp, constants.COPYFILE_EXCL);
  try {
    const fh = await open(tmp, 'r+');
    try {
      await fh.sync();
    } finally {
      await fh.close();
    }
    await link(tmp, to);
  } finally {
    await unlink(tmp).catch(() => undefined);
  }
  await syncFolder(folder);
}

async function syncFolder(folder: string): Promise<void> {
  // Not possible on Windows (EISDIR/EPERM); the rename is still atomic there.
  try {
    const dh = await open(folder, 'r');
    try {
      await dh.sync();
    } finally {
      await dh.close();
    }
  } catch {
    /* best effort */
  }
}

/** Strips what a file name cannot hold; never empty, never hidden, never "..". */
export function safeStem(name: string): string {
  const cleaned = name
    .normalize('NFC')
    .replace(/[\u0000-\u001f\u007f<>:"/\\|?*]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '')
    .replace(/[. ]+$/, '')
    .slice(0, 120)
    .trim();
  return cleaned === '' ? 'character' : cleaned;
}

/** The stem of a character file name ("Ayla.character.json" -> "Ayla"). */
export function stemOf(fileName: string): string {
  return fileName.endsWith(CHARACTER_FILE_SUFFIX) ? fileName.slice(0, -CHARACTER_FILE_SUFFIX.length) : fileName.replace(/\.json$/i, '');
}

/** A path in `folder` for `stem` that does not exist yet: "Ayla", "Ayla (2)", "Ayla (3)", … */
export async function freePath(folder: string, stem: string): Promise<string> {
  const base = safeStem(stem);
  for (let n = 1; n < 10_000; n++) {
    const candidate = join(folder, `${n === 1 ? base : `${base} (${n})`}${CHARACTER_FILE_SUFFIX}`);
    if (!(await exists(candidate))) return candidate;
  }
  throw new Error(`${folder}: no free file name for "${base}"`);
}

export async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw e;
  }
}

// ---- backups ------------------------------------------------------------------------------------

const BACKUP_ID = /^(\d{1,16})-(\d{1,6})$/;

/**
 * The backup folder of one character file. Files in the library are keyed by their path relative
 * to the library; files elsewhere by a hash of their absolute path plus their name.
 */
export function backupFolderOf(libraryFolder: string, path: string): string {
  const root = join(libraryFolder, BACKUP_FOLDER);
  const key = isInside(libraryFolder, path)
    ? encodeURIComponent(relative(libraryFolder, path).split(/[\\/]/).join('/'))
    : `external-${sha256(new TextEncoder().encode(path)).slice(0, 16)}-${encodeURIComponent(basename(path))}`;
  return join(root, key);
}

export async function listBackups(folder: string, suffix: string = CHARACTER_FILE_SUFFIX): Promise<Backup[]> {
  let names: string[];
  try {
    names = await readdir(folder);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw e;
  }
  const out: Backup[] = [];
  for (const name of names) {
    const id = name.endsWith(suffix) ? name.slice(0, -suffix.length) : null;
    const m = id === null ? null : BACKUP_ID.exec(id);
    if (!m || id === null) continue;
    const s = await stat(join(folder, name)).catch(() => null);
    if (s?.isFile()) out.push({ id, savedMs: Number(m[1]), size: s.size });
  }
  // Newest first; the counter breaks ties within one millisecond.
  return out.sort((a, b) => b.savedMs - a.savedMs || Number(b.id.split('-')[1]) - Number(a.id.split('-')[1]));
}

/**
 * Copies the current bytes of `path` into its backup folder, then keeps only the newest BACKUPS_KEPT.
 * The copy appears whole or not at all (see `copyNew`): a crash never leaves an empty backup.
 */
export async function backUp(path: string, folder: string, nowMs: number, suffix: string = CHARACTER_FILE_SUFFIX): Promise<Backup | null> {
  if (!(await exists(path))) return null;
  await mkdir(folder, { recursive: true });
  const existing = await listBackups(folder, suffix);
  let n = 1;
  while (existing.some((b) => b.id === `${nowMs}-${n}`)) n++;
  const id = `${nowMs}-${n}`;
  const target = join(folder, `${id}${suffix}`);
  await copyNew(path, target);
  const all = await listBackups(folder, suffix);
  for (const old of all.slice(BACKUPS_KEPT)) await rm(join(folder, `${old.id}${suffix}`), { force: true });
  const s = await stat(target);
  return { id, savedMs: nowMs, size: s.size };
}

/**
 * Backs up an event file the way character files are (`.quartermaster-backups/<file>/<ms>-<n>.event.json`,
 * the newest BACKUPS_KEPT kept); returns the backup's path. Used by the app's desk and `quartermaster desk`.
 */
export async function backUpEvent(path: string, library: string, nowMs: number): Promise<string> {
  const folder = backupFolderOf(library, path);
  const backup = await backUp(path, folder, nowMs, EVENT_FILE_SUFFIX);
  if (!backup) throw Object.assign(new Error(`${path} is gone`), { code: 'ENOENT' });
  return join(folder, `${backup.id}${EVENT_FILE_SUFFIX}`);
}

/** The file of one backup; throws on an id that is not a backup id (no path tricks). */
export function backupFile(folder: string, backupId: string): string {
  if (!BACKUP_ID.test(backupId)) throw new Error(`backupId "${backupId}" is not a backup id`);
  return join(folder, `${backupId}${CHARACTER_FILE_SUFFIX}`);
}
