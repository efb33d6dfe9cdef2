// Sheet geometry, worked out by hand from the sizes in the issue (credit 85.6 × 54 mm, poker
// 63.5 × 88.9 mm, A6 105 × 148 mm; A4 210 × 297 mm, Letter 8.5 × 11 in) and the default 5 mm margin.
import { describe, expect, it } from 'vitest';
import { backSlot, cutMarks, DEFAULT_LAYOUT, frontSlot, gridFor, LayoutError, PAPERS, validateLayout, type PrintLayoutSettings } from './layout';

const PT = 72 / 25.4; // points per mm
const settings = (over: Partial<PrintLayoutSettings> = {}): PrintLayoutSettings => ({ ...DEFAULT_LAYOUT, ...over });
const inMm = (pt: number) => pt / PT;

describe('paper sizes', () => {
  it('A4 is 210 × 297 mm and Letter 612 × 792 pt', () => {
    // 210 mm = 210 / 25.4 in = 595.2756 pt; 297 mm = 841.8898 pt. Letter: 8.5 × 72 = 612, 11 × 72 = 792.
    expect(PAPERS.a4.widthPt).toBeCloseTo(595.2756, 4);
    expect(PAPERS.a4.heightPt).toBeCloseTo(841.8898, 4);
    expect(PAPERS.letter.widthPt).toBe(612);
    expect(PAPERS.letter.heightPt).toBe(792);
  });
});

describe('the N-up grid', () => {
  it('credit cards on A4: 2 × 5, centred, slots where the arithmetic puts them', () => {
    // Inside 5 mm margins: 200 × 287 mm. Upright 85.6 × 54: floor(200/85.6) = 2, floor(287/54) = 5 → 10.
    // Turned 54 × 85.6: 3 × 3 = 9. So upright, 10 a page. Grid 171.2 × 270 mm, centred:
    // left (210 − 171.2)/2 = 19.4 mm, bottom (297 − 270)/2 = 13.5 mm.
    const g = gridFor(settings());
    expect([g.columns, g.rows, g.perPage, g.rotated]).toEqual([2, 5, 10, false]);
    expect(inMm(g.left)).toBeCloseTo(19.4, 6);
    expect(inMm(g.bottom)).toBeCloseTo(13.5, 6);
    // Slot 0 is top-left: x 19.4, y from the bottom 297 − 13.5 − 54 = 229.5 mm, 85.6 × 54.
    const s0 = frontSlot(g, settings(), 0);
    expect([inMm(s0.x), inMm(s0.y), inMm(s0.width), inMm(s0.height)].map((v) => +v.toFixed(6))).toEqual([19.4, 229.5, 85.6, 54]);
    // Slot 3 is column 1, row 1: x 19.4 + 85.6 = 105, y 229.5 − 54 = 175.5.
    const s3 = frontSlot(g, settings(), 3);
    expect([s3.column, s3.row, +inMm(s3.x).toFixed(6), +inMm(s3.y).toFixed(6)]).toEqual([1, 1, 105, 175.5]);
    // Slot 9 is the bottom-right: y 13.5 mm.
    expect(+inMm(frontSlot(g, settings(), 9).y).toFixed(6)).toBe(13.5);
  });

  it('poker cards on A4: 3 × 3 upright', () => {
    // floor(200/63.5) = 3, floor(287/88.9) = 3 → 9; turned 88.9 × 63.5: 2 × 4 = 8.
    // left (210 − 190.5)/2 = 9.75 mm; bottom (297 − 266.7)/2 = 15.15 mm.
    const g = gridFor(settings({ size: 'poker' }));
    expect([g.columns, g.rows, g.rotated]).toEqual([3, 3, false]);
    expect(inMm(g.left)).toBeCloseTo(9.75, 6);
    expect(inMm(g.bottom)).toBeCloseTo(15.15, 6);
  });

  it('A6 on A4 turns the cards: 2 a page', () => {
    // Upright 105 × 148 in 200 × 287: 1 × 1. Turned 148 × 105: floor(200/148) = 1, floor(287/105) = 2 → 2.
    // Grid 148 × 210 mm: left 31, bottom 43.5.
    const g = gridFor(settings({ size: 'a6' }));
    expect([g.columns, g.rows, g.perPage, g.rotated]).toEqual([1, 2, 2, true]);
    expect(inMm(g.left)).toBeCloseTo(31, 6);
    expect(inMm(g.bottom)).toBeCloseTo(43.5, 6);
    const s1 = frontSlot(g, settings({ size: 'a6' }), 1);
    expect([+inMm(s1.width).toFixed(6), +inMm(s1.height).toFixed(6), +inMm(s1.y).toFixed(6)]).toEqual([148, 105, 43.5]);
  });

  it('credit cards on Letter fit better turned: 3 × 3', () => {
    // Letter 215.9 × 279.4 mm, inside 5 mm: 205.9 × 269.4. Upright: 2 × floor(269.4/54) = 2 × 4 = 8.
    // Turned 54 × 85.6: floor(205.9/54) = 3, floor(269.4/85.6) = 3 → 9.
    const g = gridFor(settings({ paper: 'letter' }));
    expect([g.columns, g.rows, g.rotated]).toEqual([3, 3, true]);
  });

  it('poker cards on Letter: 3 × 3 upright', () => {
    // floor(205.9/63.5) = 3, floor(269.4/88.9) = 3 → 9; turned 2 × 4 = 8.
    const g = gridFor(settings({ paper: 'letter', size: 'poker' }));
    expect([g.columns, g.rows, g.rotated]).toEqual([3, 3, false]);
  });

  it('the offset moves every card; a gap separates them', () => {
    const s = settings({ offsetMm: { x: 2, y: -1 } });
    const s0 = frontSlot(gridFor(s), s, 0);
    expect([+inMm(s0.x).toFixed(6), +inMm(s0.y).toFixed(6)]).toEqual([21.4, 228.5]);
    // Gap 2 mm: 2 × 85.6 + 2 = 173.2 wide; 5 × 54 + 4 × 2 = 278 tall, still inside 200 × 287.
    const gapped = settings({ gapMm: 2 });
    const g = gridFor(gapped);
    expect(inMm(g.width)).toBeCloseTo(173.2, 6);
    expect(inMm(frontSlot(g, gapped, 1).x) - inMm(frontSlot(g, gapped, 0).x)).toBeCloseTo(87.6, 6);
  });

  it('a card that cannot fit inside the margin is refused, naming the sizes', () => {
    // A4 inside an 80 mm margin leaves 50 × 137 mm: A6 needs 105 × 148 upright or 148 × 105 turned.
    expect(() => gridFor(settings({ size: 'a6', marginMm: 80 }))).toThrow(LayoutError);
    expect(() => gridFor(settings({ size: 'a6', marginMm: 80 }))).toThrow('A6 (105 × 148 mm) cards do not fit on A4 (210 × 297 mm) inside a 80 mm margin');
  });

  it('settings out of range are named', () => {
    expect(validateLayout(settings({ marginMm: -1 }))).toEqual(['margin must be between 0 and 50 mm']);
    expect(validateLayout(settings({ backOffsetMm: { x: 0, y: 30 } }))).toEqual(['back offset must be within ±20 mm on each axis']);
    expect(validateLayout(settings())).toEqual([]);
  });
});

describe('duplex backs', () => {
  it('mirror the columns and keep the rows (long-edge flip), plus the back offset', () => {
    // Front slot 0 (column 0) backs onto column 1: x 105 mm; same row: y 229.5 mm.
    const s = settings();
    const g = gridFor(s);
    const b0 = backSlot(g, s, 0);
    expect([b0.column, b0.row, +inMm(b0.x).toFixed(6), +inMm(b0.y).toFixed(6)]).toEqual([1, 0, 105, 229.5]);
    // The front's x reflected across the sheet: 210 − 19.4 − 85.6 = 105. Same for every slot.
    for (let i = 0; i < g.perPage; i++) {
      const f = frontSlot(g, s, i);
      const b = backSlot(g, s, i);
      expect(b.x).toBeCloseTo(g.paper.widthPt - f.x - f.width, 6);
      expect(b.y).toBeCloseTo(f.y, 6);
    }
    const shifted = settings({ backOffsetMm: { x: -1, y: 0.5 } });
    const bs = backSlot(gridFor(shifted), shifted, 0);
    expect([+inMm(bs.x).toFixed(6), +inMm(bs.y).toFixed(6)]).toEqual([104, 230]);
  });
});

describe('cut marks', () => {
  it('continue every cut line outside the grid, inside the margin', () => {
    // Credit on A4: cuts at x = 19.4, 105, 190.6 mm and y = 13.5, 67.5, …, 283.5 mm (6 lines).
    // Each vertical cut gets a mark above and below, each horizontal one left and right: 3×2 + 6×2 = 18.
    const s = settings();
    const marks = cutMarks(gridFor(s), s);
    expect(marks).toHaveLength(18);
    // Room above the grid: 297 − 5 − 283.5 − 1 = 7.5 mm, capped at 5 mm; the mark starts 1 mm off the grid.
    const top = marks.find((m) => Math.abs(inMm(m.x1) - 19.4) < 1e-3 && m.y1 > gridFor(s).bottom + gridFor(s).height);
    expect(top).toBeDefined();
    expect(inMm(top!.y1)).toBeCloseTo(284.5, 3);
    expect(inMm(top!.y2)).toBeCloseTo(289.5, 3);
    // No mark crosses into the margin.
    for (const m of marks) {
      for (const x of [m.x1, m.x2]) expect(inMm(x)).toBeGreaterThanOrEqual(5 - 1e-6);
      for (const y of [m.y1, m.y2]) expect(inMm(y)).toBeLessThanOrEqual(292 + 1e-6);
    }
  });

  it('are left out where there is no room (the card outline still shows the cut)', () => {
    // Poker on A4 with a 9 mm margin: left room (210 − 190.5)/2 − 1 − 9 = −0.25 mm: no side marks;
    // bottom room 15.15 − 1 − 9 = 5.15 → 5 mm: top and bottom marks for the 4 vertical cuts.
    const s = settings({ size: 'poker', marginMm: 9 });
    const marks = cutMarks(gridFor(s), s);
    expect(marks).toHaveLength(8);
    expect(marks.every((m) => m.x1 === m.x2)).toBe(true);
  });
});
