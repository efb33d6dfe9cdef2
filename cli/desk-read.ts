// Reading an event folder for `quartermaster desk` and its subcommands: the character files (each
// made into its desk row as it is read, or kept whole for printing) and the event file, through the
// compiled validators, with zod loaded only to word a refused file.
import { basename, join, resolve } from 'node:path';
import { MAX_EVENT_FILE_BYTES } from '../core/format/limits';
import { uuidFromHash } from '../core/format/uuid';
import { tryDeskCharacterFromBytes, unreadableCharacter, type ContentHasher, type DeskCharacter } from '../core/desk/characters-fast';
import type { DeskEvent } from '../core/desk/event';
import { EVENT_FILE_SUFFIX } from '../core/desk/event-format';
import { tryLoadEventBytes, type EventLoadResult } from '../core/desk/event-load-fast';
import { eventMigrations } from '../core/desk/event-migrate';
import { characterRow, type DeskRow } from '../core/desk/rows';
import { nativeContentHash } from '../node/content-hash';
import { sha256Native } from '../node/sha256';
import { describeFsError, expandTargets, mapReads, readCharacterFile, readCharacterFileNow, type ReadResult, type Target } from './files';
import type { Io } from './io';
import { UsageError } from './usage';

export type EventState =
  | { kind: 'file'; path: string; event: DeskEvent; bytes: Uint8Array }
  | { kind: 'new'; path: string; event: DeskEvent }
  | { kind: 'bad'; path: string; message: string };

/** core/format/uuid.ts `uuidFromText` with node's native SHA-256 (for migrating v1 event files). */
export const nativeUuidFromText = (text: string) => uuidFromHash(sha256Native(text));
const NATIVE_EVENT_MIGRATIONS = eventMigrations(nativeUuidFromText);

let zodCharacters: Promise<typeof import('../core/desk/characters')> | undefined;

/** Every character file in the folder, in order. */
export async function readCharacters(folder: string, io: Io): Promise<DeskCharacter[]> {
  const targets = await expandTargets([folder], io);
  return mapReads(targets, io, (target) => readTarget(target, io));
}

/**
 * Every character file's row (characterRow: finishRows completes them with the event), and the
 * characters themselves only when `keep` (to print their cards). With `printed` (is this character
 * id printed for the event?), only those characters are hashed and the others' rows have hash
 * null: finishRows needs a hash only to compare it with the character's current print.
 */
export async function readFolder(folder: string, io: Io, keep: boolean, printed: ((id: string) => boolean) | null = null): Promise<{ rows: DeskRow[]; characters: DeskCharacter[] | null }> {
  const targets = await expandTargets([folder], io);
  const characters: DeskCharacter[] | null = keep ? new Array(targets.length) : null;
  const hasher: ContentHasher = printed ? (c) => (printed(c.id) ? nativeContentHash(c) : NOT_HASHED) : nativeContentHash;
  const rowOf = (c: DeskCharacter, i: number) => {
    if (characters) characters[i] = c;
    // The command line never searches the rows: no search text (it is '' as in a lean row).
    const row = characterRow(c, false, false);
    if (row.hash === NOT_HASHED) row.hash = null;
    return row;
  };
  const each = (target: Target, i: number) => {
    const c = readTarget(target, io, hasher);
    return c instanceof Promise ? c.then((x) => rowOf(x, i)) : rowOf(c, i);
  };
  const rows = await mapReads(targets, io, each);
  return { rows, characters };
}

/** The hash of a character left unhashed (no SHA-256 in hex is empty). */
const NOT_HASHED = '';

/** A file's character: at once when it is read synchronously and the compiled validator accepts it. */
function readTarget(target: Target, io: Io, hasher: ContentHasher = nativeContentHash): DeskCharacter | Promise<DeskCharacter> {
  if ('missing' in target) return unreadableCharacter(target.file, 'file.unreadable', `${target.file}: ${target.missing}`);
  const now = readCharacterFileNow(target.file, io, target.regular);
  if (now === null) return readTargetLater(readCharacterFile(target.file, io, target.regular), target.file, hasher);
  if (!now.ok) return unreadableCharacter(target.file, now.code, now.message);
  return tryDeskCharacterFromBytes(now.bytes, target.file, hasher) ?? readTargetLater(now, target.file, hasher);
}

async function readTargetLater(reading: ReadResult | Promise<ReadResult>, file: string, hasher: ContentHasher): Promise<DeskCharacter> {
  const read = await reading;
  if (!read.ok) return unreadableCharacter(file, read.code, read.message);
  // The compiled validator decides; zod (loaded on first need) words a refusal.
  const fast = tryDeskCharacterFromBytes(read.bytes, file, hasher);
  if (fast) return fast;
  zodCharacters ??= import('../core/desk/characters');
  return (await zodCharacters).deskCharacterFromBytes(read.bytes, file, hasher);
}

/** loadEventBytes through the compiled validator, zod (loaded only then) wording a refused file. */
async function loadEvent(bytes: Uint8Array, path: string): Promise<EventLoadResult> {
  return tryLoadEventBytes(bytes, path, NATIVE_EVENT_MIGRATIONS) ?? (await import('../core/desk/event-load')).loadEventBytes(bytes, path, NATIVE_EVENT_MIGRATIONS);
}

/** The one event file in the folder, or the path a new one gets. Several is a usage error. */
export async function findEventFile(folder: string, io: Io): Promise<string> {
  const found = (await io.readdir(folder)).filter((n) => n.endsWith(EVENT_FILE_SUFFIX) && !n.startsWith('.')).sort();
  if (found.length > 1) throw new UsageError(`${folder} holds ${found.length} event files (${found.join(', ')}); choose one with --event`);
  if (found.length === 1) return join(folder, found[0]!);
  const stem = basename(resolve(folder)).replace(/[^\p{L}\p{N} ._-]/gu, '_').replace(/^\.+/, '') || 'event';
  return join(folder, `${stem}${EVENT_FILE_SUFFIX}`);
}

export async function readEvent(path: string, io: Io, fresh: () => DeskEvent | Promise<DeskEvent>): Promise<EventState> {
  const found = await readEventFile(path, io);
  return found.kind === 'missing' ? { kind: 'new', path, event: await fresh() } : found;
}

/** The event file read and loaded, or `missing` when there is none yet (a new event gets that path). */
export async function readEventFile(path: string, io: Io): Promise<Exclude<EventState, { kind: 'new' }> | { kind: 'missing'; path: string }> {
  let bytes: Uint8Array;
  try {
    const info = await io.stat(path);
    if (info.isDirectory) return { kind: 'bad', path, message: `${path}: is a folder` };
    if (info.size > MAX_EVENT_FILE_BYTES) return { kind: 'bad', path, message: `${path}: the file is ${(info.size / 1048576).toFixed(1)} MB; the limit is ${(MAX_EVENT_FILE_BYTES / 1048576).toFixed(1)} MB` };
    // Capped and regular files only: a pipe or device named *.event.json must not hang or fill memory.
    bytes = await io.readFileCapped(path, MAX_EVENT_FILE_BYTES);
  } catch (e) {
    if ((e as { code?: string }).code === 'ENOENT') return { kind: 'missing', path };
    return { kind: 'bad', path, message: `${path}: ${describeFsError(e)}` };
  }
  const loaded = await loadEvent(bytes, path);
  return loaded.ok ? { kind: 'file', path, event: loaded.event, bytes } : { kind: 'bad', path, message: loaded.problem.message };
}

