// A character file gone from a shared event's folder at this desk. The event's characters are the
// database's, shared by every desk, and a deletion at one laptop (by hand, a file manager, a
// clean-up) must never take a character from the others: the file is written again from the
// database at the next pass, as every desk last agreed it. The exception is a retired character
// (character format v2 `status: "retired"`: the desk records it for a retirement, a Novitas
// permanent death, a Curious Pastimes death): its file may be tidied away at one desk. It stays in
// the database and at every other desk, and comes back here if it stops being retired (the
// retirement undone) — see `keepsAway`. A renamed file is not a deletion (mirror.ts keeps the
// character's revision under the new name).
import { join } from 'node:path';
import { serializeCharacter } from '../../core/format/save';
import { writeAtomicIf } from '../fs/files';
import { sha256Hex } from '../fs/sha256';
import { isInside } from '../fs/paths';
import { absent, onDisk } from './mirror-disk';
import type { MirrorState } from './mirror-state';
import type { EventStore } from './store';
import type { StoredCharacter } from './types';

export type MissingReport = { restored: string[]; removed: string[] };

const retired = (c: StoredCharacter) => c.character.status === 'retired';

/** Restores every file the state knows that is not in the folder (`present`), or forgets it when its character is retired. */
export async function settleMissing(folder: string, store: EventStore, state: MirrorState, present: ReadonlySet<string>): Promise<MissingReport> {
  const report: MissingReport = { restored: [], removed: [] };
  for (const [name, known] of Object.entries(state.data.files)) {
    if (present.has(name)) continue;
    const stored = await store.character(known.id);
    if (!stored) {
      // Nothing in the database to bring back (a hostile or refused document): nothing is shared under this name.
      delete state.data.files[name];
      continue;
    }
    if (retired(stored)) {
      delete state.data.files[name];
      state.data.removed = { ...state.data.removed, [stored.id]: name };
      report.removed.push(name);
      continue;
    }
    const path = join(folder, name);
    if (!isInside(folder, path)) throw new Error(`${name}: not inside the event folder`);
    const text = serializeCharacter(stored.character);
    // Only into an empty place: a file made under this name meanwhile is imported at the next pass instead.
    if (!(await writeAtomicIf(path, text, () => absent(path)))) continue;
    state.data.files[name] = { id: stored.id, rev: stored.rev, ...(await onDisk(path, sha256Hex(text))) };
    report.restored.push(name);
  }
  return report;
}

/**
 * A retired character whose file was tidied away at this desk stays away while it is retired; once
 * a version arrives that is not (the retirement undone), it is written again like any arrival.
 */
export function keepsAway(state: MirrorState, stored: StoredCharacter): boolean {
  if (!state.data.removed || !Object.hasOwn(state.data.removed, stored.id)) return false;
  if (retired(stored)) return true;
  forgetRemoval(state, stored.id);
  return false;
}

/** The character's file is in the folder again (put back by hand, or written again): no longer kept away. */
export function forgetRemoval(state: MirrorState, id: string): void {
  if (!state.data.removed || !Object.hasOwn(state.data.removed, id)) return;
  const { [id]: _gone, ...rest } = state.data.removed;
  state.data.removed = rest;
}
