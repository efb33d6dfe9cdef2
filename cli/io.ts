// The command line's contact with the outside world, injected so commands can be tested in-process.
import { closeSync, constants as fsConstants, fstatSync, lstatSync, openSync, readFileSync, readSync, readdirSync, statSync } from 'node:fs';
import { writeAtomic } from '../node/fs/atomic';
import { visibleLines } from '../core/format/visible';


/** A folder entry's kind as the folder itself records it (no stat needed). */
export type EntryKind = 'file' | 'dir' | 'link' | 'other';

export type Io = {
  out(text: string): void;
  err(text: string): void;
  /**
   * Resolves once what out() was given has gone to the system (optional): a command streaming a
   * long report waits on it, so that a slow reader of a pipe does not make the report pile up in
   * memory (process.stdout queues pipe writes it cannot make at once).
   */
  drained?(): Promise<void>;
  readFile(path: string): Promise<Uint8Array>;
  /** Follows links; `isSymlink` tells whether the path itself is one. */
  stat(path: string): Promise<{ isDirectory: boolean; isFile: boolean; isSymlink: boolean; size: number }>;
  /**
   * Reads a whole file, refusing (error code ETOOBIG, with `size`) one larger than maxBytes without
   * reading it. `regular`: the caller's listing already said the path is a regular file.
   */
  readFileCapped(path: string, maxBytes: number, options?: { regular?: boolean }): Promise<Uint8Array>;
  /**
   * The same, synchronously (optional; the real file system has it): a command reading thousands of
   * small files then makes no promise per file, which in a fresh process costs more than the read.
   */
  readFileCappedSync?(path: string, maxBytes: number, options?: { regular?: boolean }): Uint8Array;
  readdir(path: string): Promise<string[]>;
  /** Names with their kinds, from the folder listing alone (saves a stat per file); optional. */
  readdirTypes?(path: string): Promise<{ name: string; kind: EntryKind }[]>;
  /** Writes atomically: a temp file in the same folder, fsync, rename. */
  writeFileAtomic(path: string, data: Uint8Array | string): Promise<void>;
};

/**
 * `io` with what the commands print passed through `visibleLines`: names, file names and messages
 * come from files and other desks, and a terminal would obey a control character in them. JSON
 * output stays JSON (the escape is JSON's own).
 */
export function terminalIo(io: Io): Io {
  return { ...io, out: (t) => io.out(visibleLines(t)), err: (t) => io.err(visibleLines(t)) };
}

/**
 * The real file system. Reads are synchronous on purpose: a command line has nothing else to do
 * meanwhile, and for thousands of small files Node's thread-pool round trips cost more than the
 * reads themselves (see bench/check.bench.mjs).
 */
export function nodeIo(): Io {
  return {
    // Every line to the terminal without control characters (core/format/visible.ts).
    out: (t) => void process.stdout.write(visibleLines(t)),
    err: (t) => void process.stderr.write(visibleLines(t)),
    drained: () => stdoutDrained(),
    readFile: async (p) => new Uint8Array(readFileSync(p)),
    stat: async (p) => {
      const l = lstatSync(p);
      const s = l.isSymbolicLink() ? statSync(p) : l;
      return { isDirectory: s.isDirectory(), isFile: s.isFile(), isSymlink: l.isSymbolicLink(), size: s.size };
    },
    readFileCapped: async (p, maxBytes, options) => readCapped(p, maxBytes, options?.regular === true),
    readFileCappedSync: (p, maxBytes, options) => readCapped(p, maxBytes, options?.regular === true),
    readdir: async (p) => readdirSync(p),
    readdirTypes: async (p) =>
      readdirSync(p, { withFileTypes: true }).map((d) => ({ name: d.name, kind: d.isFile() ? 'file' : d.isDirectory() ? 'dir' : d.isSymbolicLink() ? 'link' : 'other' })),
    // The one atomic writer (node/fs/atomic.ts), which also works on FAT and exFAT sticks.
    writeFileAtomic: (p, data) => writeAtomic(p, data),
  };
}

/**
 * Reads a file of at most maxBytes. The open is non-blocking, so that opening a named pipe does not
 * wait for a writer, and only regular files are read (a pipe would hang the command, /dev/zero
 * would fill the memory). A file the folder's listing called regular is first read without asking
 * its kind again, into a buffer kept for the next file: one that ends within the buffer is copied
 * out at its length. That saves an fstat (and the Stats object Node makes of it) per file, a tenth of
 * checking a small file. A longer file, or one that is not regular after all, is measured with
 * fstat and refused by its size alone or read at that size.
 */
function readCapped(p: string, maxBytes: number, regular: boolean): Uint8Array {
  const fd = openSync(p, fsConstants.O_RDONLY | (fsConstants.O_NONBLOCK ?? 0));
  try {
    if (regular) {
      let got = 0;
      for (;;) {
        const n = readSync(fd, SCRATCH, got, SCRATCH.length - got, got);
        if (n === 0) {
          if (got > maxBytes) break;
          // Copied out into Node's pooled memory (a file under 4 kB shares an 8 kB slab): a fresh
          // buffer of its own per file cost more than the read.
          const bytes = Buffer.allocUnsafe(got);
          bytes.set(SCRATCH.subarray(0, got));
          return bytes;
        }
        got += n;
        if (got === SCRATCH.length) break;
      }
    }
    const info = fstatSync(fd);
    if (!info.isFile()) throw Object.assign(new Error('not a regular file (a device, pipe or socket)'), { code: 'ENOTREG' });
    const { size } = info;
    if (size > maxBytes) throw Object.assign(new Error(`file too large: ${size} bytes`), { code: 'ETOOBIG', size });
    // One read of the size fstat gave (readFileSync would fstat again and read to a second EOF).
    const buf = new Uint8Array(size);
    let got = 0;
    while (got < size) {
      const n = readSync(fd, buf, got, size - got, got);
      if (n === 0) break;
      got += n;
    }
    return got === size ? buf : buf.subarray(0, got);
  } finally {
    closeSync(fd);
  }
}

/** readCapped's buffer for files of known kind (a character file is a few kB). */
const SCRATCH = new Uint8Array(64 * 1024);

/** Resolves when stdout's queue has emptied (at once when nothing waits), or the stream ended or failed. */
function stdoutDrained(): Promise<void> {
  const out = process.stdout;
  if (!out.writableNeedDrain) return Promise.resolve();
  return new Promise((done) => {
    const finish = () => {
      out.off('drain', finish);
      out.off('close', finish);
      out.off('error', finish);
      done();
    };
    out.on('drain', finish);
    out.on('close', finish);
    out.on('error', finish);
  });
}
