// The body silhouette on a Fortune's Landing armour tag. The rules: "Use the space provided on the
// armor tag to indicate which portions of your body are covered by armor by filling in any areas
// that are not protected." Drawn from the front: the character's right side is on the viewer's
// left, marked R and L. The head is not one of the five areas, so it is only outlined, in grey.
import type { Location } from '../model/ids';
import type { DrawOp } from './draw';
import type { FontMetrics } from './fonts';

/** The shape's design box is 60 × 100 units; each area is a box in those units. */
export const SILHOUETTE_ASPECT = 0.6;
export const SILHOUETTE_AREAS: Record<Exclude<Location, 'head'>, { x: number; y: number; w: number; h: number }> = {
  torso: { x: 18, y: 48, w: 24, h: 32 },
  'right-arm': { x: 5, y: 44, w: 11, h: 36 },
  'left-arm': { x: 44, y: 44, w: 11, h: 36 },
  'right-leg': { x: 18, y: 8, w: 11.5, h: 38 },
  'left-leg': { x: 30.5, y: 8, w: 11.5, h: 38 },
};
const HEAD = { cx: 30, cy: 90, r: 8 };
/** Filled (not armoured) areas are this dark; 0 is black. */
export const FILLED_GRAY = 0.15;

/**
 * Draws the silhouette in the box (x, y, width, height). `areas` are the areas whose armour is
 * counted; every other area among `used` (the game's areas) is filled in.
 */
export function silhouette(x: number, y: number, width: number, height: number, counted: readonly Location[], used: readonly Location[], metrics: FontMetrics): DrawOp[] {
  const k = Math.min(width / 60, height / 100);
  const ox = x + (width - 60 * k) / 2;
  const oy = y + (height - 100 * k) / 2;
  const ops: DrawOp[] = [];
  ops.push({ op: 'ellipse', cx: ox + HEAD.cx * k, cy: oy + HEAD.cy * k, rx: HEAD.r * k, ry: HEAD.r * k, stroke: 0.35, lineWidth: 0.6 });
  for (const [area, box] of Object.entries(SILHOUETTE_AREAS) as [Exclude<Location, 'head'>, (typeof SILHOUETTE_AREAS)['torso']][]) {
    if (!used.includes(area)) continue;
    const filled = !counted.includes(area);
    ops.push({ op: 'rect', x: ox + box.x * k, y: oy + box.y * k, w: box.w * k, h: box.h * k, stroke: 0, lineWidth: 0.8, ...(filled ? { fill: FILLED_GRAY } : {}) });
  }
  const size = Math.max(4, 6 * k);
  for (const [label, cx] of [
    ['R', 23.75],
    ['L', 36.25],
  ] as const) {
    const w = metrics.width(label, 'bold', size);
    ops.push({ op: 'text', x: ox + cx * k - w / 2, y: oy + 1 * k, text: label, face: 'bold', size, width: w });
  }
  return ops;
}

/** Where an area is drawn, in the card's coordinates, for a silhouette drawn in the given box. */
export function areaBox(area: Exclude<Location, 'head'>, x: number, y: number, width: number, height: number) {
  const k = Math.min(width / 60, height / 100);
  const ox = x + (width - 60 * k) / 2;
  const oy = y + (height - 100 * k) / 2;
  const b = SILHOUETTE_AREAS[area];
  return { x: ox + b.x * k, y: oy + b.y * k, w: b.w * k, h: b.h * k };
}
