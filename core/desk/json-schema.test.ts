import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { eventJsonSchema } from './json-schema';

describe('the committed event JSON Schema', () => {
  it('is the one generated from the zod schema (run `npm run schema:event` after changing it)', () => {
    const committed = JSON.parse(readFileSync(new URL('../../assets/schema/event.v2.json', import.meta.url), 'utf8'));
    expect(committed).toEqual(JSON.parse(JSON.stringify(eventJsonSchema())));
  });
  it('fixes the names other tools rely on', () => {
    const s = eventJsonSchema() as { properties: Record<string, { const?: unknown; items?: { oneOf?: { properties: { kind: { const: string } } }[]; anyOf?: { properties: { kind: { const: string } } }[] } }>; required: string[] };
    expect(s.properties.format!.const).toBe('quartermaster-event');
    expect(s.properties.version!.const).toBe(2);
    expect(s.required).toEqual(['format', 'version', 'id', 'name', 'game', 'dates']);
    const kinds = (s.properties.entries!.items!.oneOf ?? s.properties.entries!.items!.anyOf)!.map((o) => o.properties.kind.const);
    expect(kinds).toEqual(['check-in', 'check-out', 'printed', 'voided', 'died', 'returned', 'permanent-death', 'retired', 'new-character', 'item-handed-in', 'item-returned', 'item-transferred', 'item-expired', 'bow-competency', 'note', 'undo', 'convergence']);
  });
});
