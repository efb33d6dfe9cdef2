// Who can be handed an item at the desk, and how the desk lists them for the volunteer to pick.
// A receiver must be a readable character of the folder, not the giver, in play — not dead,
// permanently dead or retired as core/desk/life.ts reads it (the reading the rows, the reprint and
// the verify use: this event's ledger, else the file's status) — and the only file with its id (of
// two files sharing one, which would receive it?). The list is ordered by name as the desk orders
// names (core/model/collate.ts), then by player; a search finds any part of the name or of the
// player's name, case and accents ignored, as the desk's own search does. Pure.
import { compareNames } from '../model/collate';
import type { DeskEvent } from './event';
import { outOfPlay, type LifeSource, type OutOfPlay } from './life';
import { DUPLICATE_ID_CODE, fold } from './rows';

/** What this needs of a desk row (or a character file). */
export type RecipientSource = LifeSource & { name: string; player: string; errors?: readonly { code: string }[] };

export type Recipient = { id: string; name: string; player: string };

export type NotRecipient = { kind: 'unreadable' } | { kind: 'giver' } | { kind: 'duplicate-id' } | { kind: 'out-of-play'; out: OutOfPlay };

/** Why `row` cannot receive from the character `giver` (an id), or null when it can. */
export function whyNotRecipient(row: RecipientSource, event: DeskEvent | null, giver: string): NotRecipient | null {
  if (row.id === null || row.ruleset === null) return { kind: 'unreadable' };
  if (row.id.toLowerCase() === giver.toLowerCase()) return { kind: 'giver' };
  if (row.errors?.some((e) => e.code === DUPLICATE_ID_CODE)) return { kind: 'duplicate-id' };
  const out = outOfPlay(row, event);
  return out ? { kind: 'out-of-play', out } : null;
}

/** Everyone who can receive from `giver`, by name, then player, then id. */
export function recipients(rows: readonly RecipientSource[], event: DeskEvent | null, giver: string): Recipient[] {
  return listed(rows, (r) => whyNotRecipient(r, event, giver) === null);
}

/** The characters left out because they are dead, permanently dead or retired (for saying why a name is not offered). */
export function outOfPlayCharacters(rows: readonly RecipientSource[], event: DeskEvent | null, giver: string): Recipient[] {
  return listed(rows, (r) => whyNotRecipient(r, event, giver)?.kind === 'out-of-play');
}

function listed(rows: readonly RecipientSource[], keep: (r: RecipientSource) => boolean): Recipient[] {
  const list: Recipient[] = [];
  for (const r of rows) if (keep(r)) list.push({ id: r.id!, name: r.name, player: r.player });
  return list.sort((a, b) => compareNames(a.name, b.name) || compareNames(a.player, b.player) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/**
 * The recipients a search finds, in the list's order: every word of the query in the name or the
 * player's name (either), case and accents ignored. An empty query finds everyone.
 */
export function findRecipients(list: readonly Recipient[], query: string): Recipient[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...list];
  return list.filter((r) => {
    const text = `${fold(r.name)}\n${fold(r.player)}`;
    return words.every((w) => text.includes(w));
  });
}
