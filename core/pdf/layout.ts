// The layout table: card and paper sizes, printer settings, and where each card goes on a sheet.
// Every size used in printing lives here, once. Sizes are in millimetres (Letter in inches, which is
// how it is defined); PDF points are 1/72 inch.

export const POINTS_PER_MM = 72 / 25.4;
export const POINTS_PER_INCH = 72;

/** Millimetres to PDF points. */
export function mm(value: number): number {
  return value * POINTS_PER_MM;
}

export type CardSizeId = 'credit' | 'poker' | 'a6';
export type PaperId = 'a4' | 'letter';

export type CardSize = {
  id: CardSizeId;
  label: string;
  /** Width and height in mm, as the card is read (credit is landscape, the others portrait). */
  widthMm: number;
  heightMm: number;
  /** Body text size in points before any shrinking; titles and small print scale from it. */
  bodyPt: number;
  /** Inner padding from the card's edge to its text, in mm. */
  paddingMm: number;
};

export const CARD_SIZES: Record<CardSizeId, CardSize> = {
  // ISO/IEC 7810 ID-1.
  credit: { id: 'credit', label: 'credit card (85.6 × 54 mm)', widthMm: 85.6, heightMm: 54, bodyPt: 8, paddingMm: 3 },
  // 2.5 × 3.5 in.
  poker: { id: 'poker', label: 'poker card (63.5 × 88.9 mm)', widthMm: 63.5, heightMm: 88.9, bodyPt: 8, paddingMm: 3 },
  // ISO 216 A6.
  a6: { id: 'a6', label: 'A6 (105 × 148 mm)', widthMm: 105, heightMm: 148, bodyPt: 10, paddingMm: 5 },
};

export type Paper = { id: PaperId; label: string; widthPt: number; heightPt: number };

export const PAPERS: Record<PaperId, Paper> = {
  // ISO 216 A4, 210 × 297 mm.
  a4: { id: 'a4', label: 'A4 (210 × 297 mm)', widthPt: mm(210), heightPt: mm(297) },
  // US Letter, 8.5 × 11 in.
  letter: { id: 'letter', label: 'Letter (8.5 × 11 in)', widthPt: 8.5 * POINTS_PER_INCH, heightPt: 11 * POINTS_PER_INCH },
};

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

/** Cut marks: they start this far outside the grid and are at most this long (mm). */
export const CUT_MARK_GAP_MM = 1;
export const CUT_MARK_MAX_MM = 5;
/** Cut marks shorter than this are left out (the card's own outline still shows the cut). */
export const CUT_MARK_MIN_MM = 1.5;

export type PrintLayoutSettings = {
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
  /** Space between neighbouring cards, in points. */
  gap: number;
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
    gap,
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

/** The slot for the index-th card on a front page: left to right, top to bottom. */
export function frontSlot(grid: Grid, settings: PrintLayoutSettings, index: number): Slot {
  const column = index % grid.columns;
  const row = Math.floor(index / grid.columns);
  return slotAt(grid, column, row, index, settings.offsetMm);
}

/**
 * The slot on the back page for the card printed in the index-th front slot. Duplex printing
 * flipped on the long edge mirrors the sheet left to right, so the columns are mirrored and the
 * rows stay; the back offset is added on top.
 */
export function backSlot(grid: Grid, settings: PrintLayoutSettings, index: number): Slot {
  const column = grid.columns - 1 - (index % grid.columns);
  const row = Math.floor(index / grid.columns);
  return slotAt(grid, column, row, index, settings.backOffsetMm);
}

function slotAt(grid: Grid, column: number, row: number, index: number, offset: { x: number; y: number }): Slot {
  return {
    index,
    column,
    row,
    x: grid.left + column * (grid.slotWidth + grid.gap) + mm(offset.x),
    // Row 0 is the top row.
    y: grid.bottom + grid.height - (row + 1) * grid.slotHeight - row * grid.gap + mm(offset.y),
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
  if (!(settings.paper in PAPERS)) problems.push(`paper must be one of ${Object.keys(PAPERS).join(', ')}`);
  if (!(settings.size in CARD_SIZES)) problems.push(`size must be one of ${Object.keys(CARD_SIZES).join(', ')}`);
  if (!Number.isFinite(settings.marginMm) || settings.marginMm < 0 || settings.marginMm > 50) problems.push('margin must be between 0 and 50 mm');
  if (!Number.isFinite(settings.gapMm) || settings.gapMm < 0 || settings.gapMm > 20) problems.push('gap must be between 0 and 20 mm');
  for (const [name, o] of [
    ['offset', settings.offsetMm],
    ['back offset', settings.backOffsetMm],
  ] as const) {
    if (!Number.isFinite(o.x) || !Number.isFinite(o.y) || Math.abs(o.x) > 20 || Math.abs(o.y) > 20) problems.push(`${name} must be within ±20 mm on each axis`);
  }
  return problems;
}
