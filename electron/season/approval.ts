// The approval queue, main-process side (docs/season.md, "Approval"; core/ipc/approval.ts): the
// players' files in the event folder's inbox, a referee's approval or sending back (the ledger
// first, then the files: node/season/approval-files.ts), and a character file dropped on the desk
// copied into the inbox. Nothing here imports electron.
import { mkdir, realpath } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { DeskCharacter } from '../../core/desk/characters';
import { isoLocal } from '../../core/desk/sheet';
import type { ApprovalOutcome, DeskFolder } from '../../core/ipc/contract';
import { CHARACTER_FILE_SUFFIX } from '../../core/model/ids';
import type { EventLog } from '../../node/event-log/event-log';
import { copyNew, exists } from '../../node/fs/atomic';
import { isInside } from '../../node/fs/paths';
import { approveInboxFile, readApprovalQueue, sendBackInboxFile, waitingDetail } from '../../node/season/approval-files';
import { inboxOf } from '../../node/season/approval-inbox';
import type { PathGuard } from '../app/paths';
import type { SettingsStore } from '../app/settings';

export type ApprovalMethod = 'approvalQueue' | 'approvalDetail' | 'approveCharacter' | 'sendBackCharacter' | 'addToInbox';

export type ApprovalDeps = {
  guard: Pick<PathGuard, 'check'>;
  settings: Pick<SettingsStore, 'deskIdentity'>;
  now: () => number;
  checkFolder: (folder: string) => Promise<string>;
  /** The event file's log, the folder and event file checked (electron/desk/desk.ts). */
  eventLog: (folder: string, eventFile: string) => Promise<EventLog>;
  /** The folder's character files (the inbox left out). */
  characters: (folder: string) => Promise<DeskCharacter[]>;
  /** The folder as the view gets it, without the ledger. */
  load: (folder: string, eventFile: string) => Promise<DeskFolder>;
};

export function createApprovalHandlers(deps: ApprovalDeps) {
  const stamp = () => {
    const desk = deps.settings.deskIdentity();
    return { at: isoLocal(new Date(deps.now())), desk: desk.name, deskId: desk.id };
  };
  // The list without field diffs: its first rows come sooner; the diff is asked for per character.
  const queueOf = async (folder: string, log: EventLog) => readApprovalQueue(folder, log.event, await deps.characters(folder), deps.now, { diff: false });

  /** Runs a decision: what it appended (with what others appended meanwhile), the folder and the queue read again. */
  const decide = async (folder: string, eventFile: string, run: (log: EventLog, list: DeskCharacter[]) => Promise<{ file: string }>): Promise<ApprovalOutcome> => {
    await deps.checkFolder(folder);
    const log = await deps.eventLog(folder, eventFile);
    const known = new Set(log.event.entries.map((e) => e.id));
    const { file } = await run(log, await deps.characters(folder));
    const entries = log.event.entries.filter((e) => !known.has(e.id));
    return { entries, file, desk: await deps.load(folder, eventFile), queue: await queueOf(folder, log) };
  };

  return {
    async approvalQueue({ folder, eventFile }: { folder: string; eventFile: string }) {
      await deps.checkFolder(folder);
      return queueOf(folder, await deps.eventLog(folder, eventFile));
    },

    async approvalDetail({ folder, eventFile, file }: { folder: string; eventFile: string; file: string }) {
      await deps.checkFolder(folder);
      const log = await deps.eventLog(folder, eventFile);
      return waitingDetail(folder, log.event, await deps.characters(folder), file);
    },

    async approveCharacter({ folder, eventFile, file, hash }: { folder: string; eventFile: string; file: string; hash: string }) {
      return decide(folder, eventFile, (log, list) => approveInboxFile({ folder, log, folderCharacters: list, name: file, expectedHash: hash, stamp: stamp(), now: deps.now }));
    },

    async sendBackCharacter({ folder, eventFile, file, hash, reason }: { folder: string; eventFile: string; file: string; hash: string; reason: string }) {
      return decide(folder, eventFile, (log) => sendBackInboxFile({ folder, log, event: log.event, name: file, expectedHash: hash, reason, stamp: stamp(), now: deps.now }));
    },

    /** A player's file dropped on the desk: copied (never moved) into the inbox, under a free name. */
    async addToInbox({ folder, path }: { folder: string; path: string }) {
      const from = await deps.guard.check(path);
      await deps.checkFolder(folder);
      if (!from.endsWith(CHARACTER_FILE_SUFFIX) && !from.toLowerCase().endsWith('.json')) throw new Error(`${from}: not a character file`);
      if (isInside(await realpath(folder), await realpath(from))) throw new Error(`${from} is in the event folder already`);
      const inbox = inboxOf(folder);
      await mkdir(inbox, { recursive: true });
      const name = basename(from);
      let target = join(inbox, name);
      for (let n = 2; await exists(target); n++) target = join(inbox, name.replace(/(\.character)?\.json$/i, ` (${n})$&`));
      await copyNew(from, target);
      return { file: target };
    },
  };
}
