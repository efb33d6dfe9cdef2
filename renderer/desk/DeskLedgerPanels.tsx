// The desk's two record panels: the items held at the desk, with "Return to owner", and
// the ledger (filter by kind or name, the last 200 entries newest first, kinds in words, undo). DeskRecord.tsx
// places them and makes the entries they ask for.
import { memo, useCallback, useRef, useState } from 'react';
import { heldAtDesk } from '../../core/desk/custody';
import { foldEvent } from '../../core/desk/fold';
import type { DeskEvent } from '../../core/desk/event';
import { LEDGER_KINDS, type LedgerEntry } from '../../core/desk/entries';
import { useT } from '../app/i18n';
import { entryDetails, kindWords, type LedgerNames } from './ledger-words';

export function HeldItems({ event, nameOf, onReturn }: { event: DeskEvent; nameOf: Map<string, string>; onReturn: (h: ReturnType<typeof heldAtDesk>[number]) => void }) {
  const { t } = useT();
  const held = heldAtDesk(event);
  return (
    <section className="desk-panel desk-held" aria-label={t('desk.held.heading')}>
      <h3>{t('desk.held.heading')}</h3>
      {held.length === 0 ? (
        <p className="desk-none">{t('desk.held.none')}</p>
      ) : (
        <ul>
          {held.map((h) => (
            <li key={h.item}>
              {h.name || h.item} — {nameOf.get(h.owner) ?? h.owner} ({h.why === 'theft' || h.why === 'death' || h.why === 'other' ? t(`desk.held.why.${h.why}`) : h.why}){' '}
              <button type="button" className="desk-small" onClick={() => onReturn(h)}>
                {t('desk.held.returnToOwner')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** One line of the ledger panel: drawn again only when its entry's state or name changed (a check-in adds one line, not 200). */
const LedgerLine = memo(function LedgerLine({ entry: e, cancelled, name, details, onUndo }: { entry: LedgerEntry; cancelled: boolean; name: string; details: string; onUndo: (id: string, character?: string) => void }) {
  const tools = useT();
  const { t } = tools;
  return (
    <li className={cancelled ? 'is-cancelled' : undefined}>
      <time dateTime={e.at}>{tools.when(e.at)}</time> {kindWords(e.kind, t)} {name || e.character || ''}
      {details && <span className="desk-ledger-details">: {details}</span>} <span className="desk-sub">{e.desk}</span>
      {cancelled && <span>{t('desk.ledger.undone')}</span>}
      {!cancelled && e.kind !== 'printed' && e.kind !== 'undo' && e.kind !== 'item-transferred' && e.kind !== 'approved' && e.kind !== 'sent-back' && (
        <button type="button" className="desk-small" onClick={() => onUndo(e.id, e.character)} aria-label={t('desk.ledger.undoLabel', { kind: kindWords(e.kind, t), name })}>
          {t('desk.ledger.undo')}
        </button>
      )}
    </li>
  );
});

/** Entries the ledger panel lists (the latest that match). */
const SHOWN = 200;

export function LedgerPanel({ event, nameOf, itemNames, onUndo }: { event: DeskEvent; nameOf: Map<string, string>; itemNames: ReadonlyMap<string, string>; onUndo: (id: string, character?: string) => void }) {
  const tools = useT();
  const { t, tn } = tools;
  const [kind, setKind] = useState('');
  const [query, setQuery] = useState('');
  const folded = foldEvent(event);
  const names: LedgerNames = { character: nameOf, item: itemNames, byId: folded.byId };
  // One callback for every line, whatever the caller passes this time, so that lines are not drawn again for it.
  const latest = useRef(onUndo);
  latest.current = onUndo;
  const undo = useCallback((id: string, character?: string) => latest.current(id, character), []);
  const q = query.trim().toLowerCase();
  const matches = (e: LedgerEntry) => (!kind || e.kind === kind) && (!q || (e.character && (nameOf.get(e.character) ?? '').toLowerCase().includes(q)) || JSON.stringify(e).toLowerCase().includes(q));
  // The latest matches, newest first: walked from the end, so a long ledger costs what is shown.
  const last: LedgerEntry[] = [];
  for (let i = folded.entries.length - 1; i >= 0 && last.length < SHOWN; i--) if (matches(folded.entries[i]!)) last.push(folded.entries[i]!);
  return (
    <section className="desk-panel desk-ledger" aria-label={t('desk.ledger.label')}>
      <h3>{tn('desk.ledger.heading', folded.entries.length)}</h3>
      <label>
        <span className="label-text">{t('desk.ledger.kind')}</span>
        <select value={kind} onChange={(e) => setKind(e.target.value)}>
          <option value="">{t('desk.ledger.all')}</option>
          {[...LEDGER_KINDS].sort().map((k) => (
            <option key={k} value={k}>
              {kindWords(k, t)}
            </option>
          ))}
        </select>
      </label>
      <label>
        <span className="label-text">{t('desk.ledger.search')}</span>
        <input type="search" value={query} onChange={(e) => setQuery(e.target.value)} />
      </label>
      <ol className="desk-ledger-list">
        {last.map((e) => (
          <LedgerLine key={e.id} entry={e} cancelled={folded.cancelled.has(e.id)} name={e.character ? (nameOf.get(e.character) ?? '') : ''} details={entryDetails(e, names, tools)} onUndo={undo} />
        ))}
      </ol>
    </section>
  );
}
