// The hub one desk laptop runs in a field: CouchDB's replication endpoints for ONE event's database
// (hub-couch.ts, over the PouchDB database the desk itself uses), over HTTPS with a self-signed
// certificate that desks pin, every request authenticated by the event's secret.
//
// In order: the secret (without it: 401 and nothing else, not even whether the path exists), the
// routes replication uses on that one database (everything else 404), the request's size and shape,
// and a check of every document written against the event (doc-rules.ts): a refused document is
// answered "forbidden", logged and listed in `refusals`, and the rest of the request is stored.
import { createHash, timingSafeEqual, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { MAX_FILE_BYTES } from '../../core/format/limits';
import { inspectJson } from '../../core/format/json-guard';
import { checkDoc } from './docs';
import { admitDocs, type Refusal } from './doc-rules';
import { CouchRoutes } from './hub-couch';
import type { HubIdentity } from './hub-identity';
import { signatureRefusals } from './signatures';

/** Largest request body: a batch of documents (PouchDB sends 100 at a time by default). */
export const MAX_REQUEST_BYTES = 64 * 1024 * 1024;

export type HubOptions = {
  db: PouchDatabase;
  dbName: string;
  eventId: string;
  host: string;
  port: number;
  identity: HubIdentity;
  log?: (line: string) => void;
  /** Bytes of bodies held at once (MAX_BUFFERED_BYTES; smaller in tests). */
  maxBufferedBytes?: number;
  /** Hears every document refused (the session notes it in the desk view and the log). */
  onRefused?: (refused: HubRefusal[]) => void;
  now?: () => number;
};
/** A document the hub refused: which, why, the desk it named and the address it came from. */
export type HubRefusal = Refusal & { at: string; from: string };
export type Hub = { url: string; host: string; port: number; server: Server; close(): Promise<void>; requests: { refused: number; served: number }; refusals: HubRefusal[] };

/** Refusals kept for the desk's status (the log has them all). */
const MAX_REFUSALS_KEPT = 100;

type Req = IncomingMessage & { url: string };

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text), 'Cache-Control': 'no-store' });
  res.end(text);
}

const digest = (s: string) => createHash('sha256').update(s).digest();

/** The secret from "Authorization: Basic <any>:<secret>" or "Bearer <secret>", or null. */
function presentedSecret(req: IncomingMessage): string | null {
  const h = req.headers.authorization;
  if (typeof h !== 'string' || h.length > 1024) return null;
  const bearer = /^Bearer\s+(\S+)$/i.exec(h);
  if (bearer) return bearer[1]!;
  const basic = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(h);
  if (!basic) return null;
  const decoded = Buffer.from(basic[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? null : decoded.slice(colon + 1);
}

export function secretMatches(req: IncomingMessage, secret: string): boolean {
  const given = presentedSecret(req);
  // Compared as digests, in constant time, so neither the length nor a prefix leaks.
  return given !== null && timingSafeEqual(digest(given), digest(secret));
}

/** What a route writes, which decides how its body is checked; null for reads. */
type WriteKind = 'bulk' | 'local' | 'query' | null;

function writeKind(route: NonNullable<ReturnType<typeof CouchRoutes.known>>): WriteKind {
  if (route === 'bulk_docs') return 'bulk';
  if (route === 'local') return 'local';
  return route === 'revs_diff' || route === 'bulk_get' || route === 'ensure_full_commit' ? 'query' : null;
}

/** Bytes of request bodies all requests together may hold at once (each may hold MAX_REQUEST_BYTES). */
export const MAX_BUFFERED_BYTES = 256 * 1024 * 1024;

/** Bodies being read, in bytes: a body that would take the total past the budget is answered "busy". */
type BodyBudget = { used: number; max: number };

async function readBody(req: IncomingMessage, limit: number, budget: BodyBudget): Promise<Buffer | 'too-large' | 'busy'> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > limit) return 'too-large';
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of req) {
      const n = (chunk as Buffer).length;
      size += n;
      if (size > limit) return 'too-large';
      if (budget.used + n > budget.max) return 'busy';
      budget.used += n;
      chunks.push(chunk as Buffer);
    }
    return Buffer.concat(chunks);
  } finally {
    budget.used -= chunks.reduce((sum, c) => sum + c.length, 0);
  }
}

/** A replication checkpoint's id from its path segment, decoded once: PouchDB's are base64 ("." for "/", "_" for "+"); anything else is null. */
function checkpointId(segment: string): string | null {
  let id: string;
  try {
    id = decodeURIComponent(segment);
  } catch {
    return null;
  }
  return /^[A-Za-z0-9._=-]{1,200}$/.test(id) ? id : null;
}

/** Checks the documents of a write; returns the parsed body or the reason to refuse it. */
function checkWrite(kind: NonNullable<WriteKind>, body: unknown, docId: string | undefined): { ok: true } | { ok: false; reason: string } {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return { ok: false, reason: 'the body must be a JSON object' };
  if (kind === 'query') {
    const bad = inspectJson(body);
    return bad ? { ok: false, reason: bad.message } : { ok: true };
  }
  const top = body as Record<string, unknown>;
  if (kind === 'bulk') {
    // The documents themselves are checked one by one when stored (doc-rules.ts).
    for (const key of Object.keys(top)) if (key !== 'docs' && key !== 'new_edits') return { ok: false, reason: `field "${key}" is not allowed` };
    if (!Array.isArray(top.docs)) return { ok: false, reason: 'field "docs" must be a list' };
    return { ok: true };
  }
  const id = docId ?? '';
  if (top._id !== undefined && top._id !== id) return { ok: false, reason: 'the _id in the body differs from the address' };
  const c = checkDoc({ ...top, _id: id }, { allowDeleted: true });
  return c.ok ? { ok: true } : { ok: false, reason: c.message };
}

export async function startHub(options: HubOptions): Promise<Hub> {
  const { dbName, identity } = options;
  const now = options.now ?? Date.now;
  const refusals: HubRefusal[] = [];
  const couch = new CouchRoutes(options.db, dbName, async (docs, newEdits, from) => {
    const admitted = await admitDocs(options.db, docs, newEdits, { eventId: options.eventId.toLowerCase(), now });
    // Signed entries: each signer registered, each signature valid, no desk in another's name (signatures.ts).
    const unsigned = await signatureRefusals(options.db, dbName, admitted.accepted);
    for (const [doc, message] of unsigned) {
      const entry = (doc as { entry?: { desk?: unknown } }).entry;
      admitted.refused.push({ id: String((doc as { _id: unknown })._id), message, ...(typeof entry?.desk === 'string' ? { desk: entry.desk.slice(0, 60) } : {}) });
    }
    admitted.accepted = admitted.accepted.filter((d) => !unsigned.has(d));
    const at = new Date(now()).toISOString();
    const these = admitted.refused.map((r) => ({ ...r, at, from }));
    refusals.push(...these);
    refusals.splice(0, Math.max(0, refusals.length - MAX_REFUSALS_KEPT));
    if (these.length > 0) options.onRefused?.(these);
    return admitted;
  });
  couch.start();
  const hubUuid = randomUUID().replace(/-/g, '');
  const requests = { refused: 0, served: 0 };
  const budget: BodyBudget = { used: 0, max: options.maxBufferedBytes ?? MAX_BUFFERED_BYTES };
  const refuse = (res: ServerResponse, status: number, body: unknown) => {
    requests.refused++;
    send(res, status, body);
  };

  const handler = async (req: Req, res: ServerResponse) => {
    if (!secretMatches(req, identity.secret)) {
      req.resume();
      return refuse(res, 401, { error: 'unauthorized', reason: 'This event needs its join code.' });
    }
    const url = new URL(req.url, 'https://hub.invalid');
    // The raw path, split before decoding, so "%2F" cannot smuggle a separator into a name.
    // A path the URL parser would rewrite ("/x/../db", "//db") is refused rather than interpreted.
    if (url.pathname !== req.url.split('?')[0]) return refuse(res, 404, { error: 'not_found', reason: 'missing' });
    const parts = url.pathname.split('/').slice(1);
    if (parts.length > 1 && parts[parts.length - 1] === '') parts.pop();
    if (parts.length === 1 && parts[0] === '') {
      if (req.method !== 'GET' && req.method !== 'HEAD') return refuse(res, 405, { error: 'method_not_allowed', reason: 'Only GET is allowed here.' });
      return send(res, 200, { couchdb: 'Welcome', vendor: { name: 'Quartermaster' }, uuid: hubUuid });
    }
    const notFound = () => refuse(res, 404, { error: 'not_found', reason: 'missing' });
    if (parts[0] !== dbName) return notFound();
    const rest = parts.slice(1);
    // A checkpoint's id is the one segment that may arrive encoded (PouchDB's end in "=", sent as "%3D").
    if (rest.length === 2 && rest[0] === '_local') {
      const id = checkpointId(rest[1]!);
      if (id === null) return notFound();
      rest[1] = id;
    }
    if (rest.some((p) => p === '' || p === '.' || p === '..' || /%/.test(p))) return notFound();
    const route = CouchRoutes.known(req.method ?? 'GET', rest);
    if (!route) return notFound();
    const write = writeKind(route);
    let body: unknown;
    if (write) {
      const limit = write === 'bulk' || write === 'query' ? MAX_REQUEST_BYTES : MAX_FILE_BYTES + 4096;
      const raw = await readBody(req, limit, budget);
      if (raw === 'too-large' || raw === 'busy') {
        res.setHeader('Connection', 'close');
        if (raw === 'busy') return refuse(res, 503, { error: 'busy', reason: 'the hub is reading too many requests at once; try again' });
        return refuse(res, 413, { error: 'too_large', reason: `the request is larger than ${limit} bytes` });
      }
      try {
        body = JSON.parse(raw.toString('utf8') || '{}');
      } catch {
        return refuse(res, 400, { error: 'bad_request', reason: 'invalid_json' });
      }
      const checked = checkWrite(write, body, rest.join('/'));
      if (!checked.ok) {
        options.log?.(`refused a write from ${req.socket.remoteAddress}: ${checked.reason}`);
        return refuse(res, 403, { error: 'forbidden', reason: checked.reason });
      }
    } else req.resume();
    requests.served++;
    const gone = new AbortController();
    res.once('close', () => gone.abort());
    const answer = await couch.answer({ method: req.method ?? 'GET', rest, query: url.searchParams, body, signal: gone.signal, from: req.socket.remoteAddress ?? '?' });
    if (answer.status === 400) requests.refused++;
    send(res, answer.status, answer.body);
  };

  const server = createServer({ key: identity.key, cert: identity.cert, minVersion: 'TLSv1.2' }, (req, res) => {
    handler(req as Req, res).catch(() => {
      if (!res.headersSent) send(res, 500, { error: 'internal', reason: 'internal error' });
    });
  });
  // Every socket, TLS handshake or not, so that close() ends them all at once.
  const sockets = new Set<import('node:net').Socket>();
  server.on('connection', (socket: import('node:net').Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  server.headersTimeout = 20_000;
  // A request (its body included) has two minutes: a batch of documents over a slow network, never a connection held for ever.
  server.requestTimeout = 120_000;
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const hostForUrl = options.host.includes(':') ? `[${options.host}]` : options.host;
  return {
    url: `https://${hostForUrl}:${port}`,
    host: options.host,
    port,
    server,
    requests,
    refusals,
    close: () =>
      new Promise<void>((resolve) => {
        couch.close();
        server.close(() => resolve());
        for (const s of sockets) s.destroy();
      }),
  };
}
