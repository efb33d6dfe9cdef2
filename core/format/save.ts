// Writing a character: the exact text that goes to disk.
import { characterSchema, type Character } from '../model/character';

/** Pretty JSON with a trailing newline. Validates first so that no invalid file is ever written. */
export function serializeCharacter(character: Character): string {
  const checked = characterSchema.parse(character);
  return `${JSON.stringify(checked, null, 2)}\n`;
}
