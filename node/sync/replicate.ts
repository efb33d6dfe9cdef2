// Live replication between a desk's database and the hub (or a game's CouchDB): both ways, retried
// with back-off while the hub is away, catching up by itself when it is back. The desk's state is
// what the desk view shows: connected, or offline since a time with so many changes waiting.
import { EventEmitter } from 'node:events';
import type { AdmitContext, Refusal } from './doc-rules';
import { PRESENCE_PREFIX } from './presence';
import { PouchDB } from './pouch';
import { guardedTarget } from './pull-guard';
import { describeTarget, remoteDb, remoteName, REQUEST_TIMEOUT_MS, type RemoteTarget } from './remote';

export type DeskLinkState =
  | { kind: 'connecting'; since: string }
  | { kind: 'connected'; since: string; lastChangeAt?: string }
  | { kind: 'offline'; since: string; waiting: number; reason: string }
  | { kind: 'refused'; since: string; reason: string; lasting?: boolean }
  | { kind: 'stopped'; since: string };

/**
 * Documents per replication batch. Each batch costs a changes request, revs_diff, bulk_get,
 * bulk_docs and two checkpoint writes whatever its size, so PouchDB's default of 100 made catch-up
 * slow: three bare PouchDB desks exchanging 999 entries through express-pouchdb on loopback took
 * 7.1 s at 100 a batch and 3.0 s at 1,000 on a quiet machine (4.4–4.9 s at 100, 2.8–4.2 s at 500
 * under load). A batch of 500 typical character documents (1–5 KB) stays far below the hub's
 * request bound (MAX_REQUEST_BYTES).
 */
export const BATCH_SIZE = 500;

export type LiveSyncOptions = {
  /** First retry after this many ms, doubling up to maxBackoffMs. */
  backoffMs?: number;
  maxBackoffMs?: number;
  now?: () => Date;
  /** How often the remote is asked whether it is there (the state's source of truth). */
  heartbeatMs?: number;
  /** Documents per batch (default BATCH_SIZE). */
  batchSize?: number;
  /** How long the remote may be silent before a request fails (default REQUEST_TIMEOUT_MS, remote.ts). */
  requestTimeoutMs?: number;
};

/** What the pulled documents are checked against (pull-guard.ts), and who hears of those refused. */
export type PullCheck = AdmitContext & { onRefused: (refused: Refusal[]) => void };

/** What a desk is told when the hub does not take its join code's secret: waiting will not change that. */
export const CODE_REFUSED = 'the hub refused this join code: check it with the desk that shares the event';

/**
 * Whether an error is the remote's answer (secret, pin, refused document) rather than the network,
 * in words; `lasting` when waiting cannot change it (the join code or the address is wrong), as
 * against one refused document, after which the rest still flows.
 */
function refusal(err: unknown, target: RemoteTarget): { reason: string; lasting: boolean } | null {
  const e = err as { status?: number; code?: string; message?: string; reason?: string };
  const hub = target.kind === 'hub';
  if (e?.code === 'QM_PIN_MISMATCH') return { reason: e.message ?? 'certificate mismatch', lasting: true };
  if (e?.status === 401) return { reason: hub ? CODE_REFUSED : 'the CouchDB refused the user name or password: check them with whoever runs it', lasting: true };
  if (e?.status === 403) return { reason: `the ${hub ? 'hub' : 'CouchDB'} refused a document: ${e.reason ?? e.message}`, lasting: false };
  if (e?.status === 404) return { reason: hub ? 'the hub does not serve this event: check the join code with the desk that shares the event' : 'the CouchDB has no such database: check its address', lasting: true };
  return null;
}

/** Why a request to the remote failed, in words (never a request's address). */
export function remoteProblem(err: unknown, target: RemoteTarget): string {
  return refusal(err, target)?.reason ?? `the ${remoteName(target)} does not answer`;
}

export class LiveSync extends EventEmitter {
  state: DeskLinkState;
  private handles: PouchReplication[] = [];
  private remote: { db: PouchDatabase; close(): Promise<void> } | null = null;
  private probe: { db: PouchDatabase; close(): Promise<void> } | null = null;
  /** Local sequence up to which everything is known to be at the remote. */
  private upToDateSeq: number | string = 0;
  /** Revisions that came from the remote since then (they are not "waiting"). */
  private pulled = new Set<string>();
  private stopped = false;
  private heartbeat: NodeJS.Timeout | null = null;
  readonly counts = { pushed: 0, pulled: 0, errors: 0 };

  constructor(
    readonly local: PouchDatabase,
    readonly target: RemoteTarget,
    private readonly check: PullCheck,
    private readonly options: LiveSyncOptions = {},
  ) {
    super();
    this.state = { kind: 'connecting', since: this.nowIso() };
  }

  private nowIso(): string {
    return (this.options.now?.() ?? new Date()).toISOString();
  }

  get description(): string {
    return describeTarget(this.target);
  }

  private setState(s: DeskLinkState): void {
    this.state = s;
    this.emit('state', s);
  }

  /** Local changes the hub has not acknowledged yet (not counting replication checkpoints nor the desk's own presence document). */
  async waiting(): Promise<number> {
    const res = await this.local.changes({ since: this.upToDateSeq, limit: 100_000 });
    return res.results.filter((r: { id: string; changes: { rev: string }[] }) => !r.id.startsWith('_local/') && !r.id.startsWith(PRESENCE_PREFIX) && !this.pulled.has(`${r.id}@${r.changes[0]?.rev}`)).length;
  }

  start(): void {
    const base = this.options.backoffMs ?? 1000;
    const max = this.options.maxBackoffMs ?? 30_000;
    const timeoutMs = this.options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS;
    this.remote = remoteDb(this.target, { timeoutMs });
    this.probe = remoteDb(this.target, { timeoutMs });
    // PouchDB's replicator asks the source for info() after each batch without handling a failure
    // (an unhandled rejection when the hub vanishes just then); that answer only feeds its progress
    // figures, so here a failed info() answers "nothing known" and the next request reports the outage.
    const info = this.remote.db.info.bind(this.remote.db);
    this.remote.db.info = () => info().catch(() => ({ doc_count: 0, update_seq: 0, db_name: 'unreachable' }));
    // An idle desk waits on the remote's changes feed (a long poll). The remote is asked to answer
    // within half the request timeout (the hub does), or to send a blank line that often while it
    // waits (a CouchDB does, and then keeps the poll open): either way the connection is never silent
    // long enough to fail, and a connected desk stays connected (a poll outliving the timeout would
    // fail, and show an idle desk offline, once every timeout).
    const feedWait = Math.max(1, Math.floor(timeoutMs / 2));
    const opts = { live: true, retry: true, heartbeat: feedWait, timeout: feedWait, batch_size: this.options.batchSize ?? BATCH_SIZE, back_off_function: (delay: number) => (delay === 0 ? base : Math.min(max, delay * 2)) };
    // Push and pull apart (not PouchDB's sync, which hides why a side paused): a push that pauses
    // without an error has sent everything, which is what "changes waiting" counts from.
    const push = this.local.replicate.to(this.remote.db, opts);
    const pull = PouchDB.replicate(this.remote.db, guardedTarget(this.local, this.check, this.check.onRefused), opts);
    this.handles = [push, pull];
    this.heartbeat = setInterval(() => void this.beat(), this.options.heartbeatMs ?? 3000);
    this.heartbeat.unref();
    push.on('change', (info: { docs_written: number; last_seq: number | string }) => {
      this.counts.pushed += info.docs_written;
      this.upToDateSeq = info.last_seq;
      this.changed(info);
    });
    pull.on('change', (info: { docs_written: number; docs: { _id: string; _rev: string }[] }) => {
      this.counts.pulled += info.docs_written;
      for (const d of info.docs ?? []) this.pulled.add(`${d._id}@${d._rev}`);
      this.changed(info);
    });
    push.on('paused', (err?: unknown) => {
      if (this.stopped) return;
      if (err) return this.goOffline(err);
      const seqBefore = this.local.info();
      void seqBefore.then((i) => {
        this.upToDateSeq = i.update_seq;
        this.pulled.clear();
        this.emit('idle');
      });
    });
    pull.on('paused', (err?: unknown) => {
      if (err && !this.stopped) this.goOffline(err);
    });
    // Connected once the remote has answered: the pull got changes from it, or the push wrote to it.
    // A push turning active only means there is something to send (this desk's own presence, written
    // at each change of state, among them), so it says nothing of the remote: taken as an answer, a
    // desk whose hub is away flickered between connected and offline.
    pull.on('active', () => this.answered());
    push.on('change', () => this.answered());
    for (const h of this.handles) {
      h.on('denied', (err: unknown) => {
        this.counts.errors++;
        this.emit('denied', err);
      });
      h.on('error', (err: unknown) => {
        // Live replication with retry only ends with an error the remote meant (a refusal).
        this.counts.errors++;
        if (this.stopped) return;
        const why = refusal(err, this.target);
        this.setState(why ? { kind: 'refused', since: this.nowIso(), ...why } : { kind: 'offline', since: this.nowIso(), waiting: 0, reason: String((err as Error)?.message ?? err) });
      });
    }
  }

  private answered(): void {
    if (this.state.kind !== 'connected' && !this.stopped) this.setState({ kind: 'connected', since: this.nowIso() });
  }

  private changed(info: unknown): void {
    if (this.state.kind === 'connected') this.state = { ...this.state, lastChangeAt: this.nowIso() };
    this.emit('change', info);
  }

  /** Asks the remote whether it is there; the link state follows the answer. */
  private async beat(): Promise<void> {
    if (this.stopped || !this.probe) return;
    try {
      await this.probe.db.info();
      if (this.state.kind === 'offline' || this.state.kind === 'connecting') this.setState({ kind: 'connected', since: this.nowIso() });
    } catch (err) {
      if (!this.stopped) this.goOffline(err);
    }
  }

  private goOffline(err: unknown): void {
    const why = refusal(err, this.target);
    if (why) {
      this.setState({ kind: 'refused', since: this.nowIso(), ...why });
      return;
    }
    const since = this.state.kind === 'offline' ? this.state.since : this.nowIso();
    const reason = (err as Error)?.message ?? 'the hub cannot be reached';
    void this.waiting().then((waiting) => {
      if (!this.stopped) this.setState({ kind: 'offline', since, waiting, reason });
    });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.heartbeat) clearInterval(this.heartbeat);
    for (const h of this.handles) h.cancel();
    await this.remote?.close();
    await this.probe?.close();
    this.setState({ kind: 'stopped', since: this.nowIso() });
  }
}

/** One replication both ways until both sides are equal (`desk join --once`). */
export async function syncOnce(local: PouchDatabase, target: RemoteTarget, check: PullCheck, options: { batchSize?: number } = {}): Promise<{ pushed: number; pulled: number; denied: number }> {
  const remote = remoteDb(target);
  try {
    const opts = { batch_size: options.batchSize ?? BATCH_SIZE };
    // One way, then the other: the pull goes through the guard (pull-guard.ts).
    const push = await local.replicate.to(remote.db, opts);
    const pull = await PouchDB.replicate(remote.db, guardedTarget(local, check, check.onRefused), opts);
    return { pushed: push.docs_written ?? 0, pulled: pull.docs_written ?? 0, denied: (push.doc_write_failures ?? 0) + (pull.doc_write_failures ?? 0) };
  } finally {
    await remote.close();
  }
}
