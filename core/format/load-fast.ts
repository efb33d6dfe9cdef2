// Reading a character file without loading zod: the compiled validator generated from the JSON
// Schema (scripts/gen-validators.mjs) decides, and only a refused file needs core/format/load.ts
// (zod) to word its problem. The command line uses this so that `check` of clean files never pays
// for loading zod (about 100 ms of module loading).
import type { Character } from '../model/character';
import { CURRENT_VERSION, FILE_FORMAT } from '../model/ids';
import { validateCharacter } from './character-validator.generated.js';
import { MIGRATIONS, upgradeCharacter } from './migrate';
import { tryLoadVersionedBytes, type FileHeader, type FileProblem, type FileProblemCode } from './versioned';

export type LoadProblemCode = Exclude<FileProblemCode, 'not-event'>;
export type LoadProblem = FileProblem & { code: LoadProblemCode };
export type LoadResult = { ok: true; character: Character; migratedFrom?: number } | { ok: false; problem: LoadProblem };

export const CHARACTER_HEADER: FileHeader & { compiled: (value: unknown) => boolean } = {
  format: FILE_FORMAT,
  noun: 'character',
  wrongKindCode: 'not-character',
  currentVersion: CURRENT_VERSION,
  migrations: MIGRATIONS,
  upgrade: upgradeCharacter,
  compiled: validateCharacter,
};

/**
 * loadCharacterBytes without zod: the same result, or `null` when the file fails the schema (call
 * loadCharacterBytes from ./load for the problem in words).
 */
export function tryLoadCharacterBytes(bytes: Uint8Array, source: string): LoadResult | null {
  const r = tryLoadVersionedBytes<Character>(CHARACTER_HEADER, bytes, source);
  if (r === null) return null;
  if (!r.ok) return { ok: false, problem: r.problem as LoadProblem };
  return r.migratedFrom === undefined ? { ok: true, character: r.value } : { ok: true, character: r.value, migratedFrom: r.migratedFrom };
}
