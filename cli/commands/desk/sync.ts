// `quartermaster desk serve <folder>` and `quartermaster desk join <code> <folder>`: sharing one
// event between desk laptops (see docs/desk.md). The hub desk serves the event's database on the
// LAN and prints the join code (text and QR); other desks join with it and replicate live until
// Ctrl+C (or once, with --once). `join` also takes a game's CouchDB address instead of a code.
import { hostname } from 'node:os';
import { resolve } from 'node:path';
import QRCode from 'qrcode';
import { namedDesk } from '../../../core/desk/editions';
import { lanAddresses } from '../../../node/sync/addresses';
import { databaseName } from '../../../node/sync/docs';
import { JoinCodeError, parseJoinCode } from '../../../node/sync/join-code';
import { couchUrlProblem, remoteName, type RemoteTarget } from '../../../node/sync/remote';
import { remoteProblem, type DeskLinkState } from '../../../node/sync/replicate';
import { DeskSession, SyncSetupError, describeState, folderEventId } from '../../../node/sync/session';
import type { Io } from '../../io';
import { parseOptions, parseOrExplain, UsageError } from '../../usage';

export const DESK_SERVE_USAGE = `Usage: quartermaster desk serve <folder> [--port N] [--host ADDRESS] [--desk NAME]

Hosts the event in <folder> for other desks: serves it over HTTPS on the local network and prints
the join code (as text and as a QR code). Desks join with \`quartermaster desk join\` or "Join an
event…" in the app. Runs until Ctrl+C; the folder's files are kept in step all the while.

Options:
  --host ADDRESS   the address other desks reach this laptop at (default: its first LAN address;
                   the addresses it has are listed)
  --port N         the port (default 6984)
  --desk NAME      this desk's name in the event's ledger (default: the host name), as for
                   \`quartermaster desk\`; the desk signs what it records with its key, whose
                   short fingerprint is printed`;

export const DESK_JOIN_USAGE = `Usage: quartermaster desk join <join-code | couchdb-url> <folder> [--once] [--desk NAME]

Joins a shared event: replicates it into <folder> (character files and the event file, kept in step
both ways) until Ctrl+C. <join-code> is the qm://… line the hub desk shows. For a game's own
CouchDB give its database address, https://couch.example.org/qm-event-<event id>; the user name
may be in the address (https://desk@couch.example.org/…) and the password in the environment
variable QUARTERMASTER_COUCHDB_PASSWORD (never on the command line).

Options:
  --once           replicate both ways once, bring the files in step, and exit
  --desk NAME      this desk's name in the event's ledger (default: the host name); the desk
                   signs what it records with its key, whose short fingerprint is printed`;

/**
 * `waitForStop`: until Ctrl+C (the signal's name). `end`: ends the process once a live command has
 * stopped in order, returning only where there is no process to end (a caller's own).
 */
export type DeskSyncDeps = { waitForStop(): Promise<string>; end(code: number): Promise<number>; env: Record<string, string | undefined> };

/** Longest a stop may take (the last files written, the database closed) before the process ends regardless. */
export const STOP_LIMIT_MS = 10_000;

/**
 * Ends the process once what it printed is out. Live replication leaves a retry timer behind when it
 * is cancelled (PouchDB does not clear its back-off, up to half a minute while the hub is away), and
 * waiting for it to run out would keep a stopped desk running; by now the files are written and the
 * database is closed, so nothing is left to do.
 */
function endProcess(code: number): Promise<number> {
  return new Promise(() => {
    let left = 2;
    const flushed = () => {
      if (--left === 0) process.exit(code);
    };
    process.stdout.write('', flushed);
    process.stderr.write('', flushed);
  });
}

/**
 * The first SIGINT or SIGTERM stops the command in order. Stopping is bounded: a second signal, or
 * a stop taking longer than STOP_LIMIT_MS, ends the process at once; the database's lock goes with
 * it (the system releases it), so a restarted desk can open the folder.
 */
function waitForSignal(): Promise<string> {
  return new Promise((done) => {
    let stopping = false;
    const onSignal = (signal: NodeJS.Signals) => {
      if (stopping) {
        process.stderr.write(`${signal} again: ending now.\n`);
        process.exit(130);
      }
      stopping = true;
      setTimeout(() => {
        process.stderr.write(`still stopping after ${STOP_LIMIT_MS / 1000} s: ending now.\n`);
        process.exit(1);
      }, STOP_LIMIT_MS).unref();
      done(signal);
    };
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
  });
}

const defaultDeps: DeskSyncDeps = { waitForStop: waitForSignal, end: endProcess, env: process.env };

type ServeArgs = { folder: string; port: number; host?: string; desk?: string };
type JoinArgs = { target: string; folder: string; once: boolean; desk?: string };

function deskOption(values: { desk?: string | undefined }): { desk?: string } {
  const desk = values.desk;
  if (desk === undefined) return {};
  if (desk.trim() === '' || desk.length > 60) throw new UsageError('--desk must be a name of 1 to 60 characters');
  return { desk };
}

/** The desk the command line shares as: --desk NAME or the host name, its id made from the name (as \`quartermaster desk\` records). */
const deskOf = (name: string | undefined) => namedDesk(name ?? hostname());

const keyLine = (desk: { name: string }, fingerprint: string) => `This desk: ${desk.name}, key ${fingerprint} (other desks list it under this fingerprint)\n`;

export function parseServeArgs(args: readonly string[]): ServeArgs {
  const { values, positionals: paths } = parseOptions(args, { port: { type: 'string' }, host: { type: 'string' }, desk: { type: 'string' } });
  if (paths.length !== 1) throw new UsageError(paths.length === 0 ? 'name the event folder' : `name one folder, not ${paths.length}`);
  const port = Number(values.port ?? 6984);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`--port must be a port number, not "${values.port}"`);
  const host = values.host;
  return { folder: paths[0]!, port, ...(host ? { host } : {}), ...deskOption(values) };
}

export function parseJoinArgs(args: readonly string[]): JoinArgs {
  const { values, positionals: paths } = parseOptions(args, { once: { type: 'boolean' }, desk: { type: 'string' } });
  if (paths.length !== 2) throw new UsageError('give the join code (or CouchDB address) and the folder');
  return { target: paths[0]!, folder: paths[1]!, once: values.once === true, ...deskOption(values) };
}


export async function runDeskServe(args: string[], io: Io, deps: DeskSyncDeps = defaultDeps): Promise<number> {
  const usage = parseOrExplain('desk serve', DESK_SERVE_USAGE, args, io, parseServeArgs);
  if (!usage.ok) return usage.exitCode;
  const a = usage.value;
  const lan = lanAddresses();
  const host = a.host ?? lan[0];
  if (!host) {
    io.err('quartermaster desk serve: this laptop has no network address; connect it to the desks\' network (or give --host)\n');
    return 2;
  }
  let session: DeskSession;
  try {
    session = await DeskSession.open({ folder: a.folder, holder: 'quartermaster desk serve', desk: deskOf(a.desk), log: (l) => io.err(`${stamp()} ${l}\n`) }, await folderEventId(resolve(a.folder)));
  } catch (e) {
    io.err(`quartermaster desk serve: ${e instanceof SyncSetupError ? e.message : (e as Error).message}\n`);
    return 2;
  }
  let code: string;
  try {
    code = await session.serve(host, a.port);
  } catch (e) {
    await session.close();
    const err = e as NodeJS.ErrnoException;
    io.err(`quartermaster desk serve: cannot serve on ${host}:${a.port}: ${err.code === 'EADDRINUSE' ? 'the port is in use (choose another with --port)' : err.code === 'EADDRNOTAVAIL' ? 'this laptop does not have that address' : err.message}\n`);
    return 2;
  }
  const qr = await QRCode.toString(code, { type: 'utf8', errorCorrectionLevel: 'M' });
  io.out(`Hosting the event in ${resolve(a.folder)} at ${session.hub!.url}\n`);
  if (!a.host && lan.length > 1) io.out(`(this laptop's other addresses: ${lan.slice(1).join(', ')}; choose one with --host)\n`);
  io.out(keyLine(deskOf(a.desk), (await session.store.signing.deskKey()).fingerprint));
  io.out(`Join code (desks type it, or scan the QR code):\n${code}\n${qr}\nPress Ctrl+C to stop hosting.\n`);
  const signal = await deps.waitForStop();
  io.out(`${signal}: stopping; the folder's files are up to date.\n`);
  await session.close();
  return deps.end(0);
}

export function targetOf(text: string, folderEventId: string | null, env: Record<string, string | undefined>): { target: RemoteTarget; eventId: string } {
  if (/^https?:\/\//i.test(text)) {
    const url = new URL(text);
    const problem = couchUrlProblem(url);
    if (problem) throw new UsageError(problem);
    const last = url.pathname.replace(/\/$/, '').split('/').pop() ?? '';
    const m = /^qm-event-([0-9a-f-]{36})$/.exec(last);
    let eventId: string;
    if (m) eventId = m[1]!;
    else if (folderEventId) {
      eventId = folderEventId;
      url.pathname = `${url.pathname.replace(/\/$/, '')}/${databaseName(eventId)}`;
    } else throw new UsageError(`${text}: name the event's database (…/qm-event-<event id>), or run in a folder that holds the event file`);
    const password = env.QUARTERMASTER_COUCHDB_PASSWORD;
    return { target: { kind: 'couchdb', url: url.toString(), ...(password !== undefined ? { password } : {}) }, eventId: databaseName(eventId).slice('qm-event-'.length) };
  }
  const code = parseJoinCode(text);
  return { target: { kind: 'hub', code }, eventId: code.eventId };
}

export async function runDeskJoin(args: string[], io: Io, deps: DeskSyncDeps = defaultDeps): Promise<number> {
  const usage = parseOrExplain('desk join', DESK_JOIN_USAGE, args, io, parseJoinArgs);
  if (!usage.ok) return usage.exitCode;
  const a = usage.value;
  const folder = resolve(a.folder);
  let session: DeskSession;
  let target: RemoteTarget;
  try {
    const info = await io.stat(folder).catch(() => null);
    if (!info?.isDirectory) throw new SyncSetupError(`${a.folder} is not a folder`);
    const own = await folderEventId(folder).catch((e) => {
      if (e instanceof SyncSetupError && /has no event file/.test(e.message)) return null;
      throw e;
    });
    const t = targetOf(a.target, own, deps.env);
    if (own && own !== t.eventId) throw new SyncSetupError(`${a.folder} holds another event (id ${own}); join into an empty folder or that event's own`);
    target = t.target;
    session = await DeskSession.open({ folder, holder: 'quartermaster desk join', desk: deskOf(a.desk), log: (l) => io.err(`${stamp()} ${l}\n`) }, t.eventId);
  } catch (e) {
    if (e instanceof UsageError || e instanceof JoinCodeError || e instanceof SyncSetupError) {
      io.err(`quartermaster desk join: ${e.message}\n`);
      return 2;
    }
    throw e;
  }
  io.out(keyLine(deskOf(a.desk), (await session.store.signing.deskKey()).fingerprint));
  if (a.once) {
    try {
      const r = await session.joinOnce(target);
      const s = await session.status();
      const sent = `${r.pushed} change${r.pushed === 1 ? '' : 's'} sent, ${r.pulled} received`;
      for (const p of s.problems) io.err(`not shared: ${p.message}\n`);
      if (r.notArrived.length > 0 || r.error) {
        // Never "up to date" when something is missing: the volunteer must not walk away with a half-copied event.
        const what = r.notArrived.length > 0 ? `did not arrive: ${r.notArrived.join(', ')}` : 'the files could not be brought in step';
        io.err(`quartermaster desk join: replicated once (${sent}), but ${folder} is NOT up to date: ${what}${r.error ? ` (${r.error})` : ''}. Make room or fix the folder, then run this again.\n`);
        return 2;
      }
      io.out(`Replicated once: ${sent}; ${folder} is up to date.\n`);
      if (s.conflicts > 0) io.out(`${s.conflicts} character${s.conflicts === 1 ? ' was' : 's were'} edited at two desks: resolve in the desk view before reprinting.\n`);
      return 0;
    } catch (e) {
      io.err(`quartermaster desk join: could not replicate the event into ${folder}: ${remoteProblem(e, target)}. ${folder} is NOT up to date: what the ${target.kind === 'hub' ? 'hub' : 'CouchDB'} has did not arrive.\n`);
      return 2;
    } finally {
      await session.close({ lastPass: false });
    }
  }
  const link = session.join(target);
  io.out(`Joining the event at the ${remoteName(target)} into ${folder}. Press Ctrl+C to stop.\n`);
  // A wrong join code (or address) stays wrong: the command ends saying so instead of waiting.
  const refused = new Promise<string>((found) => {
    const check = (s: DeskLinkState) => {
      if (s.kind === 'refused' && s.lasting) found(s.reason);
    };
    check(link.state);
    link.on('state', check);
  });
  const stop = await Promise.race([deps.waitForStop().then((signal) => ({ signal })), refused.then((reason) => ({ reason }))]);
  if ('reason' in stop) {
    await session.close();
    io.err(`quartermaster desk join: ${stop.reason}.\n`);
    return deps.end(2);
  }
  io.out(`${stop.signal}: stopping (${describeState(link.state)}).\n`);
  await session.close();
  return deps.end(0);
}

function stamp(): string {
  return new Date().toTimeString().slice(0, 8);
}
