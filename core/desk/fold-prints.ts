// The part of the ledger's fold that is about cards (core/desk/fold.ts): every printed card by its
// label, each serial's current edition, the void list and the desks that printed. Made from the
// prints and the "voided" entries alone, so a check-in never makes it again.
import type { PrintedCard, PrintedEntry, VoidedEntry } from './entries';
import { cardLabel } from './event-format';

export type VoidCard = {
  character: string;
  serial: string;
  edition: string;
  /** "IT-7K3QM-9XD2F/1" */
  label: string;
  /** When the voided card was printed, and the print entry's id. */
  printedAt: string;
  printEntry: string;
  why: 'replaced' | 'withdrawn' | 'voided';
  /** The edition that replaces it (for "replaced"). */
  replacedBy?: { edition: string; label: string; at: string; printEntry: string };
  /** A "voided" entry's reason. */
  reason?: string;
};

export type PrintsView = {
  /** Every void card, by character (in the order of their first print) then print time. */
  readonly voids: VoidCard[];
  /** Void cards by label. */
  readonly voidByLabel: Map<string, VoidCard>;
  /** Every printed card by label: who, which print (the later print of a label shared by two). */
  readonly printedByLabel: Map<string, { character: string; print: PrintedEntry; card: PrintedCard }>;
  /** Per serial: how many prints carried it, and its current card (null when withdrawn or voided). */
  readonly serials: Map<string, { prints: number; current: { edition: string; label: string; at: string; character: string } | null }>;
  /** Desk ids (or names, for entries without one) that printed. */
  readonly printingDesks: Set<string>;
};

/**
 * The cards' view of the ledger. `prints`: every print in ledger order (prints are never
 * cancelled); `voided`: the "voided" entries not cancelled, in ledger order; `current`: each
 * character's current print.
 */
export function derivePrints(prints: readonly PrintedEntry[], voided: readonly VoidedEntry[], folds: ReadonlyMap<string, { current: PrintedEntry | null; prints: readonly PrintedEntry[] }>): PrintsView {
  const printingDesks = new Set<string>();
  const printedByLabel: PrintsView['printedByLabel'] = new Map();
  const serialPrints = new Map<string, number>();
  const order: string[] = [];
  const seen = new Set<string>();
  for (const p of prints) {
    printingDesks.add(p.deskId ?? p.desk);
    if (!seen.has(p.character)) {
      seen.add(p.character);
      order.push(p.character);
    }
    for (const card of p.cards) {
      printedByLabel.set(cardLabel(card), { character: p.character, print: p, card });
      serialPrints.set(card.serial, (serialPrints.get(card.serial) ?? 0) + 1);
    }
  }
  const serials: PrintsView['serials'] = new Map();
  for (const [serial, n] of serialPrints) serials.set(serial, { prints: n, current: null });
  const voidByLabel = new Map<string, VoidCard>();
  const voids: VoidCard[] = [];
  const addVoid = (v: VoidCard) => {
    if (voidByLabel.has(v.label)) return;
    voidByLabel.set(v.label, v);
    voids.push(v);
  };
  for (const id of order) {
    const fold = folds.get(id);
    const current = fold?.current;
    if (!fold || !current) continue;
    for (const card of current.cards) serials.set(card.serial, { prints: serialPrints.get(card.serial) ?? 1, current: { edition: card.edition, label: cardLabel(card), at: current.at, character: id } });
    if (fold.prints.length === 1) continue;
    const now = new Map(current.cards.map((card) => [card.serial, card]));
    for (const p of fold.prints) {
      if (p === current) continue;
      for (const card of p.cards) {
        const next = now.get(card.serial);
        if (next && next.edition === card.edition) continue;
        const base = { character: id, serial: card.serial, edition: card.edition, label: cardLabel(card), printedAt: p.at, printEntry: p.id };
        addVoid(next ? { ...base, why: 'replaced', replacedBy: { edition: next.edition, label: cardLabel(next), at: current.at, printEntry: current.id } } : { ...base, why: 'withdrawn' });
      }
    }
  }
  for (const e of voided) {
    for (const spec of e.cards) {
      const labels = spec.edition !== undefined ? [cardLabel({ serial: spec.serial, edition: spec.edition })] : [...printedByLabel.keys()].filter((l) => printedByLabel.get(l)!.card.serial === spec.serial);
      for (const label of labels) {
        const printed = printedByLabel.get(label);
        const known = voidByLabel.get(label);
        if (known) {
          if (e.reason && !known.reason) known.reason = e.reason;
          continue;
        }
        const edition = label.slice(label.lastIndexOf('/') + 1);
        addVoid({ character: printed?.character ?? e.character ?? '', serial: spec.serial, edition, label, printedAt: printed?.print.at ?? e.at, printEntry: printed?.print.id ?? e.id, why: 'voided', ...(e.reason ? { reason: e.reason } : {}) });
        const s = serials.get(spec.serial);
        if (s?.current?.label === label) s.current = null;
      }
    }
  }
  return { voids, voidByLabel, printedByLabel, serials, printingDesks };
}
