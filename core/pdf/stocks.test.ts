// Card stock presets and the calibration page, read back from the written PDF: every card's
// origin (the matrix that places its face) in mm against the published sheet geometry (gLabels
// templates, as quoted in stocks.ts and the issue), within 0.2 mm.
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { facePlacements, printScaling } from '../../node/testing/pdf-readback';
import { derive } from '../rulesets/index';
import { calibrationSheets, CROSS_ARM_MM, printCalibration, slotCorners } from './calibration';
import { FontMetrics, type FontBytes } from './fonts';
import { CARD_STOCKS, frontSlot, gridFor, stockByCode, type CardStockId } from './layout';
import { layoutSettings, printCards } from './print';
import { sampleCharacter } from './sample-characters';

const MM = 72 / 25.4;
const now = new Date('2026-06-01T10:00:00Z');
let fonts: FontBytes;
let metrics: FontMetrics;
beforeAll(async () => {
  const root = join(import.meta.dirname, '../..');
  fonts = { regular: new Uint8Array(await readFile(join(root, 'assets/fonts/DejaVuSans.ttf'))), bold: new Uint8Array(await readFile(join(root, 'assets/fonts/DejaVuSans-Bold.ttf'))) };
  metrics = new FontMetrics(fonts);
});

/** Ten Novitas characters: ten character cards, one full sheet of fronts and its backs. */
const ten = () =>
  Array.from({ length: 10 }, (_, i) => {
    const c = sampleCharacter('novitas', 100 + i);
    return { character: c, derivation: derive(c), source: `c${i}` };
  });

/** Where the sheet's template puts card (column, row): left and bottom edge in mm from the page's bottom-left. */
type Expect = { paperMm: [number, number]; card: [number, number]; x: (c: number) => number; y: (r: number) => number; columns: number; rows: number };
const EXPECTED: Record<CardStockId, Expect> = {
  // A4 210 × 297; 85 × 54 cards, first 15 mm from the left and 13.5 mm from the top, 95 mm column pitch, rows 54 mm apart.
  'avery-c32011': { paperMm: [210, 297], card: [85, 54], columns: 2, rows: 5, x: (c) => 15 + 95 * c, y: (r) => 297 - 13.5 - 54 * r - 54 },
  // 90 × 52 mm, first 15 mm / 18.5 mm, 90 × 52 pitch.
  'avery-l7414': { paperMm: [210, 297], card: [90, 52], columns: 2, rows: 5, x: (c) => 15 + 90 * c, y: (r) => 297 - 18.5 - 52 * r - 52 },
  // 85 × 54, 2 × 4, first 17 / 31.5 mm, 91 mm and 60 mm pitch.
  'avery-32015': { paperMm: [210, 297], card: [85, 54], columns: 2, rows: 4, x: (c) => 17 + 91 * c, y: (r) => 297 - 31.5 - 60 * r - 54 },
  // Letter 215.9 × 279.4 mm; 3.5 × 2 in (88.9 × 50.8 mm), first 0.75 in (19.05 mm) / 0.5 in (12.7 mm), pitch 3.5 × 2 in.
  'avery-5371': { paperMm: [215.9, 279.4], card: [88.9, 50.8], columns: 2, rows: 5, x: (c) => 19.05 + 88.9 * c, y: (r) => 279.4 - 12.7 - 50.8 * r - 50.8 },
};

describe('card stock presets', () => {
  it('are found by product code and by their equivalents', () => {
    expect(stockByCode('C32011')?.id).toBe('avery-c32011');
    expect(stockByCode('avery c32011')?.id).toBe('avery-c32011');
    expect(stockByCode('L7414')?.id).toBe('avery-l7414');
    expect(stockByCode('7414')?.id).toBe('avery-l7414');
    expect(stockByCode('32015')?.id).toBe('avery-32015');
    expect(stockByCode('C32015')?.id).toBe('avery-32015');
    expect(stockByCode('5371')?.id).toBe('avery-5371');
    expect(stockByCode('8371')?.id).toBe('avery-5371');
    expect(stockByCode('Avery 8371')?.id).toBe('avery-5371');
    expect(stockByCode('28371')?.id).toBe('avery-5371');
    expect(stockByCode('5160')).toBeNull();
    expect(stockByCode('')).toBeNull();
  });

  for (const id of Object.keys(CARD_STOCKS) as CardStockId[]) {
    it(`${CARD_STOCKS[id].code}: every card of a full sheet is where the template puts it, fronts and backs, in the PDF`, async () => {
      const e = EXPECTED[id];
      const printed = await printCards(ten(), { now, fonts, metrics, layout: { stock: id }, sections: ['character'] });
      const perPage = e.columns * e.rows;
      expect(printed.grid.perPage).toBe(perPage);
      const doc = await PDFDocument.load(printed.bytes);
      const { width, height } = doc.getPage(0).getSize();
      expect(width / MM).toBeCloseTo(e.paperMm[0], 1);
      expect(height / MM).toBeCloseTo(e.paperMm[1], 1);
      const pages = await facePlacements(printed.bytes);
      // Fronts on page 1 left to right, top to bottom; backs on page 2 mirrored across the sheet.
      const fronts = pages[0]!;
      expect(fronts.length).toBe(Math.min(10, perPage));
      fronts.forEach((p, i) => {
        const c = i % e.columns;
        const r = Math.floor(i / e.columns);
        expect(Math.abs(p.x / MM - e.x(c)), `front ${i} x`).toBeLessThan(0.2);
        expect(Math.abs(p.y / MM - e.y(r)), `front ${i} y`).toBeLessThan(0.2);
      });
      pages[1]!.forEach((p, i) => {
        const c = i % e.columns;
        const r = Math.floor(i / e.columns);
        expect(Math.abs(p.x / MM - (e.paperMm[0] - e.x(c) - e.card[0])), `back ${i} x`).toBeLessThan(0.2);
        expect(Math.abs(p.y / MM - e.y(r)), `back ${i} y`).toBeLessThan(0.2);
      });
      // The card is laid out at the stock's size.
      expect(printed.cards[0]!.front.width / MM).toBeCloseTo(e.card[0], 1);
      expect(printed.cards[0]!.front.height / MM).toBeCloseTo(e.card[1], 1);
      // Perforated stock: no cut marks.
      expect(printed.sheets.every((s) => s.cutMarks.length === 0)).toBe(true);
      expect(await printScaling(printed.bytes)).toBe('None');
    });
  }

  it('moves every card by the printer correction: fronts by the front offset, backs by the back offset', async () => {
    const e = EXPECTED['avery-c32011'];
    const printed = await printCards(ten(), { now, fonts, metrics, layout: { stock: 'avery-c32011', offsetMm: { x: 1.5, y: -0.5 }, backOffsetMm: { x: -1, y: 2 } }, sections: ['character'] });
    const [fronts, backs] = await facePlacements(printed.bytes);
    expect(Math.abs(fronts![3]!.x / MM - (e.x(1) + 1.5))).toBeLessThan(0.2);
    expect(Math.abs(fronts![3]!.y / MM - (e.y(1) - 0.5))).toBeLessThan(0.2);
    // The back of card 3 (column 1) is under column 0 seen from the back: 210 − 110 − 85 = 15 mm, then −1 mm.
    expect(Math.abs(backs![3]!.x / MM - (15 - 1))).toBeLessThan(0.2);
    expect(Math.abs(backs![3]!.y / MM - (e.y(1) + 2))).toBeLessThan(0.2);
  });

  it('custom sheets stay possible: the centred grid of a card size inside a margin', async () => {
    // Credit cards 85.6 × 54 on A4 in a 5 mm margin: 2 × 5 centred, left (210 − 171.2) / 2 = 19.4 mm.
    const printed = await printCards(ten(), { now, fonts, metrics, layout: { stock: null, paper: 'a4', size: 'credit' }, sections: ['character'] });
    const [fronts] = await facePlacements(printed.bytes);
    expect(fronts![0]!.x / MM).toBeCloseTo(19.4, 1);
    expect(fronts![0]!.y / MM).toBeCloseTo(297 - 13.5 - 54, 1);
    expect(printed.sheets[0]!.cutMarks.length).toBeGreaterThan(0);
    expect(await printScaling(printed.bytes)).toBe('None');
  });
});

describe('the calibration page', () => {
  it("has a cross at every card corner of the sheet, moved by the correction, and says to print at actual size", async () => {
    const offset = { x: 1.5, y: -0.5 };
    const made = await printCalibration({ layout: { stock: 'avery-c32011', offsetMm: offset }, backs: true, language: 'en', metrics, printer: 'Office laser', fonts, now });
    expect(made.pages).toBe(2);
    expect(await printScaling(made.bytes)).toBe('None');
    // Crosses from the drawing: each is a horizontal and a vertical line of 2 × 5 mm through a corner.
    const { sheets } = calibrationSheets({ layout: { stock: 'avery-c32011', offsetMm: offset }, backs: true, language: 'en', metrics, printer: 'Office laser' });
    const ops = sheets[0]!.faces[0]!.face.ops;
    const centres = ops
      .filter((o) => o.op === 'line' && Math.abs(o.y1 - o.y2) < 1e-6 && Math.abs(Math.abs(o.x2 - o.x1) - 2 * CROSS_ARM_MM * MM) < 1e-6)
      .map((o) => (o.op === 'line' ? { x: (o.x1 + o.x2) / 2 / MM, y: o.y1 / MM } : null)!);
    // C32011: columns at 15–100 and 110–195 mm; rows share edges, 13.5 + 54 k from the top (k = 0…5):
    // 4 x positions × 6 y positions = 24 corners.
    const want: { x: number; y: number }[] = [];
    for (const x of [15, 100, 110, 195]) for (let k = 0; k <= 5; k++) want.push({ x: x + offset.x, y: 297 - 13.5 - 54 * k + offset.y });
    expect(centres).toHaveLength(24);
    for (const w of want) expect(centres.some((c) => Math.abs(c.x - w.x) < 0.2 && Math.abs(c.y - w.y) < 0.2), `${w.x}, ${w.y}`).toBe(true);
    // The words, as the PDF reads.
    const dir = await mkdtemp(join(tmpdir(), 'qm-cal-'));
    try {
      await writeFile(join(dir, 'cal.pdf'), made.bytes);
      const text = execFileSync('pdftotext', [join(dir, 'cal.pdf'), '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
      expect(text).toContain('Calibration page: Avery C32011 (A4), printer: Office laser');
      expect(text).toContain('Print at 100 % (“actual size”), never “fit to page”');
      expect(text).toContain('right 1.5 mm, up -0.5 mm');
      expect(text).toContain('Calibration page, back');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('marks each corner once where neighbouring cards share it', () => {
    const settings = layoutSettings({ stock: 'avery-5371' });
    const grid = gridFor(settings);
    // 5371: columns touch (pitch = width), rows touch: 3 × 6 = 18 corners for 10 cards.
    expect(slotCorners(Array.from({ length: 10 }, (_, i) => frontSlot(grid, settings, i)))).toHaveLength(18);
  });
});
