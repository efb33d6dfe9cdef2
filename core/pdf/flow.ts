// Laying out a card's content on its face: titles, text that wraps (beside a figure floated to the
// right), figures, a footer with the serial number. Text is never clipped: the whole card shrinks
// step by step down to the smallest body size, and what still does not fit continues on further
// cards marked "1/2", "2/2".
import { mm, LINE_HEIGHT, MIN_BODY_PT, MIN_SMALL_PT, SHRINK_STEP_PT, STYLE_SCALE, LayoutError, type CardSize } from './layout';
import type { CardFace, DrawOp } from './draw';
import { translateOps } from './draw';
import type { FontMetrics } from './fonts';
import { fillLine, linePlan, wordsOf } from './lines';

export { wordsOf };

export type Span = { text: string; bold?: boolean };
export type TextStyle = keyof typeof STYLE_SCALE;
export type TextBlock = { kind: 'text'; style: TextStyle; spans: Span[]; align?: 'left' | 'center' };
export type SpaceBlock = { kind: 'space'; mm: number };
export type FigureArea = { width: number; height: number };
export type FigureBlock = {
  kind: 'figure';
  /** Floated figures sit at the right edge and text wraps beside them. */
  float: boolean;
  /** The figure's size for a face whose inner area is `area` (points). Must fit inside it. */
  size(area: FigureArea): { width: number; height: number };
  draw(x: number, y: number, width: number, height: number): DrawOp[];
};
export type Block = TextBlock | SpaceBlock | FigureBlock;

export type CardContent = {
  /** Repeated at the top of every card the content continues on. */
  header: Block[];
  /** Flows, and continues on further cards when it does not fit at the smallest size. */
  body: Block[];
  /** Small print at the bottom: left (kind and serial) and right; "n/N" is added when continued. */
  footer: { left: string; right?: string };
  /** Prints the content on both halves with a tear line between them (Curious Pastimes spell cards). */
  halves?: { label: string };
};

export type LaidOut = {
  faces: CardFace[];
  /** The body text size used, in points. */
  bodyPt: number;
};

export const text = (style: TextStyle, ...spans: (Span | string)[]): TextBlock => ({
  kind: 'text',
  style,
  spans: spans.map((s) => (typeof s === 'string' ? { text: s } : s)),
});
export const centred = (style: TextStyle, ...spans: (Span | string)[]): TextBlock => ({ ...text(style, ...spans), align: 'center' });
export const bold = (t: string): Span => ({ text: t, bold: true });
export const space = (amountMm: number): SpaceBlock => ({ kind: 'space', mm: amountMm });

/** Space between text and a floated figure, and between the body and the footer. */
const FLOAT_GAP = mm(1.5);
const FOOTER_GAP = mm(1);
/** Text beside a float never gets narrower than this; below it the text moves under the float. */
const MIN_COLUMN = mm(14);
/** The card outline. */
export const OUTLINE_GRAY = 0.55;
export const OUTLINE_WIDTH = 0.5;

type Cursor = { block: number; word: number; offset: number };

type Sizes = Record<TextStyle, number>;

function sizesFor(bodyPt: number): Sizes {
  return {
    title: bodyPt * STYLE_SCALE.title,
    big: bodyPt * STYLE_SCALE.big,
    body: bodyPt * STYLE_SCALE.body,
    small: Math.max(MIN_SMALL_PT, bodyPt * STYLE_SCALE.small),
  };
}

type Region = { x0: number; x1: number; top: number; bottom: number };
type Float = { left: number; top: number; bottom: number };

class FaceWriter {
  y: number;
  float: Float | null = null;
  ops: DrawOp[] = [];
  lowest: number;

  constructor(
    readonly region: Region,
    readonly metrics: FontMetrics,
    readonly sizes: Sizes,
  ) {
    this.y = region.top;
    this.lowest = region.top;
  }

  private widthAt(top: number, height: number): number {
    const full = this.region.x1 - this.region.x0;
    const f = this.float;
    if (!f || top - height >= f.top || top <= f.bottom) return full;
    return f.left - FLOAT_GAP - this.region.x0;
  }

  /** Places one figure; false when it does not fit in what is left of the face. */
  figure(block: FigureBlock): boolean {
    const area = { width: this.region.x1 - this.region.x0, height: this.region.top - this.region.bottom };
    const { width, height } = block.size(area);
    if (block.float) {
      if (this.float) this.y = Math.min(this.y, this.float.bottom - FLOAT_GAP);
      if (this.y - height < this.region.bottom - 0.01) return false;
      const x = this.region.x1 - width;
      this.ops.push(...block.draw(x, this.y - height, width, height));
      this.float = { left: x, top: this.y, bottom: this.y - height };
      this.lowest = Math.min(this.lowest, this.y - height);
      return true;
    }
    if (this.float && this.y > this.float.bottom) {
      const free = this.region.x1 - this.region.x0;
      if (width > this.widthAt(this.y, height) && width <= free) this.y = this.float.bottom - FLOAT_GAP;
    }
    if (this.y - height < this.region.bottom - 0.01) return false;
    this.ops.push(...block.draw(this.region.x0, this.y - height, width, height));
    this.y -= height;
    this.lowest = Math.min(this.lowest, this.y);
    return true;
  }

  space(points: number): void {
    if (this.y === this.region.top) return;
    this.y = Math.max(this.region.bottom, this.y - points);
  }

  /**
   * Places as many lines of a text block as fit, starting at word `from` (and `offset` characters
   * into it); returns where it stopped, or null when the block is done.
   */
  text(block: TextBlock, from: number, offset: number): { word: number; offset: number } | null {
    const size = this.sizes[block.style];
    const lh = size * LINE_HEIGHT;
    const ascent = this.metrics.ascent('regular', size);
    const space = this.metrics.width(' ', 'regular', size);
    const full = this.region.x1 - this.region.x0;
    const f = this.float;
    // From the block's start with no figure beside any of its lines, every line is the full width:
    // the block's lines are the same wherever it is placed, so they are planned once (lines.ts).
    if (from === 0 && offset === 0 && (!f || (this.y <= f.bottom && full >= MIN_COLUMN))) {
      for (const line of linePlan(block, size, full, space, this.metrics)) {
        if (this.y - lh < this.region.bottom - 0.01) return { word: line.word, offset: line.offset };
        const baseline = this.y - ascent - (lh - size * 1.164) / 2;
        for (const run of line.runs) {
          this.ops.push({ op: 'text', x: this.region.x0 + line.dx + run.x, y: baseline, text: run.text, face: run.face, size, width: run.width });
        }
        this.y -= lh;
        this.lowest = Math.min(this.lowest, this.y);
      }
      return null;
    }
    const words = wordsOf(block);
    let w = from;
    let off = offset;
    while (w < words.length) {
      let avail = this.widthAt(this.y, lh);
      if (avail < MIN_COLUMN && this.float) {
        this.y = Math.min(this.y, this.float.bottom - FLOAT_GAP * 0.5);
        avail = this.widthAt(this.y, lh);
      }
      if (this.y - lh < this.region.bottom - 0.01) return { word: w, offset: off };
      const line = fillLine(words, w, off, avail, size, space, this.metrics);
      w = line.word;
      off = line.offset;
      const dx = block.align === 'center' ? (avail - line.x) / 2 : 0;
      const baseline = this.y - ascent - (lh - size * 1.164) / 2;
      for (const run of line.runs) {
        if (run.text.trim() !== '') {
          this.ops.push({ op: 'text', x: this.region.x0 + dx + run.x, y: baseline, text: run.text, face: run.bold ? 'bold' : 'regular', size, width: run.width });
        }
      }
      this.y -= lh;
      this.lowest = Math.min(this.lowest, this.y);
    }
    return null;
  }
}

type FooterLines = { left: string[]; rightOwnLine: boolean };

const MARKER_SAMPLE = '88/88';

/**
 * Footer lines by size, for one content laid out on one card size (layoutContent makes one): every
 * size tried on a card needs them, and again for each part.
 */
type FooterMemo = Map<number, FooterLines>;

function footerLines(memo: FooterMemo, content: CardContent, width: number, size: number, metrics: FontMetrics): FooterLines {
  let lines = memo.get(size);
  if (!lines) memo.set(size, (lines = measureFooter(content, width, size, metrics)));
  return lines;
}

function measureFooter(content: CardContent, width: number, size: number, metrics: FontMetrics): FooterLines {
  const right = `${content.footer.right ?? ''} ${MARKER_SAMPLE}`.trim();
  const rightW = metrics.width(right, 'bold', size);
  const left = wrapPlain(content.footer.left, width, size, metrics);
  const lastW = metrics.width(left[left.length - 1] ?? '', 'regular', size);
  return { left, rightOwnLine: lastW + mm(2) + rightW > width };
}

/** Words separated by single spaces, nothing around them: wrapping would not change the text. */
const PLAIN_WORDS = /^[^ \t\u00a0\n]+(?: [^ \t\u00a0\n]+)*$/;

function wrapPlain(s: string, width: number, size: number, metrics: FontMetrics): string[] {
  // Text that fits whole is its one line (most footers): every shorter line the wrapping below
  // tries sums fewer of the same widths, so it would fit too and end with this very line.
  if (PLAIN_WORDS.test(s) && metrics.extend(0, s, 'regular') * size <= width) return [s];
  const block = text('small', s);
  const words = wordsOf(block);
  const lines: string[] = [];
  // Widths in em, extended a word (or a character) at a time: the same sums as measuring each
  // candidate line whole, without measuring the line again for every word.
  let line = '';
  let lineUnits = 0;
  for (const word of words) {
    const t = word.pieces.map((p) => p.text).join('');
    const candidate = line ? `${line} ${t}` : t;
    const candidateUnits = line ? metrics.extend(lineUnits, ` ${t}`, 'regular') : metrics.extend(0, t, 'regular');
    if (candidateUnits * size <= width || !line) {
      line = candidate;
      lineUnits = candidateUnits;
    } else {
      lines.push(line);
      line = t;
      lineUnits = metrics.extend(0, t, 'regular');
    }
  }
  if (line) lines.push(line);
  // A word longer than the line is broken between characters.
  return lines.flatMap((l) => {
    const parts: string[] = [];
    let cur = '';
    let curUnits = 0;
    for (const ch of l) {
      const next = metrics.extend(curUnits, ch, 'regular');
      if (cur && next * size > width) {
        parts.push(cur);
        cur = ch;
        curUnits = metrics.extend(0, ch, 'regular');
        continue;
      }
      cur += ch;
      curUnits = next;
    }
    if (cur) parts.push(cur);
    return parts;
  });
}

type Geometry = { width: number; height: number; pad: number };

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
  const writer = new FaceWriter(region, metrics, sizes);
  for (const block of content.header) {
    const ok = place(writer, block, 0, 0);
    if (ok !== null) return { fits: false as const, headerFits: false as const };
  }
  const afterHeader = writer.ops.length;
  let cursor: Cursor | null = start;
  while (cursor && cursor.block < content.body.length) {
    const block = content.body[cursor.block]!;
    const stop = place(writer, block, cursor.word, cursor.offset);
    if (stop !== null) {
      return { fits: false as const, headerFits: true as const, writer, footer, sizes, cursor: { block: cursor.block, ...stop }, progressed: writer.ops.length > afterHeader || stop.word > cursor.word || stop.offset > cursor.offset };
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

function finishFace(g: Geometry, content: CardContent, writer: FaceWriter, footer: FooterLines, sizes: Sizes, part: { index: number; count: number }, metrics: FontMetrics): CardFace {
  const size = sizes.small;
  const lh = size * LINE_HEIGHT;
  const ascent = metrics.ascent('regular', size);
  // The writer is done with: its operations become the face's (no copy).
  const ops: DrawOp[] = writer.ops;
  const bottom = content.halves ? g.height / 2 + g.pad * 0.75 : g.pad;
  const marker = part.count > 1 ? `${part.index}/${part.count}` : '';
  const right = [content.footer.right ?? '', marker].filter(Boolean).join(' ');
  const lines = footer.left.length + (footer.rightOwnLine ? 1 : 0);
  footer.left.forEach((line, i) => {
    const top = bottom + (lines - i) * lh;
    ops.push({ op: 'text', x: g.pad, y: top - ascent - (lh - size * 1.164) / 2, text: line, face: 'regular', size, width: metrics.width(line, 'regular', size) });
  });
  if (right) {
    const rw = metrics.width(right, 'bold', size);
    const top = bottom + lh;
    ops.push({ op: 'text', x: g.width - g.pad - rw, y: top - ascent - (lh - size * 1.164) / 2, text: right, face: 'bold', size, width: rw });
  }
  let all = ops;
  if (content.halves) {
    all = [...ops, ...translateOps(ops, 0, -g.height / 2)];
    all.push(...tearLine(g, content.halves.label, metrics));
  }
  all.unshift({ op: 'rect', x: 0, y: 0, w: g.width, h: g.height, stroke: OUTLINE_GRAY, lineWidth: OUTLINE_WIDTH });
  return { width: g.width, height: g.height, ops: all };
}

function tearLine(g: Geometry, label: string, metrics: FontMetrics): DrawOp[] {
  const y = g.height / 2;
  const avail = g.width - 2 * g.pad;
  let size = MIN_SMALL_PT * 1.2;
  while (size > MIN_SMALL_PT && metrics.width(label, 'regular', size) > avail * 0.8) size -= 0.25;
  const lines = metrics.width(label, 'regular', size) > avail * 0.8 ? wrapPlain(label, avail * 0.8, size, metrics) : [label];
  const ops: DrawOp[] = [];
  const widest = Math.max(...lines.map((l) => metrics.width(l, 'regular', size)));
  const x0 = (g.width - widest) / 2 - mm(1);
  const x1 = (g.width + widest) / 2 + mm(1);
  const dash = [mm(1.5), mm(1)];
  ops.push({ op: 'line', x1: 0, y1: y, x2: x0, y2: y, width: 0.6, gray: 0, dash });
  ops.push({ op: 'line', x1, y1: y, x2: g.width, y2: y, width: 0.6, gray: 0, dash });
  const lh = size * LINE_HEIGHT;
  lines.forEach((l, i) => {
    const w = metrics.width(l, 'regular', size);
    const baseline = y + (lines.length * lh) / 2 - (i + 1) * lh + (lh - size) / 2 + size * 0.2;
    ops.push({ op: 'text', x: (g.width - w) / 2, y: baseline, text: l, face: 'regular', size, width: w });
  });
  return ops;
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

