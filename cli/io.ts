// The command line's contact with the outside world, injected so commands can be tested in-process.
import { closeSync, constants as fsConstants, fstatSync, lstatSync, openSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { writeAtomic } from '../node/atomic';

export type Io = {
  out(text: string): void;
  err(text: string): void;
  readFile(path: string): Promise<Uint8Array>;
  /** Follows links; `isSymlink` tells whether the path itself is one. */
  stat(path: string): Promise<{ isDirectory: boolean; isFile: boolean; isSymlink: boolean; size: number }>;
  /** Reads a whole file, refusing (error code ETOOBIG, with `size`) one larger than maxBytes without reading it. */
  readFileCapped(path: string, maxBytes: number): Promise<Uint8Array>;
  readdir(path: string): Promise<string[]>;
  /** Writes atomically: a temp file in the same folder, fsync, rename. */
  writeFileAtomic(path: string, data: Uint8Array | string): Promise<void>;
};

/**
 * The real file system. Reads are synchronous on purpose: a command line has nothing else to do
 * meanwhile, and for thousands of small files Node's thread-pool round trips cost more than the
 * reads themselves (see bench/check.bench.mjs).
 */
export function nodeIo(): Io {
  return {
    out: (t) => void process.stdout.write(t),
    err: (t) => void process.stderr.write(t),
    readFile: async (p) => new Uint8Array(readFileSync(p)),
    stat: async (p) => {
      const l = lstatSync(p);
      const s = l.isSymbolicLink() ? statSync(p) : l;
      return { isDirectory: s.isDirectory(), isFile: s.isFile(), isSymlink: l.isSymbolicLink(), size: s.size };
    },
    readFileCapped: async (p, maxBytes) => {
      // Non-blocking, so that opening a named pipe does not wait for a writer; then only regular
      // files are read (a pipe would hang the command, /dev/zero would fill the memory).
      const fd = openSync(p, fsConstants.O_RDONLY | (fsConstants.O_NONBLOCK ?? 0));
      try {
        const info = fstatSync(fd);
        if (!info.isFile()) throw Object.assign(new Error('not a regular file (a device, pipe or socket)'), { code: 'ENOTREG' });
        const { size } = info;
        if (size > maxBytes) throw Object.assign(new Error(`file too large: ${size} bytes`), { code: 'ETOOBIG', size });
        return new Uint8Array(readFileSync(fd));
      } finally {
        closeSync(fd);
      }
    },
    readdir: async (p) => readdirSync(p),
    // The one atomic writer (node/atomic.ts), which also works on FAT and exFAT sticks.
    writeFileAtomic: (p, data) => writeAtomic(p, data),
  };
}
