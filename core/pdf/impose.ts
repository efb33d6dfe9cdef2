// Imposition: which card face goes in which slot of which page. Cards with a back come first,
// each sheet of fronts followed by its sheet of backs (columns mirrored for a long-edge duplex
// flip); cards without a back fill the free slots of the last such sheet (their backs stay blank),
// then follow on their own sheets. So a character card and its armour tag take one sheet (two
// pages), not a duplex sheet and a second sheet.
import type { CardFace } from './draw';
import { backSlot, cutMarks, frontSlot, type Grid, type PrintLayoutSettings, type Segment, type Slot } from './layout';

export type PhysicalCard = { front: CardFace; back?: CardFace };
export type PlacedFace = { face: CardFace; slot: Slot; side: 'front' | 'back' };
export type Sheet = { side: 'front' | 'back'; faces: PlacedFace[]; cutMarks: Segment[] };

/**
 * The sheets for a run of cards, in order. With `backs` false every card is printed front only
 * (for a printer without duplex); with true, cards that have a back are printed first with their
 * backs, and the others fill up the last two-sided sheet before taking sheets of their own.
 */
export function impose(cards: readonly PhysicalCard[], grid: Grid, settings: PrintLayoutSettings, backs: boolean): Sheet[] {
  const sheets: Sheet[] = [];
  const marks = cutMarks(grid, settings);
  // Every sheet has the same slots: made once and shared (a large print places thousands of faces).
  const frontSlots = Array.from({ length: grid.perPage }, (_, i) => frontSlot(grid, settings, i));
  const backSlots = Array.from({ length: grid.perPage }, (_, i) => backSlot(grid, settings, i));
  const withBack = backs ? cards.filter((c) => c.back) : [];
  const without = backs ? cards.filter((c) => !c.back) : [...cards];
  // Free slots on the last two-sided sheet.
  const free = withBack.length % grid.perPage === 0 ? 0 : grid.perPage - (withBack.length % grid.perPage);
  const fill = without.slice(0, free);
  const rest = without.slice(fill.length);
  for (let start = 0; start < withBack.length; start += grid.perPage) {
    const chunk = withBack.slice(start, start + grid.perPage);
    const last = start + grid.perPage >= withBack.length;
    const front = last ? [...chunk, ...fill] : chunk;
    sheets.push({ side: 'front', cutMarks: marks, faces: front.map((c, i) => ({ face: c.front, slot: frontSlots[i]!, side: 'front' })) });
    sheets.push({ side: 'back', cutMarks: [], faces: chunk.map((c, i) => ({ face: c.back!, slot: backSlots[i]!, side: 'back' })) });
  }
  for (let start = 0; start < rest.length; start += grid.perPage) {
    const chunk = rest.slice(start, start + grid.perPage);
    sheets.push({ side: 'front', cutMarks: marks, faces: chunk.map((c, i) => ({ face: c.front, slot: frontSlots[i]!, side: 'front' })) });
  }
  return sheets;
}

/**
 * The matrix [a b c d e f] that puts a face's own coordinates into its slot on the page. Upright
 * cards are moved; turned cards are rotated a quarter turn so their top faces the page's left edge
 * on fronts and, as the sheet is flipped on its long edge, the right edge on backs.
 */
export function faceMatrix(placed: PlacedFace): [number, number, number, number, number, number] {
  const { slot, face } = placed;
  if (!slot.rotated) return [1, 0, 0, 1, slot.x, slot.y];
  if (placed.side === 'front') return [0, 1, -1, 0, slot.x + face.height, slot.y];
  return [0, -1, 1, 0, slot.x, slot.y + face.width];
}
