// Reading an event folder for `quartermaster desk` and its subcommands: the character files (each
// made into its desk row as it is read, or kept whole for printing) and the event file, read-only (node/event-log/read.ts:
// a version 3 log read in pieces, or a version 1 or 2 document read as it is, never rewritten here).
import { basename, join, resolve } from 'node:path';
import { deskCharacterFromBytes, unreadableCharacter, type ContentHasher, type DeskCharacter } from '../../../core/desk/characters';
import type { DeskEvent } from '../../../core/desk/event';
import { EVENT_FILE_SUFFIX } from '../../../core/desk/event-format';
import type { LineProblem, TornTail } from '../../../core/desk/event-load';
import { sortEntries } from '../../../core/desk/order';
import { characterRow } from '../../../core/desk/rows';
import type { DeskRow } from '../../../core/desk/types';
import { nativeContentHash } from '../../../node/fs/sha256';
import { EventLogError } from '../../../node/event-log/errors';
import { readLog } from '../../../node/event-log/read';
import { isInInbox } from '../../../node/season/approval-inbox';
import { describeFsError, expandTargets, mapReads, readCharacterFile, readCharacterFileNow, type ReadResult, type Target } from '../../files';
import type { Io } from '../../io';
import { UsageError } from '../../usage';

/** An event file read: its event (entries in ledger order) and what of it could not be read. */
export type EventFileRead = {
  kind: 'file';
  path: string;
  event: DeskEvent;
  /** Entry lines left out (each names the file and line); the rest of the ledger is used. */
  problems: LineProblem[];
  /** Bytes after the last newline: an append a crash cut short (never acknowledged), not read. */
  torn: TornTail | null;
  /** The file's version when it is a version 1 or 2 document (read as it is; not rewritten). */
  migratedFrom?: number;
};

export type EventState = EventFileRead | { kind: 'new'; path: string; event: DeskEvent } | { kind: 'bad'; path: string; message: string };

/** Every character file in the folder, in order. */
export async function readCharacters(folder: string, io: Io): Promise<DeskCharacter[]> {
  const targets = await folderTargets(folder, io);
  return mapReads(targets, io, (target) => readTarget(target, io));
}

/**
 * Every character file's row (characterRow: finishRows completes them with the event), and the
 * characters themselves only when `keep` (to print their cards). With `printed` (is this character
 * id printed for the event?), only those characters are hashed and the others' rows have hash
 * null: finishRows needs a hash only to compare it with the character's current print.
 */
export async function readFolder(folder: string, io: Io, keep: boolean, printed: ((id: string) => boolean) | null = null): Promise<{ rows: DeskRow[]; characters: DeskCharacter[] | null }> {
  const targets = await folderTargets(folder, io);
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

/** The folder's character files: those in its inbox are players' files waiting for approval, not yet the folder's (docs/season.md). */
async function folderTargets(folder: string, io: Io): Promise<Target[]> {
  return (await expandTargets([folder], io)).filter((t) => !isInInbox(folder, t.file));
}

/** The hash of a character left unhashed (no SHA-256 in hex is empty). */
const NOT_HASHED = '';

/** A file's character: at once when the io reads synchronously, else a promise. */
function readTarget(target: Target, io: Io, hasher: ContentHasher = nativeContentHash): DeskCharacter | Promise<DeskCharacter> {
  if ('missing' in target) return unreadableCharacter(target.file, 'file.unreadable', `${target.file}: ${target.missing}`);
  const now = readCharacterFileNow(target.file, io, target.regular);
  if (now === null) return readCharacterFile(target.file, io, target.regular).then((read) => characterOf(read, target.file, hasher));
  return characterOf(now, target.file, hasher);
}

function characterOf(read: ReadResult, file: string, hasher: ContentHasher): DeskCharacter {
  if (!read.ok) return unreadableCharacter(file, read.code, read.message);
  return deskCharacterFromBytes(read.bytes, file, hasher);
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

/**
 * The event file read (never written), or `missing` when there is none yet (a new event gets that
 * path). A file whose header cannot be used is `bad`, with the message naming the file and field.
 */
export async function readEventFile(path: string, io: Io): Promise<Exclude<EventState, { kind: 'new' }> | { kind: 'missing'; path: string }> {
  try {
    const info = await io.stat(path);
    if (info.isDirectory) return { kind: 'bad', path, message: `${path}: is a folder` };
    // Regular files only: opening a pipe named *.event.json would wait for a writer.
    if (!info.isFile) return { kind: 'bad', path, message: `${path}: not a regular file (a device, pipe or socket)` };
  } catch (e) {
    if ((e as { code?: string }).code === 'ENOENT') return { kind: 'missing', path };
    return { kind: 'bad', path, message: `${path}: ${describeFsError(e)}` };
  }
  try {
    const read = await readLog(path);
    // The file holds its entries in the order they were appended: the desk takes them in ledger order.
    const event = { ...read.event, entries: sortEntries(read.event.entries) };
    return { kind: 'file', path, event, problems: read.problems, torn: read.torn, ...(read.migratedFrom !== undefined ? { migratedFrom: read.migratedFrom } : {}) };
  } catch (e) {
    if (e instanceof EventLogError) return { kind: 'bad', path, message: e.message };
    if ((e as { code?: string }).code === 'ENOENT') return { kind: 'missing', path };
    return { kind: 'bad', path, message: `${path}: ${describeFsError(e)}` };
  }
}

/** What of an event file could not be read, one line each naming the file and line (entry lines left out, then a torn last line). */
export function eventFileProblems(read: Pick<EventFileRead, 'path' | 'problems' | 'torn'>): string[] {
  const lines = read.problems.map((p) => p.message);
  if (read.torn) lines.push(tornMessage(read.path, read.torn));
  return lines;
}

export function tornMessage(path: string, torn: TornTail): string {
  return `${path}: line ${torn.line} is cut short (${torn.bytes} byte${torn.bytes === 1 ? '' : 's'} after the last newline: an append a crash interrupted, never acknowledged); it is left out`;
}
