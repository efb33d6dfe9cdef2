// What the desk shows, folded from the ledger: who is in, each character's prints and the current
// one, the current edition of every serial, and the void list. Pure.
//
// The fold is kept up to date as entries arrive (LedgerFold.add): an entry changes only the
// characters it names, so a check-in at the end of a 100,000-entry ledger refolds one character,
// not the ledger. Entries may arrive in any order (another desk's, merged later): each goes to its
// place in the ledger order (core/desk/order.ts) and the characters it touches are folded again
// from their own entries. The prints' derived lists (void cards, serials) are made again only when
// asked after a print or a void arrived. core/testing/reference-fold.ts is the same fold as one
// plain pass over the whole ledger; the tests hold the two equal over random ledgers.
//
// Readings (docs/desk.md):
// - Undo cancels its target when the undo comes after it in ledger order and is not itself
//   cancelled (an undo of an undo puts the entry back). A print cannot be undone: the cards exist;
//   void them with a "voided" entry instead.
// - A check-in while checked in changes nothing (the first time stays); a check-out ends the stay.
// - A character's current print is its last print in ledger order. Every card of its other prints
//   is void: "replaced" when the current print has the same serial, "withdrawn" when not. So when
//   two desks printed the same character apart, the later print (by time, then desk) is current on
//   every desk once their ledgers meet.
import type { LedgerEntry, PrintedEntry, PrintedCard, VoidedEntry } from './entries';
import { cardLabel } from './event-format';
import type { DeskEvent } from './event';
import { compareEntries, sortEntries } from './order';
import { derivePrints, type PrintsView } from './fold-prints';

export type { VoidCard } from './fold-prints';

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

export type Folded = PrintsView & {
  /** In ledger order. */
  readonly entries: readonly LedgerEntry[];
  readonly byId: ReadonlyMap<string, LedgerEntry>;
  /** Ids of the entries an undo cancelled. */
  readonly cancelled: ReadonlySet<string>;
  /** Characters named by an entry that is not cancelled. */
  readonly characters: ReadonlyMap<string, CharacterFold>;
  /** The entries about items (handed in, returned, transferred, expired), cancelled ones too, in ledger order. */
  readonly items: readonly LedgerEntry[];
};

const ITEM_KINDS: ReadonlySet<string> = new Set(['item-handed-in', 'item-returned', 'item-transferred', 'item-expired']);

/** Entries added one by one where a batch is this small; a larger batch is merged in one pass. */
const SPLICE_AT_MOST = 32;

/** Inserts `e` into `list` (in ledger order) after every entry that sorts before or with it. */
function insertSorted<T extends LedgerEntry>(list: T[], e: T): void {
  const n = list.length;
  if (n === 0 || compareEntries(list[n - 1]!, e) <= 0) {
    list.push(e);
    return;
  }
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compareEntries(list[mid]!, e) <= 0) lo = mid + 1;
    else hi = mid;
  }
  list.splice(lo, 0, e);
}

export class LedgerFold implements Folded {
  /** Every entry in ledger order (the same array as entries are added: held by the event snapshots). */
  readonly entries: LedgerEntry[] = [];
  readonly byId = new Map<string, LedgerEntry>();
  readonly cancelled = new Set<string>();
  readonly characters = new Map<string, CharacterFold>();
  /** Per character, every entry naming it (cancelled ones too), in ledger order. */
  private readonly named = new Map<string, LedgerEntry[]>();
  /** The undo entries aimed at each entry id. */
  private readonly undoers = new Map<string, LedgerEntry[]>();
  readonly items: LedgerEntry[] = [];
  private readonly prints: PrintedEntry[] = [];
  private readonly voided: VoidedEntry[] = [];
  private printsView: PrintsView | null = null;

  constructor(entries: readonly LedgerEntry[] = []) {
    this.add(entries);
  }

  /**
   * Adds entries (an id already folded is skipped: callers check that it is the same entry) and
   * returns the characters whose fold changed.
   */
  add(batch: readonly LedgerEntry[]): Set<string> {
    const touched = new Set<string>();
    const fresh: LedgerEntry[] = [];
    for (const e of batch) {
      if (this.byId.has(e.id)) continue;
      this.byId.set(e.id, e);
      fresh.push(e);
    }
    if (fresh.length === 0) return touched;
    const sorted = sortEntries(fresh);
    // Entries after every entry held (the usual case: made now, or a whole file read) go at the end
    // of every list too, in order, without comparing.
    const atEnd = this.place(sorted);
    const put = <T extends LedgerEntry>(list: T[], e: T) => (atEnd ? list.push(e) : insertSorted(list, e));
    for (const e of atEnd ? sorted : fresh) {
      if (e.character) {
        const list = this.named.get(e.character);
        if (list) put(list, e);
        else this.named.set(e.character, [e]);
        touched.add(e.character);
      }
      if (e.kind === 'undo') {
        const list = this.undoers.get(e.target);
        if (list) list.push(e);
        else this.undoers.set(e.target, [e]);
      } else if (ITEM_KINDS.has(e.kind)) {
        put(this.items, e);
      } else if (e.kind === 'printed') {
        put(this.prints, e);
        this.printsView = null;
      } else if (e.kind === 'voided') {
        put(this.voided, e);
        this.printsView = null;
      }
    }
    this.settleUndos(fresh, touched);
    for (const id of touched) this.refold(id);
    return touched;
  }

  /** Puts sorted new entries into `entries`: at the end (entries made now: true), one by one, or merged. */
  private place(sorted: readonly LedgerEntry[]): boolean {
    const all = this.entries;
    if (all.length === 0 || compareEntries(all[all.length - 1]!, sorted[0]!) < 0) {
      for (const e of sorted) all.push(e);
      return true;
    }
    if (sorted.length <= SPLICE_AT_MOST) {
      for (const e of sorted) insertSorted(all, e);
      return false;
    }
    const merged: LedgerEntry[] = new Array(all.length + sorted.length);
    let i = 0;
    let j = 0;
    let k = 0;
    while (i < all.length && j < sorted.length) merged[k++] = compareEntries(all[i]!, sorted[j]!) <= 0 ? all[i++]! : sorted[j++]!;
    while (i < all.length) merged[k++] = all[i++]!;
    while (j < sorted.length) merged[k++] = sorted[j++]!;
    // The same array, so that event snapshots holding it see the ledger as it is now.
    for (let n = 0; n < merged.length; n++) all[n] = merged[n]!;
    return false;
  }

  /**
   * Works out again which entries are cancelled, for the undo chains the new entries joined: each
   * chain (an entry, the undos aimed at it, the undos aimed at those…) from its latest entry back,
   * so an undo's own state is known before it is applied. Characters whose entries changed state
   * are added to `touched`.
   */
  private settleUndos(fresh: readonly LedgerEntry[], touched: Set<string>): void {
    const done = new Set<string>();
    for (const e of fresh) {
      if (done.has(e.id)) continue;
      if (e.kind !== 'undo' && !this.undoers.has(e.id)) continue;
      const chain = this.chainOf(e);
      for (const x of chain) done.add(x.id);
      chain.sort((a, b) => compareEntries(b, a));
      const before = new Map(chain.map((x) => [x.id, this.cancelled.has(x.id)]));
      for (const x of chain) this.cancelled.delete(x.id);
      for (const x of chain) {
        if (x.kind !== 'undo' || this.cancelled.has(x.id)) continue;
        const target = this.byId.get(x.target);
        if (target && target.kind !== 'printed' && compareEntries(target, x) < 0) this.cancelled.add(target.id);
      }
      for (const x of chain) {
        if (before.get(x.id) === this.cancelled.has(x.id)) continue;
        if (x.character) touched.add(x.character);
        if (x.kind === 'voided') this.printsView = null;
      }
    }
  }

  /** Every entry linked to `e` by undos: up through the targets, then down through the undos aimed at each. */
  private chainOf(e: LedgerEntry): LedgerEntry[] {
    const seen = new Set<string>([e.id]);
    let top = e;
    while (top.kind === 'undo') {
      const target = this.byId.get(top.target);
      if (!target || seen.has(target.id)) break;
      seen.add(target.id);
      top = target;
    }
    const chain: LedgerEntry[] = [];
    const reached = new Set<string>([top.id]);
    const stack = [top];
    while (stack.length > 0) {
      const x = stack.pop()!;
      chain.push(x);
      for (const u of this.undoers.get(x.id) ?? []) {
        if (reached.has(u.id)) continue;
        reached.add(u.id);
        stack.push(u);
      }
    }
    return chain;
  }

  /** One character's fold, from its own entries. */
  private refold(id: string): void {
    const c: CharacterFold = { checkedInAt: null, checkIn: null, prints: [], current: null, entries: [] };
    for (const e of this.named.get(id) ?? []) {
      if (this.cancelled.has(e.id)) continue;
      c.entries.push(e);
      switch (e.kind) {
        case 'check-in':
          if (c.checkedInAt === null) {
            c.checkedInAt = e.at;
            c.checkIn = e.id;
          }
          break;
        case 'check-out':
          c.checkedInAt = null;
          c.checkIn = null;
          break;
        case 'printed':
          c.prints.push(e);
          c.current = e;
          break;
      }
    }
    if (c.entries.length === 0) this.characters.delete(id);
    else this.characters.set(id, c);
  }

  private get view(): PrintsView {
    return (this.printsView ??= derivePrints(this.prints, this.voided.filter((e) => !this.cancelled.has(e.id)), this.characters));
  }

  get voids() {
    return this.view.voids;
  }
  get voidByLabel() {
    return this.view.voidByLabel;
  }
  get printedByLabel() {
    return this.view.printedByLabel;
  }
  get serials() {
    return this.view.serials;
  }
  get printingDesks() {
    return this.view.printingDesks;
  }
}

const cache = new WeakMap<object, Folded>();

/** The fold of an event: kept with the event value (an event ledger's snapshots share their ledger's fold). */
export function foldEvent(event: DeskEvent): Folded {
  let folded = cache.get(event);
  if (!folded) cache.set(event, (folded = new LedgerFold(event.entries)));
  return folded;
}

/** Makes `event` fold to `fold` (core/desk/event-ledger.ts: a snapshot of a ledger kept up to date). */
export function keepFold(event: DeskEvent, fold: Folded): void {
  cache.set(event, fold);
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

export type { PrintedCard };
export { cardLabel };
