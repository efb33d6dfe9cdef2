// The JSON Schema of the event file's lines, generated from the zod schemas for other tools to use:
// the first line is a header, every later line an entry. The committed copy is
// assets/schema/event.v3.json (`npm run schema:event` regenerates it; a test fails when it differs).
import * as z from 'zod';
import { ledgerEntrySchema } from './entries';
import { eventHeaderSchema } from './event';

export function eventJsonSchema(): Record<string, unknown> {
  const options = { io: 'input', target: 'draft-2020-12', unrepresentable: 'any' } as const;
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: 'https://quartermaster.invalid/schema/event.v3.json',
    title: 'Quartermaster event file, format version 3: one JSON value a line (the header on the first line, then one ledger entry a line)',
    $defs: {
      header: strip(z.toJSONSchema(eventHeaderSchema, options)),
      entry: strip(z.toJSONSchema(ledgerEntrySchema, options)),
    },
    oneOf: [{ $ref: '#/$defs/header' }, { $ref: '#/$defs/entry' }],
  };
}

function strip(schema: Record<string, unknown>): Record<string, unknown> {
  const { $schema: _s, ...rest } = schema;
  return rest;
}
