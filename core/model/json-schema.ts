// The JSON Schema of the character file, generated from the zod schema for other tools to use.
// The committed copy is assets/schema/character.v1.json (`npm run schema` regenerates it).
import { z } from 'zod';
import { characterSchema } from './character';

export function characterJsonSchema(): Record<string, unknown> {
  return {
    ...z.toJSONSchema(characterSchema, { io: 'input', target: 'draft-2020-12' }),
    $id: 'https://quartermaster.invalid/schema/character.v1.json',
    title: 'Quartermaster character file, format version 1',
  };
}
