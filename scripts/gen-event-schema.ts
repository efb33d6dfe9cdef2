// Writes assets/schema/event.v3.json from the zod schemas of the event file's lines (core/desk/json-schema.ts).
import { writeFileSync } from 'node:fs';
import { eventJsonSchema } from '../core/desk/json-schema';

const out = new URL('../assets/schema/event.v3.json', import.meta.url);
writeFileSync(out, `${JSON.stringify(eventJsonSchema(), null, 2)}\n`);
console.log(`wrote ${out.pathname}`);
