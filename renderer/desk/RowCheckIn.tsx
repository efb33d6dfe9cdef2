// A desk row's last two cells: whether its cards are current, and the check-in with Record…. A dead
// or retired character's row says so in both (its cards are not valid; Dead since …, Retired since …)
// and offers no check-in or check-out.
import type { DeskActions } from './actions';
import type { ShownRow } from './rows';
import { outOfPlayText } from './format';
import type { Tools } from '../app/i18n';
import { RecordButton } from './DeskRecord';
import { focusQueue } from './QueueSearch';

export function CardsAndCheckIn({ row, name, actions, canCheckIn, tools }: { row: ShownRow; name: string; actions: DeskActions; canCheckIn: boolean; tools: Tools }) {
  const { t } = tools;
  return (
    <>
      <td>
        {row.out !== null ? (
          <span className="desk-changed">{t('desk.tag.notValid')}</span>
        ) : (
          <>
            {row.tag === 'current' && <span>{t('desk.tag.current')}</span>}
            {row.tag === 'changed' && <span className="desk-changed">{t('desk.tag.changed')}</span>}
            {row.tag === 'never-printed' && <span className="desk-none">{t('desk.tag.never')}</span>}
          </>
        )}
        {row.lastPrintedAt !== null && <span className="desk-sub">{t('desk.tag.printedAt', { when: tools.when(row.lastPrintedAt) })}</span>}
      </td>
      <td className="desk-checkin">
        {row.out !== null ? (
          // Dead or retired: the state in place of the check-in, and no check-in or check-out to press.
          <span className="desk-out">{outOfPlayText(row.out, tools)}</span>
        ) : (
          <>
            {/* The button stays the same element when the row checks in or out, so it keeps the focus. */}
            {row.checkedInAt !== null && (
              <span className="desk-in">
                <span aria-hidden="true">✓ </span>
                <time dateTime={row.checkedInAt}>
                  <span className="visually-hidden">{t('desk.checkIn.at')} </span>
                  {tools.when(row.checkedInAt)}
                </time>
              </span>
            )}
            <button
              type="button"
              className={row.checkedInAt !== null ? 'desk-small' : 'desk-small primary'}
              disabled={!canCheckIn}
              onClick={() => (row.checkedInAt !== null ? actions.checkOut(row.id!, name) : (actions.checkIn(row.id!, name), focusQueue()))}
              aria-label={t(row.checkedInAt !== null ? 'desk.checkOutNamed' : 'desk.checkInNamed', { name })}
            >
              {t(row.checkedInAt !== null ? 'desk.checkOut' : 'desk.checkIn')}
            </button>
          </>
        )}
        <RecordButton row={row} name={name} disabled={!canCheckIn} out={row.out !== null} />
      </td>
    </>
  );
}
