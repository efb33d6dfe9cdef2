// The characters of a shared event that were edited at two desks and not yet resolved, kept by the
// file mirror in the sync folder so that the desk's reprint (the app's and `quartermaster desk
// --reprint-changed`, which do not open the database) holds their cards back until the volunteer
// has kept one version or merged them.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as z from 'zod';
import { writeAtomic } from '../fs/files';

export const SYNC_FOLDER = '.quartermaster-sync';
export const CONFLICTS_FILE = 'conflicts.json';

const listSchema = z.object({ conflicts: z.array(z.object({ id: z.string().max(100), file: z.string().max(300) })).max(100_000) });
export type ConflictList = z.infer<typeof listSchema>['conflicts'];

export async function writeConflictList(syncFolder: string, conflicts: ConflictList): Promise<void> {
  await writeAtomic(join(syncFolder, CONFLICTS_FILE), `${JSON.stringify({ conflicts }, null, 2)}\n`);
}

/** The unresolved conflicts of the event shared from `eventFolder` (none when it is not shared). */
export async function readConflictList(eventFolder: string): Promise<ConflictList> {
  try {
    const r = listSchema.safeParse(JSON.parse(await readFile(join(eventFolder, SYNC_FOLDER, CONFLICTS_FILE), 'utf8')));
    return r.success ? r.data.conflicts : [];
  } catch {
    return [];
  }
}

/** A reprint plan with the characters in conflict moved from `print` to `skipped`, saying why. */
export function holdBackConflicts<P extends { print: { id: string; file: string }[]; skipped: { file: string; reason: string }[] }>(plan: P, conflicts: ConflictList): P {
  if (conflicts.length === 0) return plan;
  const held = new Set(conflicts.map((c) => c.id.toLowerCase()));
  const print = plan.print.filter((p) => !held.has(p.id.toLowerCase()));
  const skipped = [
    ...plan.skipped,
    ...plan.print.filter((p) => held.has(p.id.toLowerCase())).map((p) => ({ file: p.file, reason: `${p.file}: was edited at two desks while they were apart; keep one version or merge them in the desk view before its cards are reprinted` })),
  ];
  return { ...plan, print, skipped };
}
