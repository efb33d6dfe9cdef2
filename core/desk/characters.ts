// The characters of an event folder as the desk holds them: each file either loaded (with its
// derived values and content hash) or unreadable (with the problem naming the file).
import { contentHash } from '../format/hash';
import { loadCharacterBytes, type LoadResult } from '../format/load';
import type { Character } from '../model/character';
import { isBuiltinRuleset } from '../model/ids';
import { derive } from '../rulesets/index';
import type { Derivation } from '../rulesets/types';

export type DeskFileProblem = { code: string; message: string; field?: string };

export type DeskCharacter =
  | { file: string; readable: true; character: Character; derivation: Derivation; hash: string }
  | { file: string; readable: false; problem: DeskFileProblem };

/**
 * How the content hash is computed: core/format/hash.ts `contentHash` (pure TypeScript). A caller
 * with a native SHA-256 (node:crypto, WebCrypto) may pass its own, which must return the same value:
 * SHA-256 in lower-case hex of `contentJson(character)`.
 */
export type ContentHasher = (character: Character) => string;

/** A loaded character: derives its values and its content hash (the one printed on its cards). */
export function deskCharacter(file: string, character: Character, hasher: ContentHasher = contentHash): DeskCharacter {
  // The desk checks the four built-in games; a character of a pack's game is named, not guessed at.
  if (!isBuiltinRuleset(character.ruleset)) return unreadableCharacter(file, 'file.unknown-game', `${file}: ruleset: the event desk checks the four built-in games; '${character.ruleset}' is a game pack's game: check it with quartermaster check`, 'ruleset');
  return { file, readable: true, character, derivation: derive(character), hash: hasher(character) };
}

/** The desk's character for a load result. */
export function deskCharacterOf(loaded: LoadResult, file: string, hasher: ContentHasher = contentHash): DeskCharacter {
  return loaded.ok ? deskCharacter(file, loaded.character, hasher) : unreadableCharacter(file, `file.${loaded.problem.code}`, loaded.problem.message, loaded.problem.field);
}

/** A character file's bytes, loaded with the character file's guards. */
export function deskCharacterFromBytes(bytes: Uint8Array, file: string, hasher: ContentHasher = contentHash): DeskCharacter {
  return deskCharacterOf(loadCharacterBytes(bytes, file), file, hasher);
}

/** A file that could not be read, parsed or validated. `message` names the file. */
export function unreadableCharacter(file: string, code: string, message: string, field?: string): DeskCharacter {
  return { file, readable: false, problem: field === undefined ? { code, message } : { code, message, field } };
}

/** Files that share a character id with an earlier file (copied files): id -> the files. */
export function duplicateIds(characters: readonly DeskCharacter[]): Map<string, string[]> {
  const byId = new Map<string, string[]>();
  for (const c of characters) {
    if (!c.readable) continue;
    const id = c.character.id.toLowerCase();
    const files = byId.get(id);
    if (files) files.push(c.file);
    else byId.set(id, [c.file]);
  }
  for (const [id, files] of byId) if (files.length < 2) byId.delete(id);
  return byId;
}
