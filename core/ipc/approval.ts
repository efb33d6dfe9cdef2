// The approval queue's IPC methods (docs/season.md, "Approval"): the players' files waiting in the
// event folder's inbox, and a referee's decision on one. The desk's other methods are ./desk.ts.
import * as z from 'zod';
import type { LedgerEntry } from '../desk/entries';
import type { ApprovalQueue, WaitingCharacter } from '../season/approval-queue';
import type { DeskFolder } from './desk';

const path = z.string().min(1).max(4_096);
/** An inbox file's name (no folders): the main process checks it again. */
const fileName = z.string().min(1).max(255);
const sha256 = z.string().regex(/^[0-9a-f]{64}$/);

/** A decision made: the entries new to the ledger (this one and any other desk's meanwhile), the folder's rows read again, and the queue now. */
export type ApprovalOutcome = { entries: LedgerEntry[]; desk: DeskFolder; queue: ApprovalQueue; file: string };

export interface ApprovalApi {
  /** The players' files waiting in the folder's inbox (an approval a crash cut short is finished first), without their field diffs (`approvalDetail`). */
  approvalQueue(args: { folder: string; eventFile: string }): Promise<ApprovalQueue>;
  /** One waiting inbox file with every field that differs from the folder's file; null when it no longer waits. */
  approvalDetail(args: { folder: string; eventFile: string; file: string }): Promise<WaitingCharacter | null>;
  /** Approves the inbox file `file` (refused when its hash is no longer `hash`): appended, then the folder's file replaced (backed up) and the inbox file moved to inbox/.done/. */
  approveCharacter(args: { folder: string; eventFile: string; file: string; hash: string }): Promise<ApprovalOutcome>;
  /** Sends the inbox file back with the reason: appended, then the file moved to inbox/.sent-back/ with the reason in its history. */
  sendBackCharacter(args: { folder: string; eventFile: string; file: string; hash: string; reason: string }): Promise<ApprovalOutcome>;
  /** Copies a character file dropped on the desk into the folder's inbox (a new name when one is taken): it then waits for approval. */
  addToInbox(args: { folder: string; path: string }): Promise<{ file: string }>;
}

export const approvalArgs = {
  approvalQueue: z.tuple([z.strictObject({ folder: path, eventFile: path })]),
  approvalDetail: z.tuple([z.strictObject({ folder: path, eventFile: path, file: fileName })]),
  approveCharacter: z.tuple([z.strictObject({ folder: path, eventFile: path, file: fileName, hash: sha256 })]),
  sendBackCharacter: z.tuple([z.strictObject({ folder: path, eventFile: path, file: fileName, hash: sha256, reason: z.string().max(4_000) })]),
  addToInbox: z.tuple([z.strictObject({ folder: path, path })]),
};
