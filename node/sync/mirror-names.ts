// Names for the character files that arrive from other desks (node/sync/mirror.ts). A document's
// `file` is kept when it is free; when the folder already has that name, or one that differs only
// in upper and lower case ("Bob.character.json" beside "bob.character.json"), the arrival is
// written as "<stem> (2).character.json" and the desk says so. Names are compared with their case
// folded on every volume: on FAT, exFAT, Windows and macOS the two are one file, and writing the
// second replaced the first; folding everywhere also gives every desk of an event the same names.
import { CHARACTER_FILE_SUFFIX } from '../../core/model/ids';
import { safeStem, writeAtomicIf } from '../fs/files';
import { absent } from './mirror-disk';
import { safeCharacterFileName } from './docs';

/** What makes two file names one file on a case-insensitive volume. */
export const nameKey = (name: string): string => name.normalize('NFC').toLowerCase();

/** A character written under another name than its document's, beside the file that holds that name. */
export type Renamed = { wanted: string; written: string; holder: string };

/** The names a folder holds (and the mirror has promised this pass), by their folded key. */
export class FolderNames {
  private readonly holders = new Map<string, string>();

  constructor(names: Iterable<string>) {
    for (const n of names) this.take(n);
  }

  take(name: string): void {
    const key = nameKey(name);
    if (!this.holders.has(key)) this.holders.set(key, name);
  }

  /** The name in the folder that `name` would be, if any. */
  holderOf(name: string): string | undefined {
    return this.holders.get(nameKey(name));
  }

  /** `wanted` when it is free (in any case), else "<stem> (2).character.json", "(3)", … */
  free(wanted: string): string {
    if (safeCharacterFileName(wanted) && !this.holderOf(wanted)) return wanted;
    const stem = safeStem(wanted.slice(0, -CHARACTER_FILE_SUFFIX.length));
    for (let n = 2; n < 100_000; n++) {
      const candidate = `${stem} (${n})${CHARACTER_FILE_SUFFIX}`;
      if (!this.holderOf(candidate)) return candidate;
    }
    throw new Error(`no free file name for "${wanted}"`);
  }
}

/** The desk's note for a character written under a new name: both names, and why. */
export function renamedNote(r: Renamed): string {
  const why =
    r.holder === r.wanted
      ? `this folder already has a file of that name (another character)`
      : `this folder already has "${r.holder}" (another character), and names that differ only in upper and lower case are one file on many computers and USB sticks`;
  return `"${r.wanted}" from another desk is written as "${r.written}": ${why}; both are kept`;
}

/**
 * Writes an arrival's `text` as a new file: under `first` (already taken in `names`), or the next
 * free name for `wanted` when something is there by then. A new file goes only into an empty place:
 * on a case-insensitive volume "bob.character.json" is where "Bob.character.json" is, and a file
 * made meanwhile is not replaced either. Returns the name written.
 */
export async function writeNewFile(pathOf: (name: string) => string, names: FolderNames, wanted: string, first: string, text: string): Promise<string> {
  let name = first;
  for (let tries = 1; !(await writeAtomicIf(pathOf(name), text, () => absent(pathOf(name)))); tries++) {
    if (tries >= 20) throw new Error(`${wanted}: no free name found in the folder for this arrival (the last tried: ${name})`);
    name = names.free(wanted);
    names.take(name);
  }
  return name;
}
