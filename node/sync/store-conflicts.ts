// Ending a character conflict in the event's database (EventStore.resolveConflict), and closing
// branches that hold the same as the winner.
import { canonicalHash as contentHash } from '../fs/sha256';
import type { Character } from '../../core/model/character';
import { characterDocId, checkDoc, type SavedBy } from './docs';
import type { StoredCharacter } from './types';


/** The versions of a conflict changed since the volunteer looked at them. */
export class ConflictChangedError extends Error {}

/**
 * `keep` written over the winner and every other branch closed, in one request. The versions the
 * volunteer looked at (`seen`) must still be all there are: a version arriving meanwhile, or the
 * conflict resolved at another desk, is never overwritten unseen (nothing is written then).
 */
export async function resolveOver(db: PouchDatabase, winner: StoredCharacter, keep: Character, savedBy?: SavedBy, seen?: readonly string[]): Promise<string> {
  const name = winner.character.name || winner.id;
  const now = [winner.rev, ...winner.conflicts].sort();
  if (seen && (seen.length !== now.length || [...seen].sort().some((r, i) => r !== now[i]))) {
    throw new ConflictChangedError(winner.conflicts.length === 0 ? `${name} was resolved at another desk meanwhile; nothing was changed here` : `${name} was changed again at another desk meanwhile; look at the versions again (nothing was changed)`);
  }
  if (keep.id.toLowerCase() !== winner.id) throw new Error(`the kept version is of character ${keep.id}, not ${winner.id}`);
  const id = characterDocId(winner.id);
  const docs: Record<string, unknown>[] = [{ _id: id, _rev: winner.rev, kind: 'character', file: winner.file, character: keep, ...(savedBy ? { savedBy } : {}) }];
  for (const rev of winner.conflicts) docs.push({ _id: id, _rev: rev, _deleted: true });
  const c = checkDoc(docs[0]);
  if (!c.ok) throw new Error(c.message);
  const results = await db.bulkDocs(docs);
  const failed = results.find((r) => r.error);
  if (failed) throw new Error(`cannot resolve the conflict of ${winner.id}: ${failed.message ?? failed.error}`);
  return results[0].rev as string;
}

/** Conflicting branches with the same content as the winner are not a conflict: closed at once. */
export async function dropEqualConflicts(db: PouchDatabase, id: string): Promise<void> {
  let raw;
  try {
    raw = await db.get(id, { conflicts: true });
  } catch {
    return;
  }
  const conflicts: string[] = raw._conflicts ?? [];
  if (conflicts.length === 0) return;
  const want = contentHash({ file: raw.file, character: raw.character });
  const drop: Record<string, unknown>[] = [];
  for (const rev of conflicts) {
    const other = await db.get(id, { rev }).catch(() => null);
    if (other && contentHash({ file: other.file, character: other.character }) === want) drop.push({ _id: id, _rev: rev, _deleted: true });
  }
  if (drop.length > 0) await db.bulkDocs(drop);
}
