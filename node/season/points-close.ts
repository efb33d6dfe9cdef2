// Closing an event on disk: the `award` entries for every character checked in appended to the event
// file's log (node/event-log/), then the character files made to agree with the ledger's points
// (core/season/points-desk.ts settlePoints), each backed up first and written atomically. The
// ledger first, then the files, as every desk record (docs/desk.md): a run cut short between the
// two is finished by the next (settling is idempotent, and a character already awarded is not
// awarded again).
import type { Character } from '../../core/model/character';
import { characterSchema } from '../../core/model/character';
import { serializeCharacter } from '../../core/format/save';
import type { LedgerEntry } from '../../core/desk/entries';
import type { DeskEvent } from '../../core/desk/event';
import type { Stamp } from '../../core/desk/ledger';
import { awardEntries, settlePoints, type AwardSkip } from '../../core/season/points-desk';
import { builtinPackOf } from '../../core/season/points-record';
import type { EventLog } from '../event-log/event-log';
import { backUp, ownBackupFolderOf, writeAtomic } from '../fs/files';

export type CharacterFile = { file: string; character: Character };

export type CloseResult = {
  /** The award entries appended (others appended meanwhile are in `external`). */
  added: LedgerEntry[];
  external: LedgerEntry[];
  skipped: AwardSkip[];
  /** The character files written. */
  written: string[];
};

/** Writes every file whose points records differ from what the ledger says; returns the files written. */
export async function settlePointsFiles(folder: string, event: DeskEvent, files: readonly CharacterFile[], nowMs: number): Promise<string[]> {
  const written: string[] = [];
  for (const f of files) {
    const next = settlePoints(f.character, event);
    if (next === f.character) continue;
    const valid = characterSchema.parse(next);
    await backUp(f.file, await ownBackupFolderOf(folder, f.file), nowMs);
    await writeAtomic(f.file, serializeCharacter(valid));
    written.push(f.file);
  }
  return written;
}

/** Awards the event's points to every character checked in (once each), then settles the files. */
export async function closeEvent(log: EventLog, folder: string, files: readonly CharacterFile[], stamp: Stamp, nowMs: number): Promise<CloseResult> {
  const { entries, skipped } = awardEntries(log.event, files.map((f) => f.character), builtinPackOf, stamp);
  const { added, external } = entries.length > 0 ? await log.append(entries) : { added: [], external: [] };
  const written = await settlePointsFiles(folder, log.event, files, nowMs);
  return { added, external, skipped, written };
}
