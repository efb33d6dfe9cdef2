// The IPC handlers for sharing an event between desks ("Share this event…", "Join an event…"):
// one DeskSession (node/sync/session.ts) per event folder, in the main process, never the
// renderer. The folder must be one the user opened in this session (the path guard).
// The session (PouchDB, the hub) and the QR code writer are loaded when an event is first shared
// or joined, so the window opens without them (electron/main-bundle.test.ts).
import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { loadCharacterValue } from '../../core/format/load';
import type { SyncStatus } from '../../core/ipc/contract';
import { lanAddresses } from '../../node/sync/addresses';
import { parseJoinCode } from '../../node/sync/join-code';
import type { RemoteTarget } from '../../node/sync/remote';
import type { DeskSession } from '../../node/sync/session';
import type { IpcHandlers } from '../ipc/types';
import type { PathGuard } from '../app/paths';

/** The desk session's code (PouchDB, the hub, replication), loaded on first use. */
const sessionModule = () => import('../../node/sync/session');

export type SyncMethod = 'shareEvent' | 'joinEvent' | 'stopSync' | 'syncStatus' | 'resolveSyncConflict' | 'lanAddresses';
export type SyncHandlers = Pick<IpcHandlers, SyncMethod> & { closeAll(): Promise<void> };

/** The link's retry and heartbeat times (tests make them short). */
export type SyncHandlerDeps = {
  guard: Pick<PathGuard, 'check'>;
  link?: { backoffMs?: number; maxBackoffMs?: number; heartbeatMs?: number };
  /** A shared folder's files were rewritten by what arrived from other desks (main tells the page). */
  onFolderChanged?: (folder: string) => void;
  /** This desk (settings' desk identity), named in the presence document the other desks show. */
  desk?: () => { id: string; name: string };
  /** Where this desk's signing key is kept (the app's own data folder, never an event folder). */
  keyFolder?: string;
};

/** What "Join an event…" was given: a join code, or a game's CouchDB database address. */
export function joinTarget(code: string, folderEvent: string | null, username?: string, password?: string): { target: RemoteTarget; eventId: string } {
  const text = code.trim();
  if (/^https?:\/\//i.test(text)) {
    const url = new URL(text);
    const m = /\/qm-event-([0-9a-f-]{36})\/?$/.exec(url.pathname);
    const eventId = m?.[1] ?? folderEvent;
    if (!eventId) throw new Error(`${url.host}${url.pathname}: give the event's database address (…/qm-event-<event id>)`);
    if (!m) url.pathname = `${url.pathname.replace(/\/$/, '')}/qm-event-${eventId}`;
    return { target: { kind: 'couchdb', url: url.toString(), ...(username ? { username } : {}), ...(password !== undefined ? { password } : {}) }, eventId };
  }
  const parsed = parseJoinCode(text);
  return { target: { kind: 'hub', code: parsed }, eventId: parsed.eventId };
}

export function createSyncHandlers(deps: SyncHandlerDeps): SyncHandlers {
  const sessions = new Map<string, DeskSession>();

  const checkFolder = async (folder: string): Promise<string> => {
    await deps.guard.check(folder, 'folder');
    const s = await stat(folder);
    if (!s.isDirectory()) throw new Error(`${folder} is not a folder`);
    return resolve(folder);
  };

  const status = async (folder: string, session: DeskSession): Promise<SyncStatus> => {
    const s = await session.status();
    const conflicts = await session.store.conflicts();
    const out: SyncStatus = { folder, role: s.role, eventId: s.eventId, link: s.link, problems: s.problems, conflicts, desks: s.desks, key: s.key, keys: s.keys, ...(s.notes.length > 0 ? { notes: s.notes } : {}) };
    if (!session.joinCode) return out;
    const { default: QRCode } = await import('qrcode');
    return { ...out, joinCode: session.joinCode, joinQrSvg: await QRCode.toString(session.joinCode, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }) };
  };

  const open = async (folder: string, eventId: string): Promise<DeskSession> => {
    if (sessions.has(folder)) throw new Error(`${folder} is shared already; stop sharing it first`);
    const { DeskSession } = await sessionModule();
    const session = await DeskSession.open({ folder, holder: 'the Quartermaster app', link: deps.link ?? {}, ...(deps.desk ? { desk: deps.desk() } : {}), ...(deps.keyFolder ? { keyFolder: deps.keyFolder } : {}), onWritten: () => deps.onFolderChanged?.(folder) }, eventId);
    sessions.set(folder, session);
    return session;
  };

  return {
    async shareEvent({ folder, host, port }) {
      const f = await checkFolder(folder);
      const { folderEventId } = await sessionModule();
      const session = await open(f, await folderEventId(f));
      try {
        await session.serve(host, port ?? 6984);
      } catch (e) {
        sessions.delete(f);
        await session.close();
        const code = (e as NodeJS.ErrnoException).code;
        throw new Error(code === 'EADDRINUSE' ? `port ${port ?? 6984} is in use on ${host}; choose another` : code === 'EADDRNOTAVAIL' ? `this laptop has no address ${host}` : (e as Error).message);
      }
      return status(f, session);
    },
    async joinEvent({ folder, code, username, password }) {
      const f = await checkFolder(folder);
      const { folderEventId } = await sessionModule();
      const own = await folderEventId(f).catch(() => null);
      const { target, eventId } = joinTarget(code, own, username, password);
      if (own && own !== eventId) throw new Error(`${folder} holds another event (id ${own}); join into an empty folder or that event's own`);
      const session = await open(f, eventId);
      session.join(target);
      return status(f, session);
    },
    async stopSync({ folder }) {
      const f = await checkFolder(folder);
      const session = sessions.get(f);
      sessions.delete(f);
      await session?.close();
    },
    async syncStatus({ folder }) {
      const f = await checkFolder(folder);
      const session = sessions.get(f);
      return session ? status(f, session) : null;
    },
    async resolveSyncConflict({ folder, characterId, keep, revs }) {
      const f = await checkFolder(folder);
      const session = sessions.get(f);
      if (!session) throw new Error(`${folder} is not shared in this session`);
      const loaded = loadCharacterValue(keep, 'the kept version');
      if (!loaded.ok) throw new Error(loaded.problem.message);
      const { deskName } = await sessionModule();
      const desk = deskName(session.options.desk);
      await session.store.resolveConflict(characterId, loaded.character, desk ? { desk, at: new Date().toISOString() } : undefined, revs);
      await session.pass();
      return status(f, session);
    },
    async lanAddresses() {
      return lanAddresses();
    },
    async closeAll() {
      const all = [...sessions.values()];
      sessions.clear();
      await Promise.all(all.map((s) => s.close()));
    },
  };
}
