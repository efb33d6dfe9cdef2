// Character files on disk: reading with a content hash, atomic writes, backups, free names.
// Nothing here ever changes the bytes of a file it could not read.
import { sha256Hex } from './sha256';
import { mkdir, readdir, readFile, rm, rmdir, stat } from 'node:fs/promises';
import { copyNew, exists, moveNew } from './atomic';
import { basename, join, relative } from 'node:path';
import { loadCharacterBytes, type LoadProblem } from '../../core/format/load';
import { MAX_FILE_BYTES } from '../../core/format/limits';
import { characterSchema, type Character } from '../../core/model/character';
import { CHARACTER_FILE_SUFFIX, CURRENT_VERSION } from '../../core/model/ids';
import { EVENT_FILE_SUFFIX } from '../../core/desk/event';
import type { Backup, OpenResult } from '../../core/ipc/contract';
import { checkOwnFolder, isInside } from './paths';
import { readOnlyReasonOf } from '../../core/desk/character-record';

/** How many earlier versions of each character are kept. */
export const BACKUPS_KEPT = 10;
/** The hidden folder inside the library that holds the backups. */
export const BACKUP_FOLDER = '.quartermaster-backups';

export type ReadOutcome =
  | { kind: 'missing' }
  | { kind: 'read'; bytes: Uint8Array; hash: string };

/** Reads a file's bytes, refusing (without reading) files over the size limit. */
export async function readBytes(path: string, maxBytes: number = MAX_FILE_BYTES): Promise<Uint8Array> {
  const s = await stat(path);
  if (!s.isFile()) throw new Error(`${path}: is not a file`);
  if (s.size > maxBytes) throw new TooLargeError(path, s.size, maxBytes);
  return new Uint8Array(await readFile(path));
}

export class TooLargeError extends Error {
  constructor(
    readonly path: string,
    readonly size: number,
    readonly limit: number = MAX_FILE_BYTES,
  ) {
    super(`${path}: the file is ${(size / (1024 * 1024)).toFixed(1)} MB; the limit is ${(limit / (1024 * 1024)).toFixed(1)} MB`);
  }
}

/** Interprets a file's bytes as the renderer sees it: a character to edit, read-only, or a problem. */
export function openFromBytes(path: string, bytes: Uint8Array, options: { readOnlyReason?: string } = {}): OpenResult {
  const hash = sha256Hex(bytes);
  const loaded = loadCharacterBytes(bytes, path);
  if (loaded.ok) {
    // A retired or permanently dead character (set by the event desk) is kept, read-only, with the reason.
    const reason = options.readOnlyReason ?? readOnlyReasonOf(loaded.character) ?? undefined;
    const opened = { path, character: loaded.character, hash, readOnly: reason !== undefined };
    return { ok: true, opened: reason !== undefined ? { ...opened, readOnlyReason: reason } : opened };
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

export { copyNew, exists, LOCK_STALE_MS, lockPathFor, moveNew, renameNoReplace, STALE_TEMP_MS, sweepStaleTemps, writeAtomic, writeAtomicIf, writeNew } from './atomic';

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
    : `external-${sha256Hex(path).slice(0, 16)}-${encodeURIComponent(basename(path))}`;
  return join(root, key);
}

/**
 * backupFolderOf, checked to really lie inside the folder, links resolved: a `.quartermaster-backups`
 * (or a file's backup folder) that is a link to elsewhere is refused with a PathError naming it,
 * so nothing is written there (and the caller replaces nothing without its backup).
 */
export async function ownBackupFolderOf(libraryFolder: string, path: string): Promise<string> {
  return checkOwnFolder(libraryFolder, backupFolderOf(libraryFolder, path), 'backups', `the folder ${libraryFolder}`);
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
  const folder = await ownBackupFolderOf(library, path);
  const backup = await backUp(path, folder, nowMs, EVENT_FILE_SUFFIX);
  if (!backup) throw Object.assign(new Error(`${path} is gone`), { code: 'ENOENT' });
  return join(folder, `${backup.id}${EVENT_FILE_SUFFIX}`);
}

/**
 * Moves one file's backups to the folder of its new name (after a rename), file by file with
 * `moveNew` rather than renaming the folder: fusefat, for one, loses a renamed folder's contents.
 * A backup whose name is taken in the new folder stays where it was. Returns how many moved.
 */
export async function moveBackups(from: string, to: string): Promise<number> {
  let names: string[];
  try {
    names = await readdir(from);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw e;
  }
  await mkdir(to, { recursive: true });
  let moved = 0;
  for (const name of names) {
    if (name.startsWith('.')) continue; // a temp file or lock of a save in flight
    try {
      await moveNew(join(from, name), join(to, name));
      moved++;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
  }
  await rmdir(from).catch(() => undefined); // only when empty
  return moved;
}

/** The file of one backup; throws on an id that is not a backup id (no path tricks). */
export function backupFile(folder: string, backupId: string): string {
  if (!BACKUP_ID.test(backupId)) throw new Error(`backupId "${backupId}" is not a backup id`);
  return join(folder, `${backupId}${CHARACTER_FILE_SUFFIX}`);
}
