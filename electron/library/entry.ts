// A library file's row (LibraryEntry) from its bytes: name, player, ruleset and status from the
// core's loader and rules check, or unreadable with the reason.
import type { Stats } from 'node:fs';
import { loadCharacterBytes } from '../../core/format/load';
import type { LibraryEntry } from '../../core/ipc/contract';
import type { Character } from '../../core/model/character';
import { CHARACTER_FILE_SUFFIX } from '../../core/model/ids';
import type { Derivation } from '../../core/rulesets/types';
import { ioProblem, peekFutureVersion, TooLargeError } from '../../node/fs/files';

export type DeriveFn = (character: Character) => Derivation;

/** A file's entry from its bytes (or why they could not be read). */
export function describe(path: string, fileName: string, s: Stats, bytes: Uint8Array | Error, derive: DeriveFn | Error): LibraryEntry {
  const size = s.size;
  const modifiedMs = Math.floor(s.mtimeMs);
  if (bytes instanceof Error) {
    const message = bytes instanceof TooLargeError ? bytes.message : ioProblem(path, bytes).message;
    return unreadable(path, fileName, message, size, modifiedMs);
  }
  const loaded = loadCharacterBytes(bytes, path);
  if (!loaded.ok) {
    const entry = unreadable(path, fileName, loaded.problem.message, size, modifiedMs);
    if (loaded.problem.code === 'future-version') {
      // Still show who it is; it opens read-only.
      const peek = peekFutureVersion(bytes);
      if (peek) return { ...entry, name: peek.name, player: peek.player, ruleset: peek.ruleset };
    }
    return entry;
  }
  const c = loaded.character;
  const base = { path, fileName, name: c.name, player: c.player, ruleset: c.ruleset, id: c.id.toLowerCase(), modifiedMs, size };
  if (derive instanceof Error) {
    // A file whose rules could not be checked is not known to be clean.
    return { ...base, status: 'violations', errors: 1, warnings: 0, reason: `the rules check could not run: ${derive.message}` };
  }
  try {
    const { violations } = derive(c);
    const errors = violations.filter((v) => v.severity === 'error').length;
    const warnings = violations.length - errors;
    return { ...base, status: violations.length > 0 ? 'violations' : 'clean', errors, warnings };
  } catch (e) {
    return { ...base, status: 'violations', errors: 1, warnings: 0, reason: `the rules check failed: ${(e as Error).message}` };
  }
}

export function unreadable(path: string, fileName: string, reason: string, size: number, modifiedMs: number): LibraryEntry {
  return { path, fileName, name: stemOfName(fileName), player: '', ruleset: null, status: 'unreadable', errors: 0, warnings: 0, reason, modifiedMs, size };
}

function stemOfName(fileName: string): string {
  return fileName.endsWith(CHARACTER_FILE_SUFFIX) ? fileName.slice(0, -CHARACTER_FILE_SUFFIX.length) : fileName;
}

