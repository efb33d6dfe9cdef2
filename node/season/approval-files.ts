// A referee's decision on a player's file, on disk (docs/season.md, "Approval"), for the app's desk
// and `quartermaster desk approvals` alike. The ledger first (the entry appended through the event
// log, synced), then the files:
// - approve: the folder's file of the character is backed up (.quartermaster-backups, as every save)
//   and replaced atomically by the approved edition (a new character gets a new file); the inbox file
//   moves to `inbox/.done/`;
// - send back: the player's file moves to `inbox/.sent-back/`, with a `sent-back` record holding the
//   reason in its history, which the editor shows when the player opens it.
// An approval cut short by a crash (the entry appended, the files not yet) is finished the next time
// the queue is read (`finishApprovals`), never over a folder file changed since.
import { mkdir, rm } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { ContentHasher, DeskCharacter } from '../../core/desk/characters';
import type { EntryOf } from '../../core/desk/entries';
import type { DeskEvent } from '../../core/desk/event';
import type { Stamp } from '../../core/desk/ledger';
import { loadCharacterBytes } from '../../core/format/load';
import { serializeCharacter } from '../../core/format/save';
import { characterSchema, type Character } from '../../core/model/character';
import { CHARACTER_FILE_SUFFIX } from '../../core/model/ids';
import { approve, sendBack } from '../../core/season/approval-actions';
import { approvalQueue, type ApprovalQueue } from '../../core/season/approval-queue';
import type { EventLog } from '../event-log/event-log';
import { exists, moveNew, writeAtomic, writeNew } from '../fs/atomic';
import { backUp, freePath, ownBackupFolderOf, readBytes, safeStem, stemOf } from '../fs/files';
import { nativeContentHash } from '../fs/sha256';
import { DONE_FOLDER, inboxOf, readInbox, readInboxFile, SENT_BACK_FOLDER } from './approval-inbox';

const hasher: ContentHasher = nativeContentHash;

/** A decision that cannot be made as asked (the message says why, naming the file). */
export class ApprovalError extends Error {}

/** The queue of an event folder: its inbox read now; approvals a crash cut short finished first. */
export async function readApprovalQueue(folder: string, event: DeskEvent, folderCharacters: readonly DeskCharacter[], now: () => number, options: { diff?: boolean } = {}): Promise<ApprovalQueue> {
  const queue = approvalQueue(event, folderCharacters, await readInbox(folder), hasher, options);
  if (queue.approved.length === 0) return queue;
  const stuck: ApprovalQueue['unreadable'] = [];
  for (const a of queue.approved) {
    try {
      await finishApproval(folder, a.entry, join(inboxOf(folder), basename(a.file)), a.folderFile, now);
    } catch (e) {
      if (!(e instanceof ApprovalError)) throw e;
      stuck.push({ file: a.file, message: e.message });
    }
  }
  const again = approvalQueue(event, folderCharacters, await readInbox(folder), hasher, options);
  return { ...again, unreadable: [...again.unreadable, ...stuck] };
}

/** One waiting inbox file with its field diff (null when it is not waiting: decided, unchanged or unreadable). */
export async function waitingDetail(folder: string, event: DeskEvent, folderCharacters: readonly DeskCharacter[], name: string) {
  if (name !== basename(name) || name.startsWith('.')) throw new ApprovalError(`"${name}" is not a file name of the inbox`);
  return approvalQueue(event, folderCharacters, [await readInboxFile(folder, name)], hasher).waiting[0] ?? null;
}

/** The player's file as read now, refused when it is not what the referee looked at. */
async function playerFile(folder: string, name: string, expectedHash: string | undefined) {
  if (name !== basename(name) || name.startsWith('.')) throw new ApprovalError(`"${name}" is not a file name of the inbox`);
  const read = await readInboxFile(folder, name);
  if (!read.readable) throw new ApprovalError(read.problem.message);
  if (expectedHash !== undefined && read.hash !== expectedHash) throw new ApprovalError(`${read.file} changed since it was shown (the player sent it again?): look at it again before deciding`);
  return read;
}

/** The folder's file of a character id, read now: its path and content hash. */
async function folderFileOf(folderCharacters: readonly DeskCharacter[], id: string): Promise<{ file: string; hash: string } | null> {
  const listed = folderCharacters.find((c) => c.readable && c.character.id.toLowerCase() === id);
  if (!listed) return null;
  const loaded = loadCharacterBytes(await readBytes(listed.file), listed.file);
  if (!loaded.ok) throw new ApprovalError(`${loaded.problem.message}; it is never overwritten`);
  if (loaded.character.id.toLowerCase() !== id) throw new ApprovalError(`${listed.file} no longer holds the character ${id}: open the folder again`);
  return { file: listed.file, hash: hasher(loaded.character) };
}

/**
 * Approves the inbox file `name`: the `approved` entry appended, the folder's file replaced (backed
 * up first) or a new one made, the inbox file moved to `inbox/.done/`. `expectedHash`: the file's
 * hash as the referee saw it (refused if it changed since).
 */
export async function approveInboxFile(args: { folder: string; log: EventLog; folderCharacters: readonly DeskCharacter[]; name: string; expectedHash?: string; stamp: Stamp; now: () => number }): Promise<{ entry: EntryOf<'approved'>; file: string; added: number }> {
  const read = await playerFile(args.folder, args.name, args.expectedHash);
  const id = read.character.id.toLowerCase();
  const own = await folderFileOf(args.folderCharacters, id);
  const { entry } = approve({ name: args.name, character: read.character, hash: read.hash }, own?.hash ?? null, args.stamp, hasher);
  const { added, external } = await args.log.append([entry]);
  const file = await finishApproval(args.folder, entry, read.file, own?.file ?? null, args.now);
  return { entry, file, added: added.length + external.length };
}

/**
 * Makes the files what an approval says: the folder's file the approved edition (unless it is so
 * already; never over a file changed since the approval: then it is left, and the inbox file too),
 * the inbox file moved to `inbox/.done/`. Returns the folder's file.
 */
async function finishApproval(folder: string, entry: EntryOf<'approved'>, inboxFile: string, folderFile: string | null, now: () => number): Promise<string> {
  const read = loadCharacterBytes(await readBytes(inboxFile), inboxFile);
  if (!read.ok) throw new ApprovalError(read.problem.message);
  const edition = characterSchema.parse(approve({ name: basename(inboxFile), character: read.character, hash: entry.received ?? '' }, null, { at: entry.at, desk: entry.desk }, hasher).edition) as Character;
  const text = serializeCharacter(edition);
  let target = folderFile;
  if (target !== null) {
    const current = loadCharacterBytes(await readBytes(target), target);
    const hash = current.ok ? hasher(current.character) : null;
    if (hash !== entry.hash) {
      if (hash !== (entry.previous ?? null)) throw new ApprovalError(`${target} changed since the approval of ${basename(inboxFile)}: it is not overwritten, and the player's file stays in the inbox`);
      await backUp(target, await ownBackupFolderOf(folder, target), now());
      await writeAtomic(target, text);
    }
  } else {
    // A new character: the player's file name in the folder when free, else the next free one.
    const stem = stemOf(basename(inboxFile));
    const wanted = join(folder, `${safeStem(stem)}${CHARACTER_FILE_SUFFIX}`);
    target = (await exists(wanted)) ? await freePath(folder, stem) : wanted;
    await writeNew(target, text);
  }
  await moveAside(inboxFile, join(inboxOf(folder), DONE_FOLDER), now);
  return target;
}

/** Moves a file into `into` under its own name, or `<ms>-<name>` when that is taken. */
async function moveAside(file: string, into: string, now: () => number): Promise<string> {
  await mkdir(into, { recursive: true });
  let target = join(into, basename(file));
  if (await exists(target)) target = join(into, `${now()}-${basename(file)}`);
  await moveNew(file, target);
  return target;
}

/**
 * Sends the inbox file `name` back with `reason`: the `sent-back` entry appended, then the file
 * written to `inbox/.sent-back/` with the reason in its history, and removed from the inbox.
 */
export async function sendBackInboxFile(args: { folder: string; log: EventLog; event: Pick<DeskEvent, 'id' | 'name'>; name: string; expectedHash?: string; reason: string; stamp: Stamp; now: () => number }): Promise<{ entry: EntryOf<'sent-back'>; file: string }> {
  const read = await playerFile(args.folder, args.name, args.expectedHash);
  let made;
  try {
    made = sendBack(args.event, { name: args.name, character: read.character, hash: read.hash }, args.reason, args.stamp);
  } catch (e) {
    throw new ApprovalError((e as Error).message);
  }
  await args.log.append([made.entry]);
  const into = join(inboxOf(args.folder), SENT_BACK_FOLDER);
  await mkdir(into, { recursive: true });
  let target = join(into, args.name);
  if (await exists(target)) target = join(into, `${args.now()}-${args.name}`);
  await writeNew(target, serializeCharacter(characterSchema.parse(made.returned) as Character));
  await rm(read.file);
  return { entry: made.entry, file: target };
}
