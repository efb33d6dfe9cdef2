// The other end of replication as a PouchDB database: an event hub (pinned to the fingerprint in
// its join code, authenticated by its secret) or a game's own CouchDB (URL and credentials,
// ordinary TLS verification).
import { Agent, type AgentOptions } from 'node:https';
import { isIP } from 'node:net';
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
}

export type RemoteTarget =
  | { kind: 'hub'; code: JoinCode }
  | { kind: 'couchdb'; url: string; username?: string; password?: string };

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

/** A remote PouchDB for the target; `close` ends its connections. */
export function remoteDb(target: RemoteTarget, options: { timeoutMs?: number } = {}): { db: PouchDatabase; close(): Promise<void> } {
  const timeout = options.timeoutMs ?? 20_000;
  if (target.kind === 'hub') {
    const c = target.code;
    const agent = new PinnedAgent(c.fingerprint);
    const host = c.host.includes(':') ? `[${c.host}]` : c.host;
    const db = new PouchDB(`https://${host}:${c.port}/${databaseName(c.eventId)}`, {
      skip_setup: true,
      auth: { username: 'desk', password: c.secret },
      fetch: (url: string, opts: Record<string, unknown>) => PouchDB.fetch(url, { ...opts, agent, timeout }),
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
  const db = new PouchDB(url.toString().replace(/\/$/, ''), {
    skip_setup: false,
    ...(username ? { auth: { username, password } } : {}),
    fetch: (u: string, opts: Record<string, unknown>) => PouchDB.fetch(u, { ...opts, timeout }),
  });
  return { db, close: async () => void (await db.close().catch(() => undefined)) };
}
