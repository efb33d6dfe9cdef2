// Reading ahead the files the watcher names, while a copy into the library goes on, so that the
// listing the watcher asks for after the copy finds them in the cache and needs only a stat each.
// Without it, a copy of 2,000 files that takes under the watcher's longest wait left every file
// to be read after the last one was written, and the listing then ended well over the cold
// baseline's time (bench/library.bench.mjs, "arriving").
//
// A file is read once its events have been quiet for WARM_QUIET_MS (not at its first event, when
// it is usually still empty); what is read goes into the cache under its size, modified and change
// time, like a listing's own read, so a file written again after it was read ahead is read again
// by the next listing. Nothing here is shown to the user: a path that is gone, unreadable or not a
// plain file is left for the listing to report.
import { CHARACTER_FILE_SUFFIX } from '../../core/model/ids';
import type { Pace } from './io';

/** How long a file's events must be quiet before it is read ahead (a copy writes a file in well under this). */
export const WARM_QUIET_MS = 50;
/** Files waiting at most: a larger burst is left to the listing (which reads what it must anyway). */
export const MAX_WARM_QUEUE = 20_000;

export class Warmer {
  /** Path → when its last event came (insertion order is event order: the head waited longest). */
  private readonly queue = new Map<string, number>();
  private running = false;

  constructor(
    /** Reads one file into the cache (synchronously; false when the disk is slow and it did nothing). */
    private readonly readAhead: (path: string) => Promise<boolean>,
    private readonly pace: Pace,
    private readonly quietMs = WARM_QUIET_MS,
  ) {}

  /** Notes a file the watcher saw change (other names are ignored). */
  note(path: string): void {
    if (!path.endsWith(CHARACTER_FILE_SUFFIX)) return;
    const had = this.queue.delete(path);
    if (!had && this.queue.size >= MAX_WARM_QUEUE) return;
    this.queue.set(path, performance.now());
    if (!this.running) void this.run();
  }

  /** Forgets what is waiting (the library folder changed). */
  clear(): void {
    this.queue.clear();
  }

  /** How many files wait (tests). */
  get waiting(): number {
    return this.queue.size;
  }

  private async run(): Promise<void> {
    this.running = true;
    this.pace.begin();
    try {
      for (;;) {
        const head = this.queue.entries().next();
        if (head.done) return;
        const [path, at] = head.value;
        const wait = at + this.quietMs - performance.now();
        if (wait > 0) {
          await new Promise((resolve) => setTimeout(resolve, wait));
          this.pace.begin();
          continue;
        }
        this.queue.delete(path);
        // A slow disk: the listing's asynchronous reads do it; reading ahead would only add to them.
        if (!(await this.readAhead(path))) this.queue.clear();
        await this.pace.maybeYield();
      }
    } finally {
      this.running = false;
    }
  }
}
