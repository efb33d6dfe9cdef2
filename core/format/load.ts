// Reading a character file: bytes in, a validated Character or a clear problem out.
// Pure: the caller reads the bytes and names the source (usually the file path).
// A file is validated by the compiled validator (see ./load-fast.ts); zod words the problem.
import { characterObjectSchema, type Character } from '../model/character';
import { CHARACTER_HEADER, type LoadProblem, type LoadResult } from './load-fast';
import { loadVersionedBytes, loadVersionedValue, type FileKind, type VersionedResult } from './versioned';

export type { LoadProblem, LoadProblemCode, LoadResult } from './load-fast';

export const CHARACTER_FILE: FileKind<Character> = { ...CHARACTER_HEADER, schema: characterObjectSchema };

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
