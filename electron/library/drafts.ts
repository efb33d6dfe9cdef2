// Drafts: the renderer autosaves the open character's unsaved edits every few seconds, so that after
// a crash the next start can offer to recover them. One draft per character file, in a hidden folder
// (by default `<library>/.quartermaster-drafts`, which the library listing and watcher skip),
// written atomically. A draft never touches the character file itself; saving the file (or the user
// discarding the draft) removes it.
//
// A draft file is JSON: { format: "quartermaster-draft", version: 1, path, savedMs, character }.
// Its name is a hash of the character file's path, so each file has at most one draft.
import { sha256Hex } from '../../node/fs/sha256';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { fieldPath } from '../../core/format/paths';
import { MAX_FILE_BYTES } from '../../core/format/limits';
import { loadCharacterValue } from '../../core/format/load';
import type { Draft } from '../../core/ipc/contract';
import { characterSchema, type Character } from '../../core/model/character';
import { readBytes, writeAtomic } from '../../node/fs/files';
import { checkShape } from '../app/paths';

export const DRAFTS_FOLDER = '.quartermaster-drafts';
export const DRAFT_FORMAT = 'quartermaster-draft';
export const DRAFT_VERSION = 1;
const DRAFT_SUFFIX = '.draft.json';

/** The draft file of one character file. */
export function draftFileOf(folder: string, path: string): string {
  return join(folder, `${sha256Hex(path).slice(0, 32)}${DRAFT_SUFFIX}`);
}

/** Writes (or replaces) the draft of the character file at `path`. Throws naming the field when the character is invalid. */
export async function writeDraft(folder: string, path: string, character: unknown, savedMs: number): Promise<{ savedMs: number }> {
  const parsed = characterSchema.safeParse(character);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`Draft of ${path} not saved: field "${fieldPath(issue.path) || '(top level)'}": ${issue.message}`);
  }
  const text = `${JSON.stringify({ format: DRAFT_FORMAT, version: DRAFT_VERSION, path, savedMs, character: parsed.data })}\n`;
  // A draft larger than a file may be could never be read back (readDrafts refuses it by its size).
  const bytes = Buffer.byteLength(text);
  if (bytes > MAX_FILE_BYTES) throw new Error(`Draft of ${path} not saved: it would be ${(bytes / 1048576).toFixed(1)} MB; the limit is ${(MAX_FILE_BYTES / 1048576).toFixed(1)} MB`);
  await mkdir(folder, { recursive: true });
  await writeAtomic(draftFileOf(folder, path), text);
  return { savedMs };
}

export type DraftProblem = { file: string; message: string };

/**
 * Every readable draft in `folder`, newest first, with the modified time of its character file now
 * (null when the file is gone). Drafts that cannot be read are reported in `problems` and left on
 * disk untouched. A missing folder has no drafts (and is not created).
 */
export async function readDrafts(folder: string): Promise<{ drafts: Draft[]; problems: DraftProblem[] }> {
  let names: string[];
  try {
    names = await readdir(folder);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return { drafts: [], problems: [] };
    throw e;
  }
  const drafts: Draft[] = [];
  const problems: DraftProblem[] = [];
  for (const name of names.filter((n) => n.endsWith(DRAFT_SUFFIX)).sort()) {
    const file = join(folder, name);
    try {
      const draft = parseDraft(new TextDecoder('utf-8', { fatal: true }).decode(await readBytes(file)), file);
      const s = await stat(draft.path).catch(() => null);
      drafts.push({ ...draft, fileModifiedMs: s?.isFile() ? Math.floor(s.mtimeMs) : null });
    } catch (e) {
      problems.push({ file, message: (e as Error).message });
    }
  }
  drafts.sort((a, b) => b.savedMs - a.savedMs);
  return { drafts, problems };
}

function parseDraft(text: string, file: string): { path: string; savedMs: number; character: Character } {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    throw new Error(`${file}: it is not valid JSON (${(e as Error).message})`);
  }
  const obj = raw as Record<string, unknown> | null;
  if (obj === null || typeof obj !== 'object' || obj.format !== DRAFT_FORMAT) throw new Error(`${file}: field "format" must be "${DRAFT_FORMAT}"`);
  if (obj.version !== DRAFT_VERSION) throw new Error(`${file}: field "version" must be ${DRAFT_VERSION}`);
  const savedMs = obj.savedMs;
  if (typeof savedMs !== 'number' || !Number.isFinite(savedMs) || savedMs < 0) throw new Error(`${file}: field "savedMs" must be a time in milliseconds`);
  let path: string;
  try {
    path = checkShape(obj.path, 'field "path"');
  } catch (e) {
    throw new Error(`${file}: ${(e as Error).message}`);
  }
  if (draftFileOf(join(file, '..'), path) !== file) throw new Error(`${file}: field "path" does not match the draft's file name`);
  const loaded = loadCharacterValue(obj.character, `${file}: field "character"`);
  if (!loaded.ok) throw new Error(loaded.problem.message);
  return { path, savedMs, character: loaded.character };
}

/** Removes the draft of `path`, if there is one. */
export async function removeDraft(folder: string, path: string): Promise<void> {
  await rm(draftFileOf(folder, path), { force: true });
}
