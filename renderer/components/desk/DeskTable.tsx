// The desk's table: one row group per player (the unreadable files first, then players with
// problems), one row per character with its game, rule problems, armour, key values, cards and
// check-in. Rows re-render only when what they show changes, so a check-in redraws one row, not 2,000.
import { memo, startTransition, useEffect, useState } from 'react';
import type { DeskViewRow } from '../../../core/ipc/contract';
import type { DeskRow, PlayerGroup } from '../../../core/desk/rows';
import { isoLocal } from '../../../core/desk/sheet';
import type { DeskActions } from '../../desk-actions';
import { armourText, checkInTime, valuesText } from '../../desk-format';
import { rulesetName } from '../../format';
import { useT, type Tools } from '../../i18n';
import { violationText } from '../../violation-text';

type Props = {
  groups: PlayerGroup[];
  folder: string;
  actions: DeskActions;
  canCheckIn: boolean;
};

const COLUMNS = ['desk.col.character', 'desk.col.game', 'desk.col.rules', 'desk.col.armour', 'desk.col.values', 'desk.col.cards', 'desk.col.checkIn'] as const;

/** Rows drawn at once; the rest follow in steps, so a folder of thousands shows its top at once. */
export const FIRST_ROWS = 150;
const MORE_ROWS = 500;

export function DeskTable({ groups, folder, actions, canCheckIn }: Props) {
  const tools = useT();
  const { t } = tools;
  const today = isoLocal(new Date()).slice(0, 10);
  const total = groups.reduce((n, g) => n + g.rows.length, 0);
  const [limit, setLimit] = useState(FIRST_ROWS);
  useEffect(() => {
    if (limit >= total) return;
    const timer = setTimeout(() => startTransition(() => setLimit((l) => l + MORE_ROWS)), 0);
    return () => clearTimeout(timer);
  }, [limit, total]);
  const shown = firstRows(groups, limit);
  return (
    <table className="desk-table">
      <caption className="visually-hidden">{t('desk.caption')}</caption>
      <thead>
        <tr>
          {COLUMNS.map((key) => (
            <th key={key} scope="col" className={`desk-col-${key.slice(9)}`}>
              {t(key)}
            </th>
          ))}
        </tr>
      </thead>
      {shown.map(({ group, rows }) => (
        <GroupRows key={group.player ?? '\u0000unreadable'} group={group} rows={rows} folder={folder} actions={actions} canCheckIn={canCheckIn} tools={tools} today={today} />
      ))}
    </table>
  );
}

/** The groups with the rows to draw: all of them, cut after `limit` rows. */
function firstRows(groups: readonly PlayerGroup[], limit: number): { group: PlayerGroup; rows: DeskRow[] }[] {
  const out: { group: PlayerGroup; rows: DeskRow[] }[] = [];
  let left = limit;
  for (const group of groups) {
    if (left <= 0) break;
    out.push({ group, rows: group.rows.length <= left ? group.rows : group.rows.slice(0, left) });
    left -= group.rows.length;
  }
  return out;
}

/** Whether a row can be checked in: a readable character whose id no other file shares. */
const checkable = (row: DeskRow) => row.id !== null && !row.errors.some((e) => e.code === 'desk.duplicate-id');

function GroupRows({ group, rows, folder, actions, canCheckIn, tools, today }: Omit<Props, 'groups'> & { group: PlayerGroup; rows: DeskRow[]; tools: Tools; today: string }) {
  const { t, tn, num } = tools;
  const name = group.player === null ? t('desk.group.unreadable') : group.player === '' ? t('desk.group.noPlayer') : group.player;
  const waiting = group.rows.filter((r) => checkable(r) && r.checkedInAt === null);
  const readable = group.rows.filter((r) => r.id !== null).length;
  return (
    <tbody className="desk-group">
      <tr className="desk-group-row">
        <th scope="rowgroup" colSpan={COLUMNS.length}>
          <span className="desk-group-name">{name}</span>
          {group.player !== null && (
            <span className="desk-group-meta">
              {t('desk.group.checkedIn', { done: num(group.checkedIn), total: num(readable) })}
              {group.problems > 0 ? ` · ${tn('desk.group.problems', group.problems)}` : ''}
            </span>
          )}
          {group.player !== null && waiting.length > 0 && (
            <button
              type="button"
              className="desk-small"
              disabled={!canCheckIn}
              onClick={() => actions.checkInPlayer(waiting.map((r) => r.id!), name)}
              aria-label={tn('desk.group.checkInAllNamed', waiting.length, { name })}
            >
              {tn('desk.group.checkInAll', waiting.length)}
            </button>
          )}
        </th>
      </tr>
      {rows.map((row) => (
        <CharacterRow key={row.file} row={row as DeskViewRow} folder={folder} actions={actions} canCheckIn={canCheckIn && checkable(row)} tools={tools} today={today} />
      ))}
    </tbody>
  );
}

type RowProps = { row: DeskViewRow; folder: string; actions: DeskActions; canCheckIn: boolean; tools: Tools; today: string };

const CharacterRow = memo(function CharacterRow({ row, folder, actions, canCheckIn, tools, today }: RowProps) {
  const { t } = tools;
  const fileName = row.file.startsWith(`${folder}/`) || row.file.startsWith(`${folder}\\`) ? row.file.slice(folder.length + 1) : row.file;
  if (row.status === 'unreadable' || row.detail === null) {
    const message = row.errors[0]?.message ?? '';
    const reason = message.startsWith(`${row.file}: `) ? message.slice(row.file.length + 2) : message;
    return (
      <tr className="desk-row row-unreadable">
        <th scope="row" className="desk-name">
          <span className="desk-character">{fileName}</span>
        </th>
        <td />
        <td>
          <span className="badge badge-unreadable">{t('desk.status.unreadable')}</span>
          <p className="desk-reason">{reason.charAt(0).toUpperCase() + reason.slice(1)}</p>
        </td>
        <td />
        <td />
        <td />
        <td className="desk-none">{t('desk.checkIn.notPossible')}</td>
      </tr>
    );
  }
  const name = row.name.trim() || t('library.unnamed');
  const values = valuesText(row, tools);
  return (
    <tr className={`desk-row row-${row.status}`}>
      <th scope="row" className="desk-name">
        <span className="desk-character">{name}</span>
        <span className="file-name">{fileName}</span>
      </th>
      <td>{row.ruleset ? rulesetName(row.ruleset) : ''}</td>
      <td>
        <span className={`badge badge-${row.status === 'clean' ? 'clean' : row.status === 'warnings' ? 'warning' : 'error'}`}>{t(`desk.status.${row.status}`)}</span>
        {row.errors.length + row.warnings.length > 0 && (
          <ul className="desk-problems">
            {row.errors.map((e, i) => (
              <li key={`e${i}`} className="desk-problem-error">
                <span className="desk-severity">{t('rules.error')}:</span> {violationText(e, tools)}
              </li>
            ))}
            {row.warnings.map((w, i) => (
              <li key={`w${i}`} className="desk-problem-warning">
                <span className="desk-severity">{t('rules.warning')}:</span> {violationText(w, tools)}
              </li>
            ))}
          </ul>
        )}
      </td>
      <td>{armourText(row.detail, tools)}</td>
      <td>{values || <NoneHere text={t('desk.values.none')} />}</td>
      <td>
        {row.tag === 'current' && <span>{t('desk.tag.current')}</span>}
        {row.tag === 'changed' && <span className="desk-changed">{t('desk.tag.changed')}</span>}
        {row.tag === 'never-printed' && <span className="desk-none">{t('desk.tag.never')}</span>}
        {row.lastPrintedAt !== null && <span className="desk-sub">{t('desk.tag.printedAt', { when: checkInTime(row.lastPrintedAt, today) })}</span>}
      </td>
      <td className="desk-checkin">
        {row.checkedInAt !== null ? (
          <>
            <span className="desk-in">
              <span aria-hidden="true">✓ </span>
              <time dateTime={row.checkedInAt}>
                <span className="visually-hidden">{t('desk.checkIn.at')} </span>
                {checkInTime(row.checkedInAt, today)}
              </time>
            </span>
            <button type="button" className="desk-small" disabled={!canCheckIn} onClick={() => actions.checkOut(row.id!, name)} aria-label={t('desk.checkOutNamed', { name })}>
              {t('desk.checkOut')}
            </button>
          </>
        ) : (
          <button type="button" className="desk-small primary" disabled={!canCheckIn} onClick={() => actions.checkIn(row.id!, name)} aria-label={t('desk.checkInNamed', { name })}>
            {t('desk.checkIn')}
          </button>
        )}
      </td>
    </tr>
  );
}, sameRow);

/** An empty cell that says why to a screen reader and shows a dash. */
function NoneHere({ text }: { text: string }) {
  return (
    <>
      <span className="desk-none" aria-hidden="true">
        —
      </span>
      <span className="visually-hidden">{text}</span>
    </>
  );
}

/** A row keeps its identity while what it shows is unchanged (desk-rows.ts), so a check-in redraws one row. */
function sameRow(a: RowProps, b: RowProps): boolean {
  return a.row === b.row && a.canCheckIn === b.canCheckIn && a.tools === b.tools && a.today === b.today && a.folder === b.folder && a.actions === b.actions;
}
