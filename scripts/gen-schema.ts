// Writes assets/schema/character.v2.json from the zod schema.
import { writeFileSync } from 'node:fs';
import { characterJsonSchema } from '../core/model/json-schema';

const out = new URL('../assets/schema/character.v2.json', import.meta.url);
writeFileSync(out, `${JSON.stringify(characterJsonSchema(), null, 2)}\n`);
console.log(`wrote ${out.pathname}`);
