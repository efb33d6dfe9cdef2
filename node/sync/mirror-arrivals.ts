// What of the shared event the folder still lacks: the files the desk's database holds that did not
// reach the folder as the database has them (a full disk, a write the volume refused). `desk join
// --once` names them rather than calling the folder up to date.
import { join } from 'node:path';
import { eventFileName } from '../event-log/event-log';
import { sharedEventLog } from '../event-log/registry';
import { absent } from './mirror-disk';
import { keepsAway } from './mirror-missing';
import type { MirrorState } from './mirror-state';
import type { EventStore } from './store';

/** File names (with what is missing of the event file) that the folder lacks, sorted; [] when it holds everything. */
export async function notInFolder(folder: string, store: EventStore, state: MirrorState): Promise<string[]> {
  const missing: string[] = [];
  const nameOf = new Map(Object.entries(state.data.files).map(([name, s]) => [s.id, name]));
  for (const stored of await store.characters()) {
    if (keepsAway(state, stored)) continue;
    const name = nameOf.get(stored.id);
    const known = name === undefined ? undefined : state.data.files[name];
    if (!known || known.rev !== stored.rev || (await absent(join(folder, name!)))) missing.push(name ?? stored.file);
  }
  const header = await store.header();
  if (header) {
    const name = state.data.eventFile;
    const entries = await store.entries();
    const held = name ? await entryIds(join(folder, name), folder) : null;
    const label = name ?? eventFileName(header.name);
    if (held === null) missing.push(label);
    else {
      const lacking = entries.filter((e) => !held.has(e.id)).length;
      if (lacking > 0) missing.push(`${label} (${lacking} of ${entries.length} entries)`);
    }
  }
  return missing.sort();
}

/** The ids of the entries the event file holds (through the process's one log of it), or null when it is not there or cannot be read. */
async function entryIds(path: string, folder: string): Promise<Set<string> | null> {
  if (await absent(path)) return null;
  try {
    const log = await sharedEventLog(path, { folder });
    return new Set(log.ledger.fold.entries.map((e) => e.id));
  } catch {
    return null;
  }
}
