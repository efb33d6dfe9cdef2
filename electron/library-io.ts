// The library's file reads, with as few thread-pool round trips as Node allows: one stat per file
// (which the cache check needs anyway), then open + one read of the stat's size (+1 byte, to notice
// a file that grew meanwhile) + close, all through the callback API. fs.promises.readFile costs
// open, fstat, read, a second read to find the end and close, each wrapped in a FileHandle.
import { close, open, read, stat, type Stats } from 'node:fs';
import { MAX_FILE_BYTES } from '../core/format/limits';
import { readBytes, TooLargeError } from '../node/files';

export function statFile(path: string): Promise<Stats> {
  return new Promise((resolve, reject) => stat(path, (e, s) => (e ? reject(e) : resolve(s))));
}

/**
 * A regular file's bytes, given the stat just taken of it. Refuses by size alone (TooLargeError)
 * and non-files; a file that changed size since the stat is read again from scratch.
 */
export async function readStatted(path: string, s: Stats): Promise<Uint8Array> {
  if (!s.isFile()) throw new Error(`${path}: is not a file`);
  if (s.size > MAX_FILE_BYTES) throw new TooLargeError(path, s.size);
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
