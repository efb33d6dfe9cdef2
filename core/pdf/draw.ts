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
