// The library's file reads, with as few round trips as Node allows.
//
// Measured on this machine (bench/library.bench.mjs), a synchronous stat costs the main thread
// about 5 µs, while an asynchronous one costs it 15–30 µs to hand the request to the thread pool and
// take the answer back; the listing is bound by the main thread (it parses and checks every file),
// so the fast way is synchronous calls in short slices, yielding to the event loop between slices
// (`Pace`), so that nothing else waits more than a slice. A disk that answers slowly (a network
// share, a failing stick) would make a synchronous call block, so one slow call switches the pace to
// the asynchronous calls for a while.
//
// Asynchronous reads use the callback API: one stat per file (which the cache check needs anyway),
// then open + one read of the stat's size (+1 byte, to notice a file that grew meanwhile) + close.
// fs.promises.readFile costs open, fstat, read, a second read to find the end and close, each
// wrapped in a FileHandle.
import { close, closeSync, open, openSync, read, readSync, stat, statSync, type Stats } from 'node:fs';
import { MAX_FILE_BYTES } from '../../core/format/limits';
import { readBytes, TooLargeError } from '../../node/fs/files';

/** The longest stretch of work between two turns of the event loop. */
export const SLICE_MS = 8;
/**
 * SLOW_CALLS synchronous calls slower than SLOW_CALL_MS within SLOW_WINDOW_MS mean the disk is slow:
 * asynchronous calls for SLOW_HOLD_MS. (Not one: on a loaded machine a fast call now and then takes
 * tens of milliseconds while the process waits for a core.)
 */
export const SLOW_CALL_MS = 30;
export const SLOW_CALLS = 3;
const SLOW_WINDOW_MS = 5_000;
const SLOW_HOLD_MS = 30_000;

/** When to yield to the event loop, and whether synchronous file calls are still fast here. */
export class Pace {
  private sliceEnd = 0;
  private slowUntil = 0;
  private slowCalls: number[] = [];

  constructor(private readonly sliceMs = SLICE_MS) {}

  /** Whether to use the synchronous calls now. */
  get sync(): boolean {
    return this.slowUntil === 0 || performance.now() >= this.slowUntil;
  }

  /** Starts a slice (the first call of a listing). */
  begin(): void {
    this.sliceEnd = performance.now() + this.sliceMs;
  }

  /** Whether the current slice's time is used up. */
  get due(): boolean {
    return performance.now() >= this.sliceEnd;
  }

  /** Lets timers, I/O and IPC run, then starts the next slice. */
  async yield(): Promise<void> {
    await new Promise<void>((resolve) => setImmediate(resolve));
    this.begin();
  }

  /** Yields when the slice is used up. */
  async maybeYield(): Promise<void> {
    if (this.due) await this.yield();
  }

  /** Runs one synchronous file call, noting a slow disk. */
  timed<T>(call: () => T): T {
    const t0 = performance.now();
    try {
      return call();
    } finally {
      this.took(t0);
    }
  }

  /**
   * Notes a synchronous file call begun at `t0` (performance.now) that has just returned or
   * thrown. The listing's stat calls this directly rather than through `timed`: no closure per
   * file, the one call made 20,000 times after a restart.
   */
  took(t0: number): void {
    const now = performance.now();
    if (now - t0 <= SLOW_CALL_MS) return;
    this.slowCalls = this.slowCalls.filter((t) => t > now - SLOW_WINDOW_MS);
    this.slowCalls.push(now);
    if (this.slowCalls.length >= SLOW_CALLS) {
      this.slowUntil = now + SLOW_HOLD_MS;
      this.slowCalls = [];
    }
    // A slow call ends the slice: the event loop turns before the next one.
    this.sliceEnd = 0;
  }
}

export function statFile(path: string): Promise<Stats> {
  return new Promise((resolve, reject) => stat(path, (e, s) => (e ? reject(e) : resolve(s))));
}

export function statFileSync(path: string, pace: Pace): Stats {
  const t0 = performance.now();
  try {
    return statSync(path);
  } finally {
    pace.took(t0);
  }
}

function checkStatted(path: string, s: Stats): void {
  if (!s.isFile()) throw new Error(`${path}: is not a file`);
  if (s.size > MAX_FILE_BYTES) throw new TooLargeError(path, s.size);
}

/**
 * A regular file's bytes, given the stat just taken of it. Refuses by size alone (TooLargeError)
 * and non-files; a file that changed size since the stat is read again from scratch.
 */
export async function readStatted(path: string, s: Stats): Promise<Uint8Array> {
  checkStatted(path, s);
  const fd = await new Promise<number>((resolve, reject) => open(path, 'r', (e, fd) => (e ? reject(e) : resolve(fd))));
  let got: number;
  const buf = new Uint8Array(s.size + 1);
  try {
    got = await new Promise<number>((resolve, reject) => read(fd, buf, 0, buf.length, 0, (e, n) => (e ? reject(e) : resolve(n))));
  } finally {
    close(fd, () => undefined);
  }
  // One call usually returns the whole of a small regular file; otherwise take the slow, sure path.
  if (got === s.size) return buf.subarray(0, got);
  return readBytes(path);
}

/**
 * The same synchronously; null when the file changed size since the stat (the caller then takes
 * the asynchronous path, which reads it again from scratch).
 */
export function readStattedSync(path: string, s: Stats, pace: Pace): Uint8Array | null {
  checkStatted(path, s);
  return pace.timed(() => {
    const fd = openSync(path, 'r');
    const buf = new Uint8Array(s.size + 1);
    let got: number;
    try {
      got = readSync(fd, buf, 0, buf.length, 0);
    } finally {
      closeSync(fd);
    }
    return got === s.size ? buf.subarray(0, got) : null;
  });
}
