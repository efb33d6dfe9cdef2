// The characters of event folders as the desk's handlers read them, cached by path + size + modified
// time (like the library's listing), so reopening, exporting, verifying and reprinting re-read only
// files that changed.
//
// Files are read with the synchronous calls in slices of SLICE_MS, yielding to the event loop
// between slices: for a folder of small files on a local disk this is the same work as a bare
// `readFileSync` loop (bench:desk-view's baseline), where the thread pool costs four round trips
// per file (stat, open, read, close) and, on a busy machine, more wall time than the reads
// themselves. A slow medium blocks the main process for at most one file's read past a slice.
import { readFileSync, statSync } from 'node:fs';
import { MAX_FILE_BYTES } from '../core/format/limits';
import { deskCharacterFromBytes, unreadableCharacter, type DeskCharacter } from '../core/desk/characters';
import { nativeContentHash } from '../node/content-hash';
import { ioProblem, TooLargeError } from '../node/files';
import { findCharacterFiles } from './library';
import { isInside } from './paths';

/** How long the main process reads before it lets other work run. */
const SLICE_MS = 8;

type Cached = { size: number; mtimeMs: number; desk: DeskCharacter };

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** `each` over the files in order, in slices of SLICE_MS with a turn of the event loop between. */
export async function inSlices<T>(files: readonly string[], each: (file: string) => T): Promise<T[]> {
  const out: T[] = new Array(files.length);
  let sliceStart = performance.now();
  for (let i = 0; i < files.length; i++) {
    out[i] = each(files[i]!);
    if (performance.now() - sliceStart > SLICE_MS) {
      await nextTurn();
      sliceStart = performance.now();
    }
  }
  return out;
}

/** A character file's bytes, read at once; refuses non-files and files over the limit (TooLargeError). */
export function readFileNow(file: string, s = statSync(file)): Uint8Array {
  if (!s.isFile()) throw new Error(`${file}: is not a file`);
  if (s.size > MAX_FILE_BYTES) throw new TooLargeError(file, s.size);
  const bytes = readFileSync(file);
  // It grew between the stat and the read.
  if (bytes.length > MAX_FILE_BYTES) throw new TooLargeError(file, bytes.length);
  return bytes;
}

export class DeskCharacters {
  private readonly cache = new Map<string, Cached>();

  async list(folder: string): Promise<DeskCharacter[]> {
    const files = await findCharacterFiles(folder);
    const out = await inSlices(files, (file) => this.read(file));
    const seen = new Set(files);
    for (const key of this.cache.keys()) if (isInside(folder, key) && !seen.has(key)) this.cache.delete(key);
    return out;
  }

  private read(file: string): DeskCharacter {
    let s;
    try {
      s = statSync(file);
    } catch (e) {
      this.cache.delete(file);
      return unreadableCharacter(file, 'file.unreadable', ioProblem(file, e).message);
    }
    const hit = this.cache.get(file);
    if (hit && hit.size === s.size && hit.mtimeMs === s.mtimeMs) return hit.desk;
    let desk: DeskCharacter;
    try {
      desk = deskCharacterFromBytes(readFileNow(file, s), file, nativeContentHash);
    } catch (e) {
      desk = unreadableCharacter(file, e instanceof TooLargeError ? 'file.too-large' : 'file.unreadable', ioProblem(file, e).message);
    }
    this.cache.set(file, { size: s.size, mtimeMs: s.mtimeMs, desk });
    return desk;
  }
}
