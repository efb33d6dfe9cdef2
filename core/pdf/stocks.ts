// The sheet tables: card sizes, papers and perforated card stocks. Every paper and card size used in
// printing lives here, once. Sizes are in millimetres (Letter in inches, which is how it is defined);
// PDF points are 1/72 inch. Where cards go on a sheet: grid.ts.

export const POINTS_PER_MM = 72 / 25.4;
export const POINTS_PER_INCH = 72;

/** Millimetres to PDF points. */
export function mm(value: number): number {
  return value * POINTS_PER_MM;
}

export type CardSizeId = 'credit' | 'poker' | 'a6';
/** The papers a sheet can be printed on (their sizes: PAPERS below). */
export const PAPER_IDS = ['a4', 'letter'] as const;
export type PaperId = (typeof PAPER_IDS)[number];

export type CardSize = {
  id: CardSizeId | CardStockId;
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

/**
 * Perforated card stock, by product code: the one table of sheet geometry. Numbers are as the
 * published gLabels templates give them (templates/avery-iso-templates.xml and
 * avery-us-templates.xml of gLabels 4): card width × height, columns × rows, the first card's
 * top-left corner from the sheet's top-left corner (x0, y0) and the distance from one card's corner
 * to the next card's (dx, dy). `equivalents` are product codes the templates list with the same
 * geometry (`equiv=`), and codes sold for the same sheet.
 */
export type CardStockId = 'avery-c32011' | 'avery-l7414' | 'avery-32015' | 'avery-5371';

export type CardStock = {
  id: CardStockId;
  brand: string;
  /** The product code printed on the packet. */
  code: string;
  /** Other codes with the same sheet. */
  equivalents: readonly string[];
  paper: PaperId;
  widthMm: number;
  heightMm: number;
  columns: number;
  rows: number;
  /** The first card's left and top edge from the sheet's left and top edge. */
  leftMm: number;
  topMm: number;
  /** From one card's left (top) edge to the next one's. */
  pitchXMm: number;
  pitchYMm: number;
};

const IN = 25.4;
/** gLabels gives some sizes in points. */
const PT = 25.4 / 72;

export const CARD_STOCKS: Record<CardStockId, CardStock> = {
  // <Template part="C32011-10" size="A4">: 85mm × 54mm, nx=2 ny=5, x0=15mm y0=13.5mm, dx=95mm dy=54mm.
  'avery-c32011': { id: 'avery-c32011', brand: 'Avery', code: 'C32011', equivalents: ['C32011-10', 'C32011-25'], paper: 'a4', widthMm: 85, heightMm: 54, columns: 2, rows: 5, leftMm: 15, topMm: 13.5, pitchXMm: 95, pitchYMm: 54 },
  // <Template part="7414" size="A4"> (L7414 equiv): 255.1 × 147.4 pt (90 × 52 mm), nx=2 ny=5, x0=42.51pt y0=52.44pt, dx=255.1pt dy=147.4pt.
  'avery-l7414': { id: 'avery-l7414', brand: 'Avery', code: 'L7414', equivalents: ['7414'], paper: 'a4', widthMm: 255.1 * PT, heightMm: 147.4 * PT, columns: 2, rows: 5, leftMm: 42.51 * PT, topMm: 52.44 * PT, pitchXMm: 255.1 * PT, pitchYMm: 147.4 * PT },
  // <Template part="32015" size="A4"> (C32015 equiv; Zweckform 32015 the same): 85mm × 54mm, nx=2 ny=4, x0=17mm y0=31.5mm, dx=91mm dy=60mm.
  'avery-32015': { id: 'avery-32015', brand: 'Avery', code: '32015', equivalents: ['C32015', 'Zweckform 32015'], paper: 'a4', widthMm: 85, heightMm: 54, columns: 2, rows: 4, leftMm: 17, topMm: 31.5, pitchXMm: 91, pitchYMm: 60 },
  // <Template part="5371" size="US-Letter">: 3.5in × 2in, nx=2 ny=5, x0=0.75in y0=0.5in, dx=3.5in dy=2in.
  'avery-5371': {
    id: 'avery-5371',
    brand: 'Avery',
    code: '5371',
    equivalents: ['8371', '5871', '5877', '5911', '8471', '8871', '28371'],
    paper: 'letter',
    widthMm: 3.5 * IN,
    heightMm: 2 * IN,
    columns: 2,
    rows: 5,
    leftMm: 0.75 * IN,
    topMm: 0.5 * IN,
    pitchXMm: 3.5 * IN,
    pitchYMm: 2 * IN,
  },
};

export const CARD_STOCK_IDS = Object.keys(CARD_STOCKS) as CardStockId[];

/** The stock with this product code or one of its equivalents ("8371", "c32011", "Avery L7414"); null when none. */
export function stockByCode(code: string): CardStock | null {
  const norm = (c: string) => c.toLowerCase().replace(/^(avery|zweckform)\s*/, '').replace(/\s+/g, '');
  const want = norm(code);
  if (want === '') return null;
  return Object.values(CARD_STOCKS).find((s) => s.id === code || [s.code, ...s.equivalents].some((c) => norm(c) === want)) ?? null;
}

/** The card as text is laid out on it: the stock's size, with a credit card's type size and padding. */
export function stockCard(stock: CardStock): CardSize {
  const size = (v: number) => (Number.isInteger(Math.round(v * 100) / 100) ? String(Math.round(v)) : (Math.round(v * 10) / 10).toString());
  return { id: stock.id, label: `${stock.brand} ${stock.code} card (${size(stock.widthMm)} × ${size(stock.heightMm)} mm)`, widthMm: stock.widthMm, heightMm: stock.heightMm, bodyPt: CARD_SIZES.credit.bodyPt, paddingMm: CARD_SIZES.credit.paddingMm };
}
