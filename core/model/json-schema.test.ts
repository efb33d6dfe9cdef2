import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { characterJsonSchema } from './json-schema';

describe('the committed JSON Schema', () => {
  it('is the one generated from the zod schema (run `npm run schema` after changing it)', () => {
    const committed = JSON.parse(readFileSync(new URL('../../assets/schema/character.v2.json', import.meta.url), 'utf8'));
    expect(committed).toEqual(JSON.parse(JSON.stringify(characterJsonSchema())));
  });
  it('fixes the names other tools rely on', () => {
    const s = characterJsonSchema() as { properties: Record<string, { enum?: string[]; const?: unknown; anyOf?: { enum?: string[]; pattern?: string }[] }>; required: string[] };
    expect(s.properties.format!.const).toBe('quartermaster-character');
    // The built-in games by name, or any game pack's id.
    expect(s.properties.ruleset!.anyOf![0]!.enum).toEqual(['novitas', 'fortunes-landing', 'curious-pastimes', 'bg-magic']);
    expect(s.properties.ruleset!.anyOf![1]!.pattern).toBe('^[a-z0-9][a-z0-9-]{0,63}$');
    expect(s.required).toEqual(expect.arrayContaining(['format', 'version', 'id', 'ruleset', 'name']));
  });
});
