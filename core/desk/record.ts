// Making the desk's record-of-play entries (Record… in the desk view, core of electron/desk/record.ts):
// deaths, returns, convergences, retirements, new characters, items handed in, returned,
// transferred or expired, bow competency and notes. Each is a new ledger entry; pure.
import type { Character } from '../model/character';
import { itemCardToVoid } from './custody';
import type { LedgerEntry } from './entries';
import type { DeskEvent } from './event';
import { stampOf, withEntries, type Stamp } from './ledger';
import { fileLife, outOfPlayWords } from './life';
import { whyNotRecipient } from './recipients';

/** What the desk records: a ledger entry without its id, time and desk. */
export type RecordRequest =
  | { kind: 'died'; character: string; cause?: 'killing-blow' | 'bled-out'; shiftEnd?: boolean; text?: string }
  | { kind: 'returned'; character: string; how?: string; cards?: number }
  | { kind: 'convergence'; character: string }
  | { kind: 'permanent-death'; character: string; when?: 'dawn' | 'dusk'; reason?: string }
  | { kind: 'retired'; character: string; reason?: string }
  | { kind: 'new-character'; character: string; from?: string; player?: string; points?: number }
  | { kind: 'item-handed-in'; character: string; item: string; why?: 'theft' | 'death' | 'other'; name?: string }
  | { kind: 'item-returned'; character: string; item: string; name?: string }
  | { kind: 'item-expired'; character: string; item: string; name?: string }
  | { kind: 'bow-competency'; character?: string; player: string }
  | { kind: 'note'; character?: string; text: string }
  | { kind: 'undo'; character?: string; target: string };

/** The event with the request recorded, and the new entry. */
export function recordEntry(event: DeskEvent, request: RecordRequest, stamp: Stamp): { event: DeskEvent; entry: LedgerEntry } {
  const entry = { ...stampOf(stamp), ...lowerIds(request) } as LedgerEntry;
  return withEntries(event, [entry], { entry });
}

/**
 * An item transfer from `giver` to the character `to`: the transfer entry, and (when the giver's card
 * of the item was printed: it names its holder) a "voided" entry for that card. The files are changed
 * after this is saved (core/desk/custody.ts settleItems).
 */
export function recordTransfer(event: DeskEvent, giver: Character, item: string, to: Character, stamp: Stamp): { event: DeskEvent; entries: LedgerEntry[] } {
  const found = giver.items.find((i) => i.id === item);
  if (!found) throw new Error(`${giver.name} holds no item with id ${item}`);
  // The same rule the desk's picker lists receivers by (core/desk/recipients.ts), so a request made
  // from an older view, or by hand, cannot hand an item to the dead.
  const refused = whyNotRecipient({ id: to.id, ruleset: to.ruleset, name: to.name, player: to.player, life: fileLife(to) }, event, giver.id);
  if (refused?.kind === 'giver') throw new Error(`${found.name} is already ${giver.name}'s`);
  if (refused?.kind === 'out-of-play') throw new Error(`${to.name} is ${outOfPlayWords(refused.out, (iso) => iso)}, and cannot receive ${found.name}`);
  const transfer = { ...stampOf(stamp), kind: 'item-transferred', character: giver.id.toLowerCase(), item: found.id.toLowerCase(), to: to.id.toLowerCase(), name: found.name.slice(0, 200) } as LedgerEntry;
  const entries: LedgerEntry[] = [transfer];
  const card = itemCardToVoid(event, giver, found);
  if (card) entries.push({ ...stampOf(stamp), kind: 'voided', character: giver.id.toLowerCase(), cards: [card], reason: `${found.name} was transferred to ${to.name}`.slice(0, 500) } as LedgerEntry);
  return withEntries(event, entries, { entries });
}

function lowerIds<T extends Record<string, unknown>>(r: T): T {
  const out: Record<string, unknown> = { ...r };
  for (const k of ['character', 'item', 'from', 'target', 'to']) if (typeof out[k] === 'string') out[k] = (out[k] as string).toLowerCase();
  for (const k of Object.keys(out)) if (out[k] === undefined || out[k] === '') delete out[k];
  return out as T;
}
