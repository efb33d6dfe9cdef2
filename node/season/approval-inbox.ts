// The season folder's inbox (docs/season.md, "Approval"): `inbox/*.json` are the files players send
// in, waiting for a referee. They are read with the one character validator (core/format/load.ts),
// every problem naming the file and field; they are never the folder's characters (the desk's
// listing leaves the inbox out: `isInInbox`) until a referee approves one.
import { readFileSync, statSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { MAX_FILE_BYTES } from '../../core/format/limits';
import { join, relative, sep } from 'node:path';
import { deskCharacterFromBytes, unreadableCharacter, type DeskCharacter } from '../../core/desk/characters';
import { nativeContentHash } from '../fs/sha256';
import { ioProblem, TooLargeError } from '../fs/files';

/** The inbox, a folder of the season (event) folder. */
export const INBOX_FOLDER = 'inbox';
/** Where approved files go (hidden, so no listing takes them for characters). */
export const DONE_FOLDER = '.done';
/** Where files sent back go, each with the reason in its history. */
export const SENT_BACK_FOLDER = '.sent-back';

export const inboxOf = (folder: string) => join(folder, INBOX_FOLDER);

/** Whether `file` lies in the folder's inbox (or below it): the desk's listing leaves such files out. */
export function isInInbox(folder: string, file: string): boolean {
  const rel = relative(folder, file);
  return rel === INBOX_FOLDER || rel.startsWith(`${INBOX_FOLDER}${sep}`) || rel.startsWith(`${INBOX_FOLDER}/`);
}

/** The inbox's file names (`*.json`, not hidden), sorted; none when there is no inbox. */
export async function inboxNames(folder: string): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(inboxOf(folder), { withFileTypes: true });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw e;
  }
  return entries
    .filter((e) => (e.isFile() || e.isSymbolicLink()) && !e.name.startsWith('.') && /\.json$/i.test(e.name))
    .map((e) => e.name)
    .sort();
}

/** One inbox file read and validated (unreadable, with the file and field named, when it fails). */
export async function readInboxFile(folder: string, name: string): Promise<DeskCharacter> {
  const file = join(inboxOf(folder), name);
  try {
    // Read synchronously, as the desk reads the folder's files: for thousands of small files the
    // thread pool's round trips cost more than the reads (electron/desk/characters.ts).
    const s = statSync(file);
    if (!s.isFile()) throw new Error(`${file}: is not a file`);
    if (s.size > MAX_FILE_BYTES) throw new TooLargeError(file, s.size, MAX_FILE_BYTES);
    return deskCharacterFromBytes(new Uint8Array(readFileSync(file)), file, nativeContentHash);
  } catch (e) {
    const p = ioProblem(file, e);
    return unreadableCharacter(file, `file.${p.code}`, p.message);
  }
}

/** Every inbox file, read and validated. */
export async function readInbox(folder: string): Promise<DeskCharacter[]> {
  const out: DeskCharacter[] = [];
  for (const name of await inboxNames(folder)) out.push(await readInboxFile(folder, name));
  return out;
}
