import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { gamePackJsonSchema } from './json-schema';

describe('the committed game pack JSON Schema', () => {
  it('is the one generated from the zod schema (run `npm run schema:pack` after changing it)', () => {
    const committed = JSON.parse(readFileSync(new URL('../../assets/schema/game-pack.v1.json', import.meta.url), 'utf8'));
    expect(committed).toEqual(JSON.parse(JSON.stringify(gamePackJsonSchema())));
  });
  it('fixes the names other tools rely on', () => {
    const s = gamePackJsonSchema() as { properties: Record<string, { const?: unknown }>; required: string[] };
    expect(s.properties.format!.const).toBe('quartermaster-game-pack');
    expect(s.properties.formatVersion!.const).toBe(1);
    expect(s.required).toEqual(expect.arrayContaining(['format', 'formatVersion', 'id', 'version', 'names', 'source', 'skills', 'costs', 'numbers', 'advancement']));
  });
});
