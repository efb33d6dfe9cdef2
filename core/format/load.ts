// Reading a character file: bytes in, a validated Character or a clear problem out.
// Pure: the caller reads the bytes and names the source (usually the file path).
import { characterObjectSchema, type Character } from '../model/character';
import { CURRENT_VERSION, FILE_FORMAT } from '../model/ids';
import { MIGRATIONS, upgradeCharacter } from './migrate';
import { loadVersionedBytes, loadVersionedValue, type FileKind, type FileProblem, type FileProblemCode, type VersionedResult } from './versioned';

export type LoadProblemCode = Exclude<FileProblemCode, 'not-event'>;
export type LoadProblem = FileProblem & { code: LoadProblemCode };
export type LoadResult = { ok: true; character: Character; migratedFrom?: number } | { ok: false; problem: LoadProblem };

export const CHARACTER_FILE: FileKind<Character> = {
  format: FILE_FORMAT,
  noun: 'character',
  wrongKindCode: 'not-character',
  currentVersion: CURRENT_VERSION,
  migrations: MIGRATIONS,
  upgrade: upgradeCharacter,
  schema: characterObjectSchema,
};

export function loadCharacterBytes(bytes: Uint8Array, source: string): LoadResult {
  return asCharacter(loadVersionedBytes(CHARACTER_FILE, bytes, source));
}

/** Validates an already parsed value (from the renderer, or a test). */
export function loadCharacterValue(raw: unknown, source: string): LoadResult {
  return asCharacter(loadVersionedValue(CHARACTER_FILE, raw, source));
}

function asCharacter(r: VersionedResult<Character>): LoadResult {
  if (!r.ok) return { ok: false, problem: r.problem as LoadProblem };
  return r.migratedFrom === undefined ? { ok: true, character: r.value } : { ok: true, character: r.value, migratedFrom: r.migratedFrom };
}
