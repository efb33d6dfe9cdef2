// What the desk shows, folded from the ledger: who is in, each character's prints and the current
// one, the current edition of every serial, and the void list. Pure; one fold per event value
// (cached: events are never mutated, every change makes a new one).
//
// Readings (docs/desk.md):
// - Undo cancels its target when the undo comes after it in ledger order and is not itself
//   cancelled (an undo of an undo puts the entry back). A print cannot be undone: the cards exist;
//   void them with a "voided" entry instead.
// - A check-in while checked in changes nothing (the first time stays); a check-out ends the stay.
// - A character's current print is its last print in ledger order. Every card of its other prints
//   is void: "replaced" when the current print has the same serial, "withdrawn" when not. So when
//   two desks printed the same character apart, the later print (by time, then id) is current on
//   every desk once their ledgers meet.
import type { LedgerEntry, PrintedEntry, PrintedCard } from './entries';
import { cardLabel } from './event-format';
import type { DeskEvent } from './event';

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

export type CharacterFold = {
  /** When the character was checked in (the stay now); null when not in. */
  checkedInAt: string | null;
  /** The check-in entry of the stay now. */
  checkIn: string | null;
  /** Every print, in ledger order. */
  prints: PrintedEntry[];
  current: PrintedEntry | null;
  /** The entries that name the character and are not cancelled, in ledger order. */
  entries: LedgerEntry[];
};

export type Folded = {
  /** In ledger order. */
  entries: LedgerEntry[];
  byId: Map<string, LedgerEntry>;
  /** Ids of the entries an undo cancelled. */
  cancelled: Set<string>;
  characters: Map<string, CharacterFold>;
  /** Every void card, by character then print time. */
  voids: VoidCard[];
  /** Void cards by label. */
  voidByLabel: Map<string, VoidCard>;
  /** Every printed card by label: who, which print. */
  printedByLabel: Map<string, { character: string; print: PrintedEntry; card: PrintedCard }>;
  /** Per serial: how many prints carried it, and its current card (null when withdrawn). */
  serials: Map<string, { prints: number; current: { edition: string; label: string; at: string; character: string } | null }>;
  /** Desk ids (or names, for entries without one) that printed. */
  printingDesks: Set<string>;
};

const cache = new WeakMap<DeskEvent, Folded>();

export function foldEvent(event: DeskEvent): Folded {
  const hit = cache.get(event);
  if (hit) return hit;
  const folded = fold(event.entries);
  cache.set(event, folded);
  return folded;
}

/**
 * The entries in ledger order: the instant, then the time as written, then the id. Each entry's
 * instant is parsed once, into an array beside the entries (a ledger of 30,000 entries makes about
 * 450,000 comparisons when unsorted); a ledger already in order (as the desks keep it) is only
 * checked, not sorted.
 */
function inLedgerOrder(unsorted: readonly LedgerEntry[]): LedgerEntry[] {
  const n = unsorted.length;
  const instants = new Float64Array(n);
  for (let i = 0; i < n; i++) instants[i] = Date.parse(unsorted[i]!.at);
  const compare = (i: number, j: number) => {
    const a = unsorted[i]!;
    const b = unsorted[j]!;
    return instants[i]! - instants[j]! || (a.at < b.at ? -1 : a.at > b.at ? 1 : 0) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  };
  let sorted = true;
  for (let i = 1; i < n && sorted; i++) if (compare(i - 1, i) > 0) sorted = false;
  if (sorted) return [...unsorted];
  const order = Array.from({ length: n }, (_, i) => i).sort(compare);
  return order.map((i) => unsorted[i]!);
}

// The loops over the whole ledger are indexed, and Maps walked with forEach: the fold runs once per
// report, mostly before the engine optimises it, and a for-of there made an iterator result per
// step (a desk report of 2,000 characters allocated 1.2 MB of them here).
function fold(unsorted: readonly LedgerEntry[]): Folded {
  const entries = inLedgerOrder(unsorted);
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
  characters.forEach((c, id) => {
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
  return { entries, byId, cancelled, characters, voids, voidByLabel, printedByLabel, serials, printingDesks };
}

const EMPTY: CharacterFold = Object.freeze({ checkedInAt: null, checkIn: null, prints: [], current: null, entries: [] }) as CharacterFold;

/** One character's fold (an empty one when the ledger does not name it). */
export function characterFold(event: DeskEvent, id: string): CharacterFold {
  return foldEvent(event).characters.get(id.toLowerCase()) ?? EMPTY;
}

/** The character's current print, if any. */
export function currentPrint(event: DeskEvent, id: string): PrintedEntry | undefined {
  return characterFold(event, id).current ?? undefined;
}

/** What the desk knows of a character in the shape of the v1 per-character record (for views). */
export function entryOf(event: DeskEvent, id: string): { checkedInAt?: string; printed: PrintedEntry[] } {
  const c = characterFold(event, id);
  return c.checkedInAt === null ? { printed: c.prints } : { checkedInAt: c.checkedInAt, printed: c.prints };
}

/** The last (current) print of a character for this event, if any. */
export const lastPrint = currentPrint;
