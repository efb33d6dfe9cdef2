import { describe, expect, it } from 'vitest';
import { jsonLengthBound } from './event-validator';

/** A small deterministic generator (xorshift), so a failing value can be found again. */
function random(seed: number) {
  let x = seed | 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 0x1_0000_0000;
  };
}

describe('jsonLengthBound', () => {
  it('is never below what JSON.stringify writes, for numbers as long as JavaScript writes them', () => {
    // The longest forms: 17 significant digits after "0.00000", a 21-digit integer, exponents.
    const numbers = [-0.0000012345678901234567, -123456789012345680000, -1.2345678901234567e-300, -2.2250738585072014e-308, Number.MAX_VALUE, -Number.MIN_VALUE, 1e21, -0, 0.1 + 0.2];
    for (const n of numbers) expect(jsonLengthBound(n)).toBeGreaterThanOrEqual(JSON.stringify(n).length);
    expect(Math.max(...numbers.map((n) => JSON.stringify(n).length))).toBe(25);
    const next = random(7);
    for (let i = 0; i < 20_000; i++) {
      const view = new DataView(new ArrayBuffer(8));
      view.setUint32(0, next() * 0x1_0000_0000);
      view.setUint32(4, next() * 0x1_0000_0000);
      const n = view.getFloat64(0);
      if (Number.isFinite(n)) expect(JSON.stringify(n).length).toBeLessThanOrEqual(25);
    }
  });

  it('counts strings and keys that JSON escapes at their longest, and every bracket, colon and comma', () => {
    const values: unknown[] = [
      '',
      '\u0001\u001f"\\\n',
      '\ud800 lone surrogate',
      '😀 emoji',
      { '\u0001': '\u0002', 'a"b': ['\\', null, true, false, 1e21] },
      [[[], {}], [{ a: [] }]],
      { id: '00000b45-1787-82f2-9395-d2ba3059a073', kind: 'printed', cards: [{ serial: 'CH-00000-00000', edition: '1' }], extra: { deep: [1, 2, { x: 'y' }] } },
    ];
    for (const v of values) expect(jsonLengthBound(v), JSON.stringify(v)).toBeGreaterThanOrEqual(JSON.stringify(v).length);
    // Exact for a value with nothing to escape and no number: six per unit is the only slack.
    expect(jsonLengthBound({ a: ['b'] })).toBe(2 + (6 + 4) + (2 + 1 + (6 + 2)));
  });

  it('is never below what JSON.stringify writes for random parsed JSON', () => {
    const next = random(11);
    const chars = ['a', 'Z', ' ', '"', '\\', '\n', '\u0000', '\u001f', 'é', '😀', '\ud800', '\u2028'];
    const text = () => Array.from({ length: Math.floor(next() * 12) }, () => chars[Math.floor(next() * chars.length)]).join('');
    const value = (depth: number): unknown => {
      const r = next();
      if (depth > 3 || r < 0.3) return [text(), (next() - 0.5) * 10 ** Math.floor(next() * 40 - 20), true, null][Math.floor(next() * 4)];
      if (r < 0.65) return Array.from({ length: Math.floor(next() * 5) }, () => value(depth + 1));
      return Object.fromEntries(Array.from({ length: Math.floor(next() * 5) }, () => [text(), value(depth + 1)]));
    };
    for (let i = 0; i < 5_000; i++) {
      const v = JSON.parse(JSON.stringify(value(0)));
      expect(jsonLengthBound(v)).toBeGreaterThanOrEqual(JSON.stringify(v).length);
    }
  });
});
