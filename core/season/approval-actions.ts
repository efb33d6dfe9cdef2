// What a referee's decision at the approval queue makes (docs/season.md, "Approval"): the ledger
// entry, and the file it leaves. Pure; node/season/approval-files.ts appends the entry first, then
// writes the files (the ledger first, as everything the desk records: docs/desk.md).
import type { ContentHasher } from '../desk/characters';
import type { EntryOf, LedgerEntry } from '../desk/entries';
import type { DeskEvent } from '../desk/event';
import { foldEvent } from '../desk/fold';
import { stampOf, type Stamp } from '../desk/ledger';
import { contentHash } from '../format/hash';
import type { Character } from '../model/character';
import { editionOf, SENT_BACK_RECORD } from './approval-queue';

/** Longest reason a sending back may give (the entry's limit, core/desk/entries.ts). */
export const MAX_REASON_CHARS = 2_000;

/** A player's file as the queue holds it: its name in the inbox, its character and content hash. */
export type PlayerFile = { name: string; character: Character; hash: string };

/**
 * Approving a player's file: the `approved` entry and the edition the folder's file becomes (the
 * player's character without the records of earlier sendings back). `previous` is the hash of
 * the folder's file it replaces (null for a new character).
 */
export function approve(file: PlayerFile, previous: string | null, stamp: Stamp, hasher: ContentHasher = contentHash): { entry: EntryOf<'approved'>; edition: Character } {
  const edition = editionOf(file.character);
  const entry: EntryOf<'approved'> = {
    ...stampOf(stamp),
    kind: 'approved',
    character: file.character.id.toLowerCase(),
    hash: edition === file.character ? file.hash : hasher(edition),
    received: file.hash,
    ...(previous !== null ? { previous } : {}),
    from: file.name.slice(0, 300),
  };
  return { entry, edition };
}

/** The reason as the entry keeps it, or why it cannot be one. */
export function reasonText(reason: string): { ok: true; reason: string } | { ok: false; message: string } {
  const trimmed = reason.trim();
  if (trimmed === '') return { ok: false, message: 'A reason is needed to send a character back: the player reads it.' };
  if (trimmed.length > MAX_REASON_CHARS) return { ok: false, message: `The reason is ${trimmed.length} characters long; at most ${MAX_REASON_CHARS}.` };
  return { ok: true, reason: trimmed };
}

/**
 * Sending a player's file back: the `sent-back` entry with the reason, and the file the player gets
 * back — theirs, with a `sent-back` record in its history (the event, when, the reason), which the
 * editor shows when the player opens it. Throws when the reason is empty or too long.
 */
export function sendBack(event: Pick<DeskEvent, 'name' | 'id'>, file: PlayerFile, reason: string, stamp: Stamp): { entry: EntryOf<'sent-back'>; returned: Character } {
  const r = reasonText(reason);
  if (!r.ok) throw new Error(r.message);
  const entry: EntryOf<'sent-back'> = { ...stampOf(stamp), kind: 'sent-back', character: file.character.id.toLowerCase(), hash: file.hash, reason: r.reason, from: file.name.slice(0, 300) };
  // No `eventId`: the desk remakes the records carrying this event's id from the ledger's deaths
  // and retirements (core/desk/character-record.ts), and this one is not of those.
  const record = { kind: SENT_BACK_RECORD, at: entry.at, event: event.name.slice(0, 200), entry: entry.id, reason: r.reason };
  const returned: Character = { ...file.character, history: [...(file.character.history ?? []), record] };
  return { entry, returned };
}

/** The approvals standing in the ledger (not undone), newest last. */
export function standingApprovals(event: DeskEvent): EntryOf<'approved'>[] {
  const f = foldEvent(event);
  return f.entries.filter((e): e is EntryOf<'approved'> => e.kind === 'approved' && !f.cancelled.has(e.id));
}

/** The undo of an approval (an `undo` entry aimed at it: the ledger is never edited). */
export function undoApproval(approval: EntryOf<'approved'>, stamp: Stamp): LedgerEntry {
  return { ...stampOf(stamp), kind: 'undo', character: approval.character, target: approval.id } as LedgerEntry;
}
