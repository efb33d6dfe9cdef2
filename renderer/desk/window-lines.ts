// Windowing for the desk's table: which lines to draw for the part of the page on screen. Heights
// are estimated until a line has been drawn once, then measured; the lines above and below the
// window are stood in for by two spacer rows of their total height, so the page scrolls as if every
// row were there. Pure functions, so they are tested without a browser.

/** Pixels drawn beyond the window above and below, so a quick scroll does not show blank space. */
export const OVERSCAN_PX = 600;

/** Prefix sums: `top[i]` is where line i starts; `top[n]` the height of all lines. */
export function prefixSums(heights: ArrayLike<number>): Float64Array {
  const top = new Float64Array(heights.length + 1);
  for (let i = 0; i < heights.length; i++) top[i + 1] = top[i]! + heights[i]!;
  return top;
}

/** The first line that ends below `y` (0 … n). */
export function lineAt(top: Float64Array, y: number): number {
  let lo = 0;
  let hi = top.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (top[mid + 1]! <= y) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The lines to draw, [start, end), for a window from `viewTop` to `viewBottom` (pixels from the top of the first line), with the overscan. */
export function windowOf(top: Float64Array, viewTop: number, viewBottom: number): { start: number; end: number } {
  const n = top.length - 1;
  if (n <= 0) return { start: 0, end: 0 };
  const start = lineAt(top, Math.max(0, viewTop - OVERSCAN_PX));
  const end = Math.min(n, Math.max(start + 1, lineAt(top, Math.max(0, viewBottom + OVERSCAN_PX)) + 1));
  return { start, end };
}
