// The desk's record of play, main-process side: Record… (deaths, returns, convergences, items handed
// in or returned, bow competency, notes, undo), item transfers between character files, and the new
// character a Curious Pastimes player makes after a death. Nothing here imports electron.
//
// The ledger is written first (appended to the event file's log), then the character files: every
// change to a character file this module makes is what the ledger says (core/desk/character-record.ts applyLedger: status, history,
// Tiles of Fate; core/desk/custody.ts settleItems: transferred items). `settleFolder` makes the
// files agree with the ledger and runs on every open of the event folder, so a transfer cut off
// half way by a crash (the item in both files, or still only in the giver's) is finished then.
// Each file is validated, its previous version backed up, and written atomically.
import { randomUUID } from 'node:crypto';
import type { DeskFolder, RecordResult } from '../../core/ipc/contract';
import type { LedgerEntry } from '../../core/desk/entries';
import type { EventLog } from '../../node/event-log/event-log';
import type { Character } from '../../core/model/character';
import { characterSchema } from '../../core/model/character';
import { serializeCharacter } from '../../core/format/save';
import { loadCharacterBytes } from '../../core/format/load';
import { contentJson } from '../../core/format/hash';
import type { DeskCharacter } from '../../core/desk/characters';
import { applyLedger } from '../../core/desk/character-record';
import { awardEntries, settlePoints, type AwardSkip } from '../../core/season/points-desk';
import { builtinPackOf } from '../../core/season/points-record';
import { settleItems } from '../../core/desk/custody';
import { newCharacterPoints } from '../../core/desk/deaths';
import type { DeskEvent } from '../../core/desk/event';
import { recordEntry, recordTransfer, type RecordRequest } from '../../core/desk/record';
import { isoLocal } from '../../core/desk/sheet';
import { backUp, ownBackupFolderOf, freePath, safeStem, writeAtomic, writeNew } from '../../node/fs/files';
import { readPaced, statPaced } from './characters';
import { Pace } from '../library/io';
import { findCharacterFiles } from '../library/library';
import { isInInbox } from '../../node/season/approval-inbox';
import type { SettingsStore } from '../app/settings';

export type DeskRecordMethod = 'recordDesk' | 'transferItem' | 'newCharacterAfterDeath' | 'closeEvent';

type Args = { folder: string; eventFile: string };

export type DeskRecordDeps = {
  settings: Pick<SettingsStore, 'deskIdentity'>;
  now: () => number;
  /** The event file's log, the folder and event file arguments checked (electron/desk/desk.ts). */
  eventLog: (folder: string, eventFile: string) => Promise<EventLog>;
  /** The event of the log within its season (core/season/); the log's event alone when not given. */
  seasonEvent?: (folder: string, log: EventLog) => Promise<DeskEvent>;
  /** The folder as the view gets it, without the ledger (electron/desk/desk.ts deskOf). */
  load: (folder: string, eventFile: string) => Promise<DeskFolder>;
  /** A hook the crash test uses to stop between writes. */
  afterWrite?: (what: string) => Promise<void> | void;
};

/** The character files of the folder, read now (not from a cache), by character id. */
async function filesById(folder: string): Promise<Map<string, { file: string; character: Character }>> {
  const out = new Map<string, { file: string; character: Character }>();
  const pace = new Pace();
  // Read afresh, never from a cache: these are the files settleFolder may write.
  for (const file of await findCharacterFiles(folder, pace)) {
    if (isInInbox(folder, file)) continue; // a player's file waiting for approval (docs/season.md)
    try {
      const loaded = loadCharacterBytes(await readNow(file, pace), file);
      if (loaded.ok && !out.has(loaded.character.id.toLowerCase())) out.set(loaded.character.id.toLowerCase(), { file, character: loaded.character });
    } catch {
      // An unreadable file is never written; the desk view lists its problem.
    }
    await pace.maybeYield();
  }
  return out;
}

/** A character file's bytes, read now. */
const readNow = async (file: string, pace: Pace) => readPaced(file, await statPaced(file, pace), pace);

/** The file changed between the listing settleFolder was given and its write. */
class StaleListing extends Error {}

/** A listing's readable characters by id (the first file of an id, as filesById). */
function byIdOf(listed: readonly DeskCharacter[]): Map<string, { file: string; character: Character }> {
  const out = new Map<string, { file: string; character: Character }>();
  for (const c of listed) if (c.readable && !out.has(c.character.id.toLowerCase())) out.set(c.character.id.toLowerCase(), { file: c.file, character: c.character });
  return out;
}

/**
 * Makes the folder's character files agree with the event's ledger: transferred items where the
 * ledger puts them (receivers written first), then status, history, Tiles of Fate and the points record (core/season/points-desk.ts). Returns the
 * files written. Running it again writes nothing.
 *
 * `listed` is the desk's listing of the folder just read (perhaps from its cache): the plan is made
 * from it, so opening a folder with nothing to settle reads no file twice. Before a file is written
 * it is read again; if it no longer holds what the listing said, the whole folder is settled again
 * from fresh reads (what was written already was written over what the file held, so it stays).
 */
export async function settleFolder(folder: string, event: DeskEvent, deps: Pick<DeskRecordDeps, 'now' | 'afterWrite'>, listed?: readonly DeskCharacter[]): Promise<string[]> {
  const files = listed ? byIdOf(listed) : await filesById(folder);
  const characters = new Map([...files].map(([id, f]) => [id, f.character]));
  const written: string[] = [];
  const write = async (c: Character) => {
    const f = files.get(c.id.toLowerCase());
    if (!f) return;
    if (listed) {
      let now;
      try {
        now = loadCharacterBytes(await readNow(f.file, new Pace()), f.file);
      } catch {
        throw new StaleListing();
      }
      if (!now.ok || contentJson(now.character) !== contentJson(f.character)) throw new StaleListing();
    }
    const valid = characterSchema.parse(c);
    await backUp(f.file, await ownBackupFolderOf(folder, f.file), deps.now());
    await writeAtomic(f.file, serializeCharacter(valid));
    written.push(f.file);
    // Written now: a later write of the same file (status after items) is over what this wrote.
    f.character = valid;
    await deps.afterWrite?.(`character ${f.file}`);
  };
  try {
    const settled = settleItems(event, characters);
    for (const c of settled.changed) {
      await write(c);
      characters.set(c.id.toLowerCase(), c);
    }
    for (const [, c] of characters) {
      const next = settlePoints(applyLedger(c, event), event);
      if (next !== c) await write(next);
    }
  } catch (e) {
    if (!(e instanceof StaleListing)) throw e;
    return [...written, ...(await settleFolder(folder, event, deps))];
  }
  return written;
}

export function createDeskRecordHandlers(deps: DeskRecordDeps) {
  const stamp = () => {
    const desk = deps.settings.deskIdentity();
    return { at: isoLocal(new Date(deps.now())), desk: desk.name, deskId: desk.id };
  };

  /** Appends what `change` makes to the event file's log, then settles the files. */
  const commit = async ({ folder, eventFile }: Args, change: (event: DeskEvent, files: Map<string, { file: string; character: Character }>) => Promise<LedgerEntry[]> | LedgerEntry[]): Promise<RecordResult> => {
    const log = await deps.eventLog(folder, eventFile);
    const files = await filesById(folder);
    const inSeason = async () => (deps.seasonEvent ? deps.seasonEvent(folder, log) : log.event);
    const made = await change(await inSeason(), files);
    const { added, external } = await log.append(made);
    await deps.afterWrite?.('event');
    // Settled within the season, so a later event never undoes what an earlier one recorded.
    const written = await settleFolder(folder, await inSeason(), deps);
    return { ok: true, entries: [...external, ...added], made: made.map((e) => e.id), desk: await deps.load(folder, log.path), written };
  };

  return {
    async recordDesk(args: Args & { request: RecordRequest | readonly RecordRequest[] }): Promise<RecordResult> {
      const requests = Array.isArray(args.request) ? (args.request as readonly RecordRequest[]) : [args.request as RecordRequest];
      return commit(args, (event) => {
        // One stamp for the lot: the log gives them this desk's next seqs in this order, so an undo
        // and the retirement made with it fold in the order asked.
        const at = stamp();
        const entries: LedgerEntry[] = [];
        for (const r of requests) entries.push(recordEntry(event, r, at).entry);
        return entries;
      });
    },

    async transferItem(args: Args & { from: string; item: string; to: string }): Promise<RecordResult> {
      return commit(args, (event, files) => {
        const giver = files.get(args.from.toLowerCase());
        const receiver = files.get(args.to.toLowerCase());
        if (!giver) throw new Error(`No character file in ${args.folder} has the id ${args.from} (the giver)`);
        if (!receiver) throw new Error(`No character file in ${args.folder} has the id ${args.to} (the receiver)`);
        return recordTransfer(event, giver.character, args.item.toLowerCase(), receiver.character, stamp()).entries;
      });
    },

    /** "Close the event": the awards of every character checked in (once each), then the files' points records. */
    async closeEvent(args: Args): Promise<RecordResult & { skipped: AwardSkip[] }> {
      let skipped: AwardSkip[] = [];
      const result = await commit(args, (event, files) => {
        const made = awardEntries(event, [...files.values()].map((f) => f.character), builtinPackOf, stamp());
        skipped = made.skipped;
        return made.entries;
      });
      return { ...result, skipped };
    },

    /**
     * Curious Pastimes: a new character file for the dead character's player, starting at 20 less
     * one per death of that player at this event, and the "new-character" entry naming both.
     */
    async newCharacterAfterDeath(args: Args & { from: string; name: string }): Promise<RecordResult & { path?: string; points?: number }> {
      let made: { path: string; points: number } | null = null;
      const result = await commit(args, async (event, files) => {
        const dead = files.get(args.from.toLowerCase());
        if (!dead) throw new Error(`No character file in ${args.folder} has the id ${args.from}`);
        const players = new Map([...files].map(([id, f]) => [id, f.character.player]));
        const { points } = newCharacterPoints(event, dead.character.player, (id) => players.get(id));
        const id = randomUUID();
        const name = args.name.trim().slice(0, 200) || 'New character';
        const character = characterSchema.parse({
          format: 'quartermaster-character',
          version: 2,
          id,
          ruleset: dead.character.ruleset,
          name,
          player: dead.character.player,
          curiousPastimes: { startingPoints: points },
        });
        const path = await freePath(args.folder, safeStem(name));
        await writeNew(path, serializeCharacter(character));
        made = { path, points };
        return [recordEntry(event, { kind: 'new-character', character: id, from: dead.character.id, player: dead.character.player, points }, stamp()).entry];
      });
      const m = made as { path: string; points: number } | null;
      return m ? { ...result, path: m.path, points: m.points } : result;
    },
  };
}
