// The event desk: an event folder's characters grouped by player with their armour, hits, power
// points or energy and rule problems; filter to problems and search; check in (with undo, Ctrl+Z);
// totals; verify a card; the check-in sheet and "reprint changed"; the search box is also the
// check-in queue (QueueSearch.tsx). Loaded on first use (DeskEntry).
import { Fragment, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { QuartermasterApi } from '../../core/ipc/contract';
import type { DeskEvent } from '../../core/desk/event';
import { deskActionsFor, type DeskActions } from './actions';
import { filterLines, gamesOf, groupRows, searchTexts, totalsOf, withEvent, type ShownRow } from './rows';
import { deskStoreFor, useDeskState, type DeskFilter, type DeskStore } from './store';
import { rulesetName } from '../app/format';
import { useT } from '../app/i18n';
import { DeskSharing } from './DeskSharing';
import { DeskTable } from './DeskTable';
import { EventLine, EventPanel, OutsideDates } from './EventPanel';
import { ReprintResult } from './ReprintResult';
import { DeskPrintDialog } from './DeskPrintDialog';
import { VerifyCard } from './VerifyCard';
import { QueueSearch } from './QueueSearch';
import { DeskRecordPanels } from './DeskRecord';
import { DeskUndoButtons, UndoConsequence } from './DeskUndoBar';
import { bookingIds, DeskBookings, DeskBookingFilter } from './DeskBookings';
import { deskBookings } from '../../core/season/bookings-report';
import { currentBookings } from '../../core/season/bookings-import';
import { candidateIndex } from '../../core/season/bookings-state';
import { useAutoRefresh, useFindShortcut, useUndoShortcut } from './desk-view-hooks';
import { dropOnDesk } from './drop';
import { droppedFiles, useFileDrop } from '../app/file-drop';
import { DropHint } from '../app/DropHint';
import { ApprovalPanel } from '../season/ApprovalPanel';
import './desk.css';

/** Rows of a folder with no event file yet: nobody checked in, nothing printed. */
const NO_EVENT: DeskEvent = { format: 'quartermaster-event', version: 3, id: '00000000-0000-4000-8000-000000000000', name: '', game: '', dates: { start: '1970-01-01', end: '1970-01-01' }, entries: [] };

export default function DeskView({ api, onLeave }: { api: QuartermasterApi; onLeave: () => void }) {
  const store = deskStoreFor(api);
  const actions = deskActionsFor(store, api);
  const { t } = useT();
  const desk = useDeskState(store, (s) => s.desk);
  const event = useDeskState(store, (s) => s.event);
  const busy = useDeskState(store, (s) => s.busy);
  const notice = useDeskState(store, (s) => s.notice);
  const announcement = useDeskState(store, (s) => s.announcement);
  const heading = useRef<HTMLHeadingElement>(null);
  /** The folder chosen through the empty screen's "Join an event…": its join form opens at once. */
  const [joinInto, setJoinInto] = useState<string | null>(null);

  useEffect(() => heading.current?.focus(), []);
  useUndoShortcut(store, actions, api);
  useAutoRefresh(store, actions, api);
  // Event folders and event files dropped on the window open here (desk-drop.ts).
  const onDrop = useCallback((files: File[]) => void dropOnDesk(store, api, actions, droppedFiles(files, (f) => api.pathForFile?.(f) ?? '')), [store, api, actions]);
  const dragging = useFileDrop(onDrop);

  const kind = desk?.eventFile.kind;
  return (
    <section className="screen desk" aria-labelledby="screen-heading">
      <header className="screen-header">
        <div>
          <button type="button" className="back-button" onClick={onLeave}>
            <span aria-hidden="true">← </span>
            {t('desk.back')}
          </button>
          <h1 id="screen-heading" tabIndex={-1} ref={heading}>
            {t('desk.heading')}
          </h1>
          {desk && <p className="folder">{t('desk.folder', { folder: desk.folder })}</p>}
          {desk?.eventFile.kind === 'file' && event && <EventLine event={event} path={desk.eventFile.path} />}
          {desk?.eventFile.kind === 'file' && event && <OutsideDates event={event} now={actions.now()} />}
          {desk?.eventFile.kind === 'file' && desk.eventFile.season && <EventPanel desk={desk} actions={actions} busy={busy} />}
        </div>
        <div className="toolbar" role="group" aria-label={t('desk.heading')}>
          <button type="button" className={desk ? undefined : 'primary'} onClick={() => void actions.openFolder()} disabled={busy === 'open'}>
            {t('desk.openFolder')}
          </button>
          {desk && (
            <button type="button" onClick={() => void actions.reload()} disabled={busy !== null}>
              {t('desk.reload')}
            </button>
          )}
        </div>
      </header>

      {notice && (
        <div className={`notice notice-${notice.kind}`} role={notice.kind === 'error' ? 'alert' : 'status'}>
          <p>{notice.text}</p>
          <button type="button" onClick={() => actions.dismissNotice()}>
            {t('app.dismiss')}
          </button>
        </div>
      )}
      {busy === 'load' || busy === 'open' ? <p role="status">{t('app.loading')}</p> : null}

      {!desk && (
        <div className="empty-state">
          <h2>{t('desk.empty.heading')}</h2>
          <p>{t('desk.empty.body')}</p>
          <div className="button-row">
            <button type="button" className="primary" onClick={() => void actions.openFolder()}>
              {t('desk.openFolder')}
            </button>
          </div>
          <p>{t('desk.empty.joinBody')}</p>
          <div className="button-row">
            <button type="button" onClick={() => void actions.openFolder().then((folder) => setJoinInto(folder))}>
              {t('desk.sync.join')}
            </button>
          </div>
        </div>
      )}

      {/* Keyed by folder: what was typed or said about one folder is not carried to the next. */}
      {desk && (
        <Fragment key={desk.folder}>
          {/* A folder chosen to join into gets its event file from the other desks: no form to make one meanwhile. */}
          {kind !== 'file' && !(kind === 'none' && joinInto === desk.folder) && <EventPanel desk={desk} actions={actions} busy={busy} />}
          <DeskSharing api={api} folder={desk.folder} joining={joinInto === desk.folder} onJoinCancel={() => setJoinInto(null)} />
          <DeskBody store={store} actions={actions} event={event ?? NO_EVENT} canCheckIn={kind === 'file'} canSheet={kind === 'file' || kind === 'none'} />
          {kind === 'file' && <DeskRecordPanels store={store} api={api} actions={actions} />}
          {kind === 'file' && <ApprovalPanel api={api} store={store} actions={actions} />}
        </Fragment>
      )}

      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
      {dragging && <DropHint text={t('desk.drop.hint')} detail={t('desk.drop.hintDetail')} />}
    </section>
  );
}

function DeskBody({ store, actions, event, canCheckIn, canSheet }: { store: DeskStore; actions: DeskActions; event: DeskEvent; canCheckIn: boolean; canSheet: boolean }) {
  const { t, tn, num } = useT();
  const desk = useDeskState(store, (s) => s.desk)!;
  const filter = useDeskState(store, (s) => s.filter);
  const busy = useDeskState(store, (s) => s.busy);
  const unsaved = useDeskState(store, (s) => s.unsaved);
  const saveFailed = useDeskState(store, (s) => s.saveFailed);
  const reprint = useDeskState(store, (s) => s.reprint);
  const [choosingPrint, setChoosingPrint] = useState(false);
  const search = useRef<HTMLInputElement>(null);

  // The event applied to the rows from the main process; unchanged rows keep their identity. The
  // groups and their order do not depend on the event, so a check-in neither regroups nor re-sorts.
  const previous = useRef<ShownRow[]>([]);
  const rows = useMemo(() => (previous.current = withEvent(desk.rows, event, previous.current)), [desk.rows, event]);
  const groups = useMemo(() => groupRows(desk.rows), [desk.rows]);
  const games = useMemo(() => gamesOf(desk.rows), [desk.rows]);
  const totals = useMemo(() => totalsOf(rows), [rows]);
  // The search text is made when a search is first typed, not before the first rows.
  const searching = filter.query.trim() !== '';
  const texts = useMemo(() => (searching ? searchTexts(desk.rows, rulesetName) : null), [desk.rows, searching]);
  const byArrival = filter.arrival !== 'all';
  // The names' index is made once per folder read (a check-in changes no name), and only once the event holds bookings.
  const booked = useMemo(() => currentBookings(event).length > 0, [event]);
  const index = useMemo(() => (booked ? candidateIndex(desk.rows.filter((r) => r.id !== null) as { id: string; name: string; player: string }[]) : null), [desk.rows, booked]);
  const bookings = useMemo(() => (index ? deskBookings(rows, event, { index }) : null), [rows, event, index]);
  const ids = useMemo(() => bookingIds(bookings, filter.booking ?? ''), [bookings, filter.booking]);
  const lines = useMemo(() => filterLines(groups, rows, { ...filter, ids }, texts), [groups, filter, ids, texts, byArrival ? rows : null]); // eslint-disable-line react-hooks/exhaustive-deps
  const shown = useMemo(() => lines.reduce((n, l) => n + (l.kind === 'row' ? 1 : 0), 0), [lines]);
  useFindShortcut(search);

  const stats: [string, number][] = [
    [tn('desk.totals.characters', totals.characters), totals.characters],
    [tn('desk.totals.clean', totals.clean), totals.clean],
    [tn('desk.totals.withErrors', totals.withErrors), totals.withErrors],
    [tn('desk.totals.checkedIn', totals.checkedIn), totals.checkedIn],
  ];
  if (totals.unreadable > 0) stats.push([tn('desk.totals.unreadable', totals.unreadable), totals.unreadable]);
  const filtered = filter.query !== '' || filter.problemsOnly || filter.arrival !== 'all' || filter.game !== '' || !!filter.booking;

  return (
    <>
      <div className="desk-summary">
        <ul className="desk-totals" aria-label={t('desk.totals.label')}>
          {stats.map(([label, n], i) => (
            <li key={i} className={i === 2 && n > 0 ? 'has-errors' : undefined}>
              <span className="desk-total-number">{num(n)}</span> <span className="desk-total-label">{label}</span>
            </li>
          ))}
        </ul>
        <div className="toolbar desk-actions" role="group" aria-label={t('desk.printing')}>
          <button type="button" onClick={() => void actions.exportSheet('pdf')} disabled={!canSheet || busy !== null}>
            {t('desk.sheetPdf')}
          </button>
          <button type="button" onClick={() => void actions.exportSheet('csv')} disabled={!canSheet || busy !== null}>
            {t('desk.sheetCsv')}
          </button>
          <button type="button" className="primary" onClick={() => setChoosingPrint(true)} disabled={!canCheckIn || busy !== null}>
            {busy === 'reprint' ? t('desk.reprinting') : t('desk.reprint')}
          </button>
        </div>
      </div>

      <DeskBookings actions={actions} rows={rows} view={bookings} canImport={canCheckIn} canExport={canSheet} busy={busy} />
      {choosingPrint && <DeskPrintDialog actions={actions} onClose={() => setChoosingPrint(false)} />}
      {reprint && <ReprintResult outcome={reprint} folder={desk.folder} onDismiss={() => actions.dismissReprint()} />}

      <div className="desk-tools">
        <div className="desk-filters" role="search" aria-label={t('desk.filters')}>
          <QueueSearch store={store} actions={actions} query={filter.query} lines={lines} rows={rows} canCheckIn={canCheckIn} search={search} />
          <div className="desk-selects">
            <label>
              <span className="label-text">{t('desk.arrival.label')}</span>
              <select value={filter.arrival} onChange={(e) => actions.setFilter({ arrival: e.target.value as DeskFilter['arrival'] })}>
                <option value="all">{t('desk.arrival.all')}</option>
                <option value="waiting">{t('desk.arrival.waiting')}</option>
                <option value="in">{t('desk.arrival.in')}</option>
              </select>
            </label>
            {bookings && <DeskBookingFilter value={filter.booking ?? ''} onChange={(booking) => actions.setFilter({ booking })} />}
            {games.length > 1 && (
              <label>
                <span className="label-text">{t('desk.gameFilter')}</span>
                <select value={filter.game} onChange={(e) => actions.setFilter({ game: e.target.value })}>
                  <option value="">{t('desk.allGames')}</option>
                  {games.map((g) => (
                    <option key={g} value={g}>
                      {rulesetName(g)}
                    </option>
                  ))}
                </select>
              </label>
            )}
          </div>
          <div className="desk-checks">
            <label className="check">
              <input type="checkbox" checked={filter.problemsOnly} onChange={(e) => actions.setFilter({ problemsOnly: e.target.checked })} />
              {t('desk.problemsOnly')}
            </label>
            <label className="check">
              <input type="checkbox" checked={filter.includeWarnings} disabled={!filter.problemsOnly} onChange={(e) => actions.setFilter({ includeWarnings: e.target.checked })} />
              {t('desk.includeWarnings')}
            </label>
          </div>
          <div className="desk-undo-row">
            <DeskUndoButtons store={store} actions={actions} />
            {/* A failed append is dropped from the queue (unsaved goes back to 0): the failure itself says "not saved" until an append succeeds. */}
            {canCheckIn && <span className={`save-state${unsaved > 0 || saveFailed ? ' is-dirty' : ''}${unsaved > 0 ? ' is-saving' : ''}`}>{unsaved > 0 ? t('desk.saving') : saveFailed ? t('desk.notSaved') : t('desk.saved')}</span>}
          </div>
        </div>
        <VerifyCard store={store} actions={actions} canCheckIn={canCheckIn} />
      </div>
      <UndoConsequence store={store} actions={actions} />

      <p className="count desk-count" role="status">
        {shown === rows.length ? tn('desk.shownAll', rows.length) : tn('desk.shown', rows.length, { shown: num(shown) })}
      </p>
      {lines.length > 0 ? (
        <DeskTable lines={lines} groups={groups} rows={rows} folder={desk.folder} actions={actions} canCheckIn={canCheckIn} />
      ) : (
        <div className="no-match">
          <p>{rows.length === 0 ? t('desk.noCharacters') : filter.arrival === 'waiting' && !filter.query && !filter.problemsOnly ? t('desk.allArrived') : t('desk.noMatch')}</p>
          {rows.length > 0 && filtered && (
            <button type="button" onClick={() => actions.setFilter({ query: '', problemsOnly: false, arrival: 'all', game: '', booking: '' })}>
              {t('desk.showAll')}
            </button>
          )}
        </div>
      )}
    </>
  );
}
