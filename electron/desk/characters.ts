// The characters of event folders as the desk's handlers read them, cached by path + size + modified
// time (like the library's listing), so reopening, exporting, verifying and reprinting re-read only
// files that changed.
//
// Files are read as the library reads them (./library-io.ts `Pace`): synchronous calls in short
// slices with the event loop turning between them, asynchronous ones while the disk answers slowly
// (a USB stick, a network share). For a folder of small files on a local disk that is the same
// work as a bare `readFileSync` loop (bench:desk-view's baseline), where the thread pool costs four
// round trips per file and, on a busy machine, more wall time than the reads themselves.
import type { Stats } from 'node:fs';
import { deskCharacterFromBytes, unreadableCharacter, type DeskCharacter } from '../../core/desk/characters';
import { nativeContentHash } from '../../node/fs/sha256';
import { ioProblem, TooLargeError } from '../../node/fs/files';
import { findCharacterFiles } from '../library/library';
import { Pace, readStatted, readStattedSync, statFile, statFileSync } from '../library/io';
import { isInside } from '../app/paths';
import { isInInbox } from '../../node/season/approval-inbox';

type Cached = { size: number; mtimeMs: number; desk: DeskCharacter };

/** A file's stat, synchronously while the disk is fast. */
export const statPaced = async (file: string, pace: Pace): Promise<Stats> => (pace.sync ? statFileSync(file, pace) : statFile(file));

/** A character file's bytes given its stat (refuses non-files and files over the limit: TooLargeError). */
export async function readPaced(file: string, s: Stats, pace: Pace): Promise<Uint8Array> {
  return (pace.sync ? readStattedSync(file, s, pace) : null) ?? readStatted(file, s);
}

export class DeskCharacters {
  private readonly cache = new Map<string, Cached>();
  /** One pace for every listing: a slow disk found once is read asynchronously for a while. */
  private readonly pace = new Pace();

  async list(folder: string): Promise<DeskCharacter[]> {
    // A player's file in the inbox is not the folder's until a referee approves it (docs/season.md).
    const files = (await findCharacterFiles(folder, this.pace)).filter((f) => !isInInbox(folder, f));
    const out: DeskCharacter[] = new Array(files.length);
    this.pace.begin();
    for (let i = 0; i < files.length; i++) {
      out[i] = await this.read(files[i]!);
      await this.pace.maybeYield();
    }
    const seen = new Set(files);
    for (const key of this.cache.keys()) if (isInside(folder, key) && !seen.has(key)) this.cache.delete(key);
    return out;
  }

  private async read(file: string): Promise<DeskCharacter> {
    let s;
    try {
      s = await statPaced(file, this.pace);
    } catch (e) {
      this.cache.delete(file);
      return unreadableCharacter(file, 'file.unreadable', ioProblem(file, e).message);
    }
    const hit = this.cache.get(file);
    if (hit && hit.size === s.size && hit.mtimeMs === s.mtimeMs) return hit.desk;
    let desk: DeskCharacter;
    try {
      desk = deskCharacterFromBytes(await readPaced(file, s, this.pace), file, nativeContentHash);
    } catch (e) {
      desk = unreadableCharacter(file, e instanceof TooLargeError ? 'file.too-large' : 'file.unreadable', ioProblem(file, e).message);
    }
    this.cache.set(file, { size: s.size, mtimeMs: s.mtimeMs, desk });
    return desk;
  }
}
