// Live replication between a desk's database and the hub (or a game's CouchDB): both ways, retried
// with back-off while the hub is away, catching up by itself when it is back. The desk's state is
// what the desk view shows: connected, or offline since a time with so many changes waiting.
import { EventEmitter } from 'node:events';
import { describeTarget, remoteDb, type RemoteTarget } from './remote';

export type DeskLinkState =
  | { kind: 'connecting'; since: string }
  | { kind: 'connected'; since: string; lastChangeAt?: string }
  | { kind: 'offline'; since: string; waiting: number; reason: string }
  | { kind: 'refused'; since: string; reason: string }
  | { kind: 'stopped'; since: string };

export type LiveSyncOptions = {
  /** First retry after this many ms, doubling up to maxBackoffMs. */
  backoffMs?: number;
  maxBackoffMs?: number;
  now?: () => Date;
  /** Documents per batch (PouchDB's default is 100). */
  batchSize?: number;
};

/** Whether an error is the remote's answer (secret, pin, refused document) rather than the network. */
function refusal(err: unknown): string | null {
  const e = err as { status?: number; code?: string; message?: string; reason?: string };
  if (e?.code === 'QM_PIN_MISMATCH') return e.message ?? 'certificate mismatch';
  if (e?.status === 401) return 'the hub refused the join code (wrong or old secret)';
  if (e?.status === 403) return `the hub refused a document: ${e.reason ?? e.message}`;
  if (e?.status === 404) return 'the hub does not serve this event';
  return null;
}

export class LiveSync extends EventEmitter {
  state: DeskLinkState;
  private handle: PouchReplication | null = null;
  private remote: { db: PouchDatabase; close(): Promise<void> } | null = null;
  private upToDateSeq: number | string = 0;
  private stopped = false;
  readonly counts = { pushed: 0, pulled: 0, errors: 0 };

  constructor(
    readonly local: PouchDatabase,
    readonly target: RemoteTarget,
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

  /** Local changes the hub has not acknowledged yet (not counting replication checkpoints). */
  async waiting(): Promise<number> {
    const res = await this.local.changes({ since: this.upToDateSeq, limit: 100_000 });
    return res.results.filter((r: { id: string }) => !r.id.startsWith('_local/')).length;
  }

  start(): void {
    const base = this.options.backoffMs ?? 1000;
    const max = this.options.maxBackoffMs ?? 30_000;
    this.remote = remoteDb(this.target);
    const handle = this.local.sync(this.remote.db, {
      live: true,
      retry: true,
      batch_size: this.options.batchSize ?? 100,
      back_off_function: (delay: number) => (delay === 0 ? base : Math.min(max, delay * 2)),
    });
    this.handle = handle;
    handle.on('change', (info: { direction: 'push' | 'pull'; change: { docs_written: number } }) => {
      if (info.direction === 'push') this.counts.pushed += info.change.docs_written;
      else this.counts.pulled += info.change.docs_written;
      if (this.state.kind === 'connected') this.state = { ...this.state, lastChangeAt: this.nowIso() };
      this.emit('change', info);
    });
    handle.on('active', () => {
      if (this.state.kind !== 'connected') this.setState({ kind: 'connected', since: this.nowIso() });
    });
    handle.on('paused', (err?: unknown) => {
      if (this.stopped) return;
      if (!err) {
        void this.local.info().then((i) => {
          this.upToDateSeq = i.update_seq;
          if (this.state.kind !== 'connected') this.setState({ kind: 'connected', since: this.nowIso() });
          this.emit('idle');
        });
        return;
      }
      this.goOffline(err);
    });
    handle.on('denied', (err: unknown) => {
      this.counts.errors++;
      this.emit('denied', err);
    });
    handle.on('error', (err: unknown) => {
      // Live replication with retry only ends with an error the remote meant (a refusal).
      this.counts.errors++;
      if (this.stopped) return;
      const why = refusal(err);
      this.setState(why ? { kind: 'refused', since: this.nowIso(), reason: why } : { kind: 'offline', since: this.nowIso(), waiting: 0, reason: String((err as Error)?.message ?? err) });
    });
  }

  private goOffline(err: unknown): void {
    const why = refusal(err);
    if (why) {
      this.setState({ kind: 'refused', since: this.nowIso(), reason: why });
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
    this.handle?.cancel();
    await this.remote?.close();
    this.setState({ kind: 'stopped', since: this.nowIso() });
  }
}

/** One replication both ways until both sides are equal (`desk join --once`). */
export async function syncOnce(local: PouchDatabase, target: RemoteTarget, options: { batchSize?: number } = {}): Promise<{ pushed: number; pulled: number }> {
  const remote = remoteDb(target);
  try {
    const result = await local.sync(remote.db, { batch_size: options.batchSize ?? 100 });
    return { pushed: result.push?.docs_written ?? 0, pulled: result.pull?.docs_written ?? 0 };
  } finally {
    await remote.close();
  }
}
