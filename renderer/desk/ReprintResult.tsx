// What "reprint changed" did: the PDF written and for whom, and the serials it voids, per character,
// so the desk can collect the old cards (docs/desk.md: "reissued" serials were printed again, the
// earlier card is void; "withdrawn" serials were not, every card with them is void).
import { useEffect, useRef } from 'react';
import type { ReprintOutcome } from '../../core/ipc/contract';
import { useT } from '../app/i18n';
import { outOfPlayText } from './format';

export function ReprintResult({ outcome, folder, onDismiss }: { outcome: Exclude<ReprintOutcome, { kind: 'conflict' }>; folder: string; onDismiss: () => void }) {
  const tools = useT();
  const { t, tn, when } = tools;
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [outcome]);
  const relative = (file: string) => (file.startsWith(`${folder}/`) || file.startsWith(`${folder}\\`) ? file.slice(folder.length + 1) : file);
  const skipped = [...outcome.skipped.map((s) => s.reason), ...(outcome.kind === 'printed' ? outcome.problems : [])];

  return (
    <section className="panel desk-reprint" aria-labelledby="desk-reprint-heading">
      <div className="panel-heading-row">
        <h2 id="desk-reprint-heading" tabIndex={-1} ref={heading}>
          {t('desk.reprint.heading')}
        </h2>
        <button type="button" onClick={onDismiss}>
          {t('app.dismiss')}
        </button>
      </div>
      {outcome.kind === 'nothing' ? (
        <p>{tn('desk.reprint.nothing', outcome.unchanged)}</p>
      ) : (
        <>
          <p>
            {t('desk.reprint.written', { cards: tn('desk.reprint.cards', outcome.cards), characters: tn('desk.reprint.characters', outcome.printed.length), pages: tn('desk.reprint.pages', outcome.pages) })} <code className="desk-path">{outcome.path}</code>
          </p>
          <ul className="desk-printed">
            {outcome.printed.map((p) => (
              <li key={p.id}>
                <strong>{p.name || t('library.unnamed')}</strong>
                {p.player ? ` (${p.player})` : ''}: {p.reason === 'changed' && p.previousAt ? t('desk.reprint.changedSince', { when: when(p.previousAt) }) : t('desk.reprint.first')}{' '}
                <span className="file-name">{relative(p.file)}</span>
              </li>
            ))}
          </ul>
          <h3>{t('desk.reprint.voidedHeading')}</h3>
          {outcome.voids.length === 0 ? (
            <p>{t('desk.reprint.noneVoided')}</p>
          ) : (
            <>
              <p>{t('desk.reprint.voidedBody')}</p>
              <ul className="desk-voids">
                {outcome.voids.map((v) => {
                  const who = outcome.printed.find((p) => p.id === v.id);
                  return (
                    <li key={v.id}>
                      <span>
                        {t('desk.reprint.voidedOf', { name: who?.name || v.id, when: when(v.printedAt) })}
                      </span>
                      <ul className="desk-serials" aria-label={t('desk.reprint.serialsOf', { name: who?.name || v.id })}>
                        {v.reissued.map((s) => (
                          <li key={s}>
                            <code>{s}</code> <span className="desk-serial-kind">{t('desk.reprint.reissued')}</span>
                          </li>
                        ))}
                        {v.withdrawn.map((s) => (
                          <li key={s}>
                            <code>{s}</code> <span className="desk-serial-kind">{t('desk.reprint.withdrawn')}</span>
                          </li>
                        ))}
                      </ul>
                    </li>
                  );
                })}
              </ul>
            </>
          )}
        </>
      )}
      {(outcome.outOfPlay ?? []).length > 0 && (
        <>
          <h3>{t('desk.reprint.outOfPlayHeading')}</h3>
          <p>{t('desk.reprint.outOfPlayBody')}</p>
          <ul className="desk-out-of-play">
            {outcome.outOfPlay!.map((o) => (
              <li key={o.id}>
                <span>
                  {t('desk.reprint.outOfPlayOf', { name: `${o.name || t('library.unnamed')}${o.player ? ` (${o.player})` : ''}`, state: outOfPlayText(o.state, tools, true) })}{' '}
                  <span className="file-name">{relative(o.file)}</span>
                </span>
                {o.collect.length > 0 && (
                  <ul className="desk-serials" aria-label={t('desk.reprint.cardsOf', { name: o.name || t('library.unnamed') })}>
                    {o.collect.map((s) => (
                      <li key={s}>
                        <code>{s}</code>
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
      {skipped.length > 0 && (
        <>
          <h3>{t('desk.reprint.skippedHeading')}</h3>
          <ul className="desk-skipped">
            {skipped.map((s, i) => (
              <li key={i}>{s}</li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
