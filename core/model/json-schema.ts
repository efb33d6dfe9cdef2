// The JSON Schema of the character file, generated from the zod schema for other tools to use.
// The committed copy is assets/schema/character.v2.json (`npm run schema` regenerates it).
import * as z from 'zod';
import { characterObjectSchema } from './character';

export function characterJsonSchema(): Record<string, unknown> {
  return {
    ...z.toJSONSchema(characterObjectSchema, { io: 'input', target: 'draft-2020-12' }),
    $id: 'https://quartermaster.invalid/schema/character.v2.json',
    title: 'Quartermaster character file, format version 2',
  };
}
