// The calibration page: one sheet (and its back, for two-sided printing) with a cross at every
// card corner of the chosen sheet, 1 mm ticks on each cross, rulers along the top and left edges
// numbered in mm from the paper's edge, and the instructions. The user prints it at 100 %, lays it
// on (or prints it on) the card stock, measures how far each card's real corner is from its cross,
// and types that as the printer correction; every later print, this page included, is moved by it.
import type { DrawOp } from './draw';
import { PdfWriter, type Deflate } from './emit';
import type { FontBytes, FontMetrics } from './fonts';
import type { Sheet } from './impose';
import { labelsFor, type CardLanguage } from './labels';
import { backSlot, frontSlot, gridFor, mm, PAPERS, type Grid, type PrintLayoutSettings, type Slot } from './layout';
import { layoutSettings } from './print';

/** Each arm of a corner cross, and its tick spacing, in mm. */
export const CROSS_ARM_MM = 5;
const TICK_MM = 1;
/** The rulers' base lines, in mm from the top and left edges (printers leave about 4 mm blank). */
export const RULER_INSET_MM = 9;
const TEXT_PT = 6.5;

export type CalibrationOptions = {
  layout?: Partial<PrintLayoutSettings>;
  /** Add the back page (for two-sided printing). */
  backs: boolean;
  language: CardLanguage;
  metrics: FontMetrics;
  /** The printer's name as the user calls it ('' when none was given). */
  printer: string;
};

/** The sheet's name as the page states it: "Avery C32011 (A4)" or "custom: credit cards on A4". */
function sheetName(grid: Grid, language: CardLanguage): string {
  const paper = grid.paper.id === 'a4' ? 'A4' : 'Letter';
  if (grid.stock) return `${grid.stock.brand} ${grid.stock.code} (${paper})`;
  return labelsFor(language).calibration.custom(grid.card.label, paper);
}

/** The corners of every slot of a page, each once (neighbouring cards can share corners). */
export function slotCorners(slots: readonly Slot[]): { x: number; y: number }[] {
  const seen = new Map<string, { x: number; y: number }>();
  for (const s of slots) {
    for (const [x, y] of [
      [s.x, s.y],
      [s.x + s.width, s.y],
      [s.x, s.y + s.height],
      [s.x + s.width, s.y + s.height],
    ] as const) {
      seen.set(`${Math.round(x * 100)},${Math.round(y * 100)}`, { x, y });
    }
  }
  return [...seen.values()];
}

function cross(x: number, y: number): DrawOp[] {
  const arm = mm(CROSS_ARM_MM);
  const ops: DrawOp[] = [
    { op: 'line', x1: x - arm, y1: y, x2: x + arm, y2: y, width: 0.25, gray: 0 },
    { op: 'line', x1: x, y1: y - arm, x2: x, y2: y + arm, width: 0.25, gray: 0 },
  ];
  for (let i = 1; i * TICK_MM <= CROSS_ARM_MM; i++) {
    const d = mm(i * TICK_MM);
    const len = mm(i % 5 === 0 ? 1.2 : 0.6);
    for (const s of [-1, 1]) {
      ops.push({ op: 'line', x1: x + s * d, y1: y - len / 2, x2: x + s * d, y2: y + len / 2, width: 0.15, gray: 0 });
      ops.push({ op: 'line', x1: x - len / 2, y1: y + s * d, x2: x + len / 2, y2: y + s * d, width: 0.15, gray: 0 });
    }
  }
  return ops;
}

/** A ruler along the top (numbered from the left edge) and one along the left edge (numbered from the top). */
function rulers(widthPt: number, heightPt: number, dx: number, dy: number, metrics: FontMetrics, corners: readonly { x: number; y: number }[]): DrawOp[] {
  // A number is left out where it would sit on a corner cross (the ticks still show the mm).
  const clear = mm(CROSS_ARM_MM + 1.5);
  const free = (x: number, y: number) => corners.every((c) => Math.abs(c.x - x) > clear || Math.abs(c.y - y) > clear);
  const ops: DrawOp[] = [];
  const top = heightPt - mm(RULER_INSET_MM) + dy;
  const left = mm(RULER_INSET_MM) + dx;
  const size = 5;
  ops.push({ op: 'line', x1: dx, y1: top, x2: widthPt + dx, y2: top, width: 0.2, gray: 0 });
  ops.push({ op: 'line', x1: left, y1: dy, x2: left, y2: heightPt + dy, width: 0.2, gray: 0 });
  const tick = (n: number) => mm(n % 10 === 0 ? 4 : n % 5 === 0 ? 2.5 : 1.5);
  for (let n = 0; mm(n) <= widthPt + 0.01; n++) {
    const x = mm(n) + dx;
    ops.push({ op: 'line', x1: x, y1: top, x2: x, y2: top + tick(n), width: 0.15, gray: 0 });
    if (n % 10 === 0 && n > 0 && free(x, top - size)) {
      const t = String(n);
      const w = metrics.width(t, 'regular', size);
      ops.push({ op: 'text', x: x - w / 2, y: top - size - 0.5, text: t, face: 'regular', size, width: w });
    }
  }
  for (let n = 0; mm(n) <= heightPt + 0.01; n++) {
    const y = heightPt - mm(n) + dy;
    ops.push({ op: 'line', x1: left, y1: y, x2: left - tick(n), y2: y, width: 0.15, gray: 0 });
    if (n % 10 === 0 && n > 0 && free(left + 3, y)) {
      const t = String(n);
      ops.push({ op: 'text', x: left + 1.5, y: y - size * 0.35, text: t, face: 'regular', size, width: metrics.width(t, 'regular', size) });
    }
  }
  return ops;
}

/** Greedy word wrap at the card font's widths. */
function wrap(text: string, width: number, metrics: FontMetrics, face: 'regular' | 'bold', size: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (line && metrics.width(next, face, size) > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

/** Paragraphs inside a slot (inside its padding), top down; what does not fit is left out. */
function textIn(slot: Slot, paragraphs: readonly { text: string; bold?: boolean }[], metrics: FontMetrics): DrawOp[] {
  const pad = mm(4);
  const width = slot.width - 2 * pad;
  let y = slot.y + slot.height - pad - TEXT_PT;
  const ops: DrawOp[] = [];
  for (const p of paragraphs) {
    const face = p.bold ? 'bold' : 'regular';
    for (const line of wrap(p.text, width, metrics, face, TEXT_PT)) {
      if (y < slot.y + pad) return ops;
      ops.push({ op: 'text', x: slot.x + pad, y, text: line, face, size: TEXT_PT, width: metrics.width(line, face, TEXT_PT) });
      y -= TEXT_PT * 1.25;
    }
    y -= TEXT_PT * 0.4;
  }
  return ops;
}

const fmt = (v: number) => (Math.round(v * 100) / 100).toString();

/** The calibration page's sheets: the front, and the back when printing two-sided. */
export function calibrationSheets(options: CalibrationOptions): { grid: Grid; settings: PrintLayoutSettings; sheets: Sheet[] } {
  const settings = layoutSettings(options.layout);
  const grid = gridFor(settings);
  const { widthPt, heightPt } = PAPERS[grid.paper.id];
  const L = labelsFor(options.language).calibration;
  const name = sheetName(grid, options.language);
  const printer = options.printer.trim() || L.anyPrinter;
  const page = (side: 'front' | 'back'): Sheet => {
    const slots = Array.from({ length: grid.perPage }, (_, i) => (side === 'front' ? frontSlot(grid, settings, i) : backSlot(grid, settings, i)));
    const offset = side === 'front' ? settings.offsetMm : settings.backOffsetMm;
    const ops: DrawOp[] = [];
    for (const s of slots) ops.push({ op: 'rect', x: s.x, y: s.y, w: s.width, h: s.height, stroke: 0.6, lineWidth: 0.3 });
    const corners = slotCorners(slots);
    for (const c of corners) ops.push(...cross(c.x, c.y));
    ops.push(...rulers(widthPt, heightPt, mm(offset.x), mm(offset.y), options.metrics, corners));
    // The instructions in the first two cards (on the back: the two in the top row as seen).
    const [first, second] = side === 'front' ? [slots[0]!, slots[1] ?? slots[0]!] : [slots[Math.min(1, slots.length - 1)]!, slots[0]!];
    const heading = side === 'front' ? L.heading(name, printer) : L.backHeading(name, printer);
    ops.push(...textIn(first, [{ text: heading, bold: true }, { text: L.actualSize, bold: true }, { text: L.lay }], options.metrics));
    ops.push(
      ...textIn(
        second,
        [{ text: L.measure }, { text: side === 'front' ? L.typeFront(fmt(offset.x), fmt(offset.y)) : L.typeBack(fmt(offset.x), fmt(offset.y)) }, { text: L.saved }],
        options.metrics,
      ),
    );
    const whole: Slot = { index: 0, column: 0, row: 0, x: 0, y: 0, width: widthPt, height: heightPt, rotated: false };
    return { side, cutMarks: [], faces: [{ face: { width: widthPt, height: heightPt, ops }, slot: whole, side: 'front' }] };
  };
  const sheets = [page('front')];
  if (options.backs) sheets.push(page('back'));
  return { grid, settings, sheets };
}

/** The calibration page as a PDF. */
export async function printCalibration(options: CalibrationOptions & { fonts: FontBytes; now: Date; deflate?: Deflate }): Promise<{ bytes: Uint8Array; pages: number; grid: Grid }> {
  const { grid, sheets } = calibrationSheets(options);
  const writer = await PdfWriter.create(options.fonts, { title: `Quartermaster calibration page: ${sheetName(grid, options.language)}`, now: options.now }, options.deflate);
  for (const sheet of sheets) writer.addSheet(sheet, grid.paper.widthPt, grid.paper.heightPt);
  return { bytes: await writer.save(), pages: sheets.length, grid };
}
