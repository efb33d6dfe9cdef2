// The JSON Schema of the game pack file, generated from the zod schema for editors and other tools.
// The committed copy is assets/schema/game-pack.v1.json (`npm run schema:pack` regenerates it).
// CEL expressions and references between parts are checked by ./validate.ts, not by the JSON Schema.
import * as z from 'zod';
import { gamePackSchema } from './schema';

export function gamePackJsonSchema(): Record<string, unknown> {
  return {
    ...z.toJSONSchema(gamePackSchema, { io: 'input', target: 'draft-2020-12' }),
    $id: 'https://quartermaster.invalid/schema/game-pack.v1.json',
    title: 'Quartermaster game pack, format version 1',
  };
}
