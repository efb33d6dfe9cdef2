// The event file as an append-only log on disk (format version 3, core/desk/event-load.ts): the one
// place that writes ledger entries, for the app's main process and the command line alike.
//
// - append: the entries made at this desk, each validated once, given its desk's next `seq` (and a
//   time not before that desk's previous entry, so one desk's entries keep the order they were made
//   in), written as lines in one write and fsync'd before it answers: an acknowledged entry survives
//   a crash. Every append holds the event file's lock (node/fs/atomic.ts withLock), so two processes
//   (the app and `quartermaster desk --reprint-changed`, or two desks on one network share) never
//   interleave, and first reads what the others appended since (`external`).
// - take: entries made elsewhere (another desk's, by replication or a merged copy) kept as they are.
// - refresh: what others appended since this process last read, from the byte it stopped at.
// - A torn last line (an append a crash cut short: never acknowledged) is never read as an entry;
//   the next append moves its bytes to the backups folder and writes after the last whole line.
// - Versions 1 and 2 (one JSON document) are migrated once when opened for writing: the old file is
//   copied to the backups first, and the new log replaces it atomically.
// - A file replaced under the desk (a copy put back, an older backup restored) is read again whole;
//   entries this desk knew that it lacks are appended again, so nothing is lost.
import { promises as fsp } from 'node:fs';
import { dirname, join } from 'node:path';
import type { LedgerEntry } from '../../core/desk/entries';
import { ledgerEntrySchema } from '../../core/desk/entries';
import type { DeskEvent, EventHeader } from '../../core/desk/event';
import { EVENT_FILE_SUFFIX, MAX_ENTRY_CHARS } from '../../core/desk/event-format';
import { EventLedger } from '../../core/desk/event-ledger';
import { entryLine, headerLine, loadEventBytes, readEntryLines, serializeEvent, type LineProblem, type TornTail } from '../../core/desk/event-load';
import { atInstant } from '../../core/desk/order';
import { canonicalJson } from '../../core/format/hash';
import { inspectJson, notJsonData } from '../../core/format/json-guard';
import { fieldPath } from '../../core/format/paths';
import { describeIssue } from '../../core/format/versioned';
import { exists, withLock, writeAtomic, writeNew } from '../fs/atomic';
import { backUpEvent, ownBackupFolderOf } from '../fs/files';
import { EventLogError } from './errors';
import { readLog } from './read';

export { EventLogError };

export type AppendResult = {
  /** The entries written now, as written (with `seq`). */
  added: LedgerEntry[];
  /** Entries other processes appended since this one last read. */
  external: LedgerEntry[];
};

export type EventLogOptions = {
  /** The folder whose `.quartermaster-backups` keeps the old versions and torn lines (default: the event file's folder). */
  folder?: string;
  now?: () => number;
  /** A hook the crash tests use to stop between the steps of an append. */
  step?: (what: 'locked' | 'written') => Promise<void> | void;
};

type FileMark = { ino: number; header: Uint8Array };

/** Who wrote entries: this desk (`here`), another process writing the file (`file`), or a caller of take (`elsewhere`, or its own name: the sync's store says `store`). */
export type EntriesOrigin = 'here' | 'file' | 'elsewhere' | 'store';
export type EntriesListener = (entries: LedgerEntry[], origin: EntriesOrigin) => void | Promise<void>;

export class EventLog {
  /** Entry lines left out when the file was read (and since), with the reason. */
  readonly problems: LineProblem[] = [];
  /** Bytes after the last whole line, when the file was last read. */
  torn: TornTail | null;
  /** The version the file had when opened, when it was migrated. */
  readonly migratedFrom: number | undefined;
  private readonly listeners = new Set<EntriesListener>();
  /** Whole lines read (the header's included): the number of the line before the one at `offset`. */
  private lines: number;
  private queue: Promise<unknown> = Promise.resolve();

  private constructor(
    readonly path: string,
    readonly ledger: EventLedger,
    /** Bytes of whole lines read: where this process's view of the file ends. */
    private offset: number,
    private mark: FileMark,
    private readonly options: EventLogOptions,
    read: { problems: LineProblem[]; torn: TornTail | null; lines: number; migratedFrom?: number },
  ) {
    this.lines = read.lines;
    this.problems.push(...read.problems);
    this.torn = read.torn;
    this.migratedFrom = read.migratedFrom;
  }

  /**
   * Opens an event file for appending: reads it (migrating a version 1 or 2 file first); an
   * unreadable header is an EventLogError naming the file and field, and nothing is written.
   */
  static async open(path: string, options: EventLogOptions = {}): Promise<EventLog> {
    let migratedFrom: number | undefined;
    let read = await readLog(path).catch(unsure);
    // A read that looks wrong is done again under the lock, where nobody writes: a file another
    // process is appending to can read inconsistently meanwhile (through fusefat its start read as
    // NUL bytes). A version 1 or 2 file is migrated under the lock, once.
    if (read === null || read.problems.length > 0 || read.migratedFrom !== undefined) {
      read = await withLock(path, async () => {
        const again = await readLog(path);
        if (again.migratedFrom === undefined) return again;
        migratedFrom = again.migratedFrom;
        await backUpEvent(path, options.folder ?? dirname(path), (options.now ?? Date.now)());
        await writeAtomic(path, serializeEvent(again.event));
        return readLog(path);
      });
    }
    const ledger = new EventLedger(headerOfEvent(read.event), read.event.entries);
    return new EventLog(path, ledger, read.end, read.mark, options, { problems: read.problems, torn: read.torn, lines: read.lines, ...(migratedFrom !== undefined ? { migratedFrom } : {}) });
  }

  /** Creates a new event file with this header and no entries (never over an existing file: EEXIST). */
  static async create(path: string, header: EventHeader, options: EventLogOptions = {}): Promise<EventLog> {
    await writeNew(path, headerLine(header));
    return EventLog.open(path, options);
  }

  get header(): EventHeader {
    return this.ledger.header;
  }

  /** The event as the desk functions take it (a snapshot of the ledger as it is now). */
  get event(): DeskEvent {
    return this.ledger.event;
  }

  /**
   * Called with the entries new to this process once they are on disk, whoever wrote them, and
   * awaited before the append answers (the sync's store takes them in the same step); returns the
   * unsubscribe.
   */
  onEntries(listener: EntriesListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Appends entries made at this desk (see the top of this file). Entries already in the ledger are skipped. */
  async append(entries: readonly LedgerEntry[]): Promise<AppendResult> {
    // async: an invalid entry rejects the promise (it is checked at once, before what is queued after it).
    const checked = entries.map((e, i) => checkEntry(e, this.path, i));
    return this.serial(() => this.write(checked, 'here'));
  }

  /** Keeps entries made elsewhere as they are (their `seq` and time are theirs); `origin` is passed on to the listeners. */
  async take(entries: readonly LedgerEntry[], origin: EntriesOrigin = 'elsewhere'): Promise<AppendResult> {
    const checked = entries.map((e, i) => checkEntry(e, this.path, i));
    return this.serial(() => this.write(checked, origin));
  }

  /** What other processes appended since this one last read (none when the file did not grow). */
  refresh(): Promise<LedgerEntry[]> {
    return this.serial(async () => {
      // What reads wrong without the lock is read again under it (see open).
      const external =
        (await this.catchUp(null).catch(unsure)) ??
        (await withLock(this.path, async () => {
          const fh = await fsp.open(this.path, 'r+');
          try {
            return await this.catchUp(fh);
          } finally {
            await fh.close();
          }
        }));
      await this.announce(external, 'file');
      return external;
    });
  }

  /** One append or refresh at a time within this process (the lock orders the processes). */
  private serial<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.queue.then(fn);
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async write(entries: readonly LedgerEntry[], origin: EntriesOrigin): Promise<AppendResult> {
    const here = origin === 'here';
    // Every entry known already (the sync giving back what this desk wrote): nothing to write, no lock.
    if (entries.every((e) => this.ledger.get(e.id) !== undefined)) {
      const clash = entries.find((e) => !this.holds(this.ledger.get(e.id)!, e, here));
      if (clash) throw this.clash(clash);
      return { added: [], external: [] };
    }
    let external: LedgerEntry[] = [];
    let result: AppendResult;
    try {
      result = await withLock(this.path, async () => {
        await this.options.step?.('locked');
        const fh = await fsp.open(this.path, 'r+');
        try {
          external = await this.catchUp(fh);
          const fresh: LedgerEntry[] = [];
          const given = new Map<string, LedgerEntry>();
          for (const e of entries) {
            // Given twice in this batch, or already in the ledger: skipped when the same, refused when not.
            const twice = given.get(e.id);
            const same = twice ? undefined : this.ledger.get(e.id);
            if (twice || same) {
              if (twice ? canonicalJson(twice) !== canonicalJson(e) : !this.holds(same!, e, here)) throw this.clash(e);
              continue;
            }
            given.set(e.id, e);
            fresh.push(e);
          }
          const stamped = here ? this.ledger.stamp(fresh) : [...fresh];
          fresh.length = 0;
          for (const entry of stamped) {
            // Checked as it is written: its seq makes it longer than it was given.
            if (entryLine(entry).length - 1 > MAX_ENTRY_CHARS) throw new EventLogError(`${this.path}: entry ${entry.id} is longer than ${MAX_ENTRY_CHARS} characters as JSON with its seq; nothing was written`);
            fresh.push(entry);
          }
          if (fresh.length > 0) {
            const text = fresh.map(entryLine).join('');
            const bytes = Buffer.from(text, 'utf8');
            await appendLines(this.path, bytes, this.offset);
            this.offset += bytes.length;
            this.lines += fresh.length;
            await this.options.step?.('written');
            this.ledger.add(fresh);
          }
          return { added: fresh, external };
        } finally {
          await fh.close();
        }
      });
    } catch (e) {
      // What was read from the file before the append failed is in the ledger now: the listeners hear of it.
      await this.announce(external, 'file');
      throw e;
    }
    await this.announce(result.external, 'file');
    await this.announce(result.added, origin);
    return result;
  }

  /** Whether `e` is the entry the ledger holds: the same, or (made here) the same once given the seq and time it was written with. */
  private holds(stored: LedgerEntry, e: LedgerEntry, here: boolean): boolean {
    if (canonicalJson(stored) === canonicalJson(e)) return true;
    if (!here) return false;
    const at = Date.parse(e.at) < Date.parse(stored.at) ? atInstant(e.at, Date.parse(stored.at)) : e.at;
    return canonicalJson(stored) === canonicalJson({ ...e, at, ...(stored.seq !== undefined ? { seq: e.seq ?? stored.seq } : {}) });
  }

  private clash(e: LedgerEntry): EventLogError {
    return new EventLogError(`${this.path}: entry ${e.id} is already in the ledger with other content; entries are never changed`, 'id');
  }

  /**
   * Reads what was appended since `offset` (under the lock when `fh` is given, so a torn tail left by
   * a crashed writer is set aside and the file cut back to its last whole line). A file replaced
   * meanwhile is read again whole, and entries only this process knew are written back to it.
   */
  private async catchUp(fh: fsp.FileHandle | null): Promise<LedgerEntry[]> {
    const own = fh ?? (await fsp.open(this.path, 'r'));
    try {
      const info = await own.stat();
      if (await this.replaced(own, info.ino, info.size)) return await this.reread(own, fh !== null);
      const external: LedgerEntry[] = [];
      if (info.size > this.offset) {
        const bytes = Buffer.alloc(info.size - this.offset);
        await readFully(own, bytes, this.offset);
        const lines = readEntryLines(bytes, this.path, this.lines + 1, (id) => this.ledger.get(id));
        if (fh === null && lines.problems.length > 0) throw new UnsureRead();
        this.problems.push(...lines.problems);
        const added = this.ledger.add(lines.entries).added;
        external.push(...added);
        this.offset += lines.end;
        this.lines += lines.lines;
        this.torn = lines.torn;
      }
      if (fh !== null && this.offset < info.size) await this.setAsideTorn(fh, info.size);
      return external;
    } finally {
      if (fh === null) await own.close();
    }
  }

  /** Whether the file is not the one this process read (shorter, another inode, another header, or not ending a line where it stopped). */
  private async replaced(fh: fsp.FileHandle, ino: number, size: number): Promise<boolean> {
    if (size < this.offset || ino !== this.mark.ino) return true;
    const head = Buffer.alloc(this.mark.header.length + 1);
    await readFully(fh, head.subarray(0, this.mark.header.length), 0);
    await readFully(fh, head.subarray(this.mark.header.length), this.offset - 1);
    return !Buffer.from(this.mark.header).equals(head.subarray(0, this.mark.header.length)) || head[this.mark.header.length] !== 0x0a;
  }

  private async reread(fh: fsp.FileHandle, locked: boolean): Promise<LedgerEntry[]> {
    const read = locked ? await readLog(this.path) : await readLog(this.path).catch(unsure);
    if (read === null || (!locked && (read.problems.length > 0 || read.migratedFrom !== undefined))) throw new UnsureRead();
    if (read.migratedFrom !== undefined || read.event.id.toLowerCase() !== this.header.id.toLowerCase()) {
      throw new EventLogError(`${this.path} was replaced by ${read.migratedFrom !== undefined ? 'an event file of an older version' : `the file of another event (id ${read.event.id})`}; reopen the event folder`, 'id');
    }
    const external = this.ledger.add(read.event.entries).added;
    // What this desk knew that the new file lacks is written back: the ledger never loses an entry.
    const inFile = new Set(read.event.entries.map((e) => e.id));
    const missing = this.ledger.fold.entries.filter((e) => !inFile.has(e.id));
    // Not without the lock (a refresh): the file is left marked as replaced, so the next append reads it again and writes them.
    if (!locked && missing.length > 0) return external;
    this.offset = read.end;
    this.mark = read.mark;
    this.torn = read.torn;
    this.lines = read.lines;
    this.problems.push(...read.problems);
    if (locked) {
      if (this.offset < (await fh.stat()).size) await this.setAsideTorn(fh, (await fh.stat()).size);
      if (missing.length > 0) {
        const bytes = Buffer.from(missing.map(entryLine).join(''), 'utf8');
        await appendLines(this.path, bytes, this.offset);
        this.offset += bytes.length;
        this.lines += missing.length;
      }
    }
    return external;
  }

  /** Moves the bytes after the last whole line to the backups folder and cuts the file back to it. */
  private async setAsideTorn(fh: fsp.FileHandle, size: number): Promise<void> {
    const bytes = Buffer.alloc(size - this.offset);
    await readFully(fh, bytes, this.offset);
    const folder = await ownBackupFolderOf(this.options.folder ?? dirname(this.path), this.path);
    await fsp.mkdir(folder, { recursive: true });
    // Two torn tails set aside in one millisecond keep both (the name gets a count).
    let aside = join(folder, `${(this.options.now ?? Date.now)()}-torn-line.txt`);
    for (let n = 2; await exists(aside); n++) aside = join(folder, `${(this.options.now ?? Date.now)()}-torn-line-${n}.txt`);
    await writeAtomic(aside, bytes);
    await fh.truncate(this.offset);
    await fh.datasync();
    this.problems.push({ line: this.lines + 1, message: `${this.path}: the last line was cut short (an append a crash interrupted, never acknowledged); its ${bytes.length} bytes were moved to ${aside}` });
    this.torn = null;
  }

  private async announce(entries: LedgerEntry[], origin: EntriesOrigin): Promise<void> {
    if (entries.length === 0) return;
    for (const listener of [...this.listeners]) await listener(entries, origin);
  }
}

/** An entry checked once before it is written: the schema, the JSON guards, the line's length. */
function checkEntry(entry: LedgerEntry, path: string, i: number): LedgerEntry {
  // An entry from the window came by structured clone, which carries values JSON cannot hold (a
  // bigint, NaN, a Date, a Map): written as JSON, it would differ from what was checked and kept.
  const notJson = notJsonData(entry);
  if (notJson) throw new EventLogError(`${path}: new entry ${i}: ${notJson}; nothing was written`);
  const structure = inspectJson(entry);
  if (structure) throw new EventLogError(`${path}: new entry ${i}: ${structure.message}; nothing was written`, structure.field);
  const parsed = ledgerEntrySchema.safeParse(entry);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = fieldPath(issue.path) || '(entry)';
    throw new EventLogError(`${path}: new entry ${i}: field "${field}": ${describeIssue(issue)}; nothing was written`, field);
  }
  if (entryLine(parsed.data).length - 1 > MAX_ENTRY_CHARS) throw new EventLogError(`${path}: new entry ${i} is longer than ${MAX_ENTRY_CHARS} characters as JSON; nothing was written`);
  return parsed.data;
}

function headerOfEvent(event: DeskEvent): EventHeader {
  const { entries: _entries, season: _season, ...header } = event;
  return header;
}

/**
 * Writes whole lines at `offset` (just after the newline that ends the last whole line) in one write
 * and fsyncs them, through a handle of its own, starting with that newline again so that the write
 * never starts at the end of the file. FAT through fusefat (the FAT the tests mount) loses a write
 * that starts exactly at the end of a file whose size is a whole number of clusters, refuses (EPERM)
 * one that starts at the end through a fresh handle, and misplaces one that seeks back within a
 * cluster on a handle that has read further; a fresh handle writing from just before the end is
 * none of these. The newline written again is the byte that is there.
 */
async function appendLines(path: string, lines: Uint8Array, offset: number): Promise<void> {
  const bytes = Buffer.concat([NEWLINE_BYTE, lines]);
  const fh = await fsp.open(path, 'r+');
  try {
    let done = 0;
    while (done < bytes.length) {
      const { bytesWritten } = await fh.write(bytes, done, bytes.length - done, offset - 1 + done);
      if (bytesWritten === 0) throw new EventLogError(`${path}: nothing more could be written at byte ${offset - 1 + done}`);
      done += bytesWritten;
    }
    await fh.datasync();
  } finally {
    await fh.close();
  }
}

const NEWLINE_BYTE = Buffer.from('\n');

/** A read without the lock that looked wrong: it is done again under the lock. */
class UnsureRead extends Error {}

/** A file that could not be read as an event log: null (read again under the lock); other errors are thrown. */
function unsure(e: unknown): null {
  if (e instanceof EventLogError || e instanceof UnsureRead) return null;
  throw e;
}

async function readFully(fh: fsp.FileHandle, into: Uint8Array, position: number): Promise<void> {
  let done = 0;
  while (done < into.length) {
    const { bytesRead } = await fh.read(into, done, into.length - done, position + done);
    if (bytesRead === 0) throw new EventLogError(`the event file ended while it was being read (at byte ${position + done})`);
    done += bytesRead;
  }
}

/** The event file name for an event (its name, made safe for every file system). */
export function eventFileName(name: string): string {
  const stem = name.replace(/[^\p{L}\p{N} ._-]/gu, '_').replace(/^\.+/, '').trim().slice(0, 120) || 'event';
  return `${stem}${EVENT_FILE_SUFFIX}`;
}
