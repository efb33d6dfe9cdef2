// The JSON Schema of the event file, generated from the zod schema for other tools to use.
// The committed copy is assets/schema/event.v2.json (`npm run schema:event` regenerates it).
import { z } from 'zod';
import { eventSchema } from './event';

export function eventJsonSchema(): Record<string, unknown> {
  return {
    ...z.toJSONSchema(eventSchema, { io: 'input', target: 'draft-2020-12', unrepresentable: 'any' }),
    $id: 'https://quartermaster.invalid/schema/event.v2.json',
    title: 'Quartermaster event file, format version 2',
  };
}
