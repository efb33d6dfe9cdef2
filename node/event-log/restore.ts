// The way back from an event file that does not open (a garbled header, a file cut short, bytes
// that are not text, a file that cannot be read): its newest backup that itself opens, put back in
// one step. Shared by the app's desk (electron/desk/desk.ts) and `quartermaster desk --restore-backup`.
//
// - The backups are the ones in `.quartermaster-backups/<file>/` (node/fs/files.ts): the copies the
//   app's desk keeps of an event file it works with (`eventCopies`: when it opens it, then at most
//   once an hour, each time only if the file changed), the old file a migration or `desk merge
//   --out` replaced, and the sync's.
// - Nothing is lost that can still be read: the entry lines of the broken file that still read as
//   entries and that the backup lacks are written after the backup's own lines (unless the broken
//   file's header names another event). Only the lines that cannot be read are missing, and the
//   broken file is kept, byte for byte, in the backups folder as `<ms>-broken.event.json` (a name
//   the backups list does not take for a backup, and no desk reads as an event).
// - The restore holds the event file's lock (the one appends take), and refuses when the file opens
//   by then (someone fixed or replaced it meanwhile): it only ever replaces a file that does not open.
import { promises as fsp } from 'node:fs';
import { join } from 'node:path';
import type { LedgerEntry } from '../../core/desk/entries';
import type { EventBackupOffer } from '../../core/ipc/desk';
import { EVENT_FILE_SUFFIX } from '../../core/desk/event-format';
import { entryLine, readEntryLines, readHeader, serializeEvent } from '../../core/desk/event-load';
import { exists, moveNew, withLock, writeAtomic, writeNew } from '../fs/atomic';
import { backUp, listBackups, ownBackupFolderOf } from '../fs/files';
import { EventLogError } from './errors';
import type { EventLog } from './event-log';
import { readLog, type LogRead } from './read';
import { forgetEventLog } from './registry';

/** A backup that opens: when it was saved, how many entries it holds, and where it is. */
export type GoodBackup = { id: string; savedMs: number; entries: number; path: string };

/** What the broken file still holds: entries the backup lacks that read whole, and lines that do not read. */
export type Salvage = { extra: LedgerEntry[]; unreadable: number[]; readable: boolean; otherEvent: boolean };

/** What a restore did (core/ipc/desk.ts EventBackupOffer says what each field means) and where the broken file is kept, byte for byte. */
export type RestoreOutcome = { restored: EventBackupOffer; path: string; keptAs: string };

/** The newest backup of `eventPath` that opens (`folder` holds the `.quartermaster-backups`), or null. */
export async function newestGoodBackup(eventPath: string, folder: string): Promise<(GoodBackup & { read: LogRead }) | null> {
  const dir = await ownBackupFolderOf(folder, eventPath);
  for (const b of await listBackups(dir, EVENT_FILE_SUFFIX)) {
    const path = join(dir, `${b.id}${EVENT_FILE_SUFFIX}`);
    const read = await readLog(path).catch(() => null);
    if (read) return { id: b.id, savedMs: b.savedMs, entries: read.event.entries.length, path, read };
  }
  return null;
}

/** The newest backup that opens of a file that does not, and what restoring it would take from the file; null when there is none (or the backups cannot be read). */
export async function backupOffer(eventPath: string, folder: string): Promise<EventBackupOffer | null> {
  const good = await newestGoodBackup(eventPath, folder).catch(() => null);
  if (!good) return null;
  return offerOf(good, salvage(await brokenBytes(eventPath).catch(() => null), good.read, eventPath));
}

function offerOf(b: { id: string; savedMs: number; entries: number }, found: Salvage): EventBackupOffer {
  return { id: b.id, savedMs: b.savedMs, entries: b.entries, addedBack: found.extra.length, unreadable: found.unreadable, readable: found.readable, otherEvent: found.otherEvent };
}

/**
 * What of the broken file's bytes can still be read, against the backup: its entry lines (from line
 * 2; the header line may be the broken part) that read as entries and are not in the backup. A
 * header that reads and names another event takes nothing.
 */
export function salvage(bytes: Uint8Array | null, backup: LogRead, source: string): Salvage {
  if (bytes === null) return { extra: [], unreadable: [], readable: false, otherEvent: false };
  const head = readHeader(bytes, source);
  if (head.ok === true && head.header.id.toLowerCase() !== backup.event.id.toLowerCase()) return { extra: [], unreadable: [], readable: true, otherEvent: true };
  const start = head.ok === true ? head.end : bytes.indexOf(0x0a) + 1;
  if (start <= 0) return { extra: [], unreadable: [], readable: true, otherEvent: false };
  const known = new Map(backup.event.entries.map((e) => [e.id, e]));
  const lines = readEntryLines(bytes.subarray(start), source, 2, (id) => known.get(id));
  // The header line is not counted: the backup's takes its place.
  const unreadable = lines.problems.map((p) => p.line);
  if (lines.torn) unreadable.push(lines.torn.line);
  return { extra: lines.entries, unreadable, readable: true, otherEvent: false };
}

/** The broken file's bytes, or null when it cannot be read at all. */
export async function brokenBytes(eventPath: string): Promise<Uint8Array | null> {
  try {
    return new Uint8Array(await fsp.readFile(eventPath));
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') throw e;
    return null;
  }
}

/**
 * Puts the backup `backupId` back in place of `eventPath` (see the top of this file). Refuses, and
 * changes nothing, when the event file opens now or the backup does not.
 */
export async function restoreEventBackup(eventPath: string, folder: string, backupId: string, nowMs: number): Promise<RestoreOutcome> {
  const dir = await ownBackupFolderOf(folder, eventPath);
  if (!/^\d{1,16}-\d{1,6}$/.test(backupId)) throw new EventLogError(`backupId "${backupId}" is not a backup id`);
  const backupPath = join(dir, `${backupId}${EVENT_FILE_SUFFIX}`);
  const outcome = await withLock(eventPath, async () => {
    if (await readLog(eventPath).then(() => true, () => false)) throw new EventLogError(`${eventPath} opens now (it was fixed or replaced meanwhile); nothing was restored. Choose Reload.`);
    const read = await readLog(backupPath).catch((e: unknown) => {
      throw new EventLogError(`The backup ${backupPath} does not open either (${(e as Error).message}); nothing was restored`);
    });
    const bytes = await brokenBytes(eventPath);
    const found = salvage(bytes, read, eventPath);
    const head = read.migratedFrom !== undefined ? serializeEvent(read.event) : (await fsp.readFile(backupPath)).subarray(0, read.end).toString('utf8');
    const text = head + found.extra.map(entryLine).join('');
    // The broken file is kept first, whole: a crash before the replace leaves it in place and a copy beside it.
    let keptAs = join(dir, `${nowMs}-broken${EVENT_FILE_SUFFIX}`);
    for (let n = 2; await exists(keptAs); n++) keptAs = join(dir, `${nowMs}-broken-${n}${EVENT_FILE_SUFFIX}`);
    await fsp.mkdir(dir, { recursive: true });
    if (bytes !== null) await writeNew(keptAs, bytes);
    else await moveNew(eventPath, keptAs);
    await writeAtomic(eventPath, text);
    return { restored: offerOf({ id: backupId, savedMs: Number(backupId.split('-')[0]), entries: read.event.entries.length }, found), path: backupPath, keptAs };
  });
  // The log this process held of the broken file (if any) is read afresh when next asked for.
  forgetEventLog(eventPath);
  return outcome;
}

/**
 * Keeps a copy of an event file that opened, among its backups, unless the newest backup is already
 * as long (the file only grows, so that copy holds the same lines): a copy each time the desk opens
 * a file that changed since, not one per check-in. Not under the file's lock, so that a large file
 * on a slow stick never holds up another desk's append: the file is only ever appended to, so the
 * copy is its lines up to some point, perhaps with a last line cut short, which is never read as an
 * entry (a file replaced meanwhile is copied whole from the one it was when opened).
 */
export async function keepEventCopy(eventPath: string, folder: string, nowMs: number): Promise<void> {
  const dir = await ownBackupFolderOf(folder, eventPath);
  const newest = (await listBackups(dir, EVENT_FILE_SUFFIX))[0];
  const { size } = await fsp.stat(eventPath);
  if (newest && newest.size === size) return;
  await backUp(eventPath, dir, nowMs, EVENT_FILE_SUFFIX);
}

/** How often the app's desk copies an event file it works with (when it changed). */
export const EVENT_COPY_EVERY_MS = 60 * 60 * 1000;

/**
 * The copies one process keeps: call it with the log each time the desk uses it (an open, an
 * append); it copies the file the first time and then once EVENT_COPY_EVERY_MS has passed, so a
 * file that breaks in the afternoon loses at most the last hour's lines that no longer read. Not
 * for a file without entries (nothing to lose), nor at the opening that migrated it (the old file
 * is its backup). A copy that cannot be made (a full or read-only stick) does not stop the desk.
 */
export function eventCopies(now: () => number): (log: EventLog, folder: string) => Promise<void> {
  const last = new Map<string, number>();
  return async (log, folder) => {
    const before = last.get(log.path);
    if (log.ledger.size === 0 || (before !== undefined && now() - before < EVENT_COPY_EVERY_MS)) return;
    last.set(log.path, now());
    if (before === undefined && log.migratedFrom !== undefined) return;
    await keepEventCopy(log.path, folder, now()).catch(() => undefined);
  };
}
