// Expanding the command line's file and folder arguments into character files.
import { join } from 'node:path';
import { CHARACTER_FILE_SUFFIX } from '../core/model/ids';
import type { Io } from './io';

export type Target = { file: string } | { file: string; missing: string };

/**
 * Files named on the command line are taken as they are; folders are searched recursively for
 * `*.character.json` (hidden folders such as the backups folder and linked folders are skipped).
 */
export async function expandTargets(args: readonly string[], io: Io): Promise<Target[]> {
  const out: Target[] = [];
  for (const arg of args) {
    let info;
    try {
      info = await io.stat(arg);
    } catch (e) {
      out.push({ file: arg, missing: describeFsError(e) });
      continue;
    }
    if (info.isDirectory) await walk(arg, io, out);
    else out.push({ file: arg });
  }
  return out;
}

async function walk(dir: string, io: Io, out: Target[]): Promise<void> {
  let names: string[];
  try {
    names = (await io.readdir(dir)).sort();
  } catch (e) {
    out.push({ file: dir, missing: describeFsError(e) });
    return;
  }
  for (const name of names) {
    if (name.startsWith('.')) continue;
    const path = join(dir, name);
    let info;
    try {
      info = await io.stat(path);
    } catch {
      continue; // a dangling link or a file removed while we looked
    }
    if (info.isDirectory) {
      if (!info.isSymlink) await walk(path, io, out);
    } else if (name.endsWith(CHARACTER_FILE_SUFFIX)) out.push({ file: path });
  }
}

export function describeFsError(e: unknown): string {
  const code = (e as { code?: string }).code;
  switch (code) {
    case 'ENOENT':
      return 'no such file or folder';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'EISDIR':
      return 'is a folder';
    default:
      return (e as Error).message ?? String(e);
  }
}
