// A desk taking part in a shared event: its store, its file mirror, and either the hub it serves
// or the link to the hub (or game CouchDB) it joined. Used by `quartermaster desk serve|join` and by
// the app's main process alike.
import { watch, type FSWatcher } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { claimDatabase, DatabaseHeldError } from './db-holder';
import { databaseName } from './docs';
import { hubIdentity } from './hub-identity';
import { startHub, type Hub } from './hub';
import { formatJoinCode, type JoinCode } from './join-code';
import { readEventFile, type LedgerEntry } from './ledger-api';
import { PRESENCE_EVERY_MS, presenceView, type Presence } from './presence';
import { FileMirror, EVENT_SUFFIX } from './mirror';
import { notInFolder } from './mirror-arrivals';
import { MirrorState } from './mirror-state';
import type { Refusal } from './doc-rules';
import { renamedNote } from './mirror-names';
import { LiveSync, syncOnce, type DeskLinkState, type LiveSyncOptions, type PullCheck } from './replicate';
import { describeState, linkLine } from './link-words';
import type { RemoteTarget } from './remote';
import { EventStore } from './store';
import { keyFingerprint, loadDeskKey } from './desk-keys';

import { SYNC_FOLDER } from './conflict-list';

export { SYNC_FOLDER, describeState };

export class SyncSetupError extends Error {}

/** The desk's name as documents carry it (1–60 characters), or none. */
export function deskName(desk: SessionOptions['desk']): string | undefined {
  const name = desk?.name.trim().slice(0, 60);
  return name ? name : undefined;
}

export type SessionOptions = {
  folder: string;
  /** Where the database and the hub's identity live (default: <folder>/.quartermaster-sync). */
  syncFolder?: string;
  /** Where this desk's signing key is kept, never replicated (default: the sync folder; the app gives its own data folder). */
  keyFolder?: string;
  /** How often the folder is also looked at (fs.watch misses changes on some file systems). */
  pollMs?: number;
  /** Quiet time before a mirror pass, so a burst of changes is one pass. */
  settleMs?: number;
  link?: LiveSyncOptions;
  log?: (line: string) => void;
  /** This desk (settings' desk identity): its presence document tells the other desks its state. */
  desk?: { id: string; name: string };
  /** What this program is, named to a second one that finds the folder in use ("quartermaster desk serve"). */
  holder?: string;
  /** Called after a pass wrote arrivals into the folder (so the desk view reads it again). */
  onWritten?: () => void;
};

export type DeskStatus = {
  role: 'hub' | 'desk';
  eventId: string;
  link: DeskLinkState | { kind: 'hub'; url: string; since: string };
  problems: { file: string; message: string }[];
  conflicts: number;
  desks: Presence[];
  /** What the desk did to the folder by itself that the volunteer should know (a deleted file written again), latest last. */
  notes: { at: string; message: string }[];
  /** This desk's signing key: its desk id and the short fingerprint volunteers compare. */
  key: { deskId: string; fingerprint: string };
  /** Every desk registered with the event: its id and key fingerprint. */
  keys: { deskId: string; fingerprint: string }[];
};

/** Notes kept for the status (the latest; older ones are in the command line's log). */
const MAX_NOTES = 20;

/** The event id of the folder's event file (there must be exactly one). */
export async function folderEventId(folder: string): Promise<string> {
  const names = (await readdir(folder)).filter((n) => n.endsWith(EVENT_SUFFIX) && !n.startsWith('.'));
  if (names.length === 0) throw new SyncSetupError(`${folder} has no event file (*${EVENT_SUFFIX}); create the event at this desk first`);
  if (names.length > 1) throw new SyncSetupError(`${folder} holds ${names.length} event files (${names.join(', ')}); a shared event folder holds one`);
  const path = join(folder, names[0]!);
  const r = await readEventFile(path);
  if (!r.ok) throw new SyncSetupError(r.message);
  return r.header.id.toLowerCase();
}

export class DeskSession {
  hub: Hub | null = null;
  link: LiveSync | null = null;
  joinCode: string | null = null;
  private watcher: FSWatcher | null = null;
  private timer: NodeJS.Timeout | null = null;
  private poll: NodeJS.Timeout | null = null;
  private feed: PouchEventEmitter | null = null;
  private closed = false;
  private hubSince = new Date().toISOString();
  passes = 0;
  private release: () => Promise<void> = async () => undefined;
  lastError: string | null = null;

  private constructor(
    readonly options: SessionOptions,
    readonly store: EventStore,
    readonly mirror: FileMirror,
  ) {}

  static async open(options: SessionOptions, eventId: string): Promise<DeskSession> {
    const folder = resolve(options.folder);
    const syncFolder = options.syncFolder ?? join(folder, SYNC_FOLDER);
    const store = EventStore.open(syncFolder, eventId);
    let release: () => Promise<void>;
    try {
      // Before anything reads or writes the folder: one process at a time can have the database.
      release = await claimDatabase(store.db, syncFolder, store.name, folder, options.holder ?? 'a Quartermaster desk');
    } catch (e) {
      await store.close().catch(() => undefined);
      throw e instanceof DatabaseHeldError ? new SyncSetupError(e.message) : e;
    }
    try {
      store.signing.useKey(await loadDeskKey(options.keyFolder ?? syncFolder, options.desk));
      await store.signing.deskKey();
    } catch (e) {
      await release();
      await store.close().catch(() => undefined);
      throw e;
    }
    const state = await MirrorState.load(syncFolder, store.name);
    const session = new DeskSession({ ...options, folder, syncFolder }, store, new FileMirror(folder, store, state, Date.now, deskName(options.desk)));
    session.release = release;
    await session.pass();
    return session;
  }

  get syncFolder(): string {
    return this.options.syncFolder!;
  }

  /** Hosts the event: serves its database over HTTPS on host:port; returns the join code. */
  async serve(host: string, port: number): Promise<string> {
    const identity = await hubIdentity(this.syncFolder, this.store.name, [host]);
    // The first desk to share the event seals it (store.ts), so the hub always holds a seal and refuses any other.
    await this.sealLedger();
    this.hub = await startHub({
      db: this.store.db,
      dbName: this.store.name,
      eventId: this.store.eventId,
      host,
      port,
      identity,
      log: this.options.log,
      onRefused: (refused) => this.noteRefused(refused, 'the hub'),
    });
    this.hubSince = new Date().toISOString();
    const code: JoinCode = { host, port: this.hub.port, eventId: this.store.eventId, secret: identity.secret, fingerprint: identity.fingerprint };
    this.joinCode = formatJoinCode(code);
    this.watchAll();
    return this.joinCode;
  }

  /** Replicates with the hub or CouchDB live, until stopped. */
  join(target: RemoteTarget): LiveSync {
    this.link = new LiveSync(this.store.db, target, this.pullCheck(), this.options.link);
    let said: DeskLinkState | null = null;
    this.link.on('state', (s: DeskLinkState) => {
      const line = linkLine(s, said, target);
      said = s;
      if (line) this.options.log?.(line);
    });
    // The hub refused a document this desk sent.
    this.link.on('denied', (err: { id?: string; reason?: string }) => this.note(`the hub refused ${String(err.id ?? 'a document').slice(0, 100)} from this desk: ${String(err.reason ?? '').slice(0, 300)}`));
    // A game's CouchDB has no hosting desk: a desk bringing other desks' entries seals them once it
    // has exchanged everything (so a seal already there has arrived and is kept).
    if (target.kind === 'couchdb') {
      this.link.once('idle', () => {
        if (this.store.signing.unshared.size > 0) this.sealLedger().catch((e) => this.options.log?.(`could not seal the event: ${(e as Error).message}`));
      });
    }
    this.link.start();
    this.watchAll();
    return this.link;
  }

  /**
   * One replication both ways, then the files. `notArrived` names what the folder still lacks of
   * what the database holds, and `error` why the files could not be brought in step, if so.
   */
  async joinOnce(target: RemoteTarget): Promise<{ pushed: number; pulled: number; notArrived: string[]; error: string | null }> {
    const r = await syncOnce(this.store.db, target, this.pullCheck(), { batchSize: this.options.link?.batchSize });
    await this.pass();
    // As join: a desk bringing other desks' entries to a game's CouchDB seals them, once it has everything there is.
    if (target.kind === 'couchdb' && this.store.signing.unshared.size > 0 && (await this.store.signing.seal())) {
      const again = await syncOnce(this.store.db, target, this.pullCheck(), { batchSize: this.options.link?.batchSize });
      r.pushed += again.pushed;
      r.pulled += again.pulled;
    }
    const error = this.lastError;
    return { pushed: r.pushed, pulled: r.pulled, notArrived: await notInFolder(this.options.folder, this.store, this.mirror.state), error };
  }

  /** Seals the event when it has no seal yet (store-keys.ts), noting how many entries this desk witnessed. */
  private async sealLedger(): Promise<void> {
    const sealed = await this.store.signing.seal();
    if (sealed) this.note(`${sealed} entr${sealed === 1 ? 'y' : 'ies'} of other desks, made before the event was shared, sealed by this desk as their witness`);
  }

  private watchAll(): void {
    if (this.feed) return;
    this.feed = this.store.db.changes({ live: true, since: 'now' });
    this.feed.on('change', () => this.schedule());
    this.feed.on('error', () => undefined);
    try {
      this.watcher = watch(this.options.folder, { persistent: false }, (_e, name) => {
        if (name && !String(name).startsWith('.')) this.schedule();
      });
      this.watcher.on('error', () => undefined);
    } catch {
      /* polling alone */
    }
    this.poll = setInterval(() => this.schedule(), this.options.pollMs ?? 2000);
    this.poll.unref();
  }

  /**
   * A pass soon. While one runs, further changes ask for one more pass after it, not one each:
   * a first join's replication announces every batch, and queued passes would each walk the folder.
   */
  private schedule(): void {
    if (this.closed || this.timer) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.timer = setTimeout(() => {
      this.timer = null;
      this.running = true;
      void this.pass().finally(() => {
        this.running = false;
        if (this.again) {
          this.again = false;
          this.schedule();
        }
      });
    }, this.options.settleMs ?? 100);
  }

  private running = false;
  private again = false;

  /**
   * Records ledger entries made at this desk (the command line's and the tests' desks; the app
   * appends through the same log): appended to the event file, and so to the database, at once.
   */
  async record(entries: readonly LedgerEntry[]): Promise<number> {
    const log = await this.mirror.eventLogNow();
    // Made at this desk: named by its id (the app's entries carry it already), so it can sign them.
    const deskId = (await this.store.signing.deskKey()).deskId;
    return (await log.append(entries.map((e) => (e.deskId ? e : { ...e, deskId })))).added.length;
  }

  /** One mirror pass (files in, database out); errors are kept for the status, never thrown. */
  async pass(): Promise<void> {
    try {
      const report = await this.mirror.syncOnce();
      this.passes++;
      for (const name of report.restored) {
        this.note(name.endsWith(EVENT_SUFFIX) ? `${name} was deleted at this desk and is written again: the event is shared with the other desks` : `${name} was deleted at this desk and is written again: the character is still part of the event at every desk (retire it at the desk to take it out of play)`);
      }
      for (const name of report.removed) this.note(`${name} was deleted at this desk; the character is retired, so it stays away here and is kept at the other desks`);
      if (report.written.length > 0 || report.eventWritten || report.restored.length > 0) this.options.onWritten?.();
      await this.writePresence();
      this.lastError = null;
    } catch (e) {
      this.lastError = (e as Error).message;
      this.options.log?.(`could not bring the folder in step: ${this.lastError}`);
    } finally {
      // Said even when the pass failed after writing them (the next pass knows them as its own files).
      for (const r of this.mirror.takeRenamed()) this.note(renamedNote(r));
    }
  }

  readonly notes: DeskStatus['notes'] = [];

  private note(message: string): void {
    this.notes.push({ at: new Date().toISOString(), message });
    if (this.notes.length > MAX_NOTES) this.notes.splice(0, this.notes.length - MAX_NOTES);
    this.options.log?.(message);
  }

  /** What pulled documents are checked against; those refused are noted. */
  private pullCheck(): PullCheck {
    return { eventId: this.store.eventId, now: Date.now, onRefused: (refused) => this.noteRefused(refused, 'this desk') };
  }

  /** Notes each refused document, naming it, the desk it says it comes from, and who refused it. */
  private noteRefused(refused: readonly Refusal[], by: string): void {
    for (const r of refused) this.note(`${by} refused ${r.desk !== undefined ? `a document from desk "${r.desk}"` : 'a document'}: ${r.message}`);
  }

  private lastPresence: { key: string; at: number } | null = null;

  /** This desk's presence document: on every change of state or waiting count, else every PRESENCE_EVERY_MS. */
  async writePresence(): Promise<void> {
    const desk = this.options.desk;
    if (!desk || this.closed) return;
    const link = this.linkState();
    const waiting = link.kind === 'offline' ? link.waiting : 0;
    const key = `${link.kind}|${link.since}|${waiting}|${desk.name}`;
    const now = Date.now();
    if (this.lastPresence && this.lastPresence.key === key && now - this.lastPresence.at < PRESENCE_EVERY_MS) return;
    await this.store.putPresence({ id: desk.id.toLowerCase(), name: desk.name.trim().slice(0, 60) || 'desk', state: link.kind, since: link.since, seenAt: new Date(now).toISOString(), waiting });
    this.lastPresence = { key, at: now };
  }

  private linkState(): DeskStatus['link'] {
    return this.hub ? { kind: 'hub' as const, url: this.hub.url, since: this.hubSince } : this.link ? this.link.state : ({ kind: 'stopped', since: this.hubSince } as const);
  }

  async status(): Promise<DeskStatus> {
    const problems = [...this.mirror.problems].map(([file, message]) => ({ file, message }));
    for (const [id, message] of this.store.problems) problems.push({ file: id, message });
    const conflicts = (await this.store.conflicts()).length;
    const link = this.linkState();
    await this.writePresence().catch(() => undefined);
    const now = Date.now();
    const own = this.options.desk?.id.toLowerCase();
    // This desk as it is now; the others as their documents last said (offline once not heard from).
    const desks = (await this.store.presences()).map((p) => (p.id === own ? p : presenceView(p, now)));
    const key = await this.store.signing.deskKey();
    const keys = [...(await this.store.signing.keyRing()).keys.values()].map(({ key: k }) => ({ deskId: k.desk, fingerprint: keyFingerprint(k.publicKey) }));
    return { role: this.hub ? 'hub' : 'desk', eventId: this.store.eventId, link, problems, conflicts, desks, notes: [...this.notes], key: { deskId: key.deskId, fingerprint: key.fingerprint }, keys };
  }

  /**
   * Stops everything and closes the database, after a last pass (files in step) unless `lastPass`
   * is false: `desk join --once` has reported what arrived, and nothing may change after that.
   */
  async close(options: { lastPass?: boolean } = {}): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    if (this.poll) clearInterval(this.poll);
    this.watcher?.close();
    this.feed?.cancel();
    await this.link?.stop();
    await this.hub?.close();
    if (options.lastPass !== false) await this.mirror.syncOnce().catch(() => undefined);
    this.mirror.close();
    await this.store.close();
    await this.release().catch(() => undefined);
  }
}

export { databaseName };
