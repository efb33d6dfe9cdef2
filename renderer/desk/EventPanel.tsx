// The event file of the open folder: its name, game and dates under the heading; when there is none
// yet, a form to create it; when there are several, a choice; when it cannot be read, why (it is
// left as it is, and check-in waits until it is fixed) and its newest backup that opens, restored
// with one button.
import { useId, useState, type FormEvent } from 'react';
import type { DeskFolder, EventBackupOffer, EventInit } from '../../core/ipc/contract';
import type { DeskEvent } from '../../core/desk/event';
import { RULESET_IDS } from '../../core/model/ids';
import { newestFirst } from '../../core/season/season';
import type { SeasonEventRef } from '../../core/season/types';
import type { DeskActions } from './actions';
import type { DeskBusy } from './store';
import { rulesetName } from '../app/format';
import { useT } from '../app/i18n';

export function gameName(game: string): string {
  return (RULESET_IDS as readonly string[]).includes(game) ? rulesetName(game as (typeof RULESET_IDS)[number]) : game;
}

export function EventLine({ event, path }: { event: DeskEvent; path: string }) {
  const { t, day } = useT();
  const { start, end } = event.dates;
  const dates = start === end ? day(start) : t('desk.event.dates', { start: day(start), end: day(end) });
  return (
    <p className="desk-event-line">
      <strong>{event.name}</strong>
      {event.game && <span> · {gameName(event.game)}</span>}
      <span> · {dates}</span>
      <span className="file-name"> {t('desk.event.file', { file: path.split(/[\\/]/).pop() ?? path })}</span>
    </p>
  );
}

/** "YYYY-MM-DD" of the desk's clock today. */
export function localDay(now: Date = new Date()): string {
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/** A warning while the desk's date is outside the event's dates: check-ins made now are recorded with today's date. */
export function OutsideDates({ event, now }: { event: DeskEvent; now?: Date }) {
  const { t, day } = useT();
  const today = localDay(now);
  if (today >= event.dates.start && today <= event.dates.end) return null;
  return (
    <p className="banner banner-warning desk-outside" role="status">
      {t(today < event.dates.start ? 'desk.beforeDates' : 'desk.afterDates', { today: day(today), start: day(event.dates.start), end: day(event.dates.end) })}
    </p>
  );
}

export function EventPanel({ desk, actions, busy }: { desk: DeskFolder; actions: DeskActions; busy: DeskBusy }) {
  const { t } = useT();
  const datesText = useDatesText();
  const file = desk.eventFile;
  switch (file.kind) {
    case 'file':
      return file.season ? <SeasonChooser events={file.season.events} current={file.path} earlier={file.season.place.earlier.length} actions={actions} busy={busy} /> : null;
    case 'none':
      return <NewEventForm suggested={file.suggested} tied={file.tied ?? []} actions={actions} busy={busy} />;
    case 'bad':
      return (
        <div className="banner banner-error desk-bad-event" role="alert">
          <p>
            <strong>{t('desk.event.badHeading')}</strong> {file.message}
          </p>
          <p>{t('desk.event.badBody')}</p>
          <RestoreOffer offer={file.backup} folder={file.backups} actions={actions} busy={busy} />
        </div>
      );
    case 'several':
      return (
        <section className="panel" aria-labelledby="desk-several">
          <h2 id="desk-several">{t('desk.event.severalHeading')}</h2>
          <p>{t('desk.event.severalBody')}</p>
          <ul className="desk-choices">
            {newestFirst(file.events ?? []).map((e) => (
              <li key={e.path}>
                <button type="button" onClick={() => void actions.reload(e.path)} disabled={busy !== null}>
                  {t('desk.event.open', { name: e.name, dates: datesText(e) })}
                </button>
              </li>
            ))}
            {file.files.filter((f) => !(file.events ?? []).some((e) => e.path === f)).map((f) => {
              const name = f.split(/[\\/]/).pop() ?? f;
              return (
                <li key={f}>
                  <button type="button" onClick={() => void actions.reload(f)} disabled={busy !== null}>
                    {t('desk.event.use', { file: name })}
                  </button>
                </li>
              );
            })}
          </ul>
        </section>
      );
  }
}

/** The season's events, newest first: another one opens within the season as this one did. */
function SeasonChooser({ events, current, earlier, actions, busy }: { events: SeasonEventRef[]; current: string; earlier: number; actions: DeskActions; busy: DeskBusy }) {
  const { t, tn } = useT();
  const datesText = useDatesText();
  const id = useId();
  return (
    <div className="desk-season">
      <label htmlFor={id}>{t('desk.season.label')}</label>{' '}
      <select id={id} value={current} disabled={busy !== null} onChange={(e) => void actions.reload(e.target.value)}>
        {newestFirst(events).map((e) => (
          <option key={e.path} value={e.path}>
            {t('desk.season.option', { name: e.name, dates: datesText(e) })}
          </option>
        ))}
      </select>{' '}
      {earlier > 0 && <span className="hint">{tn('desk.season.earlier', earlier)}</span>}
    </div>
  );
}

/** An event's dates in words: one day, or from and to. */
function useDatesText(): (e: { start: string; end: string }) => string {
  const { t, day } = useT();
  return (e) => (e.start === e.end ? day(e.start) : t('desk.event.dates', { start: day(e.start), end: day(e.end) }));
}

/** The newest backup that opens, what restoring it keeps and loses, and the one button that restores it; or where the backups are. */
function RestoreOffer({ offer, folder, actions, busy }: { offer: EventBackupOffer | null; folder: string; actions: DeskActions; busy: DeskBusy }) {
  const { tn, t, dateTime } = useT();
  if (!offer) return <p>{t('desk.restore.none', { folder })}</p>;
  const when = dateTime(offer.savedMs);
  const shown = offer.unreadable.slice(0, 10).join(', ') + (offer.unreadable.length > 10 ? ', …' : '');
  return (
    <>
      <p>
        {tn('desk.restore.offer', offer.entries, { when })}{' '}
        {!offer.readable ? t('desk.restore.notReadable') : offer.otherEvent ? t('desk.restore.otherEvent') : offer.addedBack > 0 ? tn('desk.restore.addedBack', offer.addedBack) : t('desk.restore.nothingNew')}{' '}
        {offer.unreadable.length > 0 && tn('desk.restore.unreadable', offer.unreadable.length, { lines: shown })}
      </p>
      <p>{t('desk.restore.keeps', { folder })}</p>
      <p>
        <button type="button" className="primary" onClick={() => void actions.restoreBackup(offer.id)} disabled={busy !== null}>
          {tn('desk.restore.button', offer.entries, { when })}
        </button>
      </p>
    </>
  );
}

/** The select's values for "another game" (typed in) and for no choice yet (a tie): never a ruleset id. */
const OTHER = '*other';
const CHOOSE = '';

function NewEventForm({ suggested, tied, actions, busy }: { suggested: EventInit; tied: readonly string[]; actions: DeskActions; busy: DeskBusy }) {
  const { t } = useT();
  const id = useId();
  const known = (RULESET_IDS as readonly string[]).includes(suggested.game);
  const [name, setName] = useState(suggested.name);
  // On a tie nothing is chosen for the volunteer: the form asks.
  const [game, setGame] = useState(known ? suggested.game : tied.length > 1 ? CHOOSE : OTHER);
  const [otherGame, setOtherGame] = useState(known ? '' : suggested.game);
  const [start, setStart] = useState(suggested.start);
  const [end, setEnd] = useState(suggested.end);
  const [problem, setProblem] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (name.trim() === '') return setProblem(t('desk.event.needName'));
    if (!/^\d{4}-\d{2}-\d{2}$/.test(start) || !/^\d{4}-\d{2}-\d{2}$/.test(end)) return setProblem(t('desk.event.needDates'));
    if (end < start) return setProblem(t('desk.event.endBeforeStart'));
    if (game === CHOOSE) return setProblem(t('desk.event.needGame'));
    setProblem(null);
    await actions.createEvent({ name: name.trim(), game: game === OTHER ? otherGame.trim() : game, start, end });
  };

  return (
    <section className="panel desk-new-event" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{t('desk.event.noneHeading')}</h2>
      <p>{t('desk.event.noneBody')}</p>
      {tied.length > 1 && <p className="banner banner-warning">{t('desk.event.tie', { games: tied.map(gameName).join(', ') })}</p>}
      <form className="desk-event-form" onSubmit={(e) => void submit(e)} noValidate>
        <div className="field">
          <label htmlFor={`${id}-name`}>{t('desk.event.name')}</label>
          <input id={`${id}-name`} value={name} maxLength={200} onChange={(e) => setName(e.target.value)} required />
        </div>
        <div className="field">
          <label htmlFor={`${id}-game`}>{t('desk.event.game')}</label>
          <select id={`${id}-game`} value={game} onChange={(e) => setGame(e.target.value)} aria-invalid={problem !== null && game === CHOOSE ? true : undefined}>
            {game === CHOOSE && (
              <option value={CHOOSE} disabled>
                {t('desk.event.chooseGame')}
              </option>
            )}
            {RULESET_IDS.map((r) => (
              <option key={r} value={r}>
                {rulesetName(r)}
              </option>
            ))}
            <option value={OTHER}>{t('desk.event.otherGame')}</option>
          </select>
        </div>
        {game === OTHER && (
          <div className="field">
            <label htmlFor={`${id}-other`}>{t('desk.event.otherGameName')}</label>
            <input id={`${id}-other`} value={otherGame} maxLength={200} onChange={(e) => setOtherGame(e.target.value)} />
          </div>
        )}
        <div className="field">
          <label htmlFor={`${id}-start`}>{t('desk.event.start')}</label>
          <input id={`${id}-start`} type="date" value={start} onChange={(e) => setStart(e.target.value)} required />
        </div>
        <div className="field">
          <label htmlFor={`${id}-end`}>{t('desk.event.end')}</label>
          <input id={`${id}-end`} type="date" value={end} min={start} onChange={(e) => setEnd(e.target.value)} required />
        </div>
        <div className="desk-form-submit">
          <button type="submit" className="primary" disabled={busy !== null}>
            {t('desk.event.create')}
          </button>
        </div>
        {problem && (
          <p className="error-text desk-form-problem" role="alert">
            {problem}
          </p>
        )}
      </form>
    </section>
  );
}
