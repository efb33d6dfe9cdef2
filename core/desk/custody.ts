// Item custody folded from the ledger: items held at the desk, where each transferred item belongs,
// and what the character files must become so that the item is in exactly one of them. Pure.
//
// A transfer is recorded in the ledger first, then the files are changed (the receiving file, then
// the giving one). The ledger is the truth: `holderOf` says whose file the item belongs in (the last
// uncancelled transfer's receiver, or the first giver when every transfer was undone), and
// `settleItems` gives the files' new content, so a transfer cut off half way (item in both files, or
// only in the giver's) is finished the next time the event folder is opened, and running it again
// changes nothing.
import type { Character, Item } from '../model/character';
import { serialFor } from '../pdf/serial';
import type { EntryOf, LedgerEntry } from './entries';
import type { DeskEvent } from './event';
import { foldEvent } from './fold';

export type HeldItem = { item: string; owner: string; name: string; at: string; why: string; entry: string };

/** Items handed in at the desk and not yet returned or transferred, oldest first. */
export function heldAtDesk(event: DeskEvent): HeldItem[] {
  const held = new Map<string, HeldItem>();
  const folded = foldEvent(event);
  for (const e of folded.items) {
    if (folded.cancelled.has(e.id)) continue;
    if (e.kind === 'item-handed-in') held.set(e.item, { item: e.item, owner: e.character, name: e.name ?? '', at: e.at, why: e.why ?? 'other', entry: e.id });
    else if (e.kind === 'item-returned' || e.kind === 'item-transferred' || e.kind === 'item-expired') held.delete(e.item);
  }
  return [...held.values()];
}

type Transfer = EntryOf<'item-transferred'>;

/** Every item's uncancelled transfers, in ledger order, and the files each one named. */
export function transfersByItem(event: DeskEvent): Map<string, { all: Transfer[]; live: Transfer[] }> {
  const folded = foldEvent(event);
  const out = new Map<string, { all: Transfer[]; live: Transfer[] }>();
  for (const e of folded.items) {
    if (e.kind !== 'item-transferred') continue;
    let t = out.get(e.item);
    if (!t) out.set(e.item, (t = { all: [], live: [] }));
    t.all.push(e);
    if (!folded.cancelled.has(e.id)) t.live.push(e);
  }
  return out;
}

/** Whose file the item belongs in, by the ledger (null when it was never transferred). */
export function holderOf(event: DeskEvent, item: string): string | null {
  const t = transfersByItem(event).get(item);
  if (!t) return null;
  return t.live.length > 0 ? t.live[t.live.length - 1]!.to : t.all[0]!.character;
}

export type Settled = {
  /** The characters whose files must be written, in the order to write them (receivers first). */
  changed: Character[];
  /** Items the ledger moved that no file holds (the giver's file is missing or was edited). */
  missing: { item: string; holder: string; name: string }[];
};

/**
 * What the files must become for every transferred item to be in its holder's file and no other.
 * `characters` are the files' characters (by id, lower case); they are not changed. The item's
 * content is taken from the file that holds it (the holder's, else the last giver's, else any).
 */
export function settleItems(event: DeskEvent, characters: ReadonlyMap<string, Character>): Settled {
  const next = new Map<string, Character>();
  const current = (id: string) => next.get(id) ?? characters.get(id);
  const receivers = new Set<string>();
  const missing: Settled['missing'] = [];
  for (const [item, t] of transfersByItem(event)) {
    const holder = t.live.length > 0 ? t.live[t.live.length - 1]!.to : t.all[0]!.character;
    const named = new Set<string>();
    for (const e of t.all) named.add(e.character).add(e.to);
    const holderChar = current(holder);
    let copy: Item | undefined = holderChar?.items.find((i) => i.id === item);
    if (!copy) {
      const order = [...t.live].reverse().map((e) => e.character).concat([...named]);
      for (const id of order) {
        copy = current(id)?.items.find((i) => i.id === item);
        if (copy) break;
      }
    }
    if (!copy) {
      missing.push({ item, holder, name: t.all[t.all.length - 1]!.name ?? '' });
      continue;
    }
    if (holderChar && !holderChar.items.some((i) => i.id === item)) {
      next.set(holder, { ...holderChar, items: [...holderChar.items, copy] });
      receivers.add(holder);
    }
    if (!holderChar) {
      // The holder's file is not in the folder: the item stays where it is.
      missing.push({ item, holder, name: copy.name });
      continue;
    }
    for (const id of named) {
      if (id === holder) continue;
      const c = current(id);
      if (c?.items.some((i) => i.id === item)) next.set(id, { ...c, items: c.items.filter((i) => i.id !== item) });
    }
  }
  const changed = [...next.entries()].sort(([a], [b]) => Number(receivers.has(b)) - Number(receivers.has(a))).map(([, c]) => c);
  return { changed, missing };
}

/**
 * The card of the item as its giver printed it, to void: the current edition of its serial
 * (the item card names its holder: "· Name"). Null when that card was never printed.
 */
export function itemCardToVoid(event: DeskEvent, giver: Character, item: Item): { serial: string; edition: string } | null {
  const serial = item.serial?.trim() || serialFor(giver.id, 'item', item.id);
  const current = foldEvent(event).serials.get(serial)?.current;
  if (!current || current.character !== giver.id.toLowerCase()) return null;
  return { serial, edition: current.edition };
}

/** Items whose `expires` (a date, YYYY-MM-DD or a full time) is before the event's start. */
export function expiredItems(character: Character, event: Pick<DeskEvent, 'dates'>): Item[] {
  const start = Date.parse(`${event.dates.start}T00:00:00Z`);
  return character.items.filter((i) => {
    const text = i.expires?.trim();
    if (!text || !/^\d{4}-\d{2}-\d{2}/.test(text)) return false;
    const at = Date.parse(text.length === 10 ? `${text}T23:59:59Z` : text);
    return Number.isFinite(at) && at < start;
  });
}

/** Entries that name an item (for its history in the desk's panels). */
export const isItemEntry = (e: LedgerEntry): e is Extract<LedgerEntry, { item: string }> => 'item' in e && typeof (e as { item?: unknown }).item === 'string';
