// Printer settings and where each card goes on a sheet: the N-up grid, front and back slots, cut
// marks, and the check of settings a person typed. The sizes it places: stocks.ts.

import { CARD_SIZES, CARD_STOCK_IDS, CARD_STOCKS, mm, PAPERS, stockCard, type CardSize, type CardSizeId, type CardStock, type CardStockId, type Paper, type PaperId } from './stocks';

/** Cut marks: they start this far outside the grid and are at most this long (mm). */
export const CUT_MARK_GAP_MM = 1;
export const CUT_MARK_MAX_MM = 5;
/** Cut marks shorter than this are left out (the card's own outline still shows the cut). */
export const CUT_MARK_MIN_MM = 1.5;

/** What a person may type for the printer's settings (validateLayout; saved corrections too, electron/app/settings.ts). */
export const MAX_MARGIN_MM = 50;
export const MAX_GAP_MM = 20;
/** A front or back offset, on each axis: ± this many mm. */
export const MAX_OFFSET_MM = 20;

export type PrintLayoutSettings = {
  /** A card stock by product code; its sheet and card sizes then replace paper, size, margin and gap. Null: a custom sheet. */
  stock: CardStockId | null;
  paper: PaperId;
  size: CardSizeId;
  /** The printer's unprintable border on every side, in mm. Cards stay inside it. */
  marginMm: number;
  /** Moves everything on front pages, in mm (x to the right, y up), to correct a printer's drift. */
  offsetMm: { x: number; y: number };
  /** Moves everything on back pages, in mm, on top of the mirrored position. */
  backOffsetMm: { x: number; y: number };
  /** Space between neighbouring cards, in mm (0: cards share a cut). */
  gapMm: number;
};

export const DEFAULT_LAYOUT: PrintLayoutSettings = {
  stock: null,
  paper: 'a4',
  size: 'credit',
  marginMm: 5,
  offsetMm: { x: 0, y: 0 },
  backOffsetMm: { x: 0, y: 0 },
  gapMm: 0,
};

/** A card's place on a sheet, in points from the page's bottom-left corner. */
export type Slot = {
  index: number;
  column: number;
  row: number;
  /** The card's bottom-left corner on the page, and its extent on the page. */
  x: number;
  y: number;
  width: number;
  height: number;
  /** True when the card is turned a quarter turn on the sheet (its top faces the page's left edge). */
  rotated: boolean;
};

export type Grid = {
  paper: Paper;
  card: CardSize;
  columns: number;
  rows: number;
  perPage: number;
  rotated: boolean;
  /** The card stock the grid is, if any (its cards are perforated: no cut marks). */
  stock: CardStock | null;
  /** From one slot's left edge to the next column's, and from one slot's top to the next row's, in points. */
  pitchX: number;
  pitchY: number;
  /** The card's extent on the sheet (turned when rotated), in points. */
  slotWidth: number;
  slotHeight: number;
  /** The card as read, in points. */
  cardWidth: number;
  cardHeight: number;
  /** The grid's bounding box on a front page, in points (before the offset). */
  left: number;
  bottom: number;
  width: number;
  height: number;
};

export class LayoutError extends Error {}

/**
 * The N-up grid: as many cards as fit inside the margins, in whichever orientation fits more
 * (upright on a tie), centred on the sheet.
 */
export function gridFor(settings: PrintLayoutSettings): Grid {
  if (settings.stock !== null) return stockGrid(CARD_STOCKS[settings.stock]);
  const paper = PAPERS[settings.paper];
  const card = CARD_SIZES[settings.size];
  const margin = mm(settings.marginMm);
  const gap = mm(settings.gapMm);
  const usableW = paper.widthPt - 2 * margin;
  const usableH = paper.heightPt - 2 * margin;
  const cw = mm(card.widthMm);
  const ch = mm(card.heightMm);
  const fit = (w: number, h: number) => ({
    columns: Math.max(0, Math.floor((usableW + gap + 1e-6) / (w + gap))),
    rows: Math.max(0, Math.floor((usableH + gap + 1e-6) / (h + gap))),
  });
  const upright = fit(cw, ch);
  const turned = fit(ch, cw);
  const rotated = turned.columns * turned.rows > upright.columns * upright.rows;
  const { columns, rows } = rotated ? turned : upright;
  if (columns * rows === 0) {
    throw new LayoutError(`${card.label} cards do not fit on ${paper.label} inside a ${settings.marginMm} mm margin`);
  }
  const slotW = rotated ? ch : cw;
  const slotH = rotated ? cw : ch;
  const width = columns * slotW + (columns - 1) * gap;
  const height = rows * slotH + (rows - 1) * gap;
  return {
    paper,
    card,
    columns,
    rows,
    perPage: columns * rows,
    rotated,
    stock: null,
    pitchX: slotW + gap,
    pitchY: slotH + gap,
    slotWidth: slotW,
    slotHeight: slotH,
    cardWidth: cw,
    cardHeight: ch,
    left: (paper.widthPt - width) / 2,
    bottom: (paper.heightPt - height) / 2,
    width,
    height,
  };
}

/** The grid of a card stock, exactly where its template puts the cards. */
function stockGrid(stock: CardStock): Grid {
  const paper = PAPERS[stock.paper];
  const card = stockCard(stock);
  const cw = mm(stock.widthMm);
  const ch = mm(stock.heightMm);
  const width = (stock.columns - 1) * mm(stock.pitchXMm) + cw;
  const height = (stock.rows - 1) * mm(stock.pitchYMm) + ch;
  return {
    paper,
    card,
    columns: stock.columns,
    rows: stock.rows,
    perPage: stock.columns * stock.rows,
    rotated: false,
    stock,
    pitchX: mm(stock.pitchXMm),
    pitchY: mm(stock.pitchYMm),
    slotWidth: cw,
    slotHeight: ch,
    cardWidth: cw,
    cardHeight: ch,
    left: mm(stock.leftMm),
    bottom: paper.heightPt - mm(stock.topMm) - height,
    width,
    height,
  };
}

/** The slot for the index-th card on a front page: left to right, top to bottom. */
export function frontSlot(grid: Grid, settings: PrintLayoutSettings, index: number): Slot {
  const column = index % grid.columns;
  const row = Math.floor(index / grid.columns);
  return slotAt(grid, column, row, index, settings.offsetMm);
}

/**
 * The slot on the back page for the card printed in the index-th front slot. Duplex printing
 * flipped on the long edge mirrors the sheet left to right: the back of a card is where its front
 * is, seen through the sheet from the other side (columns mirrored, rows kept; for a stock whose
 * margins differ left and right, mirrored across the sheet). The back offset is added on top.
 */
export function backSlot(grid: Grid, settings: PrintLayoutSettings, index: number): Slot {
  const front = slotAt(grid, index % grid.columns, Math.floor(index / grid.columns), index, { x: 0, y: 0 });
  return {
    ...front,
    column: grid.columns - 1 - front.column,
    x: grid.paper.widthPt - front.x - front.width + mm(settings.backOffsetMm.x),
    y: front.y + mm(settings.backOffsetMm.y),
  };
}

function slotAt(grid: Grid, column: number, row: number, index: number, offset: { x: number; y: number }): Slot {
  return {
    index,
    column,
    row,
    x: grid.left + column * grid.pitchX + mm(offset.x),
    // Row 0 is the top row.
    y: grid.bottom + grid.height - row * grid.pitchY - grid.slotHeight + mm(offset.y),
    width: grid.slotWidth,
    height: grid.slotHeight,
    rotated: grid.rotated,
  };
}

export type Segment = { x1: number; y1: number; x2: number; y2: number };

/**
 * Cut marks for a front page: short lines outside the grid continuing every cut line (each
 * column and row edge), drawn only in the space between the grid and the margin.
 */
export function cutMarks(grid: Grid, settings: PrintLayoutSettings): Segment[] {
  // Perforated stock is cut already; marks would print on its waste edge or on the cards.
  if (grid.stock !== null) return [];
  const margin = mm(settings.marginMm);
  const dx = mm(settings.offsetMm.x);
  const dy = mm(settings.offsetMm.y);
  const gapStart = mm(CUT_MARK_GAP_MM);
  const out: Segment[] = [];
  const left = grid.left + dx;
  const right = grid.left + grid.width + dx;
  const bottom = grid.bottom + dy;
  const top = grid.bottom + grid.height + dy;
  // Room outside the grid on each side, up to the margin.
  const roomLeft = Math.min(mm(CUT_MARK_MAX_MM), left - gapStart - margin);
  const roomRight = Math.min(mm(CUT_MARK_MAX_MM), grid.paper.widthPt - margin - right - gapStart);
  const roomBottom = Math.min(mm(CUT_MARK_MAX_MM), bottom - gapStart - margin);
  const roomTop = Math.min(mm(CUT_MARK_MAX_MM), grid.paper.heightPt - margin - top - gapStart);
  const minLen = mm(CUT_MARK_MIN_MM);
  const xs = new Set<number>();
  const ys = new Set<number>();
  for (let c = 0; c < grid.columns; c++) {
    const s = frontSlot(grid, settings, c);
    xs.add(round(s.x));
    xs.add(round(s.x + s.width));
  }
  for (let r = 0; r < grid.rows; r++) {
    const s = frontSlot(grid, settings, r * grid.columns);
    ys.add(round(s.y));
    ys.add(round(s.y + s.height));
  }
  for (const x of xs) {
    if (roomTop >= minLen) out.push({ x1: x, y1: top + gapStart, x2: x, y2: top + gapStart + roomTop });
    if (roomBottom >= minLen) out.push({ x1: x, y1: bottom - gapStart, x2: x, y2: bottom - gapStart - roomBottom });
  }
  for (const y of ys) {
    if (roomLeft >= minLen) out.push({ x1: left - gapStart, y1: y, x2: left - gapStart - roomLeft, y2: y });
    if (roomRight >= minLen) out.push({ x1: right + gapStart, y1: y, x2: right + gapStart + roomRight, y2: y });
  }
  return out;
}

function round(v: number): number {
  return Math.round(v * 1000) / 1000;
}

/** Checks settings a person typed, naming the field at fault. */
export function validateLayout(settings: PrintLayoutSettings): string[] {
  const problems: string[] = [];
  if (settings.stock !== null && !(settings.stock in CARD_STOCKS)) problems.push(`stock must be one of ${CARD_STOCK_IDS.join(', ')}`);
  if (!(settings.paper in PAPERS)) problems.push(`paper must be one of ${Object.keys(PAPERS).join(', ')}`);
  if (!(settings.size in CARD_SIZES)) problems.push(`size must be one of ${Object.keys(CARD_SIZES).join(', ')}`);
  if (!Number.isFinite(settings.marginMm) || settings.marginMm < 0 || settings.marginMm > MAX_MARGIN_MM) problems.push(`margin must be between 0 and ${MAX_MARGIN_MM} mm`);
  if (!Number.isFinite(settings.gapMm) || settings.gapMm < 0 || settings.gapMm > MAX_GAP_MM) problems.push(`gap must be between 0 and ${MAX_GAP_MM} mm`);
  for (const [name, o] of [
    ['offset', settings.offsetMm],
    ['back offset', settings.backOffsetMm],
  ] as const) {
    if (!Number.isFinite(o.x) || !Number.isFinite(o.y) || Math.abs(o.x) > MAX_OFFSET_MM || Math.abs(o.y) > MAX_OFFSET_MM) problems.push(`${name} must be within ±${MAX_OFFSET_MM} mm on each axis`);
  }
  return problems;
}
