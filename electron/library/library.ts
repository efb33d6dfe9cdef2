// The character library: every `*.character.json` under a folder, with name, player, ruleset and
// status from the core, cached by path + size + modified + change time (in memory, and on disk
// across restarts: library-cache.ts), and a watcher for changes made by other programs
// (library-watch.ts). One stat per file; a file is read only when the cache cannot answer. The
// work goes in short slices with the event loop turning between them (library-io.ts Pace), so a
// listing of 20,000 files, or 2,000 arriving at once, never holds up the main process for long.
import { lstatSync, type Stats } from 'node:fs';
import { basename, sep } from 'node:path';
import type { LibraryEntry } from '../../core/ipc/contract';
import { ioProblem } from '../../node/fs/files';
import { describe, unreadable, type DeriveFn } from './entry';
import { DiskRows, loadDiskCache, saveDiskCache, type Cached } from './cache';
import { Pace, readStatted, readStattedSync, statFile, statFileSync } from './io';
import { findCharacterFiles } from './walk';
import { Warmer } from './warm';
import { isInside } from '../app/paths';

export { isRelevantChange, watchLibrary } from './watch';
export { findCharacterFiles, MAX_FOLDER_DEPTH } from './walk';

export type { DeriveFn } from './entry';

/**
 * Files in flight at once when the disk is slow (asynchronous calls). Node's thread pool has four
 * threads; enough requests queued keeps them busy while the main thread parses the files read.
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
  /** Called as files are done (after each slice of work): how many of how many. */
  onProgress?: (done: number, total: number) => void;
};

export class Library {
  private cache = new Map<string, Cached>();
  /** Rows of the cache file: checked when their file is first listed, then held there (library-disk-rows.ts). */
  private unread = new DiskRows();
  private derivePromise: Promise<DeriveFn | Error> | null = null;
  private diskLoaded: Promise<void> | null = null;
  private dirty = false;
  /** Files found gone by a stat (entryOf, entryOfSync), for forgetGone. */
  private goneCount = 0;
  private saving: Promise<void> = Promise.resolve();
  private readonly pace = new Pace();
  private readonly warmer = new Warmer((path) => this.readAhead(path), this.pace);

  constructor(private readonly options: LibraryOptions = {}) {}

  /**
   * Notes a file the watcher saw change, to be read into the cache once it has been quiet a moment
   * (library-warm.ts), so that the listing after a copy does not read every file then.
   */
  warm(path: string): void {
    this.warmer.note(path);
  }

  /** Forgets the files waiting to be read ahead (the library folder changed). */
  stopWarming(): void {
    this.warmer.clear();
  }

  /**
   * Reads one file into the cache, synchronously, unless it is already known as it is now. Only a
   * plain file (lstat: a link is left to the listing, which checks where it points); errors are
   * left to the listing too. False when the disk is slow (nothing done).
   */
  private async readAhead(path: string): Promise<boolean> {
    const derive = await this.derive();
    await this.loadDisk();
    if (!this.pace.sync) return false;
    let s: Stats;
    try {
      s = this.pace.timed(() => lstatSync(path));
    } catch {
      return true;
    }
    if (!s.isFile() || this.fresh(path, s)) return true;
    let bytes: Uint8Array | null;
    try {
      bytes = readStattedSync(path, s, this.pace);
    } catch {
      return true;
    }
    if (bytes !== null) this.remember(path, s, describe(path, basename(path), s, bytes, derive));
    return true;
  }

  /** Every character file under `folder`, sorted by path. A missing folder lists as empty. */
  async list(folder: string, listOptions: ListOptions = {}): Promise<LibraryEntry[]> {
    const { pace } = this;
    const [files, derive] = await Promise.all([findCharacterFiles(folder, pace), this.derive(), this.loadDisk()]);
    const goneBefore = this.goneCount;
    const out: LibraryEntry[] = new Array(files.length);
    const firstCount = Math.min(listOptions.firstCount ?? 100, files.length);
    let firstSent = false;
    const reported = (done: number) => {
      listOptions.onProgress?.(done, files.length);
      // The first rows are the first files in path order: report them when all of them are in.
      if (!firstSent && done >= firstCount) {
        firstSent = true;
        listOptions.onFirstRows?.(out.slice(0, firstCount));
      }
    };
    let i = 0;
    // The slice the walk began goes on (findCharacterFiles began it).
    // Synchronous calls in slices while the disk answers fast; the rest asynchronously once it does not.
    while (i < files.length && pace.sync) {
      out[i] = this.entryOfSync(files[i]!, derive) ?? (await this.entryOf(files[i]!, derive));
      i++;
      if (pace.due || i === files.length) {
        reported(i);
        if (i < files.length) await pace.yield();
      }
    }
    if (i < files.length) {
      let next = i;
      let done = i;
      const worker = async () => {
        while (next < files.length) {
          const k = next++;
          out[k] = await this.entryOf(files[k]!, derive);
          reported(++done);
        }
      };
      await Promise.all(Array.from({ length: Math.min(IN_FLIGHT, files.length - i) }, worker));
    }
    if (!firstSent) reported(files.length);
    await pace.maybeYield();
    this.forgetGone(folder, files, this.goneCount - goneBefore);
    this.saveSoon();
    return out;
  }

  /**
   * Forgets files that are gone from this folder (only when the cache holds more than these).
   * Every file listed is in memory or held among the cache file's rows now, except the `gone` ones
   * (counted as the listing went, rather than a lookup per file here: 5 ms at 20,000). Another
   * caller's file found gone meanwhile only makes the count larger, and the sweep below run when it
   * was not needed.
   */
  private forgetGone(folder: string, files: readonly string[], gone: number): void {
    if (this.cache.size + this.unread.size <= files.length - gone && this.unread.allChecked) return;
    const seen = new Set(files);
    for (const key of this.cache.keys()) {
      if (!seen.has(key) && isInside(folder, key)) {
        this.cache.delete(key);
        this.dirty = true;
      }
    }
    if (this.unread.forget(folder, isInside, seen)) this.dirty = true;
  }

  /**
   * The cached entry for a path: a row of the cache file (checked the first time it is needed, and
   * held there: library-disk-rows.ts), or what memory holds. A path is never in both (remember
   * drops the row, and loadDisk the rows memory already holds), so after a restart the rows are
   * asked first and the memory lookup, a hash of the whole path, is made only for what they lack.
   */
  private cached(path: string, fileName = basename(path)): Cached | undefined {
    if (this.unread.empty) return this.cache.get(path);
    const row = this.unread.entry(path, fileName);
    if (row === undefined) return this.cache.get(path);
    if (row === null) {
      this.dirty = true;
      return undefined;
    }
    return row;
  }

  private fresh(path: string, s: Stats, fileName?: string): LibraryEntry | undefined {
    const hit = this.cached(path, fileName);
    return hit && hit.size === s.size && hit.mtimeMs === s.mtimeMs && hit.ctimeMs === s.ctimeMs ? hit.entry : undefined;
  }

  private remember(path: string, s: Stats, entry: LibraryEntry): LibraryEntry {
    // The cache file's row for it, if one is held, is out of date now.
    if (!this.unread.empty) this.unread.delete(path);
    this.cache.set(path, { size: s.size, mtimeMs: s.mtimeMs, ctimeMs: s.ctimeMs, entry });
    this.dirty = true;
    return entry;
  }

  /** One file's entry (from the cache when size, modified and change time are unchanged). */
  async entryOf(path: string, derive?: DeriveFn | Error): Promise<LibraryEntry> {
    const fileName = basename(path);
    let s: Stats;
    try {
      s = await statFile(path);
    } catch (e) {
      return this.gone(path, fileName, e);
    }
    const hit = this.fresh(path, s, fileName);
    if (hit) return hit;
    let bytes: Uint8Array | Error;
    try {
      bytes = await readStatted(path, s);
    } catch (e) {
      bytes = e as Error;
    }
    return this.remember(path, s, describe(path, fileName, s, bytes, derive ?? (await this.derive())));
  }

  /** The same with synchronous calls; undefined when the file changed while being read (take entryOf). */
  private entryOfSync(path: string, derive: DeriveFn | Error): LibraryEntry | undefined {
    // The walk's paths end in the file's name after the last separator (no trailing one): basename's checks are not needed.
    const fileName = path.slice(path.lastIndexOf(sep) + 1);
    let s: Stats;
    try {
      s = statFileSync(path, this.pace);
    } catch (e) {
      return this.gone(path, fileName, e);
    }
    const hit = this.fresh(path, s, fileName);
    if (hit) return hit;
    let bytes: Uint8Array | Error | null;
    try {
      bytes = readStattedSync(path, s, this.pace);
    } catch (e) {
      bytes = e as Error;
    }
    if (bytes === null) return undefined;
    return this.remember(path, s, describe(path, fileName, s, bytes, derive));
  }

  private gone(path: string, fileName: string, e: unknown): LibraryEntry {
    this.goneCount++;
    if (this.cache.delete(path) || this.unread.delete(path)) this.dirty = true;
    return unreadable(path, fileName, ioProblem(path, e).message, 0, 0);
  }

  /** Drops cached entries (one file, or all). */
  invalidate(path?: string): void {
    if (path === undefined) {
      this.cache.clear();
      this.unread.clear();
    } else {
      this.cache.delete(path);
      this.unread.delete(path);
    }
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
    this.diskLoaded ??= loadDiskCache(cacheFile, this.options.cacheKey ?? '', this.pace).then((disk) => {
      // Entries already known in memory are newer than the disk's.
      for (const k of this.cache.keys()) disk.delete(k);
      this.unread = disk;
    });
    return this.diskLoaded;
  }

  /** Writes the cache file after a listing that changed it, one write at a time. */
  private saveSoon(): void {
    const { cacheFile } = this.options;
    if (!cacheFile || !this.dirty) return;
    this.dirty = false;
    this.saving = this.saving.then(() => saveDiskCache(cacheFile, this.options.cacheKey ?? '', this.cache, this.unread, this.pace).catch(() => undefined));
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
    const mod = await import('../../core/rulesets/index');
    return mod.derive;
  } catch (e) {
    return e instanceof Error ? e : new Error(String(e));
  }
}
