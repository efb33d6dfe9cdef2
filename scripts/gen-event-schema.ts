// Writes assets/schema/event.v2.json from the event file's zod schema (core/desk/event.ts).
import { writeFileSync } from 'node:fs';
import { eventJsonSchema } from '../core/desk/json-schema';

const out = new URL('../assets/schema/event.v2.json', import.meta.url);
writeFileSync(out, `${JSON.stringify(eventJsonSchema(), null, 2)}\n`);
console.log(`wrote ${out.pathname}`);
