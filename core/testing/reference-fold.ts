// The ledger's fold as one pass over the whole ledger: the plain definition the incremental fold
// (core/desk/fold.ts LedgerFold) is tested against (core/desk/fold.test.ts, random ledgers).
import type { LedgerEntry } from '../desk/entries';
import { cardLabel } from '../desk/event-format';
import type { CharacterFold, Folded } from '../desk/fold';
import type { VoidCard } from '../desk/fold-prints';
import { sortEntries } from '../desk/order';

export function referenceFold(unsorted: readonly LedgerEntry[]): Folded {
  const entries = sortEntries(unsorted);
  const byId = new Map<string, LedgerEntry>();
  for (let i = 0; i < entries.length; i++) byId.set(entries[i]!.id, entries[i]!);
  const cancelled = new Set<string>();
  // From the end: whatever could cancel an undo comes after it, so its own state is known first.
  // Each entry's place is looked up only in a ledger that has an undo.
  let position: Map<string, number> | null = null;
  for (let i = entries.length - 1; i >= 0; i--) {
    const e = entries[i]!;
    if (e.kind !== 'undo' || cancelled.has(e.id)) continue;
    position ??= new Map(entries.map((x, j) => [x.id, j]));
    const target = byId.get(e.target);
    const at = position.get(e.target);
    if (target && at !== undefined && at < i && target.kind !== 'printed') cancelled.add(target.id);
  }
  const characters = new Map<string, CharacterFold>();
  const of = (id: string) => {
    let c = characters.get(id);
    if (!c) characters.set(id, (c = { checkedInAt: null, checkIn: null, prints: [], current: null, entries: [] }));
    return c;
  };
  const printingDesks = new Set<string>();
  const printedByLabel: Folded['printedByLabel'] = new Map();
  const serialPrints = new Map<string, number>();
  const explicit: LedgerEntry[] = [];
  const anyCancelled = cancelled.size > 0;
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i]!;
    if (anyCancelled && cancelled.has(e.id)) continue;
    const c = e.character ? of(e.character) : null;
    c?.entries.push(e);
    switch (e.kind) {
      case 'check-in':
        if (c!.checkedInAt === null) {
          c!.checkedInAt = e.at;
          c!.checkIn = e.id;
        }
        break;
      case 'check-out':
        c!.checkedInAt = null;
        c!.checkIn = null;
        break;
      case 'printed':
        c!.prints.push(e);
        c!.current = e;
        printingDesks.add(e.deskId ?? e.desk);
        for (let k = 0; k < e.cards.length; k++) {
          const card = e.cards[k]!;
          printedByLabel.set(cardLabel(card), { character: e.character, print: e, card });
          serialPrints.set(card.serial, (serialPrints.get(card.serial) ?? 0) + 1);
        }
        break;
      case 'voided':
        explicit.push(e);
        break;
    }
  }
  const serials: Folded['serials'] = new Map();
  serialPrints.forEach((prints, serial) => serials.set(serial, { prints, current: null }));
  const voidByLabel = new Map<string, VoidCard>();
  const voids: VoidCard[] = [];
  const addVoid = (v: VoidCard) => {
    if (voidByLabel.has(v.label)) return;
    voidByLabel.set(v.label, v);
    voids.push(v);
  };
  // Characters in the order of their first print.
  const printOrder = [...new Set(entries.filter((e) => e.kind === 'printed').map((e) => e.character!))];
  printOrder.forEach((id) => {
    const c = characters.get(id)!;
    const current = c.current;
    if (!current) return;
    for (let k = 0; k < current.cards.length; k++) {
      const card = current.cards[k]!;
      serials.set(card.serial, { prints: serialPrints.get(card.serial) ?? 1, current: { edition: card.edition, label: cardLabel(card), at: current.at, character: id } });
    }
    // Only a character printed more than once has cards of other prints to void.
    if (c.prints.length === 1) return;
    const now = new Map(current.cards.map((card) => [card.serial, card]));
    for (const p of c.prints) {
      if (p === current) continue;
      for (const card of p.cards) {
        const label = cardLabel(card);
        const next = now.get(card.serial);
        if (next && next.edition === card.edition) continue;
        const base = { character: id, serial: card.serial, edition: card.edition, label, printedAt: p.at, printEntry: p.id };
        addVoid(next ? { ...base, why: 'replaced', replacedBy: { edition: next.edition, label: cardLabel(next), at: current.at, printEntry: current.id } } : { ...base, why: 'withdrawn' });
      }
    }
  });
  for (const e of explicit) {
    if (e.kind !== 'voided') continue;
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
  const items = entries.filter((e) => e.kind === 'item-handed-in' || e.kind === 'item-returned' || e.kind === 'item-transferred' || e.kind === 'item-expired');
  return { entries, byId, cancelled, characters, items, voids, voidByLabel, printedByLabel, serials, printingDesks };
}

