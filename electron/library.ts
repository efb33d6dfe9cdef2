// The character library: every `*.character.json` under a folder, with name, player, ruleset and
// status from the core, cached by path + size + modified time, and a watcher for changes made by
// other programs.
import { watch, type FSWatcher } from 'node:fs';
import { readdir, realpath, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { loadCharacterBytes } from '../core/format/load';
import type { LibraryEntry } from '../core/ipc/contract';
import type { Character } from '../core/model/character';
import { CHARACTER_FILE_SUFFIX } from '../core/model/ids';
import type { Derivation } from '../core/rulesets/types';
import { ioProblem, peekFutureVersion, readBytes, TooLargeError } from '../node/files';
import { isInside } from './paths';

export type DeriveFn = (character: Character) => Derivation;

/** How deep the listing goes into sub-folders (a guard against pathological trees). */
export const MAX_FOLDER_DEPTH = 32;
/** Files stat-ed or read at once. */
const BATCH = 64;

type Cached = { size: number; mtimeMs: number; entry: LibraryEntry };

export type LibraryOptions = {
  /** The rules check; by default the core's `derive` (loaded lazily, see `coreDerive`). */
  derive?: DeriveFn;
};

export class Library {
  private readonly cache = new Map<string, Cached>();
  private derivePromise: Promise<DeriveFn | Error> | null = null;

  constructor(private readonly options: LibraryOptions = {}) {}

  /** Every character file under `folder`, sorted by path. A missing folder lists as empty. */
  async list(folder: string): Promise<LibraryEntry[]> {
    const files = await findCharacterFiles(folder);
    const seen = new Set<string>();
    const out: LibraryEntry[] = new Array(files.length);
    const derive = await this.derive();
    for (let i = 0; i < files.length; i += BATCH) {
      await Promise.all(
        files.slice(i, i + BATCH).map(async (file, j) => {
          seen.add(file);
          out[i + j] = await this.entryOf(file, derive);
        }),
      );
    }
    // Forget files that are gone from this folder.
    for (const key of this.cache.keys()) if (isInside(folder, key) && !seen.has(key)) this.cache.delete(key);
    return out.filter((e): e is LibraryEntry => e !== undefined);
  }

  /** One file's entry (from the cache when size and modified time are unchanged). */
  async entryOf(path: string, derive?: DeriveFn | Error): Promise<LibraryEntry> {
    const fileName = basename(path);
    let s;
    try {
      s = await stat(path);
    } catch (e) {
      this.cache.delete(path);
      return unreadable(path, fileName, ioProblem(path, e).message, 0, 0);
    }
    const hit = this.cache.get(path);
    if (hit && hit.size === s.size && hit.mtimeMs === s.mtimeMs) return hit.entry;
    const entry = await describe(path, fileName, s.size, Math.floor(s.mtimeMs), derive ?? (await this.derive()));
    this.cache.set(path, { size: s.size, mtimeMs: s.mtimeMs, entry });
    return entry;
  }

  /** Drops cached entries (one file, or all). */
  invalidate(path?: string): void {
    if (path === undefined) this.cache.clear();
    else this.cache.delete(path);
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

async function describe(path: string, fileName: string, size: number, modifiedMs: number, derive: DeriveFn | Error): Promise<LibraryEntry> {
  let bytes: Uint8Array;
  try {
    bytes = await readBytes(path);
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

/** Whether a changed name (relative to the library) matters: hidden files and folders (our temp files, backups) do not. */
export function isRelevantChange(name: string | null): boolean {
  return name === null || !name.split(/[\\/]/).some((part) => part.startsWith('.'));
}

/**
 * Calls `onChange` (debounced) when anything under `folder` changes, ignoring hidden files (temp
 * files, backups). Returns a function that stops watching.
 */
export function watchLibrary(folder: string, onChange: () => void, debounceMs = 300): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let watcher: FSWatcher | null = null;
  const fire = (name: string | null) => {
    if (!isRelevantChange(name)) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      onChange();
    }, debounceMs);
  };
  try {
    watcher = watch(folder, { recursive: true, persistent: false }, (_event, name) => fire(name === null ? null : String(name)));
  } catch {
    try {
      watcher = watch(folder, { persistent: false }, (_event, name) => fire(name === null ? null : String(name)));
    } catch {
      watcher = null; // folder missing: nothing to watch
    }
  }
  watcher?.on('error', () => undefined);
  return () => {
    if (timer) clearTimeout(timer);
    watcher?.close();
  };
}
