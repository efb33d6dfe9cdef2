// Who has an event's database open. LevelDB lets one process at a time open a database folder (a
// second gets "IO error: lock …" on every read and write), so a desk checks that it can open the
// database before it does anything else, and the process that has it writes beside it who it is:
// a second `desk serve` of the folder then refuses at once, naming what holds it.
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export class DatabaseHeldError extends Error {}

type Holder = { pid: number; holder: string; since: string };

const holderPath = (syncFolder: string, name: string) => join(syncFolder, `${name}.holder.json`);

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: there is such a process, only not ours to signal.
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function readHolder(path: string): Promise<Holder | null> {
  try {
    const h = JSON.parse(await readFile(path, 'utf8')) as Partial<Holder>;
    if (typeof h.pid !== 'number' || typeof h.holder !== 'string' || typeof h.since !== 'string') return null;
    return { pid: h.pid, holder: h.holder.slice(0, 100), since: h.since };
  } catch {
    return null;
  }
}

const isLockError = (e: unknown) => /\block\b/i.test(String((e as Error)?.message ?? e));

/**
 * Opens `db` (the event's database in `syncFolder`) and records this process as its holder.
 * Throws DatabaseHeldError, naming `folder` and what holds it, when another process has it open.
 * Returns what lets it go (the record is removed if it is still this process's).
 */
export async function claimDatabase(db: PouchDatabase, syncFolder: string, name: string, folder: string, holder: string): Promise<() => Promise<void>> {
  const path = holderPath(syncFolder, name);
  try {
    await db.info();
  } catch (e) {
    if (!isLockError(e)) throw e;
    const h = await readHolder(path);
    const who = h && h.pid !== process.pid && alive(h.pid) ? `${h.holder} (process ${h.pid}, since ${new Date(h.since).toTimeString().slice(0, 5)})` : 'another program';
    throw new DatabaseHeldError(`${folder} is in use by ${who}: its database ${join(syncFolder, name)} is locked. Stop that first, or use another folder`);
  }
  // Only for a second program's message: a folder that cannot take it (a full stick) is still used.
  await writeFile(path, `${JSON.stringify({ pid: process.pid, holder, since: new Date().toISOString() })}\n`).catch(() => undefined);
  return async () => {
    const h = await readHolder(path);
    if (h?.pid === process.pid) await rm(path, { force: true });
  };
}
