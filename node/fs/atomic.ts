// The file writers every part of Quartermaster uses (the app's main process and the command line):
// atomic replace, create-never-overwrite, copy and move to a new name, and the sweep of what a
// crash left. They need only create, write, fsync and rename, so they work on FAT and exFAT USB
// sticks and network shares too; hard links and the copy call are used where the file system
// has them.
import { constants, promises as fsp } from 'node:fs';
import { hostname } from 'node:os';
import { basename, dirname, join } from 'node:path';

let tempCounter = 0;

/** A hidden temp file beside `target`: `.<name>.<pid>.<ms>.<n>.tmp`, unique within this process. */
function tempPathFor(target: string): string {
  return join(dirname(target), `.${basename(target)}.${process.pid}.${Date.now()}.${tempCounter++}.tmp`);
}

/** Temp files of ours: the names tempPathFor makes (and the command line's `.<name>.<pid>.<ms>.tmp`). */
const TEMP_NAME = /^\..+\.(\d+)\.(\d{13})(?:\.\d+)?\.tmp$/;

/** How old a leftover temp file must be before the sweep removes it. */
export const STALE_TEMP_MS = 60 * 60 * 1000;

/**
 * Removes temp and lock files that a crash or a killed process left in `folder` and the folders below it
 * (hidden ones included, where backups live; links are not followed; 8 levels at most): only names
 * of our own pattern, stamped and last modified more than STALE_TEMP_MS before `now`, so a save in
 * flight is never touched. Returns the paths removed; errors are ignored (it is only tidying).
 */
export async function sweepStaleTemps(folder: string, now: number, depth = 8): Promise<string[]> {
  const removed: string[] = [];
  let entries;
  try {
    entries = await fsp.readdir(folder, { withFileTypes: true });
  } catch {
    return removed;
  }
  for (const entry of entries) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) {
      if (depth > 0) removed.push(...(await sweepStaleTemps(path, now, depth - 1)));
      continue;
    }
    const m = TEMP_NAME.exec(entry.name);
    // Lock files (see renameNoReplace) carry no stamp in their name: their mtime alone decides.
    const lock = entry.name.startsWith('.') && entry.name.endsWith(LOCK_SUFFIX);
    if (!entry.isFile() || (!m && !lock) || (m && now - Number(m[2]) < STALE_TEMP_MS)) continue;
    try {
      if (now - (await fsp.stat(path)).mtimeMs < STALE_TEMP_MS) continue;
      await fsp.unlink(path);
      removed.push(path);
    } catch {
      // gone already
    }
  }
  return removed;
}

/**
 * Error codes with which a file system says it has no hard links or no copy call: FAT and exFAT
 * (ENOSYS, EPERM through FUSE), network shares (ENOTSUP, EOPNOTSUPP, EXDEV, EINVAL), link limits
 * (EMLINK). On Windows a FAT volume answers CreateHardLink with ERROR_INVALID_FUNCTION, which libuv
 * reports as EISDIR. The writers then fall back to a plain write and a checked rename.
 */
const UNSUPPORTED = new Set(['ENOSYS', 'ENOTSUP', 'EOPNOTSUPP', 'EPERM', 'EXDEV', 'EMLINK', 'EINVAL', 'EISDIR', 'ENOTTY']);

function isUnsupported(e: unknown): boolean {
  return UNSUPPORTED.has((e as NodeJS.ErrnoException).code ?? '');
}

function existsError(path: string, syscall: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`EEXIST: file already exists, ${syscall} '${path}'`), { code: 'EEXIST', errno: -17, syscall, path });
}

/** Writes `data` to a new temp file beside `target` and fsyncs it; returns the temp file's path. */
async function writeTemp(target: string, data: Uint8Array | string): Promise<string> {
  const tmp = tempPathFor(target);
  await writeSynced(tmp, data);
  return tmp;
}

/** Creates `path` (which must not exist), writes `data` and fsyncs it; removes it again on failure. */
async function writeSynced(path: string, data: Uint8Array | string): Promise<void> {
  const fh = await fsp.open(path, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, 0o644);
  try {
    await fh.writeFile(data);
    await fh.sync();
  } catch (e) {
    await fh.close().catch(() => undefined);
    await fsp.unlink(path).catch(() => undefined);
    throw e;
  }
  await fh.close();
}

/**
 * Renames, retrying briefly where Windows refuses while another program (a virus scanner, the
 * search indexer, a sync client) has the target open; elsewhere a refusal is final.
 */
async function renameRetrying(from: string, to: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await fsp.rename(from, to);
      return;
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (process.platform !== 'win32' || attempt >= 20 || !(code === 'EPERM' || code === 'EACCES' || code === 'EBUSY')) throw e;
      await sleep(25 * (attempt + 1));
    }
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Writes a file atomically: a temp file in the same folder, fsync, rename over the target, fsync the
 * folder (where the platform allows). A crash leaves either the old or the new file, never a mix.
 * Needs nothing but create, write, fsync and rename, so it works on FAT, exFAT and network shares.
 */
export async function writeAtomic(path: string, data: Uint8Array | string): Promise<void> {
  const tmp = await writeTemp(path, data);
  try {
    await renameRetrying(tmp, path);
  } catch (e) {
    await fsp.unlink(tmp).catch(() => undefined);
    throw e;
  }
  await syncFolder(dirname(path));
}

/**
 * writeAtomic, but the temp file is written and fsynced first and `stillOk` asked just before the
 * rename: a caller that replaces a file only if nobody changed it meanwhile (the sync mirror writing
 * an arrival over a character the desk may be saving) keeps the window between its check and the
 * replace to one stat and one rename, not the whole write. False (and nothing written) when refused.
 */
export async function writeAtomicIf(path: string, data: Uint8Array | string, stillOk: () => Promise<boolean>): Promise<boolean> {
  const tmp = await writeTemp(path, data);
  try {
    if (!(await stillOk())) {
      await fsp.unlink(tmp).catch(() => undefined);
      return false;
    }
    await renameRetrying(tmp, path);
  } catch (e) {
    await fsp.unlink(tmp).catch(() => undefined);
    throw e;
  }
  await syncFolder(dirname(path));
  return true;
}

/** Creates a file with these bytes only if nothing is there yet (never overwrites; EEXIST if taken). */
export async function writeNew(path: string, data: Uint8Array | string): Promise<void> {
  const tmp = await writeTemp(path, data);
  try {
    await placeNew(tmp, path);
  } finally {
    await fsp.unlink(tmp).catch(() => undefined);
  }
  await syncFolder(dirname(path));
}

/**
 * Copies a file to a new name that must not exist yet, so that the copy appears whole or not at all:
 * copy to a temp file in the target's folder, fsync, put it in place without replacing anything
 * (`placeNew`), remove the temp file. A plain copyFile creates the target first and fills it after,
 * so a crash in between left an empty file under the target's name. Where the file system has no
 * copy call (FAT through FUSE says ENOSYS) the bytes are read and written instead.
 */
export async function copyNew(from: string, to: string): Promise<void> {
  const tmp = tempPathFor(to);
  try {
    await fsp.copyFile(from, tmp, constants.COPYFILE_EXCL);
    const fh = await fsp.open(tmp, 'r+');
    try {
      await fh.sync();
    } finally {
      await fh.close();
    }
  } catch (e) {
    await fsp.unlink(tmp).catch(() => undefined);
    if (!isUnsupported(e)) throw e;
    await copyByHand(from, tmp);
  }
  try {
    await placeNew(tmp, to);
  } finally {
    await fsp.unlink(tmp).catch(() => undefined);
  }
  await syncFolder(dirname(to));
}

async function copyByHand(from: string, tmp: string): Promise<void> {
  await writeSynced(tmp, await fsp.readFile(from));
}

/**
 * Moves a file to a name that must not exist yet (EEXIST if it does): a hard link and an unlink
 * where the file system has links, else `renameNoReplace`. The file is under one name or the
 * other at every moment, whole.
 */
export async function moveNew(from: string, to: string): Promise<void> {
  try {
    await fsp.link(from, to);
  } catch (e) {
    if (!isUnsupported(e)) throw e;
    await renameNoReplace(from, to);
    await syncFolder(dirname(to));
    return;
  }
  await fsp.unlink(from);
  await syncFolder(dirname(to));
}

/**
 * Puts a finished temp file under `target` only if nothing is there: fsp.link() fails with EEXIST
 * instead of replacing, atomically. Without links (FAT, exFAT, many network shares) it is
 * `renameNoReplace`. Either way the target appears whole or not at all.
 */
async function placeNew(tmp: string, target: string): Promise<void> {
  try {
    await fsp.link(tmp, target);
  } catch (e) {
    if (!isUnsupported(e)) throw e;
    await renameNoReplace(tmp, target);
  }
}

/** The lock file beside `target` that writers hold while they check and rename (hidden, ours). */
export function lockPathFor(target: string): string {
  return join(dirname(target), `.${basename(target)}${LOCK_SUFFIX}`);
}
const LOCK_SUFFIX = '.qm-lock';
/** A lock older than this (by the time written in it, or by its mtime when unreadable) is stale. */
export const LOCK_STALE_MS = 10_000;

/**
 * fsp.rename() without replacing: there is no portable rename-no-replace, so writers take an
 * exclusive-create lock file (`.<name>.qm-lock`, O_EXCL) for the target's name, check the name
 * is free (stat, which on FAT and exFAT also finds the name in another case), rename, and drop
 * the lock. Among Quartermaster writers (app, command line, other desks on a share) a name is
 * never overwritten; a crash leaves only the hidden lock, which the next writer removes once it
 * is stale (its process is gone, or it is over LOCK_STALE_MS old). Another program creating the
 * same name in the microseconds between the check and the rename is the one case not covered.
 */
export async function renameNoReplace(from: string, to: string): Promise<void> {
  const lock = lockPathFor(to);
  await acquireLock(lock, to);
  try {
    if (await exists(to)) throw existsError(to, 'rename');
    await fsp.rename(from, to);
  } finally {
    await fsp.unlink(lock).catch(() => undefined);
  }
}

/**
 * Runs `fn` holding the lock file of `target` (the one renameNoReplace takes): among Quartermaster's
 * processes, on this computer or on others sharing the folder, one at a time. The event log's
 * appends take it (node/event-log/). A crashed holder's lock is taken over once stale (above).
 */
export async function withLock<T>(target: string, fn: () => Promise<T>): Promise<T> {
  const lock = lockPathFor(target);
  await acquireLock(lock, target);
  try {
    return await fn();
  } finally {
    await fsp.unlink(lock).catch(() => undefined);
  }
}

async function acquireLock(lock: string, target: string): Promise<void> {
  const seen: HalfWritten = { since: null };
  for (let attempt = 0; ; attempt++) {
    try {
      const fh = await fsp.open(lock, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, 0o644);
      try {
        await fh.writeFile(`${hostname()} ${process.pid} ${Date.now()}\n`);
      } finally {
        await fh.close();
      }
      return;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      if (await lockIsStale(lock, seen)) {
        await fsp.unlink(lock).catch(() => undefined);
        continue;
      }
      if (attempt >= 100) {
        throw Object.assign(new Error(`${target}: another save is creating this file (lock ${lock}); try again`), { code: 'EBUSY', path: target });
      }
      await sleep(20);
    }
  }
}

/** When this waiter first found the lock without its holder written in it (by this process's clock). */
type HalfWritten = { since: number | null };

/** A lock left without its holder's line (a crash between creating and writing it) for this long, as seen by a waiter, is stale. */
const HALF_WRITTEN_STALE_MS = 1_000;

async function lockIsStale(lock: string, seen: HalfWritten = { since: null }): Promise<boolean> {
  let text: string;
  let mtimeMs: number;
  try {
    text = await fsp.readFile(lock, 'utf8');
    mtimeMs = (await fsp.stat(lock)).mtimeMs;
  } catch {
    return false; // gone (the next attempt takes it) or unreadable (wait for it)
  }
  const m = /^(\S+) (\d+) (\d+)\n$/.exec(text);
  // Half-written: its holder writes the line a moment after creating the file, so one still empty
  // after a second of waiting was left by a crash. Its age is not used (FAT keeps mtimes to 2
  // seconds, and a network share's clock is not this computer's).
  if (!m) {
    seen.since ??= Date.now();
    return Date.now() - seen.since > HALF_WRITTEN_STALE_MS || Date.now() - mtimeMs > LOCK_STALE_MS + 2000;
  }
  seen.since = null;
  if (Date.now() - Number(m[3]) > LOCK_STALE_MS) return true;
  return m[1] === hostname() && !processAlive(Number(m[2]));
}

function processAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function syncFolder(folder: string): Promise<void> {
  // Not possible on Windows (EISDIR/EPERM); the rename is still atomic there.
  try {
    const dh = await fsp.open(folder, 'r');
    try {
      await dh.sync();
    } finally {
      await dh.close();
    }
  } catch {
    /* best effort */
  }
}


export async function exists(path: string): Promise<boolean> {
  try {
    await fsp.stat(path);
    return true;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw e;
  }
}
