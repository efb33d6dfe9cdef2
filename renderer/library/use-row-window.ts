// Windowing for the library table: above WINDOW_ABOVE rows only those on screen (and OVERSCAN_PX
// beyond, desk/window-lines.ts) are drawn, with two spacer rows standing in for the rest, so that
// 20,000 rows scroll like 20. Heights are estimated until a row has been drawn once, then measured.
// The page scrolls as a whole (the window), as the desk's table does. Arrow keys, Page Up/Down and
// Ctrl+Home/End move the focus to the same control of another row, drawing the row first; the
// search and the sort work on the whole listing, so they find rows that are not drawn.
import { useCallback, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { prefixSums, windowOf } from '../desk/window-lines';
import { useFrameOnScroll } from '../app/use-frame-on-scroll';
import { useMeasuredHeights } from '../app/use-measured-heights';

/** Up to this many rows every row is drawn (the browser's own find works there too). */
export const WINDOW_ABOVE = 300;
/** Rows drawn before the page has been measured. */
export const FIRST_ROWS = 40;

const KEY_STEPS: Record<string, number> = { ArrowDown: 1, ArrowUp: -1, PageDown: 10, PageUp: -10 };
/** The controls of a row the keys move between (the same one in the next row). */
const CONTROLS = 'button:not([disabled]), input:not([disabled])';

export type RowWindow = {
  table: RefObject<HTMLTableElement | null>;
  head: RefObject<HTMLTableSectionElement | null>;
  /** The rows to draw, [start, end). */
  start: number;
  end: number;
  /** Heights in pixels of the rows not drawn above and below. */
  above: number;
  below: number;
  onKeyDown: (e: KeyboardEvent<HTMLTableElement>) => void;
};

/**
 * `keys` names each row (a file's path) in display order, so measured heights follow a row through
 * a sort; `estimate` guesses a row's height before it is drawn.
 */
export function useRowWindow(keys: readonly string[], estimate: (i: number) => number): RowWindow {
  const table = useRef<HTMLTableElement>(null);
  const head = useRef<HTMLTableSectionElement>(null);
  const { heights, measured, measure } = useMeasuredHeights();
  const n = keys.length;
  const windowed = n > WINDOW_ABOVE;
  const top = useMemo(() => (windowed ? prefixSums(keys.map((k, i) => heights.get(k) ?? estimate(i))) : new Float64Array(n + 1)), [keys, windowed, measured]);
  const topRef = useRef(top);
  topRef.current = top;
  const [range, setRange] = useState(() => ({ start: 0, end: windowed ? FIRST_ROWS : n }));
  /** Where the focus goes once the row it moved to is drawn: the row and which of its controls. */
  const focusNext = useRef<{ row: number; control: number } | null>(null);

  /** The top of the first row, in viewport pixels. */
  const origin = () => (table.current?.getBoundingClientRect().top ?? 0) + (head.current?.offsetHeight ?? 0);

  const update = useCallback(() => {
    const count = topRef.current.length - 1;
    if (!table.current || count <= WINDOW_ABOVE) {
      setRange((r) => (r.start === 0 && r.end === count ? r : { start: 0, end: count }));
      return;
    }
    const viewTop = -origin();
    const next = windowOf(topRef.current, viewTop, viewTop + (window.innerHeight || 800));
    setRange((r) => (r.start === next.start && r.end === next.end ? r : next));
  }, []);

  useLayoutEffect(update, [top, update]);
  useFrameOnScroll(update);

  /** Moves the focus to a control of a drawn row; false when the row is not drawn yet. */
  const applyFocus = () => {
    const target = focusNext.current;
    const tr = target && table.current?.querySelector<HTMLTableRowElement>(`tr[data-row="${target.row}"]`);
    if (!target || !tr) return false;
    focusNext.current = null;
    const controls = tr.querySelectorAll<HTMLElement>(CONTROLS);
    // A windowed table has scrolled to the row already (reveal); otherwise the browser scrolls to it.
    controls[Math.min(Math.max(0, target.control), controls.length - 1)]?.focus({ preventScroll: windowed });
    return true;
  };

  // Measure the drawn rows; where a guess was wrong, the spacers follow.
  useLayoutEffect(() => {
    if (windowed) measure(table.current?.querySelectorAll<HTMLTableRowElement>('tr[data-row]') ?? [], (tr) => keys[Number(tr.dataset.row)]);
    applyFocus();
  });

  /** Scrolls the page so the row is on screen, and draws the rows around it. */
  const reveal = (row: number) => {
    const height = window.innerHeight || 800;
    const margin = 48;
    const rowTop = origin() + top[row]!;
    const rowBottom = origin() + top[row + 1]!;
    if (windowed) {
      if (rowTop < margin) window.scrollBy(0, rowTop - margin);
      else if (rowBottom > height - margin) window.scrollBy(0, rowBottom - height + margin);
      // Drawn at once around the row (the scroll event that follows agrees where scrolling is real).
      if (row < range.start || row >= range.end) setRange(windowOf(top, top[row]! - height / 2, top[row]! + height / 2));
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTableElement>) => {
    const from = (e.target as HTMLElement).closest<HTMLTableRowElement>('tr[data-row]');
    if (!from || e.altKey || n === 0) return;
    const at = Number(from.dataset.row);
    let to: number;
    if (KEY_STEPS[e.key] !== undefined && !e.ctrlKey && !e.metaKey) to = at + KEY_STEPS[e.key]!;
    else if ((e.ctrlKey || e.metaKey) && e.key === 'Home') to = 0;
    else if ((e.ctrlKey || e.metaKey) && e.key === 'End') to = n - 1;
    else return;
    e.preventDefault();
    to = Math.max(0, Math.min(n - 1, to));
    const controls = [...from.querySelectorAll(CONTROLS)];
    focusNext.current = { row: to, control: controls.indexOf(e.target as Element) };
    reveal(to);
    // A row not drawn yet gets the focus when it is (the layout effect above).
    applyFocus();
  };

  const start = Math.min(range.start, n);
  const end = Math.min(windowed ? range.end : n, n);
  return { table, head, start, end, above: windowed ? top[start]! : 0, below: windowed ? top[n]! - top[end]! : 0, onKeyDown };
}
