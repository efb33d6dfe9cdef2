// Emberfall, the invented example game: its pack validates, and every quote is in its rule text.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { validatePack } from '../validate';
import { quotesOf } from '../testing/quotes';
import pack from './emberfall.pack.json';

const normal = (s: string) => s.replace(/\s+/g, ' ').trim();
const rules = normal(readFileSync(new URL('./emberfall.rules.md', import.meta.url), 'utf8'));

describe('the Emberfall example pack', () => {
  it('validates, CEL expressions included', () => {
    const result = validatePack(pack);
    expect(result.ok ? [] : result.problems).toEqual([]);
  });
  it('quotes its rule text word for word for every number', () => {
    const quotes = quotesOf(pack);
    expect(quotes.length).toBeGreaterThan(15);
    for (const q of quotes) {
      expect(q.source.startsWith('emberfall.rules.md § '), q.path).toBe(true);
      expect(rules, q.path).toContain(normal(q.quote));
    }
  });
  it('gives hits per location: head 1, torso 3, arms and legs 2 ("The head takes 1 hit. The torso takes 3 hits.")', () => {
    const hits = pack.body.hits as Record<string, { value: number }>;
    expect(Object.fromEntries(Object.entries(hits).map(([k, v]) => [k, v.value]))).toEqual({
      head: 1,
      torso: 3,
      'left-arm': 2,
      'right-arm': 2,
      'left-leg': 2,
      'right-leg': 2,
    });
  });
});
