// Novitas power-point tracker: "Characters can never spend more than 20 magic power points in a
// single game day ... Abilities that grant characters power points that break cap do not count
// against this limit." (rules text 000). One card per day: the cap's boxes (those past the
// character's own pool struck out, since it cannot spend points it does not have), then the
// break-cap boxes apart, then the day's plan.
import type { DrawOp } from '../draw';
import { bold, space, text } from '../flow';
import type { Block, FigureBlock } from '../types';
import { mm } from '../layout';
import { serialFor } from '../serial';
import { footerLeft, type CardContext, type CardSpec } from './context';

export const BOXES_PER_ROW = 10;
/** More break-cap points than this print as a number to keep count of, not as boxes. */
export const MAX_BREAK_CAP_BOXES = 60;
const BOX_GAP = mm(0.8);
const GROUP_GAP = mm(1.6);
export const STRUCK_GRAY = 0.7;

export function powerPointTracker(ctx: CardContext): CardSpec[] {
  const d = ctx.derivation.derived;
  if (d.ruleset !== 'novitas') return [];
  const { labels: L, character: c } = ctx;
  const p = d.powerPoints;
  const serial = serialFor(c.id, 'tracker', 0);
  const usable = Math.min(p.pool, p.dailyCap);
  const header: Block[] = [text('title', bold(c.name || '—')), text('body', bold(`${L.trackerDay}: `), '________________')];
  const body: Block[] = [text('small', bold(L.trackerCap(p.dailyCap)), usable < p.dailyCap ? ` (${L.trackerStruck(p.pool)})` : '')];
  for (let start = 0; start < p.dailyCap; start += BOXES_PER_ROW) body.push(boxRow(Math.min(BOXES_PER_ROW, p.dailyCap - start), (i) => start + i >= usable));
  body.push(space(0.6), text('small', bold(L.trackerBreakCap), p.breakCap === 0 ? `: ${L.noBreakCap}` : ''));
  if (p.breakCap > MAX_BREAK_CAP_BOXES) body.push(text('body', L.trackerBreakCapCount(p.breakCap)));
  else for (let start = 0; start < p.breakCap; start += BOXES_PER_ROW) body.push(boxRow(Math.min(BOXES_PER_ROW, p.breakCap - start), () => false));
  if (d.plan.length > 0) {
    body.push(space(0.6), text('small', bold(`${L.plan}: `), d.plan.map((l) => `${l.spell} ${l.times}×${l.cost} = ${l.total}`).join('; ')));
  }
  return [{ type: 'tracker', section: 'tracker', serial, front: { header, body, footer: { left: footerLeft(L.kind.tracker, serial) } } }];
}

/** The side of one box for a face of the given inner width: up to 6 mm, ten to a row. */
export function boxSide(innerWidth: number): number {
  return Math.min(mm(6), (innerWidth - (BOXES_PER_ROW - 2) * BOX_GAP - GROUP_GAP) / BOXES_PER_ROW);
}

/** The x of box i (0-based) from the row's left edge. */
export function boxX(i: number, side: number): number {
  return i * (side + BOX_GAP) + (i >= 5 ? GROUP_GAP - BOX_GAP : 0);
}

function boxRow(count: number, struck: (i: number) => boolean): FigureBlock {
  let side = 0;
  return {
    kind: 'figure',
    float: false,
    size: (area) => {
      side = boxSide(area.width);
      return { width: boxX(BOXES_PER_ROW - 1, side) + side, height: side + BOX_GAP };
    },
    draw: (x, y) => {
      const ops: DrawOp[] = [];
      for (let i = 0; i < count; i++) {
        const bx = x + boxX(i, side);
        const by = y + BOX_GAP / 2;
        const s = struck(i);
        ops.push({ op: 'rect', x: bx, y: by, w: side, h: side, stroke: 0, lineWidth: 0.7, ...(s ? { fill: STRUCK_GRAY } : {}) });
        if (s) {
          ops.push({ op: 'line', x1: bx, y1: by, x2: bx + side, y2: by + side, width: 0.7, gray: 0 });
          ops.push({ op: 'line', x1: bx, y1: by + side, x2: bx + side, y2: by, width: 0.7, gray: 0 });
        }
      }
      return ops;
    },
  };
}
