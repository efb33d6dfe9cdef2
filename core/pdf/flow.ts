// Laying out a card's content on its face: titles, text that wraps (beside a figure floated to the
// right), figures, a footer with the serial number. Text is never clipped: the whole card shrinks
// step by step down to the smallest body size, and what still does not fit continues on further
// cards marked "1/2", "2/2".
// The face itself is written by face-writer.ts and finished (footer, halves, outline) by footer.ts.
import { LaidFace } from './draw';
import { FaceWriter, sizesFor, type Region, type Sizes } from './face-writer';
import type { FontMetrics } from './fonts';
import { finishFace, footerLines, type FooterLines, type FooterMemo, type Geometry } from './footer';
import { mm, LINE_HEIGHT, MIN_BODY_PT, SHRINK_STEP_PT, LayoutError, type CardSize } from './layout';
import type { Block, CardContent, LaidOut, SpaceBlock, Span, TextBlock, TextStyle } from './types';
import { wordsOf } from './lines';

export const text = (style: TextStyle, ...spans: (Span | string)[]): TextBlock => ({
  kind: 'text',
  style,
  spans: spans.map((s) => (typeof s === 'string' ? { text: s } : s)),
});
export const centred = (style: TextStyle, ...spans: (Span | string)[]): TextBlock => ({ ...text(style, ...spans), align: 'center' });
export const bold = (t: string): Span => ({ text: t, bold: true });
export const space = (amountMm: number): SpaceBlock => ({ kind: 'space', mm: amountMm });

/** Space between the body and the footer. */
const FOOTER_GAP = mm(1);

type Cursor = { block: number; word: number; offset: number };

function regionFor(g: Geometry, content: CardContent, footerHeight: number): Region {
  const top = g.height - g.pad;
  const halfBottom = content.halves ? g.height / 2 + g.pad * 0.75 : g.pad;
  return { x0: g.pad, x1: g.width - g.pad, top, bottom: halfBottom + footerHeight + FOOTER_GAP };
}

/** Lays the header and as much of the body as fits on one face. */
function flowFace(g: Geometry, content: CardContent, start: Cursor, bodyPt: number, metrics: FontMetrics, footers: FooterMemo) {
  const sizes = sizesFor(bodyPt);
  const width = g.width - 2 * g.pad;
  const footer = footerLines(footers, content, width, sizes.small, metrics);
  const footerHeight = (footer.left.length + (footer.rightOwnLine ? 1 : 0)) * sizes.small * LINE_HEIGHT;
  const region = regionFor(g, content, footerHeight);
  const writer = new FaceWriter(new LaidFace(g.width, g.height), region, metrics, sizes);
  for (const block of content.header) {
    const ok = place(writer, block, 0, 0);
    if (ok !== null) return { fits: false as const, headerFits: false as const };
  }
  const afterHeader = writer.face.items.length;
  let cursor: Cursor | null = start;
  while (cursor && cursor.block < content.body.length) {
    const block = content.body[cursor.block]!;
    const stop = place(writer, block, cursor.word, cursor.offset);
    if (stop !== null) {
      return { fits: false as const, headerFits: true as const, writer, footer, sizes, cursor: { block: cursor.block, ...stop }, progressed: writer.face.items.length > afterHeader || stop.word > cursor.word || stop.offset > cursor.offset };
    }
    cursor = { block: cursor.block + 1, word: 0, offset: 0 };
  }
  return { fits: true as const, headerFits: true as const, writer, footer, sizes, cursor: null, progressed: true };
}

/** Places a block from a position; null when all of it is placed, else where it stopped. */
function place(writer: FaceWriter, block: Block, word: number, offset: number): { word: number; offset: number } | null {
  switch (block.kind) {
    case 'text':
      return writer.text(block, word, offset);
    case 'space':
      writer.space(mm(block.mm));
      return null;
    case 'figure':
      return writer.figure(block) ? null : { word: 0, offset: 0 };
  }
}

/** The body sizes tried, largest first. */
export function bodySizes(card: CardSize): number[] {
  const out: number[] = [];
  for (let s = card.bodyPt; s > MIN_BODY_PT - 1e-9; s -= SHRINK_STEP_PT) out.push(Math.round(s * 100) / 100);
  if (out[out.length - 1] !== MIN_BODY_PT) out.push(MIN_BODY_PT);
  return out;
}

/**
 * Lays content out on one card if it fits at any size down to the minimum, else on as many cards as
 * it takes at the minimum size.
 */
export function layoutContent(content: CardContent, card: CardSize, metrics: FontMetrics, options: { continuation?: boolean } = {}): LaidOut {
  const g: Geometry = { width: mm(card.widthMm), height: mm(card.heightMm), pad: mm(card.paddingMm) };
  const start: Cursor = { block: 0, word: 0, offset: 0 };
  const sizes = bodySizes(card);
  const footers: FooterMemo = new Map();
  for (const bodyPt of sizes) {
    const r = flowFace(g, content, start, bodyPt, metrics, footers);
    if (r.fits) return { faces: [finishFace(g, content, r.writer, r.footer, r.sizes, { index: 1, count: 1 }, metrics)], bodyPt };
  }
  const bodyPt = MIN_BODY_PT;
  if (options.continuation === false) throw new LayoutError(`the ${describe(content)} does not fit on one ${card.label} even at ${MIN_BODY_PT} pt`);
  const parts: { writer: FaceWriter; footer: FooterLines; sizes: Sizes }[] = [];
  let cursor: Cursor | null = start;
  while (cursor) {
    const r = flowFace(g, content, cursor, bodyPt, metrics, footers);
    if (!r.headerFits) throw new LayoutError(`the heading of the ${describe(content)} does not fit on a ${card.label} even at ${MIN_BODY_PT} pt`);
    if (!r.progressed) throw new LayoutError(`part of the ${describe(content)} does not fit on a ${card.label} even at ${MIN_BODY_PT} pt`);
    parts.push({ writer: r.writer, footer: r.footer, sizes: r.sizes });
    cursor = r.cursor;
    if (parts.length > 500) throw new LayoutError(`the ${describe(content)} would take more than 500 cards`);
  }
  return { faces: parts.map((p, i) => finishFace(g, content, p.writer, p.footer, p.sizes, { index: i + 1, count: parts.length }, metrics)), bodyPt };
}

function describe(content: CardContent): string {
  return `card "${content.footer.left}"`;
}

