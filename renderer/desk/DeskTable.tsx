// The desk's table: one row group per player (the unreadable files first, then players with
// problems), one row per character with its game, rule problems, armour, key values, cards and
// check-in. Above WINDOW_ABOVE lines only the rows on screen (and some beyond) are drawn
// (window-lines.ts): 20,000 rows scroll like 20; the desk's own search finds any of them, since the
// browser's find cannot see rows that are not drawn. Arrow keys, Page Up/Down and Ctrl+Home/End move between rows, drawing
// the row they reach. Rows re-render only when what they show changes, so a check-in redraws one row.
import { memo, useCallback, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { DeskActions } from './actions';
import { checkable, DUPLICATE_ID, type Line, type RowGroup, type ShownRow } from './rows';
import { armourText, valuesText } from './format';
import { rulesetName } from '../app/format';
import { useT, type Tools } from '../app/i18n';
import { violationText } from '../editor/violation-text';
import { lineAt, prefixSums, windowOf } from './window-lines';
import { focusQueue } from './QueueSearch';
import { CardsAndCheckIn } from './RowCheckIn';
import { useFrameOnScroll } from '../app/use-frame-on-scroll';
import { useMeasuredHeights } from '../app/use-measured-heights';

type Props = {
  lines: readonly Line[];
  groups: readonly RowGroup[];
  rows: readonly ShownRow[];
  folder: string;
  actions: DeskActions;
  canCheckIn: boolean;
};

const COLUMNS = ['desk.col.character', 'desk.col.game', 'desk.col.rules', 'desk.col.armour', 'desk.col.values', 'desk.col.cards', 'desk.col.checkIn'] as const;

/** Lines drawn before the page has been measured. */
export const FIRST_LINES = 40;

/**
 * Up to this many lines every line is drawn (a weekend event's desk: the browser's own find works
 * there too, and nothing is gained by windowing); above it, only those on screen.
 */
export const WINDOW_ABOVE = 300;

/** A first guess at a line's height in pixels (replaced by its measured height once drawn). */
const estimate = (line: Line, rows: readonly ShownRow[]) => {
  if (line.kind === 'group') return 46;
  const r = rows[line.index]!;
  return 58 + 22 * (r.errors.length + r.warnings.length);
};

const KEY_STEPS: Record<string, number> = { ArrowDown: 1, ArrowUp: -1, PageDown: 10, PageUp: -10 };

export function DeskTable({ lines, groups, rows, folder, actions, canCheckIn }: Props) {
  const tools = useT();
  const { t } = tools;
  const table = useRef<HTMLTableElement>(null);
  const head = useRef<HTMLTableSectionElement>(null);
  const rowsRef = useRef(rows);
  rowsRef.current = rows;
  const { heights, measured, measure } = useMeasuredHeights();
  const keyOf = useCallback((line: Line) => (line.kind === 'group' ? groups[line.group]!.key : rowsRef.current[line.index]!.file), [groups]);
  const top = useMemo(() => prefixSums(lines.map((l) => heights.get(keyOf(l)) ?? estimate(l, rowsRef.current))), [lines, keyOf, measured]);
  const topRef = useRef(top);
  topRef.current = top;
  const [range, setRange] = useState(() => ({ start: 0, end: lines.length <= WINDOW_ABOVE ? lines.length : FIRST_LINES }));
  /** Where focus goes once the line it moved to is drawn: the line and which of its controls (-1: the row). */
  const focusNext = useRef<{ line: number; control: number } | null>(null);

  /** The top of the first line, in viewport pixels. */
  const origin = () => (table.current?.getBoundingClientRect().top ?? 0) + (head.current?.offsetHeight ?? 0);

  const update = useCallback(() => {
    if (!table.current) return;
    const n = topRef.current.length - 1;
    const viewTop = -origin();
    const next = n <= WINDOW_ABOVE ? { start: 0, end: n } : windowOf(topRef.current, viewTop, viewTop + (window.innerHeight || 800));
    setRange((r) => (r.start === next.start && r.end === next.end ? r : next));
  }, []);

  useLayoutEffect(update, [top, update]);
  useFrameOnScroll(update);

  // Measure the drawn lines; where a guess was wrong, the spacers follow.
  useLayoutEffect(() => {
    measure(table.current?.querySelectorAll<HTMLTableRowElement>('tr[data-key]') ?? [], (tr) => tr.dataset.key);
    applyFocus();
  });

  /** Moves the focus to a drawn line (or one of its buttons); false when it is not drawn. */
  const applyFocus = () => {
    const target = focusNext.current;
    const tr = target && table.current?.querySelector<HTMLTableRowElement>(`tr[data-line="${target.line}"]`);
    if (!target || !tr) return false;
    focusNext.current = null;
    const controls = tr.querySelectorAll<HTMLElement>('button:not([disabled])');
    (target.control >= 0 ? (controls[Math.min(target.control, controls.length - 1)] ?? tr) : tr).focus({ preventScroll: true });
    return true;
  };

  /** Scrolls the page so the line is on screen, and draws the lines around it. */
  const reveal = (line: number) => {
    const lineTop = origin() + top[line]!;
    const lineBottom = origin() + top[line + 1]!;
    const margin = 48;
    const height = window.innerHeight || 800;
    if (lineTop < margin) window.scrollBy(0, lineTop - margin);
    else if (lineBottom > height - margin) window.scrollBy(0, lineBottom - height + margin);
    if (lines.length > WINDOW_ABOVE && (line < range.start || line >= range.end)) {
      // Drawn at once around the line (the scroll event that follows agrees where scrolling is real).
      const next = windowOf(top, top[line]! - height / 2, top[line]! + height / 2);
      setRange(next);
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTableElement>) => {
    const from = (e.target as HTMLElement).closest<HTMLTableRowElement>('tr[data-line]');
    if (!from || e.altKey) return;
    const at = Number(from.dataset.line);
    let to: number;
    if (KEY_STEPS[e.key] !== undefined && !e.ctrlKey && !e.metaKey) to = at + KEY_STEPS[e.key]!;
    else if ((e.ctrlKey || e.metaKey) && e.key === 'Home') to = 0;
    else if ((e.ctrlKey || e.metaKey) && e.key === 'End') to = lines.length - 1;
    else return;
    e.preventDefault();
    to = Math.max(0, Math.min(lines.length - 1, to));
    const controls = [...from.querySelectorAll('button:not([disabled])')];
    focusNext.current = { line: to, control: controls.indexOf(e.target as Element) };
    reveal(to);
    applyFocus();
  };

  const start = Math.min(range.start, lines.length);
  const end = Math.min(range.end, lines.length);
  const today = new Date().toDateString();
  const bodies: ReactNode[] = [];
  let i = start;
  while (i < end) {
    const group = lines[i]!.group;
    const chunk: ReactNode[] = [];
    for (; i < end && lines[i]!.group === group; i++) {
      const line = lines[i]!;
      chunk.push(
        line.kind === 'group' ? (
          <GroupHeader key="h" group={groups[group]!} rows={rows} line={i} actions={actions} canCheckIn={canCheckIn} tools={tools} />
        ) : (
          <CharacterRow key={rows[line.index]!.file} row={rows[line.index]!} line={i} folder={folder} actions={actions} canCheckIn={canCheckIn && checkable(rows[line.index]!)} tools={tools} today={today} />
        ),
      );
    }
    bodies.push(
      <tbody key={groups[group]!.key} className="desk-group">
        {chunk}
      </tbody>,
    );
  }
  const above = top[start] ?? 0;
  const below = (top[lines.length] ?? 0) - (top[end] ?? 0);
  return (
    <table className="desk-table" ref={table} onKeyDown={onKeyDown} aria-rowcount={lines.length + 1}>
      <caption className="visually-hidden">{t('desk.caption')}</caption>
      <thead ref={head}>
        <tr aria-rowindex={1}>
          {COLUMNS.map((key) => (
            <th key={key} scope="col" className={`desk-col-${key.slice(9)}`}>
              {t(key)}
            </th>
          ))}
        </tr>
      </thead>
      {above > 0 && <Spacer height={above} />}
      {bodies}
      {below > 0 && <Spacer height={below} />}
    </table>
  );
}

/** Stands in for the lines not drawn. */
function Spacer({ height }: { height: number }) {
  return (
    <tbody aria-hidden="true" className="desk-spacer">
      <tr>
        <td colSpan={COLUMNS.length} style={{ height, padding: 0, border: 0 }} />
      </tr>
    </tbody>
  );
}

/** The line of `y` pixels below the top of the table's first line (for tests and the benchmark). */
export const lineBelow = lineAt;

type HeaderProps = { group: RowGroup; rows: readonly ShownRow[]; line: number; actions: DeskActions; canCheckIn: boolean; tools: Tools };

function GroupHeader({ group, rows, line, actions, canCheckIn, tools }: HeaderProps) {
  const { t, tn, num } = tools;
  const name = group.player === null ? t('desk.group.unreadable') : group.player === '' ? t('desk.group.noPlayer') : group.player;
  let readable = 0;
  let checkedIn = 0;
  const waiting: string[] = [];
  for (const i of group.rows) {
    const r = rows[i]!;
    // Dead, permanently dead or retired: neither checked in nor waiting (the row says which).
    if (r.id === null || r.out) continue;
    readable++;
    if (r.checkedInAt !== null) checkedIn++;
    else if (checkable(r)) waiting.push(r.id);
  }
  return (
    <tr className="desk-group-row" data-key={group.key} data-line={line} aria-rowindex={line + 2} tabIndex={-1}>
      <th scope="rowgroup" colSpan={COLUMNS.length}>
        <span className="desk-group-name">{name}</span>
        {group.player !== null && (
          <span className="desk-group-meta">
            {t('desk.group.checkedIn', { done: num(checkedIn), total: num(readable) })}
            {group.problems > 0 ? ` · ${tn('desk.group.problems', group.problems)}` : ''}
          </span>
        )}
        {group.player !== null && waiting.length > 0 && (
          <button type="button" className="desk-small" disabled={!canCheckIn} onClick={() => (actions.checkInPlayer(waiting, name), focusQueue())} aria-label={tn('desk.group.checkInAllNamed', waiting.length, { name })}>
            {tn('desk.group.checkInAll', waiting.length)}
          </button>
        )}
      </th>
    </tr>
  );
}

type RowProps = { row: ShownRow; line: number; folder: string; actions: DeskActions; canCheckIn: boolean; tools: Tools; today: string };

const CharacterRow = memo(function CharacterRow({ row, line, folder, actions, canCheckIn, tools }: RowProps) {
  const { t } = tools;
  const fileName = row.file.startsWith(`${folder}/`) || row.file.startsWith(`${folder}\\`) ? row.file.slice(folder.length + 1) : row.file;
  const lineProps = { 'data-key': row.file, 'data-line': line, 'aria-rowindex': line + 2, tabIndex: -1 };
  if (row.status === 'unreadable' || row.detail === null) {
    const message = row.errors[0]?.message ?? '';
    const reason = message.startsWith(`${row.file}: `) ? message.slice(row.file.length + 2) : message;
    return (
      <tr className="desk-row row-unreadable" {...lineProps}>
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
  const duplicate = row.errors.some((e) => e.code === DUPLICATE_ID);
  return (
    <tr className={`desk-row row-${row.status}`} {...lineProps}>
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
        {duplicate && (
          <button type="button" className="desk-small" onClick={() => void actions.giveNewId(row.file, name)} aria-label={t('desk.newIdNamed', { name, file: fileName })}>
            {t('desk.newId')}
          </button>
        )}
      </td>
      <td>{armourText(row.detail, tools)}</td>
      <td>{values || <NoneHere text={t('desk.values.none')} />}</td>
      <CardsAndCheckIn row={row} name={name} actions={actions} canCheckIn={canCheckIn} tools={tools} />
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
  return a.row === b.row && a.line === b.line && a.canCheckIn === b.canCheckIn && a.tools === b.tools && a.today === b.today && a.folder === b.folder && a.actions === b.actions;
}
