import { describe, expect, it } from 'vitest';
import { lineAt, OVERSCAN_PX, prefixSums, windowOf } from './window-lines';

describe('windowing the desk’s lines', () => {
  // Five lines of 40, 60, 100, 60 and 40 pixels: they start at 0, 40, 100, 200 and 260; 300 in all.
  const top = prefixSums([40, 60, 100, 60, 40]);

  it('sums the heights so each line knows where it starts', () => {
    expect([...top]).toEqual([0, 40, 100, 200, 260, 300]);
  });

  it('finds the line under a point (n past the end)', () => {
    expect([0, 39, 40, 150, 259, 260, 299, 5000].map((y) => lineAt(top, y))).toEqual([0, 0, 1, 2, 3, 4, 4, 5]);
  });

  it('draws the lines of the window and the overscan beyond it, never none', () => {
    // 1,000 lines of 50 pixels; an 800-pixel window scrolled to 10,000 pixels (line 200).
    const many = prefixSums(new Array(1000).fill(50));
    const { start, end } = windowOf(many, 10_000, 10_800);
    expect(start).toBe((10_000 - OVERSCAN_PX) / 50);
    expect(end).toBe((10_800 + OVERSCAN_PX) / 50 + 1);
    expect(windowOf(many, -500, 300)).toEqual({ start: 0, end: (300 + OVERSCAN_PX) / 50 + 1 });
    expect(windowOf(many, 60_000, 60_800)).toEqual({ start: lineAt(many, 60_000 - OVERSCAN_PX), end: 1000 });
    expect(windowOf(prefixSums([]), 0, 800)).toEqual({ start: 0, end: 0 });
  });
});
