// Filling lines of a text block: words, the line breaks, and the runs of text each line prints.
// A print lays out the same text again and again (every character back carries the desk's note,
// every spell card "Sphere", every item card "Keep this card with the item."), so the lines of a
// block at a size and width are remembered per font metrics (linePlan) and placed again as they are:
// the same words measured the same way give the very same numbers.
import type { Face, FontMetrics } from './fonts';
import type { TextBlock } from './types';

export type Piece = { text: string; bold: boolean };
export type Word = { pieces: Piece[]; sep: 'none' | 'space' | 'newline' };
/** A stretch of one face on a line; x and width in points from the line's start. */
export type Run = { text: string; bold: boolean; x: number; width: number };
/** One filled line: its runs, how wide it is, and the word (and characters into it) after it. */
export type Line = { runs: Run[]; x: number; word: number; offset: number };

/** Space, tab or no-break space: what separates words on a line. */
const isSpace = (c: number) => c === 0x20 || c === 0x09 || c === 0xa0;

/**
 * Splits a text block into words; spans glued without whitespace stay one word. Not remembered per
 * block: blocks are made anew for every card, and the lines of a block at full width are (linePlan).
 */
export function wordsOf(block: TextBlock): Word[] {
  const words: Word[] = [];
  let pending: Word['sep'] = 'none';
  let current: Word | null = null;
  for (const span of block.spans) {
    const bold = span.bold === true;
    // The span split into words and separators (a line break, or a run of spaces, tabs and
    // no-break spaces), as split(/(\r?\n|[ \t\u00a0]+)/) would, by one scan of the string.
    const t = span.text;
    let i = 0;
    while (i < t.length) {
      const ch = t.charCodeAt(i);
      if (ch === 0x0a || (ch === 0x0d && t.charCodeAt(i + 1) === 0x0a)) {
        i += ch === 0x0a ? 1 : 2;
        pending = 'newline';
        current = null;
        continue;
      }
      if (isSpace(ch)) {
        while (i < t.length && isSpace(t.charCodeAt(i))) i++;
        if (pending !== 'newline') pending = 'space';
        current = null;
        continue;
      }
      const start = i;
      while (i < t.length) {
        const c = t.charCodeAt(i);
        if (c === 0x0a || (c === 0x0d && t.charCodeAt(i + 1) === 0x0a) || isSpace(c)) break;
        i++;
      }
      const part = t.slice(start, i);
      if (current && pending === 'none') {
        current.pieces.push({ text: part, bold });
      } else {
        current = { pieces: [{ text: part, bold }], sep: words.length === 0 ? 'none' : pending };
        words.push(current);
        pending = 'none';
      }
    }
  }
  return words;
}

const faceOf = (p: Piece): Face => (p.bold ? 'bold' : 'regular');

/**
 * Fills one line `avail` points wide from word `w` (`off` characters into it): whole words while
 * they fit, or, when the first word alone is wider than the line, as many of its characters as fit.
 * Neighbouring pieces of the same face join one run, with a space where there is a gap between them.
 */
export function fillLine(words: readonly Word[], w: number, off: number, avail: number, size: number, space: number, metrics: FontMetrics): Line {
  const runs: Run[] = [];
  let x = 0;
  let first = true;
  while (w < words.length) {
    const word = words[w]!;
    if (!first && word.sep === 'newline') break;
    const gap = first || word.sep === 'none' ? 0 : space;
    const pieces = off > 0 ? cutPieces(word.pieces, off) : word.pieces;
    // Most words are one piece: measured once (0 + its width is its width, to the bit).
    const one = pieces.length === 1 ? pieces[0]! : null;
    let ww = 0;
    if (one) ww = metrics.width(one.text, faceOf(one), size);
    else for (const p of pieces) ww += metrics.width(p.text, faceOf(p), size);
    if (x + gap + ww <= avail + 0.01) {
      let px = x + gap;
      if (one) {
        addRun(runs, one.text, one.bold, px, ww);
        px += ww;
      } else {
        for (const p of pieces) {
          const pw = metrics.width(p.text, faceOf(p), size);
          addRun(runs, p.text, p.bold, px, pw);
          px += pw;
        }
      }
      x = px;
      w++;
      off = 0;
      first = false;
      continue;
    }
    if (!first) break;
    // A single word wider than the line: break it between characters.
    const fitted = fitChars(pieces, avail, size, metrics);
    let px = 0;
    for (const p of fitted.pieces) {
      const pw = metrics.width(p.text, faceOf(p), size);
      addRun(runs, p.text, p.bold, px, pw);
      px += pw;
    }
    x = px;
    off += fitted.chars;
    break;
  }
  return { runs, x, word: w, offset: off };
}

/** A piece onto the line: it joins the last run when that is of the same face. */
function addRun(runs: Run[], text: string, isBold: boolean, px: number, pw: number): void {
  const run = runs[runs.length - 1];
  if (run && run.bold === isBold) {
    const gapText = px - (run.x + run.width) > 0.01 ? ' ' : '';
    run.text += gapText + text;
    run.width = px + pw - run.x;
  } else runs.push({ text, bold: isBold, x: px, width: pw });
}

/** UTF-16 units of the code point at i (2 for a surrogate pair, as string iteration counts it). */
function unitsAt(t: string, i: number): number {
  const c = t.charCodeAt(i);
  if (c >= 0xd800 && c <= 0xdbff && i + 1 < t.length) {
    const d = t.charCodeAt(i + 1);
    if (d >= 0xdc00 && d <= 0xdfff) return 2;
  }
  return 1;
}

/**
 * The pieces after the first `offset` characters (code points). By index and one slice a piece:
 * the long words this is for (a content hash on a card's back) would otherwise be split into an
 * array of characters and joined again for every line they continue on.
 */
function cutPieces(pieces: readonly Piece[], offset: number): Piece[] {
  const out: Piece[] = [];
  let skip = offset;
  for (const p of pieces) {
    const t = p.text;
    let i = 0;
    while (skip > 0 && i < t.length) {
      i += unitsAt(t, i);
      skip--;
    }
    // A piece wholly skipped (or empty) is left out.
    if (i >= t.length) continue;
    out.push({ text: i === 0 ? t : t.slice(i), bold: p.bold });
  }
  return out;
}

/** As many characters of the pieces as fit `avail` (at least one); each piece's part is one slice. */
function fitChars(pieces: readonly Piece[], avail: number, size: number, metrics: FontMetrics): { pieces: Piece[]; chars: number } {
  const out: Piece[] = [];
  let used = 0;
  let chars = 0;
  for (const p of pieces) {
    const t = p.text;
    const face = faceOf(p);
    let i = 0;
    while (i < t.length) {
      const units = unitsAt(t, i);
      const cw = metrics.width(units === 1 ? t[i]! : t.slice(i, i + 2), face, size);
      if (used + cw > avail + 0.01 && chars > 0) {
        if (i > 0) out.push({ text: t.slice(0, i), bold: p.bold });
        return { pieces: out, chars };
      }
      i += units;
      used += cw;
      chars++;
    }
    if (t.length > 0) out.push({ text: t, bold: p.bold });
  }
  return { pieces: out, chars };
}

/** A placed line's text: its offset for centring and its runs that print (not blank). */
export type PlannedLine = { dx: number; runs: { text: string; face: Face; x: number; width: number }[]; word: number; offset: number };

/** The lines of a whole block, every line `avail` wide; `word`/`offset` of each line is where it starts. */
export type LinePlan = PlannedLine[];

/** Plans remembered per metrics before the memory starts over. */
const PLAN_CACHE = 20_000;

/**
 * Plans by what a block's lines depend on besides the metrics: size, width, alignment, then span
 * by span its face and text. The spans' own strings are the keys (labels are the same string
 * objects on every card), so looking a block up builds no key.
 */
type PlanNode = { plan?: LinePlan; regular?: Map<string, PlanNode>; bold?: Map<string, PlanNode> };
type PlanRoots = { nodes: number; bySize: Map<number, Map<number, { left: PlanNode; center: PlanNode }>> };
const roots = new WeakMap<FontMetrics, PlanRoots>();

/**
 * The roots of the last lookup: blocks in a row mostly share metrics, size and width (it keeps the
 * last metrics and its plans alive until another metrics is used).
 */
let last: { metrics: FontMetrics; r: PlanRoots; size: number; avail: number; top: { left: PlanNode; center: PlanNode } } | null = null;

function planNode(block: TextBlock, size: number, avail: number, metrics: FontMetrics): PlanNode {
  let r: PlanRoots;
  let top: { left: PlanNode; center: PlanNode };
  if (last && last.metrics === metrics && last.size === size && last.avail === avail && last.r.nodes < PLAN_CACHE) ({ r, top } = last);
  else {
    let found = roots.get(metrics);
    if (!found || found.nodes >= PLAN_CACHE) roots.set(metrics, (found = { nodes: 0, bySize: new Map() }));
    r = found;
    let byAvail = r.bySize.get(size);
    if (!byAvail) r.bySize.set(size, (byAvail = new Map()));
    let t = byAvail.get(avail);
    if (!t) byAvail.set(avail, (t = { left: {}, center: {} }));
    top = t;
    last = { metrics, r, size, avail, top };
  }
  let node = block.align === 'center' ? top.center : top.left;
  for (const span of block.spans) {
    const next = span.bold === true ? (node.bold ??= new Map()) : (node.regular ??= new Map());
    let child = next.get(span.text);
    if (!child) {
      next.set(span.text, (child = {}));
      r.nodes++;
    }
    node = child;
  }
  return node;
}

/** The block's lines from its start when every line is `avail` wide (no figure beside it). */
export function linePlan(block: TextBlock, size: number, avail: number, space: number, metrics: FontMetrics): LinePlan {
  const node = planNode(block, size, avail, metrics);
  if (node.plan) return node.plan;
  const words = wordsOf(block);
  const plan: LinePlan = [];
  let w = 0;
  let off = 0;
  while (w < words.length) {
    const line = fillLine(words, w, off, avail, size, space, metrics);
    const dx = block.align === 'center' ? (avail - line.x) / 2 : 0;
    const runs = line.runs.filter((r) => r.text.trim() !== '').map((r) => ({ text: r.text, face: (r.bold ? 'bold' : 'regular') as Face, x: r.x, width: r.width }));
    plan.push({ dx, runs, word: w, offset: off });
    w = line.word;
    off = line.offset;
  }
  node.plan = plan;
  return plan;
}
