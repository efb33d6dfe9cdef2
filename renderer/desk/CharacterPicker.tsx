// A character picker for the desk's dialogs (Record… → Item transferred: who receives it): a text
// box that finds characters by any part of their name or their player's name, over a list of them
// by name. Only those who can receive are listed (core/desk/recipients.ts: not the giver, not the
// dead or retired); a search that finds nobody says so, and names anyone it matched who is left
// out as dead or retired, so the volunteer knows why they are not offered.
//
// The ARIA combobox pattern with a list always shown: the focus stays in the text box, ↑ ↓ move
// through the list (aria-activedescendant), Enter or a click picks; Escape is the dialog's (close).
import { useEffect, useId, useMemo, useState, type KeyboardEvent } from 'react';
import { findRecipients, type Recipient } from '../../core/desk/recipients';
import { useT } from '../app/i18n';

/** More than this many matches: the first ones are listed, and the volunteer is asked to type more. */
const SHOWN_AT_MOST = 100;

type Props = {
  /** The text box's id (the label points at it). */
  id: string;
  label: string;
  /** Who can be picked, in the order shown. */
  list: readonly Recipient[];
  /** Who is left out as dead or retired (named when a search finds only them). */
  leftOut: readonly Recipient[];
  /** The picked character's id, '' for none. */
  value: string;
  onChange: (id: string) => void;
};

const labelOf = (r: Recipient) => (r.player.trim() ? `${r.name} (${r.player.trim()})` : r.name);

export function CharacterPicker({ id, label, list, leftOut, value, onChange }: Props) {
  const { t } = useT();
  const uid = useId();
  const [query, setQuery] = useState('');
  const found = useMemo(() => findRecipients(list, query), [list, query]);
  const shown = found.length > SHOWN_AT_MOST ? found.slice(0, SHOWN_AT_MOST) : found;
  const [active, setActive] = useState(0);
  const at = Math.min(active, Math.max(0, shown.length - 1));
  const listId = `${uid}-list`;
  const optionId = (i: number) => `${uid}-o${i}`;
  const chosen = value ? list.find((r) => r.id === value) : undefined;

  useEffect(() => {
    document.getElementById(optionId(at))?.scrollIntoView?.({ block: 'nearest' });
  });

  const pick = (r: Recipient) => {
    onChange(r.id);
    setQuery(r.name);
    setActive(Math.max(0, findRecipients(list, r.name).indexOf(r)));
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.nativeEvent.isComposing) return;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      setActive(Math.max(0, Math.min(shown.length - 1, at + (e.key === 'ArrowDown' ? 1 : -1))));
    } else if (e.key === 'Enter') {
      // Enter picks; it never records (the dialog's Record button does).
      const r = shown[at];
      if (r) pick(r);
    } else return;
    e.preventDefault();
  };

  const text = query.trim();
  const missedOut = text && found.length === 0 ? findRecipients(leftOut, text) : [];
  const said =
    list.length === 0
      ? t('desk.pick.noneCan')
      : text && found.length === 0
        ? [t('desk.pick.nobody', { query: text }), missedOut.length > 0 ? t('desk.pick.leftOut', { names: missedOut.map(labelOf).join(', ') }) : ''].filter(Boolean).join(' ')
        : found.length > shown.length
          ? t('desk.pick.more', { shown: shown.length, count: found.length })
          : chosen
            ? t('desk.pick.chosen', { name: labelOf(chosen) })
            : '';

  return (
    <div className="field desk-pick">
      <label htmlFor={id} id={`${uid}-label`}>
        {label}
      </label>
      <input
        id={id}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={shown.length > 0}
        aria-controls={shown.length > 0 ? listId : undefined}
        aria-activedescendant={shown.length > 0 ? optionId(at) : undefined}
        aria-describedby={`${uid}-hint ${uid}-said`}
        value={query}
        onChange={(e) => {
          setQuery(e.target.value);
          setActive(0);
          if (value) onChange('');
        }}
        onKeyDown={onKeyDown}
        autoComplete="off"
        spellCheck={false}
      />
      <span id={`${uid}-hint`} className="hint">
        {t('desk.pick.hint')}
      </span>
      {shown.length > 0 && (
        <ul id={listId} role="listbox" aria-labelledby={`${uid}-label`}>
          {shown.map((r, i) => (
            <li
              key={r.id}
              id={optionId(i)}
              role="option"
              aria-selected={r.id === value}
              className={[i === at ? 'is-active' : '', r.id === value ? 'is-chosen' : ''].filter(Boolean).join(' ') || undefined}
              // The focus stays in the text box: a click picks without taking it.
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => pick(r)}
            >
              <strong>{r.name.trim() || t('library.unnamed')}</strong>
              {r.player.trim() && <span> · {r.player.trim()}</span>}
            </li>
          ))}
        </ul>
      )}
      <p id={`${uid}-said`} className="desk-pick-said" role="status">
        {said}
      </p>
    </div>
  );
}
