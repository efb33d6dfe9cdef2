// The hub one desk laptop runs in a field: CouchDB's replication endpoints for ONE event's database
// (hub-couch.ts, over the PouchDB database the desk itself uses), over HTTPS with a self-signed
// certificate that desks pin, every request authenticated by the event's secret.
//
// In order: the secret (without it: 401 and nothing else, not even whether the path exists), the
// routes replication uses on that one database (everything else 404), the request's size, and a
// check of every document written (docs.ts) that refuses the whole request when one document
// fails, so nothing of it is written.
import { createHash, timingSafeEqual, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { MAX_FILE_BYTES } from '../../core/format/limits';
import { inspectJson } from '../../core/format/json-guard';
import { checkDoc } from './docs';
import { CouchRoutes } from './hub-couch';
import type { HubIdentity } from './hub-identity';
import { verifyWrite } from './signatures';

/** Largest request body: a batch of documents (PouchDB sends 100 at a time by default). */
export const MAX_REQUEST_BYTES = 64 * 1024 * 1024;

export type HubOptions = { db: PouchDatabase; dbName: string; host: string; port: number; identity: HubIdentity; log?: (line: string) => void };
export type Hub = { url: string; host: string; port: number; server: Server; close(): Promise<void>; requests: { refused: number; served: number } };

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

async function readBody(req: IncomingMessage, limit: number): Promise<Buffer | 'too-large'> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > limit) return 'too-large';
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) return 'too-large';
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
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
    for (const key of Object.keys(top)) if (key !== 'docs' && key !== 'new_edits') return { ok: false, reason: `field "${key}" is not allowed` };
    if (!Array.isArray(top.docs)) return { ok: false, reason: 'field "docs" must be a list' };
    for (const doc of top.docs) {
      const c = checkDoc(doc, { allowDeleted: true });
      if (!c.ok) return { ok: false, reason: c.message };
    }
    return { ok: true };
  }
  const id = docId ?? '';
  if (top._id !== undefined && top._id !== id) return { ok: false, reason: 'the _id in the body differs from the address' };
  const c = checkDoc({ ...top, _id: id }, { allowDeleted: true });
  return c.ok ? { ok: true } : { ok: false, reason: c.message };
}

export async function startHub(options: HubOptions): Promise<Hub> {
  const { dbName, identity } = options;
  const couch = new CouchRoutes(options.db, dbName);
  couch.start();
  const hubUuid = randomUUID().replace(/-/g, '');
  const requests = { refused: 0, served: 0 };
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
    if (rest.some((p) => p === '' || p === '.' || p === '..' || /%/.test(p))) return notFound();
    const route = CouchRoutes.known(req.method ?? 'GET', rest);
    if (!route) return notFound();
    const write = writeKind(route);
    let body: unknown;
    if (write) {
      const limit = write === 'bulk' || write === 'query' ? MAX_REQUEST_BYTES : MAX_FILE_BYTES + 4096;
      const raw = await readBody(req, limit);
      if (raw === 'too-large') {
        res.setHeader('Connection', 'close');
        return refuse(res, 413, { error: 'too_large', reason: `the request is larger than ${limit} bytes` });
      }
      try {
        body = JSON.parse(raw.toString('utf8') || '{}');
      } catch {
        return refuse(res, 400, { error: 'bad_request', reason: 'invalid_json' });
      }
      let checked = checkWrite(write, body, rest.join('/'));
      // Signed entries: each signer registered, each signature valid, no desk in another's name (signatures.ts).
      if (checked.ok && write === 'bulk') checked = await verifyWrite(options.db, dbName, (body as { docs: unknown[] }).docs);
      if (!checked.ok) {
        options.log?.(`refused a write from ${req.socket.remoteAddress}: ${checked.reason}`);
        return refuse(res, 403, { error: 'forbidden', reason: checked.reason });
      }
    } else req.resume();
    requests.served++;
    const gone = new AbortController();
    res.once('close', () => gone.abort());
    const answer = await couch.answer({ method: req.method ?? 'GET', rest, query: url.searchParams, body, signal: gone.signal });
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
    close: () =>
      new Promise<void>((resolve) => {
        couch.close();
        server.close(() => resolve());
        for (const s of sockets) s.destroy();
      }),
  };
}
