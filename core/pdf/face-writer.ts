// Writing one face of a card: placing figures (floated to the right, text wrapping beside them),
// space and lines of text from the top down, into the face's drawing operations.
import type { DrawOp, LaidFace } from './draw';
import type { FigureBlock, TextBlock, TextStyle } from './types';
import type { FontMetrics } from './fonts';
import { LINE_HEIGHT, MIN_SMALL_PT, STYLE_SCALE, mm } from './layout';
import { fillLine, linePlan, wordsOf } from './lines';

/** Space between text and a floated figure. */
export const FLOAT_GAP = mm(1.5);
/** Text beside a float never gets narrower than this; below it the text moves under the float. */
const MIN_COLUMN = mm(14);

export type Sizes = Record<TextStyle, number>;

export function sizesFor(bodyPt: number): Sizes {
  return {
    title: bodyPt * STYLE_SCALE.title,
    big: bodyPt * STYLE_SCALE.big,
    body: bodyPt * STYLE_SCALE.body,
    small: Math.max(MIN_SMALL_PT, bodyPt * STYLE_SCALE.small),
  };
}

export type Region = { x0: number; x1: number; top: number; bottom: number };
export type Float = { left: number; top: number; bottom: number };

export class FaceWriter {
  y: number;
  float: Float | null = null;
  lowest: number;

  constructor(
    /** What is written (the face the writer is done with becomes the card's). */
    readonly face: LaidFace,
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
      this.add(block.draw(x, this.y - height, width, height));
      this.float = { left: x, top: this.y, bottom: this.y - height };
      this.lowest = Math.min(this.lowest, this.y - height);
      return true;
    }
    if (this.float && this.y > this.float.bottom) {
      const free = this.region.x1 - this.region.x0;
      if (width > this.widthAt(this.y, height) && width <= free) this.y = this.float.bottom - FLOAT_GAP;
    }
    if (this.y - height < this.region.bottom - 0.01) return false;
    this.add(block.draw(this.region.x0, this.y - height, width, height));
    this.y -= height;
    this.lowest = Math.min(this.lowest, this.y);
    return true;
  }

  private add(ops: readonly DrawOp[]): void {
    const items = this.face.items;
    for (const o of ops) items.push(o);
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
          this.face.text(this.region.x0 + line.dx + run.x, baseline, run.text, run.face, size, run.width);
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
          this.face.text(this.region.x0 + dx + run.x, baseline, run.text, run.bold ? 'bold' : 'regular', size, run.width);
        }
      }
      this.y -= lh;
      this.lowest = Math.min(this.lowest, this.y);
    }
    return null;
  }
}
