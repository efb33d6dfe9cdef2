// What the file mirror knows of a file it wrote or read (node/sync/mirror.ts): whether it is still
// as the mirror left it, and what to record for a file just written.
import { lstat, readlink, stat } from 'node:fs/promises';
import { MAX_EVENT_FILE_BYTES } from '../../core/format/limits';
import { backUp, ownBackupFolderOf, readBytes, writeAtomicIf } from '../fs/files';
import { sha256Hex } from '../fs/sha256';
import type { FileState } from './mirror-state';

/**
 * What the state records for a file just written with content `hash`: its size and time, read
 * before its bytes, so a save landing right after the write is never taken for the write. If the
 * bytes are already someone else's, the size and time are left unknown and the next pass imports them.
 */
export async function onDisk(path: string, hash: string): Promise<{ hash: string; size: number; mtimeMs: number }> {
  const info = await stat(path);
  const now = sha256Hex(await readBytes(path, MAX_EVENT_FILE_BYTES));
  return now === hash ? { hash, size: info.size, mtimeMs: info.mtimeMs } : { hash, size: -1, mtimeMs: -1 };
}

/** The file is as the mirror last wrote or read it (or gone: nothing there to overwrite); never a link. */
export async function unchangedOnDisk(path: string, known: FileState): Promise<boolean> {
  try {
    // A link put in the file's place is not the file the mirror wrote: it is neither followed nor replaced.
    const info = await lstat(path);
    if (info.isSymbolicLink()) return false;
    if (info.size === known.size && info.mtimeMs === known.mtimeMs) return true;
    return sha256Hex(await readBytes(path)) === known.hash;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'ENOENT';
  }
}

/** Nothing is at `path` (not a file, not a folder, not a link). */
export async function absent(path: string): Promise<boolean> {
  try {
    await stat(path);
    return false;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'ENOENT';
  }
}

/**
 * Replaces a file the mirror knows (as `known`) with `text`, its current bytes backed up first in
 * `folder`'s backups; false, and nothing replaced, when it was edited meanwhile (the editor saved):
 * the edit is imported at the next pass.
 */
export async function replaceKnown(folder: string, path: string, known: FileState, text: string, nowMs: number): Promise<boolean> {
  if (!(await unchangedOnDisk(path, known))) return false;
  await backUp(path, await ownBackupFolderOf(folder, path), nowMs);
  return writeAtomicIf(path, text, () => unchangedOnDisk(path, known));
}

/** What the desk says of a link in the folder that it does not follow: its name, where it points, and `instead`. */
export async function linkProblem(path: string, name: string, instead: string): Promise<string> {
  return `${name}: is a link (to ${await readlink(path).catch(() => '?')}); ${instead}`;
}
