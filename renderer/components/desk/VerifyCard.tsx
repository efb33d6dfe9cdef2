// Verify a card: paste (or scan into the box: a scanner types the text and Enter) a character card's
// QR text and see at once whether it matches the current file, what changed if not, or that the
// desk does not know it. The lines of what changed come from the core in English, like rule messages.
import { useId, useState, type FormEvent } from 'react';
import type { DeskActions } from '../../desk-actions';
import { useDeskState, type DeskStore } from '../../desk-store';
import { isoLocal } from '../../../core/desk/sheet';
import { checkInTime } from '../../desk-format';
import { useT } from '../../i18n';

export function VerifyCard({ store, actions }: { store: DeskStore; actions: DeskActions }) {
  const { t } = useT();
  const id = useId();
  const [text, setText] = useState('');
  const result = useDeskState(store, (s) => s.verify);
  const busy = useDeskState(store, (s) => s.busy);
  const today = isoLocal(new Date()).slice(0, 10);
  const when = (at: string | null) => (at ? t('desk.verify.printed', { when: checkInTime(at, today) }) : t('desk.verify.notPrinted'));
  const who = (name: string, player: string) => `${name || t('library.unnamed')}${player ? ` (${player})` : ''}`;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (text.trim() !== '') void actions.verify(text);
  };

  return (
    <section className="panel desk-verify" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{t('desk.verify.heading')}</h2>
      <form onSubmit={submit} className="desk-verify-form">
        <div className="field">
          <label htmlFor={`${id}-code`}>{t('desk.verify.label')}</label>
          <input id={`${id}-code`} value={text} onChange={(e) => setText(e.target.value)} autoComplete="off" spellCheck={false} aria-describedby={`${id}-hint`} maxLength={1000} />
          <span id={`${id}-hint`} className="hint">
            {t('desk.verify.hint')}
          </span>
        </div>
        <button type="submit" disabled={text.trim() === '' || busy === 'verify'}>
          {t('desk.verify.button')}
        </button>
      </form>
      <div className="desk-verify-result" role="status" aria-live="polite">
        {result?.kind === 'match' && (
          <p className="desk-verdict verdict-match">
            <strong>{t('desk.verify.match')}</strong> {t('desk.verify.matchBody', { who: who(result.name, result.player), when: when(result.printedAt) })}
          </p>
        )}
        {result?.kind === 'changed' && (
          <>
            <p className={`desk-verdict ${result.superseded ? 'verdict-void' : 'verdict-changed'}`}>
              <strong>{result.superseded ? t('desk.verify.void') : t('desk.verify.changed')}</strong>{' '}
              {t(result.superseded ? 'desk.verify.voidBody' : 'desk.verify.changedBody', { who: who(result.name, result.player), when: when(result.printedAt) })}
            </p>
            <ul className="desk-changes" aria-label={t('desk.verify.changesLabel')}>
              {result.changes.map((c, i) => (
                <li key={i}>{c}</li>
              ))}
            </ul>
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
