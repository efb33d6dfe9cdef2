// Writes assets/schema/game-pack.v1.json from the zod schema of the game pack.
import { writeFileSync } from 'node:fs';
import { gamePackJsonSchema } from '../core/packs/json-schema';

const out = new URL('../assets/schema/game-pack.v1.json', import.meta.url);
writeFileSync(out, `${JSON.stringify(gamePackJsonSchema(), null, 2)}\n`);
console.log(`wrote ${out.pathname}`);
