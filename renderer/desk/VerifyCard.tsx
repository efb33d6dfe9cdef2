// Verify a card: scan (a scanner types the card's QR text and Enter) or paste a character card's
// code and see at once whether it matches the current file, what changed if not, or that the desk
// does not know it. One scan, one player: after each verify the box is empty again and keeps the
// focus, so the next scan is not appended to the last; a matching card offers "Check in", and
// Enter in the empty box checks that character in. A changed or void card says what to do. The
// lines of what changed come from the core in English, like rule messages.
import { useId, useRef, useState, type FormEvent } from 'react';
import type { DeskActions } from './actions';
import { useDeskState, type DeskStore } from './store';
import { entryOf } from '../../core/desk/fold';
import { useT } from '../app/i18n';
import { outOfPlayText } from './format';

export function VerifyCard({ store, actions, canCheckIn }: { store: DeskStore; actions: DeskActions; canCheckIn: boolean }) {
  const tools = useT();
  const { t, when: at } = tools;
  const id = useId();
  const [text, setText] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const result = useDeskState(store, (s) => s.verify);
  const busy = useDeskState(store, (s) => s.busy);
  // The matched character's check-in, from the event on screen (it changes when checked in here).
  const checkedInAt = useDeskState(store, (s) => (s.verify?.kind === 'match' && s.event ? (entryOf(s.event, s.verify.id).checkedInAt ?? null) : null));
  const duplicate = useDeskState(store, (s) => s.verify?.kind === 'match' && (s.desk?.rows.some((r) => r.id === (s.verify as { id: string }).id && r.errors.some((e) => e.code === 'desk.duplicate-id')) ?? false));
  const when = (iso: string | null) => (iso ? t('desk.verify.printed', { when: at(iso) }) : t('desk.verify.notPrinted'));
  const who = (name: string, player: string) => `${name || t('library.unnamed')}${player ? ` (${player})` : ''}`;
  const offerCheckIn = result?.kind === 'match' && canCheckIn && checkedInAt === null && !duplicate;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const code = text.trim();
    // Enter in the empty box after a matching card checks that character in.
    if (code === '') {
      if (offerCheckIn) actions.checkInVerified();
      return;
    }
    setText('');
    input.current?.focus();
    void actions.verify(code);
  };

  const checkIn = () => {
    actions.checkInVerified();
    input.current?.focus();
  };

  return (
    <section className="panel desk-verify" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{t('desk.verify.heading')}</h2>
      <form onSubmit={submit} className="desk-verify-form">
        <div className="field">
          <label htmlFor={`${id}-code`}>{t('desk.verify.label')}</label>
          <input id={`${id}-code`} ref={input} value={text} onChange={(e) => setText(e.target.value)} autoComplete="off" spellCheck={false} aria-describedby={`${id}-hint`} maxLength={1000} />
          <span id={`${id}-hint`} className="hint">
            {t('desk.verify.hint')}
          </span>
        </div>
        {/* Never disabled when empty: a disabled default button would stop Enter in the box from submitting (Enter checks in a matching card). */}
        <button type="submit" disabled={busy === 'verify'}>
          {t('desk.verify.button')}
        </button>
      </form>
      <div className="desk-verify-result" role="status" aria-live="polite">
        {result?.kind === 'match' && (
          <>
            <p className="desk-verdict verdict-match">
              <strong>{t('desk.verify.match')}</strong> {t('desk.verify.matchBody', { who: who(result.name, result.player), when: when(result.printedAt) })}
            </p>
            {checkedInAt !== null && <p className="desk-verify-next">{t('desk.verify.alreadyIn', { time: at(checkedInAt) })}</p>}
            {duplicate && <p className="desk-verify-next">{t('desk.verify.duplicate')}</p>}
            {offerCheckIn && (
              <p className="desk-verify-next">
                <button type="button" className="primary" onClick={checkIn}>
                  {t('desk.verify.checkIn', { name: result.name || t('library.unnamed') })}
                </button>{' '}
                <span className="hint">{t('desk.verify.enterChecksIn')}</span>
              </p>
            )}
          </>
        )}
        {result?.kind === 'changed' && (
          <>
            <p className={`desk-verdict ${result.superseded ? 'verdict-void' : 'verdict-changed'}`}>
              <strong>{result.superseded ? t('desk.verify.void') : t('desk.verify.changed')}</strong>{' '}
              {t(result.superseded ? 'desk.verify.voidBody' : 'desk.verify.changedBody', { who: who(result.name, result.player), when: when(result.printedAt) })}
            </p>
            {result.replacedBy && result.label && (
              <p className="desk-replaced">{t('desk.verify.replacedBy', { label: result.label, edition: result.replacedBy.edition, newLabel: result.replacedBy.label, when: at(result.replacedBy.at) })}</p>
            )}
            <ul className="desk-changes" aria-label={t('desk.verify.changesLabel')}>
              {result.changes.map((c, i) => (
                <li key={i}>{c}</li>
              ))}
            </ul>
            <p className="desk-verify-next">
              <strong>{t('desk.verify.whatToDo')}</strong> {t(result.superseded ? 'desk.verify.voidDo' : 'desk.verify.changedDo')}
            </p>
          </>
        )}
        {result?.kind === 'not-valid' && (
          <>
            <p className="desk-verdict verdict-void">
              <strong>{t('desk.verify.notValid')}</strong> {t('desk.verify.notValidBody', { who: who(result.name, result.player), state: outOfPlayText(result.state, tools, true) })}
            </p>
            <p className="desk-verify-next">
              <strong>{t('desk.verify.whatToDo')}</strong> {t('desk.verify.notValidDo')}
            </p>
          </>
        )}
        {result?.kind === 'unknown' && (
          <p className="desk-verdict verdict-unknown">
            <strong>{t('desk.verify.unknown')}</strong> {t('desk.verify.unknownBody', { id: result.id })}
          </p>
        )}
        {result?.kind === 'not-a-card' && (
          <p className="desk-verdict verdict-unknown">
            <strong>{t('desk.verify.notACard')}</strong> {t('desk.verify.notACardBody')}
          </p>
        )}
      </div>
    </section>
  );
}
