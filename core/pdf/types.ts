// The blocks a card's content is made of, shared by the layout's files (flow.ts, face-writer.ts,
// footer.ts, lines.ts) and the cards that fill them (cards/).
import type { CardFace, DrawOp } from './draw';
import type { STYLE_SCALE } from './layout';

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
