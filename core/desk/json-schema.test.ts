import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { eventJsonSchema } from './json-schema';

describe('the committed event JSON Schema', () => {
  it('is the one generated from the zod schema (run `npm run schema:event` after changing it)', () => {
    const committed = JSON.parse(readFileSync(new URL('../../assets/schema/event.v1.json', import.meta.url), 'utf8'));
    expect(committed).toEqual(JSON.parse(JSON.stringify(eventJsonSchema())));
  });
  it('fixes the names other tools rely on', () => {
    const s = eventJsonSchema() as { properties: Record<string, { const?: unknown; additionalProperties?: { properties?: Record<string, unknown> } }>; required: string[] };
    expect(s.properties.format!.const).toBe('quartermaster-event');
    expect(s.properties.version!.const).toBe(1);
    expect(s.required).toEqual(['format', 'version', 'name', 'game', 'dates']);
    expect(Object.keys(s.properties.characters!.additionalProperties!.properties!)).toEqual(['checkedInAt', 'printed', 'voided']);
  });
});
