// Expanding the command line's file and folder arguments into character files.
import { join } from 'node:path';
import { CHARACTER_FILE_SUFFIX } from '../core/model/ids';
import { MAX_FILE_BYTES } from '../core/format/limits';
import type { EntryKind, Io } from './io';

/** `regular`: the folder's listing (or a stat) said it is a regular file. */
export type Target = { file: string; regular?: true } | { file: string; missing: string };

/**
 * Files named on the command line are taken as they are; folders are searched recursively for
 * `*.character.json` (hidden folders such as the backups folder and linked folders are skipped).
 */
export async function expandTargets(args: readonly string[], io: Io, skipped?: string[]): Promise<Target[]> {
  const out: Target[] = [];
  for (const arg of args) {
    let info;
    try {
      info = await io.stat(arg);
    } catch (e) {
      out.push({ file: arg, missing: describeFsError(e) });
      continue;
    }
    if (info.isDirectory) await walk(arg, io, out, skipped);
    else out.push(info.isFile ? { file: arg, regular: true } : { file: arg });
  }
  return out;
}

/** `skipped`, when given, collects the files of the folders that are not character files. */
async function walk(dir: string, io: Io, out: Target[], skipped?: string[]): Promise<void> {
  let entries: { name: string; kind: EntryKind | 'unknown' }[];
  try {
    entries = io.readdirTypes ? await io.readdirTypes(dir) : (await io.readdir(dir)).map((name) => ({ name, kind: 'unknown' as const }));
  } catch (e) {
    out.push({ file: dir, missing: describeFsError(e) });
    return;
  }
  const visible = entries.filter((e) => !e.name.startsWith('.')).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  // Only links and entries of unknown kind need a stat (to follow the link, or learn the kind);
  // the others (nearly all) are taken as the listing says, without a promise each.
  const infos = visible.map((e): EntryInfo | null | undefined => (e.kind === 'dir' ? DIR : e.kind === 'file' ? FILE : e.kind === 'other' ? NOT_DIR : undefined));
  const toStat: number[] = [];
  for (let i = 0; i < infos.length; i++) if (infos[i] === undefined) toStat.push(i);
  await mapLimit(toStat, IO_CONCURRENCY, async (i) => {
    infos[i] = await io.stat(join(dir, visible[i]!.name)).catch(() => null);
  });
  // join(dir, name) for every name a listing gives (no separator, not "." or ".."): the folder's
  // part is the same for all, so it is worked out once.
  const prefix = join(dir, '\0').slice(0, -1);
  for (let i = 0; i < visible.length; i++) {
    const info = infos[i];
    if (!info) continue; // a dangling link or a file removed while we looked
    const { name } = visible[i]!;
    const path = prefix + name;
    if (info.isDirectory) {
      if (!info.isSymlink) await walk(path, io, out, skipped);
    } else if (name.endsWith(CHARACTER_FILE_SUFFIX)) out.push(info.isFile ? { file: path, regular: true } : { file: path });
    else skipped?.push(path);
  }
}

type EntryInfo = { isDirectory: boolean; isSymlink: boolean; isFile?: boolean };
const DIR: EntryInfo = { isDirectory: true, isSymlink: false };
const FILE: EntryInfo = { isDirectory: false, isSymlink: false, isFile: true };
const NOT_DIR: EntryInfo = { isDirectory: false, isSymlink: false };

/** How many files the command line reads at once. */
export const IO_CONCURRENCY = 16;

/** Runs fn over items with at most `limit` at a time, keeping the order of results. */
export async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/**
 * fn over each file an io reads: with an io that reads synchronously (the real file system), in
 * order and waiting only on the results that are promises, so that thousands of files are read
 * without a promise each; with any other io, IO_CONCURRENCY at a time.
 */
export async function mapReads<T, R>(items: readonly T[], io: Io, fn: (item: T, index: number) => R | Promise<R>): Promise<R[]> {
  if (!io.readFileCappedSync) return mapLimit(items, IO_CONCURRENCY, async (item, i) => fn(item, i));
  const results = new Array<R>(items.length);
  for (let i = 0; i < items.length; i++) {
    const r = fn(items[i]!, i);
    results[i] = r instanceof Promise ? await r : r;
  }
  return results;
}

export type ReadResult = { ok: true; bytes: Uint8Array } | { ok: false; code: 'file.too-large' | 'file.unreadable'; message: string };

/** Reads one character file for a command, refusing oversized files by their size alone. */
export async function readCharacterFile(file: string, io: Io, regular = false): Promise<ReadResult> {
  try {
    return { ok: true, bytes: await io.readFileCapped(file, MAX_FILE_BYTES, regular ? { regular } : undefined) };
  } catch (e) {
    return readFailure(file, e);
  }
}

/** readCharacterFile without a promise, or null when the io cannot read synchronously. */
export function readCharacterFileNow(file: string, io: Io, regular = false): ReadResult | null {
  if (!io.readFileCappedSync) return null;
  try {
    return { ok: true, bytes: io.readFileCappedSync(file, MAX_FILE_BYTES, regular ? { regular } : undefined) };
  } catch (e) {
    return readFailure(file, e);
  }
}

function readFailure(file: string, e: unknown): ReadResult {
  const size = (e as { size?: number }).size;
  if ((e as { code?: string }).code === 'ETOOBIG' && size !== undefined) {
    return { ok: false, code: 'file.too-large', message: `${file}: the file is ${(size / 1048576).toFixed(1)} MB; the limit is ${(MAX_FILE_BYTES / 1048576).toFixed(1)} MB` };
  }
  return { ok: false, code: 'file.unreadable', message: `${file}: ${describeFsError(e)}` };
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
