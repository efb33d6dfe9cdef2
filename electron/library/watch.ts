// Watching the library folder for changes made by other programs (a USB stick copied in, a file
// edited elsewhere), with the events of a burst coalesced into a few calls.
//
// On Linux, Node's `fs.watch(folder, { recursive: true })` is emulated in JavaScript: it walks the
// whole tree synchronously and stats files on every change, which made writing 2,000 files 12x
// slower and stalled the main process for seconds. Linux therefore gets one plain (inotify) watcher
// per folder, found by an asynchronous walk and extended when a folder appears. macOS and Windows
// have native recursive watching and keep it.
import { watch, type FSWatcher } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';

/**
 * Quiet time after a change before the library is listed again, and the longest a steady stream of
 * changes (a copy of 2,000 files) waits for a listing: the listing of files already known is cheap
 * (the cache), so a long copy shows its files as they come.
 */
export const DEBOUNCE_MS = 150;
export const MAX_WAIT_MS = 1_000;

/** How deep the watcher goes into sub-folders (as the listing: a guard against pathological trees). */
export const MAX_WATCH_DEPTH = 32;

/** Whether a changed name (relative to the library) matters: hidden files and folders (our temp files, backups) do not. */
export function isRelevantChange(name: string | null): boolean {
  return name === null || !name.split(/[\\/]/).some((part) => part.startsWith('.'));
}

export type WatchOptions = {
  /** Quiet time after the last change before `onChange` runs. */
  debounceMs?: number;
  /** The longest a steady stream of changes waits for a call, so a long copy shows progress. */
  maxWaitMs?: number;
  /** Per-folder watchers even where recursive watching is native (tests; Linux always). */
  perFolder?: boolean;
  /**
   * Called at once (not coalesced) with the full path of each file named by an event, or found in
   * a folder that arrived: the library reads them ahead (Library.warm). A name may be a folder or
   * a file that is gone again.
   */
  onFile?: (path: string) => void;
};

/**
 * Calls `onChange` when anything under `folder` changes, ignoring hidden files (temp files,
 * backups): once per burst after `debounceMs` of quiet, and at least every `maxWaitMs` while a burst
 * goes on. Returns a function that stops watching.
 */
export function watchLibrary(folder: string, onChange: () => void, debounceOrOptions: number | WatchOptions = {}): () => void {
  const options = typeof debounceOrOptions === 'number' ? { debounceMs: debounceOrOptions } : debounceOrOptions;
  const debounceMs = options.debounceMs ?? DEBOUNCE_MS;
  const maxWaitMs = options.maxWaitMs ?? Math.max(MAX_WAIT_MS, debounceMs * 5);
  let timer: ReturnType<typeof setTimeout> | null = null;
  let timerDue = 0;
  let firstPending = 0;
  let stopped = false;

  const flush = () => {
    timer = null;
    firstPending = 0;
    if (!stopped) onChange();
  };
  const changed = () => {
    const now = Date.now();
    if (firstPending === 0) firstPending = now;
    // Quiet for debounceMs, but never later than maxWaitMs after the first change of the burst.
    const due = Math.min(now + debounceMs, firstPending + maxWaitMs);
    // Once the burst's deadline is the due time, later events leave the timer be (rather than
    // setting it again at each of a copy's several events a millisecond).
    if (timer && due === timerDue) return;
    if (timer) clearTimeout(timer);
    timerDue = due;
    timer = setTimeout(flush, Math.max(0, due - now));
  };

  const perFolder = options.perFolder ?? process.platform === 'linux';
  const onFile = options.onFile ?? (() => undefined);
  const stopWatchers = perFolder ? watchEachFolder(folder, changed, onFile, () => stopped) : watchRecursive(folder, changed, onFile);
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    stopWatchers();
  };
}

function watchRecursive(folder: string, changed: () => void, onFile: (path: string) => void): () => void {
  let watcher: FSWatcher | null = null;
  const onEvent = (_event: string, name: string | Buffer | null) => {
    if (!isRelevantChange(name === null ? null : String(name))) return;
    changed();
    if (name !== null) onFile(join(folder, String(name)));
  };
  try {
    watcher = watch(folder, { recursive: true, persistent: false }, onEvent);
  } catch {
    try {
      watcher = watch(folder, { persistent: false }, onEvent);
    } catch {
      watcher = null; // folder missing: nothing to watch
    }
  }
  watcher?.on('error', () => undefined);
  return () => watcher?.close();
}

/** One inotify watcher per visible folder under `root`; new folders are picked up as they appear. */
function watchEachFolder(root: string, changed: () => void, onFile: (path: string) => void, isStopped: () => boolean): () => void {
  const watchers = new Map<string, FSWatcher>();

  const add = (dir: string, depth: number) => {
    if (isStopped() || watchers.has(dir) || depth > MAX_WATCH_DEPTH) return;
    let w: FSWatcher;
    try {
      w = watch(dir, { persistent: false }, (_event, name) => {
        const rel = name === null ? null : join(relative(root, dir), String(name));
        if (!isRelevantChange(rel)) return;
        changed();
        if (name === null) return;
        const path = join(dir, String(name));
        // A new folder (or one moved in) needs its own watcher; a name with our suffix is a file.
        if (String(name).endsWith('.json')) onFile(path);
        else void scan(path, depth + 1, true);
      });
    } catch {
      return; // gone already, or not a folder
    }
    w.on('error', () => {
      w.close();
      watchers.delete(dir);
    });
    watchers.set(dir, w);
  };

  /**
   * Watches `dir` and every visible folder under it (asynchronously: never blocks the process).
   * `arrived`: the folder came after the watch began, so the files in it are new.
   */
  const scan = async (dir: string, depth: number, arrived: boolean): Promise<void> => {
    if (isStopped() || depth > MAX_WATCH_DEPTH) return;
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch {
      return; // a file, or gone
    }
    const isNew = !watchers.has(dir);
    add(dir, depth);
    // Files that arrived in a new folder before its watcher existed still count as a change.
    if (isNew && depth > 0 && entries.length > 0) changed();
    if (arrived) for (const e of entries) if (!e.name.startsWith('.') && e.name.endsWith('.json')) onFile(join(dir, e.name));
    await Promise.all(entries.filter((e) => e.isDirectory() && !e.name.startsWith('.')).map((e) => scan(join(dir, e.name), depth + 1, arrived)));
  };

  add(root, 0);
  void scan(root, 0, false);
  return () => {
    for (const w of watchers.values()) w.close();
    watchers.clear();
  };
}
