// The measured heights of a windowed table's rows (the desk's lines, the library's files), kept by
// row key so that a height follows its row when the order changes. Rows not drawn yet are estimated
// by the table; once drawn, `measure` stores their real height.
import { useEffect, useRef, useState } from 'react';

export function useMeasuredHeights() {
  const heights = useRef(new Map<string, number>());
  /** Changes when a stored height changed: a dependency for the table's row positions. */
  const [measured, setMeasured] = useState(0);
  const frame = useRef(0);
  useEffect(() => () => cancelAnimationFrame(frame.current), []);

  /**
   * Stores the heights of the drawn rows (call it from a layout effect). Where one was wrong, the
   * positions follow in the next frame, never within this one: a row's height can depend on where the
   * window is (the page's end moves with the spacers), and a synchronous loop would never settle.
   */
  const measure = (rows: Iterable<HTMLElement>, keyOf: (row: HTMLElement) => string | undefined) => {
    let changed = false;
    for (const row of rows) {
      const h = row.offsetHeight;
      const key = keyOf(row);
      if (key !== undefined && h > 0 && Math.abs((heights.current.get(key) ?? -1) - h) > 0.5) {
        heights.current.set(key, h);
        changed = true;
      }
    }
    if (changed && !frame.current) {
      frame.current = requestAnimationFrame(() => {
        frame.current = 0;
        setMeasured((m) => m + 1);
      });
    }
  };

  return { heights: heights.current, measured, measure };
}
