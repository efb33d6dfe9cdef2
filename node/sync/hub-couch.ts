// The part of CouchDB's HTTP API that PouchDB's replicator uses, and nothing more, answered from one
// PouchDB database (https://docs.couchdb.org/en/stable/replication/protocol.html): the database's
// information, replication checkpoints (`_local/…`), the changes feed (normal and long-poll), which
// revisions are missing (`_revs_diff`), fetching them (`_bulk_get`) and storing them
// (`_bulk_docs`). No filters, views, selectors, `_find`, design documents or attachments exist here:
// a query parameter replication does not send is refused, so nothing a request carries is ever run
// or compiled (no functions, no regular expressions).
//
// Every request is bounded: how many documents, revisions and ids it may name, how long a long poll
// waits. hub.ts authenticates the request and checks the documents before they reach here.
import { EventEmitter } from 'node:events';
import { refusedResults, type Admitted } from './doc-rules';

/** Documents or ids one request may carry (the replicator sends batches of BATCH_SIZE = 500). */
export const MAX_DOCS_PER_REQUEST = 1_000;
/** Revisions of one document one request may name (a replicated document carries its own and, rarely, a conflict's). */
export const MAX_REVS_PER_DOC = 100;
/** A long poll answers "nothing new" after this long at most, well inside a desk's 20 s request timeout. */
export const LONG_POLL_MAX_MS = 10_000;
/** Changes one answer may list. */
const MAX_CHANGES_LIMIT = 10_000;

export type CouchAnswer = { status: number; body: unknown };
export type CouchRequest = {
  method: string;
  /** The path below the database, split: [] for the database itself, ['_changes'], ['_local', id]… */
  rest: string[];
  query: URLSearchParams;
  /** The parsed body of a POST or PUT (already checked by the hub). */
  body: unknown;
  /** Aborted when the client goes away (a long poll stops waiting). */
  signal: AbortSignal;
  /** Who sent it (the address), for the log of refusals. */
  from: string;
};

const notFound = (): CouchAnswer => ({ status: 404, body: { error: 'not_found', reason: 'missing' } });
const badRequest = (reason: string): CouchAnswer => ({ status: 400, body: { error: 'bad_request', reason } });

/** Why the query carries something this route does not take, or null. */
function unexpectedParams(query: URLSearchParams, allowed: readonly string[]): string | null {
  for (const key of query.keys()) if (!allowed.includes(key)) return `the query parameter "${key.slice(0, 40)}" is not accepted here`;
  return null;
}

/** A whole number from the query within [min, max], the default when absent, or null when malformed. */
function intParam(query: URLSearchParams, key: string, min: number, max: number, fallback: number): number | null {
  const v = query.get(key);
  if (v === null) return fallback;
  if (!/^\d{1,12}$/.test(v)) return null;
  const n = Number(v);
  return n < min ? null : Math.min(n, max);
}

const isRev = (v: unknown): v is string => typeof v === 'string' && /^\d{1,9}-[0-9a-f]{1,64}$/.test(v);

/** The routes of replication over `db`. `close` ends every long poll waiting. */
export class CouchRoutes {
  private readonly changed = new EventEmitter();
  private feed: ReturnType<PouchDatabase['changes']> | null = null;

  constructor(
    private readonly db: PouchDatabase,
    private readonly dbName: string,
    /** Decides which documents of a _bulk_docs are stored (doc-rules.ts); the others are answered "forbidden". */
    private readonly admit: (docs: readonly unknown[], newEdits: boolean, from: string) => Promise<Admitted>,
  ) {
    this.changed.setMaxListeners(0);
  }

  /** Starts following the database's changes (for long polls). */
  start(): void {
    this.feed = this.db.changes({ live: true, since: 'now' });
    this.feed.on('change', () => this.changed.emit('change'));
    this.feed.on('error', () => undefined);
  }

  close(): void {
    this.feed?.cancel();
    this.changed.emit('close');
  }

  /** Which route a request names (by method and path), or null: everything else is as if it did not exist. */
  static known(method: string, rest: readonly string[]): 'info' | 'local' | 'changes' | 'revs_diff' | 'bulk_get' | 'bulk_docs' | 'ensure_full_commit' | null {
    const [first, second, ...more] = rest;
    if (first === undefined) return method === 'GET' || method === 'HEAD' ? 'info' : null;
    if (first === '_local') return second !== undefined && more.length === 0 && (method === 'GET' || method === 'PUT') ? 'local' : null;
    if (second !== undefined) return null;
    if (first === '_changes' && method === 'GET') return 'changes';
    if (method !== 'POST') return null;
    if (first === '_revs_diff') return 'revs_diff';
    if (first === '_bulk_get') return 'bulk_get';
    if (first === '_bulk_docs') return 'bulk_docs';
    if (first === '_ensure_full_commit') return 'ensure_full_commit';
    return null;
  }

  async answer(req: CouchRequest): Promise<CouchAnswer> {
    const route = CouchRoutes.known(req.method, req.rest);
    switch (route) {
      case 'info':
        return this.info(req);
      case 'local':
        return this.local(req);
      case 'changes':
        return this.changes(req);
      case 'revs_diff':
        return this.revsDiff(req);
      case 'bulk_get':
        return this.bulkGet(req);
      case 'bulk_docs':
        return this.bulkDocs(req);
      case 'ensure_full_commit':
        return { status: 201, body: { ok: true, instance_start_time: '0' } };
      default:
        return notFound();
    }
  }

  private async info(req: CouchRequest): Promise<CouchAnswer> {
    const bad = unexpectedParams(req.query, []);
    if (bad) return badRequest(bad);
    const i = await this.db.info();
    return { status: 200, body: { db_name: this.dbName, doc_count: i.doc_count, update_seq: i.update_seq, instance_start_time: '0' } };
  }

  /** A replication checkpoint: read or written whole (hub.ts bounds its size). */
  private async local(req: CouchRequest): Promise<CouchAnswer> {
    const bad = unexpectedParams(req.query, []);
    if (bad) return badRequest(bad);
    const id = `_local/${req.rest[1]!}`;
    if (req.method === 'GET') {
      try {
        return { status: 200, body: await this.db.get(id) };
      } catch (e) {
        return pouchError(e);
      }
    }
    try {
      const r = await this.db.put({ ...(req.body as Record<string, unknown>), _id: id });
      return { status: 201, body: { ok: true, id, rev: r.rev } };
    } catch (e) {
      return pouchError(e);
    }
  }

  /**
   * The changes since `since`, `limit` at a time, each with all its leaf revisions (style=all_docs,
   * the only style). A long poll with nothing new waits for the next change, at most
   * LONG_POLL_MAX_MS (or the `timeout` asked for, if shorter), then answers with what there is.
   */
  private async changes(req: CouchRequest): Promise<CouchAnswer> {
    const bad = unexpectedParams(req.query, ['since', 'limit', 'style', 'feed', 'heartbeat', 'timeout', 'seq_interval']);
    if (bad) return badRequest(bad);
    const style = req.query.get('style');
    if (style !== null && style !== 'all_docs' && style !== 'main_only') return badRequest('style must be all_docs or main_only');
    const feed = req.query.get('feed') ?? 'normal';
    if (feed !== 'normal' && feed !== 'longpoll') return badRequest('feed must be normal or longpoll');
    const sinceText = req.query.get('since') ?? '0';
    if (sinceText !== 'now' && !/^\d{1,15}$/.test(sinceText)) return badRequest('since must be a sequence number or "now"');
    const limit = intParam(req.query, 'limit', 1, MAX_CHANGES_LIMIT, MAX_CHANGES_LIMIT);
    const timeout = intParam(req.query, 'timeout', 0, LONG_POLL_MAX_MS, LONG_POLL_MAX_MS);
    for (const k of ['heartbeat', 'seq_interval']) if (intParam(req.query, k, 0, Number.MAX_SAFE_INTEGER, 0) === null) return badRequest(`${k} must be a whole number`);
    if (limit === null || timeout === null) return badRequest('limit and timeout must be whole numbers');
    const since = sinceText === 'now' ? (await this.db.info()).update_seq : Number(sinceText);
    const read = async () => {
      const r = await this.db.changes({ since, limit, style: style ?? 'main_only', return_docs: true });
      return { results: r.results.map((c: { seq: number; id: string; changes: unknown; deleted?: boolean }) => ({ seq: c.seq, id: c.id, changes: c.changes, ...(c.deleted ? { deleted: true } : {}) })), last_seq: r.last_seq ?? since };
    };
    const first = await read();
    if (feed === 'normal' || first.results.length > 0 || timeout === 0) return { status: 200, body: first };
    await this.nextChange(timeout, req.signal);
    return { status: 200, body: req.signal.aborted ? first : await read() };
  }

  /** Resolves at the database's next change, after `ms`, when the client goes away or at close. */
  private nextChange(ms: number, signal: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.changed.off('change', done);
        this.changed.off('close', done);
        signal.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.changed.once('change', done);
      this.changed.once('close', done);
      signal.addEventListener('abort', done, { once: true });
    });
  }

  /** Which of the given revisions the database lacks: { id: [rev…] }, bounded. */
  private async revsDiff(req: CouchRequest): Promise<CouchAnswer> {
    const bad = unexpectedParams(req.query, []);
    if (bad) return badRequest(bad);
    const body = req.body as Record<string, unknown>;
    const ids = Object.keys(body);
    if (ids.length > MAX_DOCS_PER_REQUEST) return badRequest(`at most ${MAX_DOCS_PER_REQUEST} documents a request`);
    for (const id of ids) {
      const revs = body[id];
      if (!Array.isArray(revs) || revs.length > MAX_REVS_PER_DOC || !revs.every(isRev)) return badRequest(`document "${id.slice(0, 100)}": a list of at most ${MAX_REVS_PER_DOC} revisions is expected`);
    }
    return { status: 200, body: await this.db.revsDiff(body) };
  }

  /** The asked revisions with their history (revs=true, latest=true, as the replicator asks). */
  private async bulkGet(req: CouchRequest): Promise<CouchAnswer> {
    const bad = unexpectedParams(req.query, ['revs', 'latest', 'attachments']);
    if (bad) return badRequest(bad);
    const docs = (req.body as { docs?: unknown }).docs;
    if (!Array.isArray(docs) || docs.length > MAX_DOCS_PER_REQUEST) return badRequest(`field "docs" must be a list of at most ${MAX_DOCS_PER_REQUEST}`);
    for (const d of docs) {
      const { id, rev, ...other } = (d ?? {}) as Record<string, unknown>;
      if (typeof id !== 'string' || (rev !== undefined && !isRev(rev)) || Object.keys(other).length > 0) return badRequest('each of "docs" is { id, rev }');
    }
    const r = await this.db.bulkGet({ docs, revs: req.query.get('revs') === 'true', latest: req.query.get('latest') === 'true' });
    return { status: 200, body: r };
  }

  private async bulkDocs(req: CouchRequest): Promise<CouchAnswer> {
    const bad = unexpectedParams(req.query, []);
    if (bad) return badRequest(bad);
    const { docs, new_edits: newEdits } = req.body as { docs: unknown[]; new_edits?: unknown };
    if (docs.length > MAX_DOCS_PER_REQUEST) return badRequest(`at most ${MAX_DOCS_PER_REQUEST} documents a request`);
    if (newEdits !== undefined && typeof newEdits !== 'boolean') return badRequest('field "new_edits" must be true or false');
    const { accepted, refused } = await this.admit(docs, newEdits ?? true, req.from);
    const stored = accepted.length > 0 ? await this.db.bulkDocs(accepted, { new_edits: newEdits ?? true }) : [];
    return { status: 201, body: [...stored, ...refusedResults(refused)] };
  }
}

/** PouchDB's error as CouchDB would answer it (status and reason only, never a stack). */
function pouchError(e: unknown): CouchAnswer {
  const err = e as { status?: number; name?: string; reason?: string; message?: string };
  const status = typeof err.status === 'number' && err.status >= 400 && err.status < 500 ? err.status : 500;
  return { status, body: { error: status === 500 ? 'internal' : (err.name ?? 'error'), reason: status === 500 ? 'internal error' : (err.reason ?? err.message ?? 'error') } };
}
