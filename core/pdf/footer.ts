// A face's finish: the footer (the card kind and serial at the bottom left, what is on the right and
// "n/N" on a continued card), the second half of a two-half card with its tear line, and the outline.
import type { CardFace, LaidFace, RectOp } from './draw';
import type { FaceWriter, Sizes } from './face-writer';
import type { CardContent, TextBlock } from './types';
import type { FontMetrics } from './fonts';
import { LINE_HEIGHT, MIN_SMALL_PT, mm } from './layout';
import { wordsOf } from './lines';

/** The card outline. */
export const OUTLINE_GRAY = 0.55;
export const OUTLINE_WIDTH = 0.5;

export type Geometry = { width: number; height: number; pad: number };

export type FooterLines = { left: string[]; rightOwnLine: boolean };

const MARKER_SAMPLE = '88/88';

/**
 * Footer lines by size, for one content laid out on one card size (layoutContent makes one): every
 * size tried on a card needs them, and again for each part.
 */
export type FooterMemo = Map<number, FooterLines>;

export function footerLines(memo: FooterMemo, content: CardContent, width: number, size: number, metrics: FontMetrics): FooterLines {
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
  const block: TextBlock = { kind: 'text', style: 'small', spans: [{ text: s }] };
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

export function finishFace(g: Geometry, content: CardContent, writer: FaceWriter, footer: FooterLines, sizes: Sizes, part: { index: number; count: number }, metrics: FontMetrics): CardFace {
  const size = sizes.small;
  const lh = size * LINE_HEIGHT;
  const ascent = metrics.ascent('regular', size);
  // The writer is done with: its face becomes the card's (no copy).
  const face = writer.face;
  const bottom = content.halves ? g.height / 2 + g.pad * 0.75 : g.pad;
  const marker = part.count > 1 ? `${part.index}/${part.count}` : '';
  const right = [content.footer.right ?? '', marker].filter(Boolean).join(' ');
  const lines = footer.left.length + (footer.rightOwnLine ? 1 : 0);
  footer.left.forEach((line, i) => {
    const top = bottom + (lines - i) * lh;
    face.text(g.pad, top - ascent - (lh - size * 1.164) / 2, line, 'regular', size, metrics.width(line, 'regular', size));
  });
  if (right) {
    const rw = metrics.width(right, 'bold', size);
    const top = bottom + lh;
    face.text(g.width - g.pad - rw, top - ascent - (lh - size * 1.164) / 2, right, 'bold', size, rw);
  }
  if (content.halves) {
    face.repeatMoved(0, -g.height / 2);
    tearLine(face, g, content.halves.label, metrics);
  }
  face.items.unshift(outline(g.width, g.height));
  return face;
}

/** The outline of a card of one size: one object shared by all its faces (operations are never changed). */
const outlines = new Map<number, Map<number, RectOp>>();

function outline(width: number, height: number): RectOp {
  let byHeight = outlines.get(width);
  if (!byHeight) outlines.set(width, (byHeight = new Map()));
  let rect = byHeight.get(height);
  if (!rect) byHeight.set(height, (rect = { op: 'rect', x: 0, y: 0, w: width, h: height, stroke: OUTLINE_GRAY, lineWidth: OUTLINE_WIDTH }));
  return rect;
}

function tearLine(face: LaidFace, g: Geometry, label: string, metrics: FontMetrics): void {
  const y = g.height / 2;
  const avail = g.width - 2 * g.pad;
  let size = MIN_SMALL_PT * 1.2;
  while (size > MIN_SMALL_PT && metrics.width(label, 'regular', size) > avail * 0.8) size -= 0.25;
  const lines = metrics.width(label, 'regular', size) > avail * 0.8 ? wrapPlain(label, avail * 0.8, size, metrics) : [label];
  const widest = Math.max(...lines.map((l) => metrics.width(l, 'regular', size)));
  const x0 = (g.width - widest) / 2 - mm(1);
  const x1 = (g.width + widest) / 2 + mm(1);
  const dash = [mm(1.5), mm(1)];
  face.items.push({ op: 'line', x1: 0, y1: y, x2: x0, y2: y, width: 0.6, gray: 0, dash }, { op: 'line', x1, y1: y, x2: g.width, y2: y, width: 0.6, gray: 0, dash });
  const lh = size * LINE_HEIGHT;
  lines.forEach((l, i) => {
    const w = metrics.width(l, 'regular', size);
    const baseline = y + (lines.length * lh) / 2 - (i + 1) * lh + (lh - size) / 2 + size * 0.2;
    face.text((g.width - w) / 2, baseline, l, 'regular', size, w);
  });
}
