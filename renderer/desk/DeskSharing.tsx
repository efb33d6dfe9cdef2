// "Share this event…" and "Join an event…" in the desk view: host the opened event for other desks
// (join code as text and QR), or join one; the desk's link state (connected; offline since 14:02
// with 37 changes waiting; the hub itself); characters edited at two desks shown side by side, the
// volunteer keeping one or merging them field by field (ConflictMerge.tsx; their cards are not
// reprinted until then). The work is in the main process (electron/sync/handlers.ts).
import { useEffect, useRef, useState } from 'react';
import type { QuartermasterApi, SyncDesk, SyncStatus } from '../../core/ipc/contract';
import type { Character } from '../../core/model/character';
import { useT } from '../app/i18n';
import { ConflictMerge } from './ConflictMerge';

const hhmm = (iso: string) => new Date(iso).toTimeString().slice(0, 5);
/** The main process's words, without Electron's wrapping of an error thrown in a handler. */
const plainMessage = (e: unknown) => (e as Error).message.replace(/^Error invoking remote method '[^']+': (Error: )?/, '');

/**
 * `joining`: the folder was chosen to join an event into, so the join form opens with the focus in
 * its code; `onJoinCancel` when that form is cancelled.
 */
export function DeskSharing({ api, folder, joining = false, onJoinCancel }: { api: QuartermasterApi; folder: string; joining?: boolean; onJoinCancel?: () => void }) {
  const { t } = useT();
  const [status, setStatus] = useState<SyncStatus | null>(null);
  const [mode, setMode] = useState<'idle' | 'share' | 'join'>(joining ? 'join' : 'idle');
  const codeBox = useRef<HTMLInputElement>(null);
  // The folder is shown before the choice to join it is known: the form opens then.
  useEffect(() => {
    if (joining) setMode('join');
  }, [joining]);
  useEffect(() => {
    if (joining && mode === 'join') codeBox.current?.focus();
  }, [joining, mode]);
  const [addresses, setAddresses] = useState<string[]>([]);
  const [host, setHost] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [working, setWorking] = useState(false);

  useEffect(() => {
    let live = true;
    const poll = async () => {
      const s = await api.syncStatus({ folder }).catch(() => null);
      if (live) setStatus(s);
    };
    void poll();
    const timer = setInterval(() => void poll(), 2000);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [api, folder]);

  const run = async (fn: () => Promise<SyncStatus | void>) => {
    setWorking(true);
    setError(null);
    try {
      const s = await fn();
      setStatus(s ?? null);
      setMode('idle');
    } catch (e) {
      setError(plainMessage(e));
    } finally {
      setWorking(false);
    }
  };

  const startShare = async () => {
    setMode('share');
    const list = await api.lanAddresses();
    setAddresses(list);
    setHost(list[0] ?? '');
  };

  return (
    <section className="desk-sharing" aria-label={t('desk.sync.heading')}>
      {!status && mode === 'idle' && (
        <div className="button-row">
          <button type="button" onClick={() => void startShare()}>
            {t('desk.sync.share')}
          </button>
          <button type="button" onClick={() => setMode('join')}>
            {t('desk.sync.join')}
          </button>
        </div>
      )}
      {!status && mode === 'share' && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void run(() => api.shareEvent({ folder, host }));
          }}
        >
          <label>
            {t('desk.sync.host')}{' '}
            <input list="desk-sync-hosts" value={host} onChange={(e) => setHost(e.target.value)} required />
          </label>
          <datalist id="desk-sync-hosts">
            {addresses.map((a) => (
              <option key={a} value={a} />
            ))}
          </datalist>
          <button type="submit" className="primary" disabled={working || host === ''}>
            {t('desk.sync.startSharing')}
          </button>
          <button type="button" onClick={() => setMode('idle')}>
            {t('app.cancel')}
          </button>
        </form>
      )}
      {!status && mode === 'join' && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void run(() => api.joinEvent({ folder, code }));
          }}
        >
          <label>
            {t('desk.sync.code')} <input ref={codeBox} value={code} onChange={(e) => setCode(e.target.value)} placeholder="qm://…" required size={60} />
          </label>
          <button type="submit" className="primary" disabled={working || code.trim() === ''}>
            {t('desk.sync.joinButton')}
          </button>
          <button type="button" onClick={() => (setMode('idle'), onJoinCancel?.())}>
            {t('app.cancel')}
          </button>
        </form>
      )}
      {error && (
        <p className="notice notice-error" role="alert">
          {error}
        </p>
      )}
      {status && <SharedState api={api} status={status} onStatus={setStatus} onError={setError} />}
    </section>
  );
}

/** One desk's state in words: the hub; connected; offline since HH:MM with N changes waiting; … */
function deskState(t: ReturnType<typeof useT>['t'], d: SyncDesk): string {
  if (d.state === 'hub') return t('desk.sync.desk.hub');
  if (d.state === 'connected') return t('desk.sync.desk.connected', { time: hhmm(d.seenAt) });
  if (d.state === 'offline') return t('desk.sync.desk.offline', { time: hhmm(d.since), waiting: String(d.waiting) });
  if (d.state === 'refused') return t('desk.sync.desk.refused');
  if (d.state === 'connecting') return t('desk.sync.desk.connecting');
  return t('desk.sync.desk.stopped', { time: hhmm(d.since) });
}

function SharedState({ api, status, onStatus, onError }: { api: QuartermasterApi; status: SyncStatus; onStatus: (s: SyncStatus | null) => void; onError: (m: string) => void }) {
  const { t } = useT();
  const link = status.link;
  // Each desk's key fingerprint, as registered with the event: volunteers compare it with what that desk shows.
  const keyOf = (deskId: string) => status.keys?.find((k) => k.deskId === deskId.toLowerCase())?.fingerprint;
  const line =
    link.kind === 'hub'
      ? t('desk.sync.hub', { url: link.url })
      : link.kind === 'connected'
        ? t('desk.sync.connected', { time: hhmm(link.since) })
        : link.kind === 'offline'
          ? t('desk.sync.offline', { time: hhmm(link.since), waiting: String(link.waiting) })
          : link.kind === 'refused'
            ? t('desk.sync.refused', { reason: link.reason })
            : link.kind === 'connecting'
              ? t('desk.sync.connecting')
              : t('desk.sync.stopped');
  const keep = async (id: string, character: Character, revs: string[]) => {
    try {
      onStatus(await api.resolveSyncConflict({ folder: status.folder, characterId: id, keep: character, revs }));
    } catch (e) {
      onError(plainMessage(e));
    }
  };
  return (
    <div>
      <p role="status" className={`desk-sync-state desk-sync-${link.kind}`}>
        {line}{' '}
        <button type="button" onClick={() => void api.stopSync({ folder: status.folder }).then(() => onStatus(null))}>
          {t('desk.sync.stop')}
        </button>
      </p>
      {status.key && <p className="desk-sync-own-key">{t('desk.sync.ownKey', { fingerprint: status.key.fingerprint })}</p>}
      {status.desks && status.desks.length > 0 && (
        <ul className="desk-sync-desks" aria-label={t('desk.sync.desks')}>
          {status.desks.map((d) => (
            <li key={d.id} className={`desk-sync-${d.state}`}>
              {t('desk.sync.deskLine', { name: d.name, state: deskState(t, d) })}
              {keyOf(d.id) && <span className="desk-sync-key"> · {t('desk.sync.deskKey', { fingerprint: keyOf(d.id)! })}</span>}
            </li>
          ))}
        </ul>
      )}
      {status.joinCode && (
        <div className="desk-sync-code">
          <label>
            {t('desk.sync.joinCode')} <input readOnly value={status.joinCode} size={70} onFocus={(e) => e.target.select()} />
          </label>
          {status.joinQrSvg && <div className="desk-sync-qr" aria-label={t('desk.sync.qr')} role="img" dangerouslySetInnerHTML={{ __html: status.joinQrSvg }} />}
        </div>
      )}
      {status.notes && status.notes.length > 0 && (
        <ul className="desk-sync-notes" aria-label={t('desk.sync.notes')}>
          {status.notes.map((n, i) => (
            <li key={`${n.at}:${i}`}>{t('desk.sync.note', { time: hhmm(n.at), message: n.message })}</li>
          ))}
        </ul>
      )}
      {status.problems.length > 0 && (
        <ul className="desk-sync-problems" aria-label={t('desk.sync.problems')}>
          {status.problems.map((p) => (
            <li key={p.file}>{p.message}</li>
          ))}
        </ul>
      )}
      {status.conflicts.map((c) => (
        // A new revision arriving starts the merge afresh (its choices were about other versions).
        <ConflictMerge key={`${c.id}:${c.versions.map((v) => v.rev).join(',')}`} conflict={c} onKeep={(character) => keep(c.id, character, c.versions.map((v) => v.rev))} />
      ))}
    </div>
  );
}
