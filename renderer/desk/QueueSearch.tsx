// The desk's search box is also its queue: type a name (or scan a card: a scanner types the card's
// code, then Enter) and Enter checks that player in, empties the box and keeps the focus there for
// the next one. Several waiting matches: a short list asks which (arrows, Enter; Esc goes back).
// Nobody is ever checked out from here, so a second Enter cannot undo the first.
import { useEffect, useId, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { parseCardCode } from '../../core/pdf/card-code';
import type { DeskActions } from './actions';
import { queueChoice } from './queue';
import type { Line, ShownRow } from './rows';
import type { DeskStore } from './store';
import { rulesetName } from '../app/format';
import { useT } from '../app/i18n';

/** The search box's id: a check-in from a row's button sends the focus back here. */
export const QUEUE_SEARCH_ID = 'desk-queue-search';

/** Puts the focus back in the search box without scrolling the table away. */
export function focusQueue(): void {
  document.getElementById(QUEUE_SEARCH_ID)?.focus({ preventScroll: true });
}

type Props = { store: DeskStore; actions: DeskActions; query: string; lines: readonly Line[]; rows: readonly ShownRow[]; canCheckIn: boolean; search: RefObject<HTMLInputElement | null> };

export function QueueSearch({ store, actions, query, lines, rows, canCheckIn, search }: Props) {
  const { t, when } = useT();
  const id = useId();
  const [message, setMessage] = useState('');
  const [choices, setChoices] = useState<ShownRow[] | null>(null);
  const [active, setActive] = useState(0);
  const list = useRef<HTMLUListElement>(null);
  const nameOf = (r: ShownRow) => r.name.trim() || t('library.unnamed');

  useEffect(() => {
    if (choices) list.current?.focus();
  }, [choices]);

  const done = (text: string) => {
    setMessage(text);
    setChoices(null);
    actions.setFilter({ query: '' });
    search.current?.focus();
  };

  const checkIn = (r: ShownRow) => {
    actions.checkIn(r.id!, nameOf(r));
    done(t('desk.queue.checkedIn', { name: nameOf(r) }));
  };

  const scan = async (code: string) => {
    actions.setFilter({ query: '' });
    await actions.verify(code);
    const v = store.get().verify;
    if (actions.checkInVerified() && v?.kind === 'match') return done(t('desk.queue.checkedIn', { name: v.name.trim() || t('library.unnamed') }));
    done(t('desk.queue.cardNotIn'));
  };

  const onEnter = () => {
    const text = query.trim();
    if (text === '') return;
    if (!canCheckIn) return setMessage(t('desk.queue.noEvent'));
    if (parseCardCode(text)) return void scan(text);
    const choice = queueChoice(lines, rows);
    switch (choice.kind) {
      case 'nobody':
        return setMessage(t('desk.queue.nobody', { query: text }));
      case 'none-waiting': {
        const r = choice.row;
        return setMessage(r.checkedInAt !== null ? t('desk.queue.alreadyIn', { name: nameOf(r), time: when(r.checkedInAt) }) : t('desk.queue.cannot', { name: nameOf(r) }));
      }
      case 'one':
        return checkIn(choice.row);
      case 'several':
        setMessage('');
        setActive(0);
        return setChoices(choice.rows);
    }
  };

  const back = () => {
    setChoices(null);
    search.current?.focus();
  };

  const onListKey = (e: KeyboardEvent<HTMLUListElement>) => {
    if (!choices) return;
    const step: Record<string, number> = { ArrowDown: 1, ArrowUp: -1, Home: -choices.length, End: choices.length };
    if (step[e.key] !== undefined) setActive((a) => Math.max(0, Math.min(choices.length - 1, a + step[e.key]!)));
    else if (e.key === 'Enter' || e.key === ' ') checkIn(choices[active]!);
    else if (e.key === 'Escape') back();
    else return;
    e.preventDefault();
  };

  return (
    <div className="desk-queue">
      <label className="search">
        <span className="label-text">{t('desk.search')}</span>
        <input
          id={QUEUE_SEARCH_ID}
          ref={search}
          type="search"
          value={query}
          onChange={(e) => {
            setChoices(null);
            actions.setFilter({ query: e.target.value });
          }}
          onKeyDown={(e) => {
            if (e.key !== 'Enter' || e.nativeEvent.isComposing) return;
            e.preventDefault();
            onEnter();
          }}
          aria-describedby={`${id}-hint ${id}-said`}
          aria-keyshortcuts="Control+F Meta+F"
          autoComplete="off"
          spellCheck={false}
        />
      </label>
      <span id={`${id}-hint`} className="hint">
        {t('desk.queue.hint')}
      </span>
      <p id={`${id}-said`} className="desk-queue-said" role="status">
        {message}
      </p>
      {choices && (
        <div className="desk-queue-pick">
          <p id={`${id}-which`}>{t('desk.queue.which', { query: query.trim() })}</p>
          <ul ref={list} role="listbox" tabIndex={0} aria-labelledby={`${id}-which`} aria-activedescendant={`${id}-o${active}`} onKeyDown={onListKey}>
            {choices.map((r, i) => (
              <li key={r.file} id={`${id}-o${i}`} role="option" aria-selected={i === active} className={i === active ? 'is-active' : undefined} onClick={() => checkIn(r)}>
                <strong>{nameOf(r)}</strong>
                {r.player.trim() && <span> · {r.player.trim()}</span>}
                {r.ruleset && <span> · {rulesetName(r.ruleset)}</span>}
              </li>
            ))}
          </ul>
          <p className="hint">
            {t('desk.queue.pickHint')}{' '}
            <button type="button" className="desk-small" onClick={back}>
              {t('app.cancel')}
            </button>
          </p>
        </div>
      )}
    </div>
  );
}
