// Approval at the desk (docs/season.md, "Approval"): the characters players send in wait for a
// referee, who approves each (it becomes the folder's file, the approved edition) or sends it back
// with a reason. Pure: the caller reads the folder's files and the inbox's (node/season/).
//
// Reading chosen: the folder's own character files are the approved editions (the referee's side:
// what the desk writes into them and what the referee saves is not waited on). A player's file
// waits in the folder's `inbox/` until a referee decides; nothing a player sends overwrites a
// folder file until it is approved. So an event made before approval existed floods nobody: its
// folder files are approved as they are, and only inbox files wait.
import { conflictFields, type MergeField } from '../desk/conflict-merge';
import type { ContentHasher, DeskCharacter } from '../desk/characters';
import type { EntryOf } from '../desk/entries';
import type { DeskEvent } from '../desk/event';
import { foldEvent } from '../desk/fold';
import { contentHash } from '../format/hash';
import type { Character } from '../model/character';
import type { GameId } from '../model/ids';
import { SENT_BACK_RECORD } from './approval-record';

export { SENT_BACK_RECORD };

export type ApprovalProblem = { code: string; message: string; path: string };

export type SentBack = { entry: string; reason: string; at: string; desk: string };

export type WaitingCharacter = {
  id: string;
  name: string;
  player: string;
  ruleset: GameId;
  /** The player's file (in the inbox). */
  file: string;
  /** Its content hash. */
  hash: string;
  /** `new`: no folder file has its id; `changed`: it differs from the folder's (approved) file. */
  kind: 'new' | 'changed';
  folderFile: string | null;
  /**
   * What differs, field by field (the conflict panel's diff, core/desk/conflict-merge.ts): values
   * [the approved edition, the player's]; for a new character every field it has, against nothing.
   */
  fields: MergeField[];
  /** The game's rule errors of the player's version (core/rulesets derive). */
  errors: ApprovalProblem[];
  warnings: number;
  /** The last time an earlier file of this character was sent back (the player sent it again). */
  sentBack: SentBack | null;
};

export type SentBackFile = { id: string; name: string; player: string; file: string; hash: string } & SentBack;

export type ApprovalQueue = {
  waiting: WaitingCharacter[];
  /** Characters sent back (their reason) that the player has not answered yet: a file of theirs in the inbox with the hash sent back, or only the ledger's entry (the file moved to inbox/.sent-back/). */
  sentBack: SentBackFile[];
  /** Inbox files a referee approved whose approval was not finished (the folder's file not yet replaced, or the inbox file not yet moved): node/season/ finishes it. */
  approved: { file: string; id: string; entry: EntryOf<'approved'>; folderFile: string | null }[];
  /** Inbox files the folder already holds as they are (nothing to approve). */
  unchanged: { file: string; id: string; folderFile: string }[];
  /** Inbox files that cannot be read: the message names the file and field. */
  unreadable: { file: string; message: string }[];
};

/**
 * The edition a player's file becomes when approved: the character without the records of its
 * earlier sendings back (those are the conversation, kept in the ledger, not the character).
 */
export function editionOf(character: Character): Character {
  const history = character.history;
  if (!history || !history.some((h) => h.kind === SENT_BACK_RECORD)) return character;
  const kept = history.filter((h) => h.kind !== SENT_BACK_RECORD);
  const next: Character = { ...character, history: kept };
  if (kept.length === 0) delete next.history;
  return next;
}

type Decisions = { approved: EntryOf<'approved'>[]; sentBack: EntryOf<'sent-back'>[] };

/** The approvals and sendings back of a character still standing (not undone), in ledger order. */
export function decisionsOf(event: DeskEvent, id: string): Decisions {
  const out: Decisions = { approved: [], sentBack: [] };
  for (const e of foldEvent(event).characters.get(id.toLowerCase())?.entries ?? []) {
    if (e.kind === 'approved') out.approved.push(e);
    else if (e.kind === 'sent-back') out.sentBack.push(e);
  }
  return out;
}

function lastOf<T>(list: readonly T[], ok: (x: T) => boolean): T | undefined {
  for (let i = list.length - 1; i >= 0; i--) if (ok(list[i]!)) return list[i];
  return undefined;
}

const sentBackOf = (e: EntryOf<'sent-back'>): SentBack => ({ entry: e.id, reason: e.reason, at: e.at, desk: e.desk });

/**
 * The approval queue: every readable inbox file not decided yet waits, with what differs from the
 * folder's file of its id and its rules check. `folder` are the folder's character files, `inbox`
 * the inbox's, both as the desk reads them (core/desk/characters.ts). `diff: false` leaves every
 * waiting file's `fields` empty (the desk view asks for them one character at a time).
 */
export function approvalQueue(event: DeskEvent, folder: readonly DeskCharacter[], inbox: readonly DeskCharacter[], hasher: ContentHasher = contentHash, options: { diff?: boolean } = {}): ApprovalQueue {
  const byId = new Map<string, Extract<DeskCharacter, { readable: true }>>();
  for (const c of folder) if (c.readable && !byId.has(c.character.id.toLowerCase())) byId.set(c.character.id.toLowerCase(), c);
  const queue: ApprovalQueue = { waiting: [], sentBack: [], approved: [], unchanged: [], unreadable: [] };
  for (const c of inbox) {
    if (!c.readable) {
      queue.unreadable.push({ file: c.file, message: c.problem.message });
      continue;
    }
    const id = c.character.id.toLowerCase();
    const own = byId.get(id) ?? null;
    const decided = decisionsOf(event, id);
    const approval = lastOf(decided.approved, (e) => e.received === c.hash);
    if (approval) {
      queue.approved.push({ file: c.file, id, entry: approval, folderFile: own?.file ?? null });
      continue;
    }
    const sent = lastOf(decided.sentBack, (e) => e.hash === c.hash);
    if (sent) {
      queue.sentBack.push({ id, name: c.character.name, player: c.character.player, file: c.file, hash: c.hash, ...sentBackOf(sent) });
      continue;
    }
    const edition = editionOf(c.character);
    if (own && (edition === c.character ? c.hash : hasher(edition)) === own.hash) {
      queue.unchanged.push({ file: c.file, id, folderFile: own.file });
      continue;
    }
    const violations = c.derivation.violations;
    const last = decided.sentBack.at(-1);
    queue.waiting.push({
      id,
      name: c.character.name,
      player: c.character.player,
      ruleset: c.character.ruleset,
      file: c.file,
      hash: c.hash,
      kind: own ? 'changed' : 'new',
      folderFile: own?.file ?? null,
      // Without `diff` (a long list's first rows), the fields are left for the one character opened.
      fields: options.diff === false ? [] : conflictFields([own ? own.character : nothing(c.character), edition]),
      errors: violations.filter((v) => v.severity === 'error').map((v) => ({ code: v.code, message: v.message, path: v.path })),
      warnings: violations.filter((v) => v.severity === 'warning').length,
      sentBack: last ? sentBackOf(last) : null,
    });
  }
  // Sent back and not heard of since (no file of the character waiting, no later approval): from
  // the ledger, as the file itself moved to inbox/.sent-back/.
  const listed = new Set(queue.sentBack.map((x) => x.entry));
  const answered = new Set(queue.waiting.map((w) => w.id));
  const folded = foldEvent(event);
  for (const [id, c] of folded.characters) {
    if (answered.has(id)) continue;
    const last = lastOf(c.entries, (e) => e.kind === 'approved' || e.kind === 'sent-back');
    if (last?.kind !== 'sent-back' || listed.has(last.id)) continue;
    const own = byId.get(id);
    queue.sentBack.push({ id, name: own?.character.name ?? last.from ?? id, player: own?.character.player ?? '', file: last.from ?? '', hash: last.hash, ...sentBackOf(last) });
  }
  return queue;
}

/** The empty side a new character is compared with: the fields every file has the same by construction (conflict-merge's FIXED). */
function nothing(c: Character): Character {
  return { format: c.format, version: c.version, id: c.id } as unknown as Character;
}
