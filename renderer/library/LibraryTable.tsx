// The library as a table: one row per character file, sortable by clicking a column heading. With
// `selection`, each row has a tick box (in its row header, beside the name) and the name column's
// heading one that ticks every row shown. A long listing draws only the rows on screen
// (library/use-row-window.ts); the arrow keys move between rows.
import { useCallback, useEffect, useRef } from 'react';
import type { LibraryEntry } from '../../core/ipc/contract';
import type { SortKey, SortOrder } from './library-order';
import { displayName } from './library-order';
import { formatDateTime, rulesetName } from '../app/format';
import { t, type StringKey } from '../app/strings';
import { useT } from '../app/i18n';
import { StatusBadge } from '../app/StatusBadge';
import { useRowWindow } from './use-row-window';

const COLUMNS: { key: SortKey; label: StringKey }[] = [
  { key: 'name', label: 'library.col.name' },
  { key: 'player', label: 'library.col.player' },
  { key: 'ruleset', label: 'library.col.ruleset' },
  { key: 'status', label: 'library.col.status' },
  { key: 'modified', label: 'library.col.modified' },
];

export type TableSelection = {
  isSelected(path: string): boolean;
  toggle(entry: LibraryEntry): void;
  /** Ticks or unticks every row shown. */
  setAll(on: boolean): void;
};

/** The file names sharing each id held by more than one file. */
export function sharedIdsOf(entries: readonly LibraryEntry[]): Map<string, string[]> {
  const byId = new Map<string, string[]>();
  for (const e of entries) {
    if (!e.id) continue;
    const list = byId.get(e.id);
    if (list) list.push(e.path);
    else byId.set(e.id, [e.path]);
  }
  for (const [id, list] of byId) if (list.length < 2) byId.delete(id);
  return byId;
}

type Props = {
  entries: LibraryEntry[];
  sort: SortOrder;
  onSort: (key: SortKey) => void;
  onOpen: (entry: LibraryEntry) => void;
  selection?: TableSelection;
  /** Ids shared by several files (sharedIdsOf), flagged with a way to give the copy a new id. */
  sharedIds?: Map<string, string[]>;
  onNewId?: (entry: LibraryEntry) => void;
};

/** A first guess at a row's height in pixels (replaced by its measured height once drawn). */
function estimateRow(entry: LibraryEntry, sharedIds: Map<string, string[]> | undefined): number {
  return 58 + (entry.reason ? 22 : 0) + (entry.id && sharedIds?.has(entry.id) ? 34 : 0);
}

export function LibraryTable(props: Props) {
  useT();
  const { sort, selection, entries, sharedIds } = props;
  const keys = useMemoKeys(entries);
  const estimate = useCallback((i: number) => estimateRow(entries[i]!, sharedIds), [entries, sharedIds]);
  const win = useRowWindow(keys, estimate);
  const rows = [];
  for (let i = win.start; i < win.end; i++) rows.push(<LibraryRow key={entries[i]!.path} entry={entries[i]!} row={i} {...props} />);
  return (
    <table className="library-table" ref={win.table} onKeyDown={win.onKeyDown} aria-rowcount={entries.length + 1}>
      <caption className="visually-hidden">
        {t('library.caption')}
        {`, ${t('library.sortBy', { column: t(COLUMNS.find((c) => c.key === sort.key)!.label) })}, ${t(sort.direction === 'asc' ? 'library.sortedAsc' : 'library.sortedDesc')}`}
      </caption>
      <thead ref={win.head}>
        <tr aria-rowindex={1}>
          {COLUMNS.map((col) => {
            const label = t(col.label);
            const key = col.key;
            const active = sort.key === key;
            return (
              <th key={key} scope="col" className={`col-${key}`} aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}>
                {key === 'name' && selection && <SelectAll entries={entries} selection={selection} />}
                <button type="button" className="sort-button" onClick={() => props.onSort(key)} aria-label={t('library.sortBy', { column: label })}>
                  {label}
                  <span className="sort-arrow" aria-hidden="true">
                    {active ? (sort.direction === 'asc' ? '▲' : '▼') : ''}
                  </span>
                </button>
              </th>
            );
          })}
        </tr>
      </thead>
      <tbody>
        {win.above > 0 && <Spacer height={win.above} />}
        {rows}
        {win.below > 0 && <Spacer height={win.below} />}
      </tbody>
    </table>
  );
}

/** The rows' keys (paths), the same array while the entries are. */
function useMemoKeys(entries: readonly LibraryEntry[]): string[] {
  const memo = useRef<{ entries: readonly LibraryEntry[]; keys: string[] } | null>(null);
  if (memo.current?.entries !== entries) memo.current = { entries, keys: entries.map((e) => e.path) };
  return memo.current.keys;
}

/** Stands in for the rows not drawn. */
function Spacer({ height }: { height: number }) {
  return (
    <tr aria-hidden="true" className="library-spacer">
      <td colSpan={COLUMNS.length} style={{ height, padding: 0, border: 0 }} />
    </tr>
  );
}

function LibraryRow({ entry, row, selection, sharedIds, onOpen, onNewId }: Props & { entry: LibraryEntry; row: number }) {
  const name = entry.name.trim() !== '' ? entry.name : entry.status === 'unreadable' ? entry.fileName : t('library.unnamed');
  return (
    <tr className={`row-${entry.status}`} data-row={row} aria-rowindex={row + 2}>
      <th scope="row" className="cell-name">
        {selection && (
          <span className="select-cell">
            <input type="checkbox" checked={selection.isSelected(entry.path)} onChange={() => selection.toggle(entry)} aria-label={t('libraryActions.selectNamed', { name: displayName(entry) })} />
          </span>
        )}
        <button type="button" className="link-button" onClick={() => onOpen(entry)} aria-label={t('library.openNamed', { name: displayName(entry) })}>
          {name}
        </button>
        <span className="file-name">{entry.fileName}</span>
      </th>
      <td>{entry.player}</td>
      <td>{entry.ruleset === null ? '' : rulesetName(entry.ruleset)}</td>
      <td>
        <StatusBadge entry={entry} />
        {entry.id && sharedIds?.has(entry.id) && <SharedId entry={entry} others={sharedIds.get(entry.id)!.filter((p) => p !== entry.path)} onNewId={onNewId} />}
      </td>
      <td>
        <time dateTime={new Date(entry.modifiedMs).toISOString()}>{formatDateTime(entry.modifiedMs)}</time>
      </td>
    </tr>
  );
}

/** Ticks every row shown; shows "some" (indeterminate) when only some are ticked. */
function SelectAll({ entries, selection }: { entries: LibraryEntry[]; selection: TableSelection }) {
  const ref = useRef<HTMLInputElement>(null);
  const ticked = entries.filter((e) => selection.isSelected(e.path)).length;
  const all = ticked > 0 && ticked === entries.length;
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = ticked > 0 && !all;
  });
  return (
    <span className="select-cell">
      <input ref={ref} type="checkbox" checked={all} onChange={() => selection.setAll(!all)} aria-label={t('libraryActions.selectAll')} />
    </span>
  );
}

/** "Same id as …": a copied file; the button gives this one a new id. */
function SharedId({ entry, others, onNewId }: { entry: LibraryEntry; others: string[]; onNewId?: (entry: LibraryEntry) => void }) {
  const names = others.map((p) => p.split(/[\\/]/).pop() ?? p).join(', ');
  return (
    <span className="shared-id">
      <span className="badge badge-error">{t('library.sharedId', { files: names })}</span>
      {onNewId && (
        <button type="button" className="desk-small" onClick={() => onNewId(entry)} aria-label={t('library.newIdNamed', { file: entry.fileName })}>
          {t('library.newId')}
        </button>
      )}
    </span>
  );
}
