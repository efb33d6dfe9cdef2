// Hostile files against the loader and the rules: every mutated file either loads (and then
// derives without throwing) or gives a clear problem naming the file; nothing is polluted.
import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { loadCharacterBytes } from './load';
import { derive } from '../rulesets/index';
import { mutate, prng } from '../testing/mutate';

const examplesDir = new URL('../../assets/examples/', import.meta.url);
const examples = readdirSync(examplesDir).map((f) => JSON.parse(readFileSync(new URL(f, examplesDir), 'utf8')));
const FILES = 10_000;

describe('fuzzing the character loader', () => {
  it(`survives ${FILES.toLocaleString('en')} mutated files`, () => {
    const rand = prng(20261130);
    let loaded = 0;
    let refused = 0;
    const codes = new Map<string, number>();
    for (let i = 0; i < FILES; i++) {
      const source = `fuzz-${i}.character.json`;
      const bytes = mutate(examples[i % examples.length], rand);
      const r = loadCharacterBytes(bytes, source);
      if (r.ok) {
        loaded++;
        const d = derive(r.character);
        expect(Array.isArray(d.violations)).toBe(true);
        for (const v of d.violations) expect(typeof v.message).toBe('string');
      } else {
        refused++;
        codes.set(r.problem.code, (codes.get(r.problem.code) ?? 0) + 1);
        expect(r.problem.message.startsWith(`${source}: `)).toBe(true);
        expect(r.problem.message.length).toBeLessThan(2_000);
      }
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((Object.prototype as Record<string, unknown>).toString).toBe(Object.prototype.toString);
    expect(loaded + refused).toBe(FILES);
    // The mutations reach every kind of refusal, and some mutated files are still valid.
    expect(loaded).toBeGreaterThan(100);
    for (const code of ['not-json', 'not-utf8', 'too-deep', 'invalid', 'not-character', 'future-version', 'forbidden-key']) {
      expect(codes.get(code) ?? 0, code).toBeGreaterThan(0);
    }
  });

  it('refuses a 200 MB file by its size', () => {
    const r = loadCharacterBytes(new Uint8Array(200 * 1024 * 1024), 'huge.character.json');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problem.code).toBe('too-large');
  });
});
