// The characters of an event folder as the desk holds them (./characters-fast.ts, zod-free), and
// reading one from its bytes with the character file's guards, zod wording a refused file.
import { contentHash } from '../format/hash';
import { loadCharacterBytes } from '../format/load';
import { deskCharacterOf, type ContentHasher, type DeskCharacter } from './characters-fast';

export { deskCharacter, deskCharacterOf, duplicateIds, tryDeskCharacterFromBytes, unreadableCharacter, type ContentHasher, type DeskCharacter, type DeskFileProblem } from './characters-fast';

/** A character file's bytes, loaded with the character file's guards. */
export function deskCharacterFromBytes(bytes: Uint8Array, file: string, hasher: ContentHasher = contentHash): DeskCharacter {
  return deskCharacterOf(loadCharacterBytes(bytes, file), file, hasher);
}
