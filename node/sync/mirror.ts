// The event folder and the event's database kept in step, so a desk can always walk away with
// plain files. A change made on disk (a character saved in the editor, an entry the desk wrote to
// the event file) goes into the database; a change that arrives by replication is written to the
// character file and the event file atomically, with the backups every save keeps.
//
// File names come from the folder (a character keeps the file it already has) or, for a character
// new to this desk, from the document's `file` once it passed safeCharacterFileName, joined to the
// event folder and checked to stay inside it; a name the folder holds already, in any case, gives
// the arrival a new name (mirror-names.ts), and a new file never replaces one. Only the folder's
// top level is mirrored.
import { lstat, readdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { loadCharacterBytes } from '../../core/format/load';
import { serializeCharacter } from '../../core/format/save';
import { CHARACTER_FILE_SUFFIX } from '../../core/model/ids';
import { readBytes } from '../fs/files';
import { sha256Hex } from '../fs/sha256';
import { EventLog } from '../event-log/event-log';
import { forgetEventLog, sharedEventLog } from '../event-log/registry';
import { eventFileName } from '../event-log/event-log';
import { isInside } from '../fs/paths';
import { writeConflictList } from './conflict-list';
import { safeCharacterFileName } from './docs';
import { readEventFile, type LedgerEntry } from './ledger-api';
import { absent, linkProblem, onDisk, replaceKnown } from './mirror-disk';
import { forgetRemoval, keepsAway, settleMissing, type MissingReport } from './mirror-missing';
import { MirrorState, type FileState } from './mirror-state';
import { FolderNames, writeNewFile, type Renamed } from './mirror-names';
import { HeaderClashError, type EventStore } from './store';

export const EVENT_SUFFIX = '.event.json';
/** Character files written at once when many arrive (the first join of a 2,000-player event). */
const WRITE_CONCURRENCY = 8;

/**
 * What a pass did: files taken in, arrivals written (and those written under another name than
 * their document's), the event file rewritten, deleted files restored or (retired characters) let go.
 */
export type MirrorReport = { imported: string[]; written: string[]; renamed: Renamed[]; eventWritten: boolean } & MissingReport;

export class FileMirror {
  /** Files that could not be shared, by name, with the reason (shown to the volunteer). */
  readonly problems = new Map<string, string>();
  private chain: Promise<unknown> = Promise.resolve();
  /** Arrivals written under a new name, until the session takes them (even from a pass that failed after writing them). */
  private renamedUntold: Renamed[] = [];
  private conflictsKnown: string | null = null;
  /** The event file's log, and whether the store has every entry it held when first opened. */
  private log: EventLog | null = null;
  private unlisten: (() => void) | null = null;

  constructor(
    readonly folder: string,
    readonly store: EventStore,
    readonly state: MirrorState,
    private readonly now: () => number = Date.now,
    /** This desk's name, recorded with each version it saves (shown beside the versions of a conflict). */
    private readonly deskName?: string,
  ) {}

  /** One pass: what changed on disk into the database, then what the database has onto disk. Serialised. */
  syncOnce(): Promise<MirrorReport> {
    const run = this.chain.then(() => this.pass());
    this.chain = run.catch(() => undefined);
    return run;
  }

  private async pass(): Promise<MirrorReport> {
    const report: MirrorReport = { imported: [], written: [], renamed: [], eventWritten: false, restored: [], removed: [] };
    await this.importFromDisk(report);
    await this.exportToDisk(report);
    await this.state.save();
    return report;
  }

  private async listFolder(): Promise<string[]> {
    return (await readdir(this.folder)).filter((n) => !n.startsWith('.')).sort();
  }

  /** The arrivals written under a new name since last asked (the session notes each once). */
  takeRenamed(): Renamed[] {
    return this.renamedUntold.splice(0);
  }

  /** The event file: the one the state names, else the folder's one *.event.json of this event. */
  async eventFilePath(): Promise<string | null> {
    if (this.state.data.eventFile) return join(this.folder, this.state.data.eventFile);
    const names = (await this.listFolder()).filter((n) => n.endsWith(EVENT_SUFFIX));
    for (const n of names) {
      const r = await readEventFile(join(this.folder, n));
      if (r.ok && r.header.id.toLowerCase() === this.store.eventId) {
        this.state.data.eventFile = n;
        return join(this.folder, n);
      }
    }
    return null;
  }

  private async importFromDisk(report: MirrorReport): Promise<void> {
    const names = await this.listFolder();
    const owners = new Map<string, string>();
    for (const [name, s] of Object.entries(this.state.data.files)) owners.set(s.id, name);
    const present = new Set(names);
    // A file gone (or renamed) has no problem any more.
    for (const name of this.problems.keys()) if (!present.has(name)) this.problems.delete(name);
    for (const name of names) {
      if (!name.endsWith(CHARACTER_FILE_SUFFIX)) continue;
      const path = join(this.folder, name);
      const known = this.state.data.files[name];
      // A link is not followed: it could share a file from anywhere on this laptop with every desk.
      const info = await lstat(path).catch(() => null);
      if (info?.isSymbolicLink()) this.problems.set(name, await linkProblem(path, name, 'linked files are not shared with other desks (copy the file into the folder instead)'));
      if (!info?.isFile()) continue;
      if (known && known.size === info.size && known.mtimeMs === info.mtimeMs) continue;
      let bytes: Uint8Array;
      try {
        bytes = await readBytes(path);
      } catch (e) {
        this.problems.set(name, `${name}: ${(e as Error).message}`);
        continue;
      }
      const hash = sha256Hex(bytes);
      if (known && known.hash === hash) {
        this.state.data.files[name] = { ...known, size: info.size, mtimeMs: info.mtimeMs };
        continue;
      }
      if (!safeCharacterFileName(name)) {
        this.problems.set(name, `${name}: this file name cannot be shared with other desks (rename it)`);
        continue;
      }
      const loaded = loadCharacterBytes(bytes, name);
      if (!loaded.ok) {
        this.problems.set(name, loaded.problem.message);
        continue;
      }
      const id = loaded.character.id.toLowerCase();
      const owner = owners.get(id);
      let renamedFrom: FileState | undefined;
      if (owner !== undefined && owner !== name) {
        if (present.has(owner)) {
          this.problems.set(name, `${name}: holds the same character (id ${id}) as ${owner}; only ${owner} is shared`);
          continue;
        }
        // Renamed at this desk (the old name is gone): the same character, its revision carried over.
        renamedFrom = this.state.data.files[owner];
        delete this.state.data.files[owner];
      }
      const prior = known && known.id === id ? known : renamedFrom;
      const savedBy = this.deskName ? { desk: this.deskName, at: new Date(this.now()).toISOString() } : undefined;
      const rev = await this.store.putCharacter(loaded.character, name, prior?.rev, savedBy);
      this.problems.delete(name);
      forgetRemoval(this.state, id);
      owners.set(id, name);
      this.state.data.files[name] = { id, rev, hash, size: info.size, mtimeMs: info.mtimeMs };
      report.imported.push(name);
    }
    const missing = await settleMissing(this.folder, this.store, this.state, present);
    report.restored.push(...missing.restored);
    report.removed.push(...missing.removed);

    const eventPath = await this.eventFilePath();
    if (!eventPath) return;
    if (this.state.data.event && (await absent(eventPath))) {
      // The event file deleted at this desk: written again from the database (below), as a character's is.
      this.state.data.event = undefined;
      this.dropLog(eventPath);
      report.restored.push(this.state.data.eventFile!);
      return;
    }
    const opened = this.log === null;
    const log = await this.eventLog(eventPath);
    if (!log) return;
    // What other programs appended since (the listener below puts it into the database).
    const appended = (await log.refresh()).length;
    if (appended > 0 || (opened && this.storedAtOpen > 0)) report.imported.push(this.state.data.eventFile!);
  }

  /** Entries the database was given when the event file's log was first opened. */
  private storedAtOpen = 0;

  /**
   * The event file's log (shared with the desk view in the app's process): every entry appended to
   * it, by this process or found appended by another, goes into the database in the same step.
   * Opened once per file; the first time, the database is given every entry the file holds.
   */
  private async eventLog(path: string): Promise<EventLog | null> {
    if (this.log?.path === path) return this.log;
    const name = this.state.data.eventFile!;
    // Appending through a link would write wherever it points.
    if ((await lstat(path).catch(() => null))?.isSymbolicLink()) {
      this.problems.set(name, await linkProblem(path, name, "a shared event's file must be a file in the folder itself"));
      return null;
    }
    let log: EventLog;
    try {
      log = await sharedEventLog(path, { folder: this.folder, now: this.now });
    } catch (e) {
      this.problems.set(name, (e as Error).message);
      return null;
    }
    if (log.header.id.toLowerCase() !== this.store.eventId) {
      this.problems.set(name, `${name}: is the file of another event (id ${log.header.id}); this folder shares ${this.store.eventId}`);
      return null;
    }
    try {
      await this.store.putHeader(log.header);
    } catch (e) {
      if (!(e instanceof HeaderClashError)) throw e;
      this.problems.set(name, `${name}: ${e.message}`);
      return null;
    }
    this.problems.delete(name);
    this.storedAtOpen = await this.store.addEntries(log.ledger.fold.entries);
    this.unlisten?.();
    this.unlisten = log.onEntries(async (entries, origin) => {
      if (origin !== 'store') await this.store.addEntries(entries);
    });
    this.log = log;
    this.state.data.event = { id: this.store.eventId, rev: '', hash: '', size: 0, mtimeMs: 0 };
    return log;
  }

  private dropLog(path: string): void {
    this.unlisten?.();
    this.unlisten = null;
    this.log = null;
    forgetEventLog(path);
  }

  /** The event file's log (the file must be there); what the desk appends to it reaches the database in the same step. */
  async eventLogNow(): Promise<EventLog> {
    const path = await this.eventFilePath();
    const log = path ? await this.eventLog(path) : null;
    if (!log) throw new Error(`${this.folder} has no event file of event ${this.store.eventId} to record in`);
    return log;
  }

  /** Stops listening to the event file's log (the session ends). */
  close(): void {
    this.unlisten?.();
    this.unlisten = null;
  }

  private async exportToDisk(report: MirrorReport): Promise<void> {
    const { docs, characters, lastSeq } = await this.store.changesSince(this.state.data.seq ?? 0);
    let eventChanged = this.state.data.event === undefined;
    const byId = new Map<string, string>();
    for (const [name, s] of Object.entries(this.state.data.files)) byId.set(s.id, name);
    const pending: (() => Promise<void>)[] = [];
    const claimed = new Set<string>();
    // Names taken, listed once a pass (not once a file: a first join brings thousands of new files).
    let names: FolderNames | null = null;
    const arrived: LedgerEntry[] = [];
    for (const doc of docs) {
      if (doc.kind !== 'character') {
        if (doc.kind === 'entry') arrived.push(doc.entry);
        if (doc.kind === 'header' || doc.kind === 'entry') eventChanged = true;
        continue;
      }
      const stored = characters.get(doc.character.id.toLowerCase());
      if (!stored || claimed.has(stored.id) || keepsAway(this.state, stored)) continue;
      const name = byId.get(stored.id);
      const known = name === undefined ? undefined : this.state.data.files[name];
      if (known && known.rev === stored.rev) continue;
      claimed.add(stored.id);
      const text = serializeCharacter(stored.character);
      const hash = sha256Hex(text);
      const written = (fileName: string, path: string) => async () => {
        this.state.data.files[fileName] = { id: stored.id, rev: stored.rev, ...(await onDisk(path, hash)) };
        report.written.push(fileName);
      };
      if (name !== undefined && known) {
        const path = this.inside(name);
        pending.push(async () => {
          if (await replaceKnown(this.folder, path, known, text, this.now())) await written(name, path)();
        });
        continue;
      }
      const taken = (names ??= new FolderNames([...Object.keys(this.state.data.files), ...(await this.listFolder())]));
      const first = taken.free(stored.file);
      taken.take(first);
      pending.push(async () => {
        const fileName = await writeNewFile((n) => this.inside(n), taken, stored.file, first, text);
        if (fileName !== stored.file) {
          const r = { wanted: stored.file, written: fileName, holder: taken.holderOf(stored.file) ?? stored.file };
          report.renamed.push(r);
          this.renamedUntold.push(r);
        }
        await written(fileName, this.inside(fileName))();
      });
    }
    // A few files at a time: each write waits on the disk (fsync) more than on the processor. A write
    // that fails (a full disk) does not stop the others; the pass fails after them all, its sequence
    // not advanced, so the next pass tries the failed ones again.
    let next = 0;
    const failures: unknown[] = [];
    await Promise.all(Array.from({ length: Math.min(WRITE_CONCURRENCY, pending.length) }, async () => {
      while (next < pending.length) await pending[next++]!().catch((e: unknown) => void failures.push(e));
    }));
    report.written.sort();
    report.renamed.sort((a, b) => (a.written < b.written ? -1 : 1));
    if (eventChanged) report.eventWritten = await this.writeEventFile(arrived).catch((e: unknown) => {
      failures.push(e);
      return false;
    });
    if (failures.length > 0) throw failures[0];
    if (this.conflictsKnown === null || docs.some((d) => d.kind === 'character')) await this.writeConflicts();
    this.state.data.seq = lastSeq;
  }

  /** A character file's path, checked to stay in the folder. */
  private inside(name: string): string {
    const path = join(this.folder, name);
    if (!isInside(this.folder, path)) throw new Error(`${name}: not inside the event folder`);
    return path;
  }

  /** Keeps the sync folder's list of characters in conflict (the reprint holds them back). */
  private async writeConflicts(): Promise<void> {
    const byId = new Map(Object.entries(this.state.data.files).map(([name, s]) => [s.id, name]));
    const list = (await this.store.conflicts()).map((c) => ({ id: c.id, file: byId.get(c.id) ?? c.versions[0]!.file }));
    const text = JSON.stringify(list);
    if (text === this.conflictsKnown) return;
    await writeConflictList(dirname(this.state.path), list);
    this.conflictsKnown = text;
  }

  /**
   * Appends the entries that arrived to the event file (those it holds already are skipped); with no
   * event file yet (a desk that just joined, or the file deleted here), creates it from the header
   * and gives it every entry the database holds.
   */
  private async writeEventFile(arrived: readonly LedgerEntry[]): Promise<boolean> {
    let path = await this.eventFilePath();
    let entries = arrived;
    if (!path || (await absent(path))) {
      const header = await this.store.header();
      if (!header) return false;
      if (!path) {
        const name = eventFileName(header.name);
        const free = (await this.listFolder()).includes(name) ? eventFileName(`${header.name} ${header.id.slice(0, 8)}`) : name;
        this.state.data.eventFile = free;
        path = join(this.folder, free);
      }
      this.dropLog(path);
      await EventLog.create(path, header, { folder: this.folder, now: this.now });
      entries = await this.store.entries();
    }
    const log = await this.eventLog(path);
    if (!log) return false;
    const { added } = await log.take(entries, 'store');
    return added.length > 0;
  }
}
