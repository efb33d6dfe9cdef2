import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { eventJsonSchema } from './json-schema';

describe('the committed event JSON Schema', () => {
  it('is the one generated from the zod schemas (run `npm run schema:event` after changing them)', () => {
    const committed = JSON.parse(readFileSync(new URL('../../assets/schema/event.v3.json', import.meta.url), 'utf8'));
    expect(committed).toEqual(JSON.parse(JSON.stringify(eventJsonSchema())));
  });
  it('fixes the names other tools rely on', () => {
    type Obj = { properties: Record<string, { const?: unknown }>; required: string[] };
    const s = eventJsonSchema() as { $defs: { header: Obj; entry: { oneOf?: { properties: { kind: { const: string } } }[]; anyOf?: { properties: { kind: { const: string } } }[] } } };
    expect(s.$defs.header.properties.format!.const).toBe('quartermaster-event');
    expect(s.$defs.header.properties.version!.const).toBe(3);
    expect(s.$defs.header.required).toEqual(['format', 'version', 'id', 'name', 'game', 'dates']);
    const kinds = (s.$defs.entry.oneOf ?? s.$defs.entry.anyOf)!.map((o) => o.properties.kind.const);
    expect(kinds).toEqual(['check-in', 'check-out', 'printed', 'voided', 'died', 'returned', 'permanent-death', 'retired', 'new-character', 'item-handed-in', 'item-returned', 'item-transferred', 'item-expired', 'bow-competency', 'note', 'undo', 'convergence', 'booking', 'award', 'approved', 'sent-back']);
  });
});
