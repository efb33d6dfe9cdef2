// The character library: every `*.character.json` under a folder, with name, player, ruleset and
// status from the core, cached by path + size + modified + change time (in memory, and on disk
// across restarts: library-cache.ts), and a watcher for changes made by other programs
// (library-watch.ts). One stat per file; a file is read only when the cache cannot answer.
import type { Stats } from 'node:fs';
import { readdir, realpath, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { loadCharacterBytes } from '../core/format/load';
import type { LibraryEntry } from '../core/ipc/contract';
import type { Character } from '../core/model/character';
import { CHARACTER_FILE_SUFFIX } from '../core/model/ids';
import type { Derivation } from '../core/rulesets/types';
import { ioProblem, peekFutureVersion, TooLargeError } from '../node/files';
import { loadDiskCache, saveDiskCache, type Cached } from './library-cache';
import { readStatted, statFile } from './library-io';
import { isInside } from './paths';

export { isRelevantChange, watchLibrary } from './library-watch';

export type DeriveFn = (character: Character) => Derivation;

/** How deep the listing goes into sub-folders (a guard against pathological trees). */
export const MAX_FOLDER_DEPTH = 32;
/**
 * Files in flight at once. Node's thread pool has four threads; enough requests queued keeps them
 * busy while the main thread parses and checks the files already read.
 */
const IN_FLIGHT = 32;

export type LibraryOptions = {
  /** The rules check; by default the core's `derive` (loaded lazily, see `coreDerive`). */
  derive?: DeriveFn;
  /** Where the cache is kept across restarts (the app's user-data folder); none: memory only. */
  cacheFile?: string;
  /** What cached entries depend on besides the file, e.g. the app version (new rules: re-check). */
  cacheKey?: string;
};

export type ListOptions = {
  /** Called once with the first `firstCount` rows (in path order), as soon as they are known. */
  onFirstRows?: (entries: LibraryEntry[]) => void;
  firstCount?: number;
  /** Called as files are done: how many of how many. */
  onProgress?: (done: number, total: number) => void;
};

export class Library {
  private cache = new Map<string, Cached>();
  private derivePromise: Promise<DeriveFn | Error> | null = null;
  private diskLoaded: Promise<void> | null = null;
  private dirty = false;
  private saving: Promise<void> = Promise.resolve();

  constructor(private readonly options: LibraryOptions = {}) {}

  /** Every character file under `folder`, sorted by path. A missing folder lists as empty. */
  async list(folder: string, listOptions: ListOptions = {}): Promise<LibraryEntry[]> {
    const [files, derive] = await Promise.all([findCharacterFiles(folder), this.derive(), this.loadDisk()]);
    const out: LibraryEntry[] = new Array(files.length);
    const firstCount = Math.min(listOptions.firstCount ?? 100, files.length);
    let firstDone = 0;
    let done = 0;
    let next = 0;
    const worker = async () => {
      while (next < files.length) {
        const i = next++;
        out[i] = await this.entryOf(files[i]!, derive);
        done++;
        listOptions.onProgress?.(done, files.length);
        // The first rows are the first files in path order: report them when all of them are in.
        if (i < firstCount && ++firstDone === firstCount) listOptions.onFirstRows?.(out.slice(0, firstCount));
      }
    };
    await Promise.all(Array.from({ length: Math.min(IN_FLIGHT, files.length) }, worker));
    if (firstCount === 0) listOptions.onFirstRows?.([]);
    // Forget files that are gone from this folder (only when the cache holds more than these).
    let listed = 0;
    for (const f of files) if (this.cache.has(f)) listed++;
    if (this.cache.size > listed) {
      const seen = new Set(files);
      for (const key of this.cache.keys()) {
        if (!seen.has(key) && isInside(folder, key)) {
          this.cache.delete(key);
          this.dirty = true;
        }
      }
    }
    this.saveSoon();
    return out;
  }

  /** One file's entry (from the cache when size, modified and change time are unchanged). */
  async entryOf(path: string, derive?: DeriveFn | Error): Promise<LibraryEntry> {
    const fileName = basename(path);
    let s: Stats;
    try {
      s = await statFile(path);
    } catch (e) {
      if (this.cache.delete(path)) this.dirty = true;
      return unreadable(path, fileName, ioProblem(path, e).message, 0, 0);
    }
    const hit = this.cache.get(path);
    if (hit && hit.size === s.size && hit.mtimeMs === s.mtimeMs && hit.ctimeMs === s.ctimeMs) return hit.entry;
    const entry = await describe(path, fileName, s, derive ?? (await this.derive()));
    this.cache.set(path, { size: s.size, mtimeMs: s.mtimeMs, ctimeMs: s.ctimeMs, entry });
    this.dirty = true;
    return entry;
  }

  /** Drops cached entries (one file, or all). */
  invalidate(path?: string): void {
    if (path === undefined) this.cache.clear();
    else this.cache.delete(path);
    this.dirty = true;
  }

  /** Resolves when the cache file has been written (tests, and before quitting). */
  async flush(): Promise<void> {
    this.saveSoon();
    await this.saving;
  }

  private loadDisk(): Promise<void> {
    const { cacheFile } = this.options;
    if (!cacheFile) return Promise.resolve();
    this.diskLoaded ??= loadDiskCache(cacheFile, this.options.cacheKey ?? '').then((disk) => {
      // Entries already known in memory are newer than the disk's.
      for (const [k, v] of this.cache) disk.set(k, v);
      this.cache = disk;
    });
    return this.diskLoaded;
  }

  /** Writes the cache file after a listing that changed it, one write at a time. */
  private saveSoon(): void {
    const { cacheFile } = this.options;
    if (!cacheFile || !this.dirty) return;
    this.dirty = false;
    this.saving = this.saving.then(() => saveDiskCache(cacheFile, this.options.cacheKey ?? '', this.cache).catch(() => undefined));
  }

  private derive(): Promise<DeriveFn | Error> {
    if (this.options.derive) return Promise.resolve(this.options.derive);
    this.derivePromise ??= coreDerive();
    return this.derivePromise;
  }
}

/**
 * The core's rules check, imported lazily so that the library still lists files (marking each as
 * not checked) if a ruleset module fails to load.
 */
export async function coreDerive(): Promise<DeriveFn | Error> {
  try {
    const mod = await import('../core/rulesets/index');
    return mod.derive;
  } catch (e) {
    return e instanceof Error ? e : new Error(String(e));
  }
}

async function describe(path: string, fileName: string, s: Stats, derive: DeriveFn | Error): Promise<LibraryEntry> {
  const size = s.size;
  const modifiedMs = Math.floor(s.mtimeMs);
  let bytes: Uint8Array;
  try {
    bytes = await readStatted(path, s);
  } catch (e) {
    const message = e instanceof TooLargeError ? e.message : ioProblem(path, e).message;
    return unreadable(path, fileName, message, size, modifiedMs);
  }
  const loaded = loadCharacterBytes(bytes, path);
  if (!loaded.ok) {
    const entry = unreadable(path, fileName, loaded.problem.message, size, modifiedMs);
    if (loaded.problem.code === 'future-version') {
      // Still show who it is; it opens read-only.
      const peek = peekFutureVersion(bytes);
      if (peek) return { ...entry, name: peek.name, player: peek.player, ruleset: peek.ruleset };
    }
    return entry;
  }
  const c = loaded.character;
  const base = { path, fileName, name: c.name, player: c.player, ruleset: c.ruleset, id: c.id.toLowerCase(), modifiedMs, size };
  if (derive instanceof Error) {
    // A file whose rules could not be checked is not known to be clean.
    return { ...base, status: 'violations', errors: 1, warnings: 0, reason: `the rules check could not run: ${derive.message}` };
  }
  try {
    const { violations } = derive(c);
    const errors = violations.filter((v) => v.severity === 'error').length;
    const warnings = violations.length - errors;
    return { ...base, status: violations.length > 0 ? 'violations' : 'clean', errors, warnings };
  } catch (e) {
    return { ...base, status: 'violations', errors: 1, warnings: 0, reason: `the rules check failed: ${(e as Error).message}` };
  }
}

function unreadable(path: string, fileName: string, reason: string, size: number, modifiedMs: number): LibraryEntry {
  return { path, fileName, name: stemOfName(fileName), player: '', ruleset: null, status: 'unreadable', errors: 0, warnings: 0, reason, modifiedMs, size };
}

function stemOfName(fileName: string): string {
  return fileName.endsWith(CHARACTER_FILE_SUFFIX) ? fileName.slice(0, -CHARACTER_FILE_SUFFIX.length) : fileName;
}

/**
 * Every `*.character.json` file under `folder`, recursively, sorted. Hidden files and folders
 * (including the backups folder and temp files) are skipped; a symlinked file is listed only when it
 * really points inside the folder; symlinked folders are not followed.
 */
export async function findCharacterFiles(folder: string): Promise<string[]> {
  let realRoot: string;
  try {
    realRoot = await realpath(folder);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw e;
  }
  const out: string[] = [];
  const links: string[] = [];
  const walk = async (dir: string, depth: number): Promise<void> => {
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch {
      return; // an unreadable sub-folder is skipped, not fatal
    }
    const subdirs: string[] = [];
    for (const d of entries) {
      if (d.name.startsWith('.')) continue;
      const full = join(dir, d.name);
      if (d.isDirectory()) {
        if (depth < MAX_FOLDER_DEPTH) subdirs.push(full);
      } else if (d.name.endsWith(CHARACTER_FILE_SUFFIX)) {
        if (d.isFile()) out.push(full);
        else if (d.isSymbolicLink()) links.push(full);
      }
    }
    await Promise.all(subdirs.map((s) => walk(s, depth + 1)));
  };
  await walk(folder, 0);
  for (const link of links) {
    try {
      const real = await realpath(link);
      if (isInside(realRoot, real) && (await stat(real)).isFile()) out.push(link);
    } catch {
      /* dangling link: skipped */
    }
  }
  return out.sort();
}
