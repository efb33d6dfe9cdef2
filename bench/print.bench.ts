// `npm run bench:print`: every card for 1,000 characters into one PDF (credit cards on A4), against a
// baseline in the same run that draws the same strings and rectangles with bare pdf-lib
// (drawText, drawRectangle, drawLine, drawEllipse; the QR squares as one path of `re` operators,
// the cheapest way pdf-lib offers). The baseline is handed the finished drawing, so the ratio is
// the cost of everything Quartermaster does on top: deriving values, laying out and measuring text,
// the QR codes, hashes and serials, imposition. Targets: ratio <= 1.5, file <= 2 MB, cost per card
// flat from 100 to 1,000 characters.
//   BENCH_N (default 1000), BENCH_ROUNDS (default 5) change the run.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PDFDocument, concatTransformationMatrix, fill, grayscale, popGraphicsState, pushGraphicsState, rectangle, type PDFFont, type PDFPage } from 'pdf-lib';
import type { Character } from '../core/model/character';
import { derive } from '../core/rulesets/index';
import { FontMetrics, fontkit } from '../core/pdf/fonts';
import { faceMatrix } from '../core/pdf/impose';
import { layoutBatch, printCards, type PrintCharacter } from '../core/pdf/print';
import { sampleBatch } from '../core/pdf/sample-characters';

const root = join(import.meta.dirname, '..');
const fonts = { regular: readFileSync(join(root, 'assets/fonts/DejaVuSans.ttf')), bold: readFileSync(join(root, 'assets/fonts/DejaVuSans-Bold.ttf')) };
const N = Number(process.env.BENCH_N ?? 1000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const SMALL = Math.max(1, Math.round(N / 10));
const now = new Date('2025-06-01T09:00:00Z');

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

/** Quartermaster: from loaded characters to PDF bytes, fresh font metrics each time (as one CLI run). */
async function quartermaster(characters: readonly Character[]) {
  const entries: PrintCharacter[] = characters.map((c) => ({ character: c, derivation: derive(c), source: c.name }));
  return printCards(entries, { now, fonts });
}

type Text = { text: string; x: number; y: number; size: number; bold: boolean };
type Drawing = { width: number; height: number; pages: { texts: Text[]; other: ((page: PDFPage) => void)[] }[] };

/** The finished drawing of a run, in page coordinates, for the baseline to draw with bare pdf-lib. */
function drawingOf(characters: readonly Character[]): Drawing {
  const entries = characters.map((c) => ({ character: c, derivation: derive(c), source: c.name }));
  const laid = layoutBatch(entries, { now, metrics: new FontMetrics(fonts) });
  if (laid.grid.rotated) throw new Error('the baseline handles upright cards only');
  const pages = laid.sheets.map((sheet) => {
    const texts: Text[] = [];
    const other: ((page: PDFPage) => void)[] = [];
    for (const placed of sheet.faces) {
      const [, , , , e, f] = faceMatrix(placed);
      for (const o of placed.face.ops) {
        switch (o.op) {
          case 'text':
            texts.push({ text: o.text, x: e + o.x, y: f + o.y, size: o.size, bold: o.face === 'bold' });
            break;
          case 'rect':
            other.push((p) =>
              p.drawRectangle({
                x: e + o.x,
                y: f + o.y,
                width: o.w,
                height: o.h,
                ...(o.fill !== undefined ? { color: grayscale(o.fill) } : {}),
                ...(o.stroke !== undefined ? { borderColor: grayscale(o.stroke), borderWidth: o.lineWidth ?? 0.5 } : {}),
              }),
            );
            break;
          case 'line':
            other.push((p) => p.drawLine({ start: { x: e + o.x1, y: f + o.y1 }, end: { x: e + o.x2, y: f + o.y2 }, thickness: o.width, color: grayscale(o.gray), ...(o.dash ? { dashArray: o.dash } : {}) }));
            break;
          case 'ellipse':
            other.push((p) => p.drawEllipse({ x: e + o.cx, y: f + o.cy, xScale: o.rx, yScale: o.ry, ...(o.stroke !== undefined ? { borderColor: grayscale(o.stroke), borderWidth: o.lineWidth ?? 0.5 } : {}) }));
            break;
          case 'cells':
            other.push((p) => {
              const ops = [pushGraphicsState(), concatTransformationMatrix(o.unit, 0, 0, o.unit, e + o.x, f + o.y)];
              for (let i = 0; i < o.runs.length; i += 3) ops.push(rectangle(o.runs[i]!, o.runs[i + 1]!, o.runs[i + 2]!, 1));
              ops.push(fill(), popGraphicsState());
              p.pushOperators(...ops);
            });
            break;
        }
      }
    }
    for (const m of sheet.cutMarks) other.push((p) => p.drawLine({ start: { x: m.x1, y: m.y1 }, end: { x: m.x2, y: m.y2 }, thickness: 0.3 }));
    return { texts, other };
  });
  return { width: laid.grid.paper.widthPt, height: laid.grid.paper.heightPt, pages };
}

/** The baseline: the same strings and rectangles drawn straight onto pages with pdf-lib. */
async function bare(drawing: Drawing): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const regular: PDFFont = await doc.embedFont(fonts.regular, { subset: true });
  const bold: PDFFont = await doc.embedFont(fonts.bold, { subset: true });
  for (const p of drawing.pages) {
    const page = doc.addPage([drawing.width, drawing.height]);
    for (const draw of p.other) draw(page);
    for (const t of p.texts) page.drawText(t.text, { x: t.x, y: t.y, size: t.size, font: t.bold ? bold : regular });
  }
  return doc.save();
}

async function timeIt(fn: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}

const big = sampleBatch(N);
const small = big.slice(0, SMALL);
const drawing = drawingOf(big);

// Warm-up, and the sizes.
const mineOut = await quartermaster(big);
const bareOut = await bare(drawing);
const smallOut = await quartermaster(small);
const cards = mineOut.cards.length;
const smallCards = smallOut.cards.length;

const t = { mine: [] as number[], bare: [] as number[], small: [] as number[], layout: [] as number[] };
for (let r = 0; r < ROUNDS; r++) {
  t.bare.push(await timeIt(() => bare(drawing)));
  t.mine.push(await timeIt(() => quartermaster(big)));
  t.small.push(await timeIt(() => quartermaster(small)));
  t.layout.push(
    await timeIt(async () => {
      layoutBatch(
        big.map((c) => ({ character: c, derivation: derive(c), source: c.name })),
        { now, metrics: new FontMetrics(fonts) },
      );
    }),
  );
}
const m = { mine: median(t.mine), bare: median(t.bare), small: median(t.small), layout: median(t.layout) };
const mb = (n: number) => `${(n / (1024 * 1024)).toFixed(2)} MB`;
const perCardSmall = m.small / smallCards;
const perCardBig = m.mine / cards;

console.log(`bench:print  ${N} characters: ${cards} cards on ${mineOut.pages} A4 pages (credit cards, 10 a page), ${ROUNDS} rounds, medians`);
console.log(`  baseline, bare pdf-lib, same strings and rectangles : ${m.bare.toFixed(0)} ms`);
console.log(`  quartermaster print (derive, lay out, write PDF)    : ${m.mine.toFixed(0)} ms   (of which derive + lay out: ${m.layout.toFixed(0)} ms)`);
console.log(`  ratio                                               : ${(m.mine / m.bare).toFixed(2)}  (target <= 1.5)`);
console.log(`  file size                                           : ${mb(mineOut.bytes.length)}  (target <= 2 MB; the baseline's: ${mb(bareOut.length)})`);
console.log(`  cost per card, ${String(SMALL).padStart(4)} characters (${smallCards} cards)   : ${perCardSmall.toFixed(3)} ms`);
console.log(`  cost per card, ${String(N).padStart(4)} characters (${cards} cards)  : ${perCardBig.toFixed(3)} ms   (ratio ${(perCardBig / perCardSmall).toFixed(2)}; flat is about 1)`);
// The small run carries the same fixed start-up (font parsing and embedding) over fewer cards; the
// cost of each card added between the two runs shows whether the per-card cost grows with the batch.
console.log(`  cost of each card added from ${SMALL} to ${N} characters  : ${((m.mine - m.small) / (cards - smallCards)).toFixed(3)} ms`);
