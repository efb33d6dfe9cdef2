// The command line's contact with the outside world, injected so commands can be tested in-process.
import { readFile, readdir, lstat, stat, rename, open } from 'node:fs/promises';
import { dirname, basename, join } from 'node:path';

export type Io = {
  out(text: string): void;
  err(text: string): void;
  readFile(path: string): Promise<Uint8Array>;
  /** Follows links; `isSymlink` tells whether the path itself is one. */
  stat(path: string): Promise<{ isDirectory: boolean; isFile: boolean; isSymlink: boolean; size: number }>;
  readdir(path: string): Promise<string[]>;
  /** Writes atomically: a temp file in the same folder, fsync, rename. */
  writeFileAtomic(path: string, data: Uint8Array | string): Promise<void>;
};

export function nodeIo(): Io {
  return {
    out: (t) => void process.stdout.write(t),
    err: (t) => void process.stderr.write(t),
    readFile: async (p) => new Uint8Array(await readFile(p)),
    stat: async (p) => {
      const l = await lstat(p);
      const s = l.isSymbolicLink() ? await stat(p) : l;
      return { isDirectory: s.isDirectory(), isFile: s.isFile(), isSymlink: l.isSymbolicLink(), size: s.size };
    },
    readdir: (p) => readdir(p),
    writeFileAtomic: async (p, data) => {
      const tmp = join(dirname(p), `.${basename(p)}.${process.pid}.${Date.now()}.tmp`);
      const fh = await open(tmp, 'w');
      try {
        await fh.writeFile(data);
        await fh.sync();
      } finally {
        await fh.close();
      }
      await rename(tmp, p);
    },
  };
}
