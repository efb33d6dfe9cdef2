// What a card is made of once laid out: a flat list of drawing operations in the card's own
// coordinates (points, origin at the card's bottom-left corner, y up). The PDF writer turns them
// into page content; tests and the benchmark read them directly.
import type { Face } from './fonts';

/** 0 is black, 1 is white. */
export type Gray = number;

export type TextOp = { op: 'text'; x: number; y: number; text: string; face: Face; size: number; width: number };
export type RectOp = { op: 'rect'; x: number; y: number; w: number; h: number; fill?: Gray; stroke?: Gray; lineWidth?: number };
export type LineOp = { op: 'line'; x1: number; y1: number; x2: number; y2: number; width: number; gray: Gray; dash?: number[] };
export type EllipseOp = { op: 'ellipse'; cx: number; cy: number; rx: number; ry: number; fill?: Gray; stroke?: Gray; lineWidth?: number };
/**
 * Filled squares on a grid (a QR code): each run is [column, row, length] in grid units, row 0 at
 * the bottom; the grid's bottom-left corner is at (x, y) and one unit is `unit` points. A typed
 * array: a large print holds a million of these numbers until it is written.
 */
export type CellsOp = { op: 'cells'; x: number; y: number; unit: number; runs: Uint16Array | readonly number[] };

export type DrawOp = TextOp | RectOp | LineOp | EllipseOp | CellsOp;

/** One side of one physical card. */
export type CardFace = { width: number; height: number; ops: DrawOp[] };

/**
 * A face as layout writes it. Its text operations, most of a print's operations (some 60,000 for
 * 1,000 characters), are kept in columns rather than as an object each: x, y, size and width in one
 * array of numbers (only numbers, so V8 keeps them unboxed, not as an object per number), the text
 * and face beside. Objects that live until the PDF is written cost the garbage collector most of
 * all. `items` is the drawing order: an operation object, or the index of a text operation in the
 * columns. `ops` makes the objects when something reads them (tests, the preview, the print pack).
 */
export class LaidFace implements CardFace {
  readonly items: (DrawOp | number)[] = [];
  /** x, y, size, width of text operation i at 4i … 4i + 3. */
  readonly nums: number[] = [];
  readonly texts: string[] = [];
  readonly faces: Face[] = [];
  private made: DrawOp[] | null = null;

  constructor(
    readonly width: number,
    readonly height: number,
  ) {}

  /** Adds a text operation at the end of the drawing order. */
  text(x: number, y: number, text: string, face: Face, size: number, width: number): void {
    const i = this.texts.length;
    this.texts.push(text);
    this.faces.push(face);
    this.nums.push(x, y, size, width);
    this.items.push(i);
  }

  /** Text operation i as an object. */
  textOp(i: number): TextOp {
    const n = this.nums;
    return { op: 'text', x: n[4 * i]!, y: n[4 * i + 1]!, text: this.texts[i]!, face: this.faces[i]!, size: n[4 * i + 2]!, width: n[4 * i + 3]! };
  }

  /** Adds a copy of every operation so far, moved by (dx, dy) (translateOps' arithmetic). */
  repeatMoved(dx: number, dy: number): void {
    const items = this.items;
    const n = this.nums;
    for (let k = 0, end = items.length; k < end; k++) {
      const it = items[k]!;
      if (typeof it === 'number') this.text(n[4 * it]! + dx, n[4 * it + 1]! + dy, this.texts[it]!, this.faces[it]!, n[4 * it + 2]!, n[4 * it + 3]!);
      else items.push(translateOps([it], dx, dy)[0]!);
    }
  }

  /** The drawing operations as objects (made once, on first read). */
  get ops(): DrawOp[] {
    return (this.made ??= this.items.map((it) => (typeof it === 'number' ? this.textOp(it) : it)));
  }
}

export function translateOps(ops: readonly DrawOp[], dx: number, dy: number): DrawOp[] {
  return ops.map((o) => {
    switch (o.op) {
      case 'text':
      case 'rect':
      case 'cells':
        return { ...o, x: o.x + dx, y: o.y + dy };
      case 'line':
        return { ...o, x1: o.x1 + dx, y1: o.y1 + dy, x2: o.x2 + dx, y2: o.y2 + dy };
      case 'ellipse':
        return { ...o, cx: o.cx + dx, cy: o.cy + dy };
    }
  });
}

/** All the text on a face, in drawing order, joined by spaces (for tests and previews). */
export function faceText(face: CardFace): string {
  return face.ops
    .filter((o): o is TextOp => o.op === 'text')
    .map((o) => o.text)
    .join(' ');
}
