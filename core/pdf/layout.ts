// The layout table: card and paper sizes, printer settings, and where each card goes on a sheet.
// Every size used in printing is defined once, in one of the modules this one gathers: stocks.ts
// (units, card sizes, papers, card stocks) and grid.ts (settings, grids, slots, cut marks); the
// text sizes are here.

export { CARD_SIZES, CARD_STOCK_IDS, CARD_STOCKS, mm, PAPER_IDS, PAPERS, POINTS_PER_INCH, POINTS_PER_MM, stockByCode, stockCard, type CardSize, type CardSizeId, type CardStock, type CardStockId, type Paper, type PaperId } from './stocks';
export { backSlot, CUT_MARK_GAP_MM, CUT_MARK_MAX_MM, CUT_MARK_MIN_MM, cutMarks, DEFAULT_LAYOUT, frontSlot, gridFor, LayoutError, MAX_GAP_MM, MAX_MARGIN_MM, MAX_OFFSET_MM, validateLayout, type Grid, type PrintLayoutSettings, type Segment, type Slot } from './grid';

/** The smallest body text size, in points, before text continues on a second card. */
export const MIN_BODY_PT = 6;
/** The smallest size for footers (serial numbers, "1/2"). */
export const MIN_SMALL_PT = 5;
/** Text style sizes relative to the body size. */
export const STYLE_SCALE = { title: 1.35, big: 2, body: 1, small: 0.8 } as const;
/** Line height as a multiple of the font size. */
export const LINE_HEIGHT = 1.2;
/** Shrinking tries body sizes from the card's size down to MIN_BODY_PT in steps of this many points. */
export const SHRINK_STEP_PT = 0.5;
