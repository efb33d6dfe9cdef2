// The desk's bookings: "Import bookings…" (a booking list, CSV, into the ledger; the desk's Undo
// takes it back) and "Export characters (CSV)…", what the last import said (a list with problems
// imports nothing, and each problem names the file, line and column), and, once the event holds
// bookings, who is booked without a character, who is checked in without a booking, and who has
// not paid (core/season/bookings-state.ts).
import { useState } from 'react';
import type { BookingsImport } from '../../core/ipc/contract';
import type { BookingsView, WithoutCharacter } from '../../core/season/bookings-state';
import type { Booking } from '../../core/season/bookings-types';
import { useT, type Tools } from '../app/i18n';
import type { DeskActions } from './actions';
import type { ShownRow } from './rows';
import type { BookingFilter, DeskBusy } from './store';

type Props = { actions: DeskActions; rows: readonly ShownRow[]; view: BookingsView | null; canImport: boolean; canExport: boolean; busy: DeskBusy };

const bookingName = (b: Booking) => `${b.booking} ${b.player}${b.characterName ? ` (${b.characterName})` : ''}`;

/** The characters a booking filter shows (lower-case ids); null for everyone. */
export function bookingIds(view: BookingsView | null, filter: BookingFilter): ReadonlySet<string> | null {
  if (!view || filter === '') return null;
  if (filter === 'in-without') return view.checkedInWithoutBooking;
  const unpaid = new Set(view.unpaid.map((b) => b.entry));
  return new Set([...view.byCharacter].filter(([, b]) => unpaid.has(b.entry)).map(([id]) => id));
}

/** The rows by booking: everyone, checked in without a booking, booked and unpaid. */
export function DeskBookingFilter({ value, onChange }: { value: BookingFilter; onChange: (value: BookingFilter) => void }) {
  const { t } = useT();
  return (
    <label>
      <span className="label-text">{t('desk.bookings.filter')}</span>
      <select value={value} onChange={(e) => onChange(e.target.value as BookingFilter)}>
        <option value="">{t('desk.bookings.filterAll')}</option>
        <option value="in-without">{t('desk.bookings.inWithout')}</option>
        <option value="unpaid">{t('desk.bookings.filterUnpaid')}</option>
      </select>
    </label>
  );
}

function whyWords(w: WithoutCharacter, who: (id: string) => string, t: Tools['t']): string {
  const names = w.candidates.map(who).join(', ');
  if (w.why === 'waiting') return t('desk.bookings.why.waiting', { names });
  if (w.why === 'ambiguous') return t('desk.bookings.why.ambiguous', { names });
  return t(w.booking.characterName ? 'desk.bookings.why.notFound' : 'desk.bookings.why.notFoundPlayer');
}

export function DeskBookings({ actions, rows, view, canImport, canExport, busy }: Props) {
  const tools = useT();
  const { t } = tools;
  const [outcome, setOutcome] = useState<BookingsImport | null>(null);
  const who = (id: string) => {
    const r = rows.find((x) => x.id?.toLowerCase() === id);
    return r ? `${r.name} (${r.player})` : id;
  };
  const importList = async () => setOutcome(await actions.importBookings());

  return (
    <>
      <div className="toolbar desk-actions desk-bookings-actions" role="group" aria-label={t('desk.bookings.heading')}>
        <button type="button" onClick={() => void importList()} disabled={!canImport || busy !== null}>
          {busy === 'bookings' ? t('desk.bookings.importing') : t('desk.bookings.import')}
        </button>
        <button type="button" onClick={() => void actions.exportCharacters()} disabled={!canExport || busy !== null}>
          {t('desk.bookings.export')}
        </button>
      </div>
      {outcome && !outcome.ok && (
        <div className="notice notice-error" role="alert">
          <p>{t('desk.bookings.problems', { file: outcome.file })}</p>
          <ul>
            {outcome.problems.map((p, i) => (
              <li key={i}>{p}</li>
            ))}
          </ul>
          <button type="button" onClick={() => setOutcome(null)}>
            {t('desk.bookings.dismiss')}
          </button>
        </div>
      )}
      {outcome?.ok && (
        <div className="notice notice-info" role="status">
          <p>{t('desk.bookings.imported', { file: outcome.file, added: outcome.added, changed: outcome.changed, unchanged: outcome.unchanged })}</p>
          {outcome.unmatched.length > 0 && (
            <ul>
              {outcome.unmatched.map((u) => (
                <li key={u.booking}>{t('desk.bookings.unmatched', { line: u.line, booking: u.booking, why: t(u.ambiguous ? 'desk.bookings.why.several' : 'desk.bookings.why.notFound') })}</li>
              ))}
            </ul>
          )}
          {outcome.notInList.length > 0 && <p>{t('desk.bookings.notInList', { bookings: outcome.notInList.join(', ') })}</p>}
          <button type="button" onClick={() => setOutcome(null)}>
            {t('desk.bookings.dismiss')}
          </button>
        </div>
      )}
      {view && (
        <section className="desk-panel desk-bookings" aria-labelledby="desk-bookings-heading">
          <h2 id="desk-bookings-heading">{t('desk.bookings.heading')}</h2>
          <p>
            {t('desk.bookings.summary', {
              bookings: tools.num(view.bookings.length),
              matched: tools.num(view.bookings.length - view.withoutCharacter.length),
              paid: tools.num(view.bookings.filter((b) => b.booking.paid === true).length),
              unpaid: tools.num(view.unpaid.length),
            })}
          </p>
          {view.withoutCharacter.length > 0 && (
            <>
              <h3 id="desk-bookings-without">{t('desk.bookings.withoutCharacter')}</h3>
              <ul aria-labelledby="desk-bookings-without">
                {view.withoutCharacter.map((w) => (
                  <li key={w.booking.entry}>
                    {bookingName(w.booking)}: {whyWords(w, who, t)}
                  </li>
                ))}
              </ul>
            </>
          )}
          {view.checkedInWithoutBooking.size > 0 && (
            <>
              <h3 id="desk-bookings-in-without">{t('desk.bookings.inWithout')}</h3>
              <ul aria-labelledby="desk-bookings-in-without">
                {[...view.checkedInWithoutBooking].map((id) => (
                  <li key={id}>{who(id)}</li>
                ))}
              </ul>
            </>
          )}
          {view.unpaid.length > 0 && (
            <>
              <h3 id="desk-bookings-unpaid">{t('desk.bookings.unpaid')}</h3>
              <ul aria-labelledby="desk-bookings-unpaid">
                {view.unpaid.map((b) => (
                  <li key={b.entry}>
                    {bookingName(b)}
                    {b.amount ? `, ${b.amount}` : ''}
                  </li>
                ))}
              </ul>
            </>
          )}
        </section>
      )}
    </>
  );
}
