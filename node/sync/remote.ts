// The other end of replication as a PouchDB database: an event hub (pinned to the fingerprint in
// its join code, authenticated by its secret) or a game's own CouchDB (URL and credentials,
// ordinary TLS verification).
import { Agent as HttpAgent } from 'node:http';
import { Agent, type AgentOptions } from 'node:https';
import { isIP, type Socket } from 'node:net';
import { connect, type ConnectionOptions, type TLSSocket } from 'node:tls';
import { databaseName } from './docs';
import type { JoinCode } from './join-code';
import { PouchDB } from './pouch';

export class PinMismatchError extends Error {
  readonly code = 'QM_PIN_MISMATCH';
}

/**
 * An HTTPS agent that accepts exactly one certificate: the one whose SHA-256 fingerprint it was
 * given. The connection is handed to the request only after the check, so nothing (the secret
 * least of all) is sent to a server with another certificate.
 */
export class PinnedAgent extends Agent {
  constructor(
    readonly fingerprint: string,
    options: AgentOptions = {},
  ) {
    super({ keepAlive: true, maxSockets: 8, ...options });
  }

  override createConnection(options: import('node:http').RequestOptions, cb?: (err: Error | null, stream: import('node:stream').Duplex) => void): undefined {
    const callback = cb as (err: Error | null, socket?: TLSSocket) => void;
    const opts = { ...(options as ConnectionOptions), rejectUnauthorized: false };
    if (opts.servername && isIP(opts.servername)) delete opts.servername;
    const socket = connect(opts);
    endWhenSilent(socket, this.options.timeout);
    let done = false;
    const finish = (err: Error | null) => {
      if (done) return;
      done = true;
      socket.removeListener('error', onError);
      if (err) {
        socket.destroy();
        callback(err);
      } else callback(null, socket);
    };
    const onError = (e: Error) => finish(e);
    socket.once('error', onError);
    socket.once('secureConnect', () => {
      const seen = socket.getPeerCertificate().fingerprint256?.replace(/:/g, '').toLowerCase();
      finish(seen === this.fingerprint ? null : new PinMismatchError(`the hub's certificate is not the one in the join code (fingerprint ${seen?.slice(0, 16) ?? 'none'}…); someone may be in between`));
    });
    return undefined;
  }

  override reuseSocket(socket: Socket, req: import('node:http').ClientRequest): void {
    super.reuseSocket(socket, req);
    silentLimitAgain(socket, this.options.timeout);
  }
}

export type RemoteTarget =
  | { kind: 'hub'; code: JoinCode }
  | { kind: 'couchdb'; url: string; username?: string; password?: string };

/** The remote as a volunteer names it: "hub at 192.168.1.20:6984", "CouchDB at couch.example.org". */
export function remoteName(t: RemoteTarget): string {
  if (t.kind === 'hub') return `hub at ${t.code.host.includes(':') ? `[${t.code.host}]` : t.code.host}:${t.code.port}`;
  return `CouchDB at ${new URL(t.url).host}`;
}

export function describeTarget(t: RemoteTarget): string {
  if (t.kind === 'hub') return `hub ${t.code.host}:${t.code.port}`;
  const u = new URL(t.url);
  return `CouchDB ${u.host}${u.pathname}`;
}

/**
 * Why a game's CouchDB address cannot be used, or null. Plain http sends the password and every
 * character in clear to anyone on the network; only this computer itself (a CouchDB for testing,
 * or one behind a local tunnel) is spared that.
 */
export function couchUrlProblem(url: URL): string | null {
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return `${url.protocol}//${url.host}: a CouchDB address starts with https://`;
  if (url.protocol === 'http:' && !isLoopback(url.hostname)) {
    return `http://${url.host}: a CouchDB on another computer must be reached over https:// (plain http:// would send the password and the characters unencrypted); http:// is accepted only for this computer (localhost, 127.x.x.x, ::1)`;
  }
  return null;
}

/** The host names for this computer itself: localhost, 127.0.0.0/8 and ::1 (URL.hostname keeps IPv6 in brackets). */
export function isLoopback(hostname: string): boolean {
  const h = hostname.toLowerCase().replace(/^\[|\]$/g, '').replace(/\.$/, '');
  if (h === 'localhost' || h.endsWith('.localhost') || h === '::1') return true;
  return isIP(h) === 4 && h.startsWith('127.');
}


/** A request whose answer has not begun, or stopped coming, for this long has failed: the remote or the network to it is gone. */
export const REQUEST_TIMEOUT_MS = 20_000;

/**
 * Ends a connection that has carried nothing either way for `ms` (the agent's `timeout`, which it
 * also keeps on the connections it reuses), so a request on it fails instead of waiting for ever.
 */
function endWhenSilent(socket: Socket, ms: number | undefined): void {
  if (!ms) return;
  socket.setTimeout(ms);
  socket.on('timeout', () => socket.destroy(new Error(`no answer for ${ms / 1000} s`)));
  // The request using the connection hears the error; a connection between requests has none listening.
  socket.on('error', () => undefined);
}

/**
 * A kept-alive connection taken from the pool for a request gets the silence limit back. Between
 * requests Node's agent shortens it to what the server's Keep-Alive header says (the hub's: 5 s, so
 * 4 s), and a request without its own timeout (a long poll) would keep that: a connected, idle desk
 * failed its long poll after 4 s and called a hub that was there "not answering" every few seconds.
 */
function silentLimitAgain(socket: Socket, ms: number | undefined): void {
  if (ms) socket.setTimeout(ms);
}

/** An agent for a game's CouchDB whose connections end when silent (see endWhenSilent). */
function silenceLimitedAgent(protocol: string, ms: number): HttpAgent {
  const Base = protocol === 'https:' ? Agent : HttpAgent;
  return new (class extends (Base as typeof HttpAgent) {
    override createConnection(...args: Parameters<HttpAgent['createConnection']>): ReturnType<HttpAgent['createConnection']> {
      const socket = super.createConnection(...args);
      endWhenSilent(socket as Socket, ms);
      return socket;
    }

    override reuseSocket(socket: Socket, req: import('node:http').ClientRequest): void {
      super.reuseSocket(socket, req);
      silentLimitAgain(socket, ms);
    }
  })({ keepAlive: true, maxSockets: 8, timeout: ms });
}

/**
 * The fetch options of a request: a long poll of the changes feed may take as long as the remote
 * waits for a change (a CouchDB sends a blank line every heartbeat meanwhile; the hub answers within
 * the `timeout` asked for), every other request `ms` as a whole. Either fails once its connection is
 * silent for `ms` (the agent's limit). A long poll is asked for uncompressed: a compressing server
 * or proxy holds the heartbeats back, and the connection would look silent.
 */
function requestOptions(url: string, opts: Record<string, unknown>, agent: HttpAgent, ms: number): Record<string, unknown> {
  const u = new URL(url);
  if (!(u.pathname.endsWith('/_changes') && u.searchParams.get('feed') === 'longpoll')) return { ...opts, agent, timeout: ms };
  (opts.headers as { set(name: string, value: string): void } | undefined)?.set('Accept-Encoding', 'identity');
  return { ...opts, agent, timeout: 0 };
}

/**
 * A remote PouchDB for the target; `close` ends its connections. `timeoutMs`: how long the remote
 * may be silent before a request to it fails (default REQUEST_TIMEOUT_MS); a long poll must be
 * answered, or kept alive with heartbeats, more often than that (replicate.ts asks for half).
 */
export function remoteDb(target: RemoteTarget, options: { timeoutMs?: number } = {}): { db: PouchDatabase; close(): Promise<void> } {
  const timeout = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
  if (target.kind === 'hub') {
    const c = target.code;
    const agent = new PinnedAgent(c.fingerprint, { timeout });
    const host = c.host.includes(':') ? `[${c.host}]` : c.host;
    const db = new PouchDB(`https://${host}:${c.port}/${databaseName(c.eventId)}`, {
      skip_setup: true,
      auth: { username: 'desk', password: c.secret },
      fetch: (url: string, opts: Record<string, unknown>) => PouchDB.fetch(url, requestOptions(url, opts, agent, timeout)),
    });
    return { db, close: async () => { await db.close().catch(() => undefined); agent.destroy(); } };
  }
  const url = new URL(target.url);
  const problem = couchUrlProblem(url);
  if (problem) throw new Error(problem);
  const username = target.username ?? decodeURIComponent(url.username);
  const password = target.password ?? decodeURIComponent(url.password);
  url.username = '';
  url.password = '';
  const agent = silenceLimitedAgent(url.protocol, timeout);
  const db = new PouchDB(url.toString().replace(/\/$/, ''), {
    skip_setup: false,
    ...(username ? { auth: { username, password } } : {}),
    fetch: (u: string, opts: Record<string, unknown>) => PouchDB.fetch(u, requestOptions(u, opts, agent, timeout)),
  });
  return { db, close: async () => { await db.close().catch(() => undefined); agent.destroy(); } };
}
