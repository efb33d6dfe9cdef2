// The desk's approval panel (docs/season.md, "Approval"): the players' files waiting in the event
// folder's inbox — name, player, new or changed, rule errors — and, for the one chosen, every field
// that differs from the approved edition (the conflict panel's field words) and its rule errors,
// with Approve and Send back… (a reason required). Read again whenever the desk's folder is.
import { useEffect, useId, useState } from 'react';
import type { QuartermasterApi } from '../../core/ipc/contract';
import type { ApprovalQueue, WaitingCharacter } from '../../core/season/approval-queue';
import { useT } from '../app/i18n';
import { errorMessage } from '../app/api';
import { fieldName, valueText } from '../editor/conflict-words';
import type { DeskActions } from '../desk/actions';
import { useDeskState, type DeskStore } from '../desk/store';
import './approval.css';

/** Rows listed at first: a season's inbox can hold thousands; the rest on request. */
const FIRST_ROWS = 100;

const fileName = (path: string) => path.slice(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1);

export function ApprovalPanel({ api, store, actions }: { api: QuartermasterApi; store: DeskStore; actions: DeskActions }) {
  const { t } = useT();
  const desk = useDeskState(store, (s) => s.desk);
  const [queue, setQueue] = useState<ApprovalQueue | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [all, setAll] = useState(false);
  const folder = desk?.folder;
  const eventFile = desk?.eventFile.kind === 'file' ? desk.eventFile.path : null;

  useEffect(() => {
    if (!folder || !eventFile) return;
    let live = true;
    api.approvalQueue({ folder, eventFile }).then(
      (q) => live && (setQueue(q), setFailed(null)),
      (e: unknown) => live && setFailed(errorMessage(e)),
    );
    return () => {
      live = false;
    };
    // Read again whenever the desk's folder is (its rows object changes then).
  }, [api, folder, eventFile, desk?.rows]);

  if (!folder || !eventFile) return null;
  const waiting = queue?.waiting ?? [];
  const chosen = waiting.find((w) => w.file === open) ?? null;

  const decide = async (work: () => ReturnType<QuartermasterApi['approveCharacter']>, said: string) => {
    await actions.flushed();
    try {
      const outcome = await work();
      setQueue(outcome.queue);
      setOpen(null);
      actions.showDecision(outcome, said);
      actions.notify('info', said);
    } catch (e) {
      actions.notify('error', t('approval.failed', { message: errorMessage(e) }));
    }
  };

  return (
    <section className="desk-approval" aria-labelledby="approval-heading">
      <h2 id="approval-heading">{t('approval.heading')}</h2>
      {failed && <p role="alert">{t('approval.failed', { message: failed })}</p>}
      <p>{waiting.length === 0 ? t('approval.none', { inbox: 'inbox' }) : t('approval.waiting', { count: String(waiting.length) })}</p>
      {waiting.length > 0 && (
        <table className="approval-list">
          <caption className="visually-hidden">{t('approval.heading')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('approval.character')}</th>
              <th scope="col">{t('approval.player')}</th>
              <th scope="col">{t('approval.what')}</th>
              <th scope="col">{t('approval.ruleErrors')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('approval.review')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {(all ? waiting : waiting.slice(0, FIRST_ROWS)).map((w) => (
              <tr key={w.file} className={w.file === open ? 'is-open' : undefined}>
                <th scope="row">{w.name}</th>
                <td>{w.player}</td>
                <td>{w.kind === 'new' ? t('approval.new') : t('approval.changed')}</td>
                <td className={w.errors.length > 0 ? 'has-errors' : undefined}>{String(w.errors.length)}</td>
                <td>
                  <button type="button" aria-expanded={w.file === open} onClick={() => setOpen(w.file === open ? null : w.file)} aria-label={t('approval.reviewName', { name: w.name })}>
                    {t('approval.review')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {!all && waiting.length > FIRST_ROWS && (
        <button type="button" onClick={() => setAll(true)}>
          {t('approval.showAll', { count: String(waiting.length) })}
        </button>
      )}
      {chosen && (
        <ApprovalDetail
          key={chosen.file}
          waiting={chosen}
          detail={() => api.approvalDetail({ folder, eventFile, file: fileName(chosen.file) })}
          onApprove={() => void decide(() => api.approveCharacter({ folder, eventFile, file: fileName(chosen.file), hash: chosen.hash }), t('approval.approved', { name: chosen.name }))}
          onSendBack={(reason) => void decide(() => api.sendBackCharacter({ folder, eventFile, file: fileName(chosen.file), hash: chosen.hash, reason }), t('approval.sentBack', { name: chosen.name }))}
        />
      )}
      {queue && queue.sentBack.length > 0 && (
        <>
          <h3>{t('approval.sentBackHeading')}</h3>
          <ul>
            {queue.sentBack.map((s) => (
              <li key={s.file}>
                {s.name}: {s.reason}
              </li>
            ))}
          </ul>
        </>
      )}
      {queue && queue.unreadable.length > 0 && (
        <ul className="approval-unreadable" aria-label={t('approval.unreadable')}>
          {queue.unreadable.map((u) => (
            <li key={u.file}>{u.message}</li>
          ))}
        </ul>
      )}
    </section>
  );
}

function ApprovalDetail({ waiting: listed, detail, onApprove, onSendBack }: { waiting: WaitingCharacter; detail: () => Promise<WaitingCharacter | null>; onApprove: () => void; onSendBack: (reason: string) => void }) {
  const tools = useT();
  const { t } = tools;
  // The list comes without field diffs; this character's is asked for when it is opened.
  const [full, setFull] = useState<WaitingCharacter | null | 'loading'>('loading');
  useEffect(() => {
    let live = true;
    detail().then(
      (d) => live && setFull(d),
      () => live && setFull(null),
    );
    return () => {
      live = false;
    };
  }, []); // eslint-disable-line react-hooks/exhaustive-deps
  const w = full !== 'loading' && full !== null ? full : listed;
  const [sending, setSending] = useState(false);
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const reasonId = useId();
  const title = t('approval.detail', { name: w.name, player: w.player });
  return (
    <div className="approval-detail" role="region" aria-label={title}>
      <h3>{title}</h3>
      <p>{w.kind === 'new' ? t('approval.newBody', { file: fileName(w.file) }) : t('approval.changedBody', { file: fileName(w.file), folderFile: fileName(w.folderFile ?? '') })}</p>
      {w.sentBack && <p className="notice notice-info">{t('approval.sentBackBefore', { reason: w.sentBack.reason, when: tools.when(w.sentBack.at) })}</p>}
      {full === 'loading' && <p role="status">{t('app.loading')}</p>}
      {full === null && <p role="alert">{t('approval.gone')}</p>}
      {full !== 'loading' && full !== null && <table className="approval-diff">
        <caption>{t('approval.differs')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('approval.field')}</th>
            <th scope="col">{t('approval.approvedEdition')}</th>
            <th scope="col">{t('approval.playersFile')}</th>
          </tr>
        </thead>
        <tbody>
          {w.fields.map((f) => (
            <tr key={f.key}>
              <th scope="row">{fieldName(f, tools, w.ruleset)}</th>
              {/* Absent is undefined in the core and null once carried over IPC as JSON. */}
              <td>{valueText(f, f.values[0] ?? undefined, tools, w.ruleset)}</td>
              <td>{valueText(f, f.values[1] ?? undefined, tools, w.ruleset)}</td>
            </tr>
          ))}
        </tbody>
      </table>}
      {w.errors.length === 0 ? (
        <p>{t('approval.noErrors')}</p>
      ) : (
        <ul className="approval-errors" aria-label={t('approval.ruleErrors')}>
          {w.errors.map((e, i) => (
            <li key={i}>{e.message}</li>
          ))}
        </ul>
      )}
      {!sending ? (
        <div className="button-row">
          <button type="button" className="primary" onClick={onApprove}>
            {t('approval.approve')}
          </button>
          <button type="button" onClick={() => setSending(true)}>
            {t('approval.sendBackOpen')}
          </button>
        </div>
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (reason.trim() === '') setMissing(true);
            else onSendBack(reason);
          }}
        >
          <label htmlFor={reasonId} className="label-text">
            {t('approval.reason')}
          </label>
          <textarea id={reasonId} rows={3} value={reason} aria-invalid={missing} aria-describedby={missing ? `${reasonId}-missing` : undefined} onChange={(e) => (setReason(e.target.value), setMissing(false))} autoFocus />
          {missing && (
            <p id={`${reasonId}-missing`} role="alert">
              {t('approval.reasonNeeded')}
            </p>
          )}
          <div className="button-row">
            <button type="submit" className="primary">
              {t('approval.sendBack')}
            </button>
            <button type="button" onClick={() => setSending(false)}>
              {t('app.cancel')}
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
