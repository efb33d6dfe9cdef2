import { describe, expect, it, vi } from 'vitest';
import { canonicalBytes } from './canonical-bytes';
import { plainCanonicalJson } from '../testing/plain-canonical';
import { canonicalJson, contentHash, contentJson, sha256Hex } from './hash';

// The bytes must be the UTF-8 of the plain definition, byte for byte, or every printed card's hash
// would change (core/format/hash.test.ts holds canonicalJson, their text, to it on the fuzz corpus).
const utf8 = (v: unknown) => Buffer.from(plainCanonicalJson(v), 'utf8');
const same = (v: unknown) => expect(Buffer.from(canonicalBytes(v)).equals(utf8(v)), `${plainCanonicalJson(v).slice(0, 200)}`).toBe(true);

describe('canonicalBytes', () => {
  it('writes strings as JSON.stringify does: escapes, control characters, DEL, Cyrillic, astral and lone surrogates', () => {
    const strings = ['', 'plain', 'quote " and \\ backslash', '\u0000\u0001\u001f tab\t line\n', '\u007f DEL is not escaped', 'Бойна магия', 'é\u2028\u2029', '\u{1F600}', '\uD800', 'a\uDC00b', '"'];
    for (const s of strings) {
      same(s);
      same({ [s]: s, list: [s, s] });
    }
  });

  it('writes numbers, literals and what JSON has no place for as canonicalJson does', () => {
    const odd: unknown[] = [-0, 1e21, 1e-7, 0.1 + 0.2, Number.NaN, -Infinity, 123456789012345680000, true, false, null, undefined, [undefined, null, () => 1, Symbol('s')], { a: undefined, b: [], c: {} }];
    for (const v of odd) same(v);
    // eslint-disable-next-line no-sparse-arrays
    expect(Buffer.from(canonicalBytes([1, , 3])).toString()).toBe('[1,null,3]');
    expect(() => canonicalBytes(1n)).toThrow(TypeError);
  });

  it('sorts keys as canonicalJson does: index-like keys, case, accents, "__proto__" and objects that are not plain', () => {
    class Point {
      constructor(public y = 1, public x = 2) {}
    }
    const odd: unknown[] = [
      { z: 1, Z: 2, '\u00e9': 3, '10': 4, '9': 5, '1a': 6, '-1': 7, '01': 8 },
      JSON.parse('{"b":1,"__proto__":{"polluted":true},"a":2}'),
      Object.assign(Object.create(null), { b: 1, a: 2 }),
      new Date(0),
      { when: new Date(0), a: 1 },
      new Point(),
      new Map([['a', 1]]),
      { toJSON: () => 'not called', a: 1 },
      Object.defineProperty({ a: 1 }, 'hidden', { value: 2, enumerable: false }),
      Object.defineProperty({ b: 1 }, 'got', { get: () => 'read', enumerable: true }),
    ];
    for (const v of odd) same(v);
    // Objects of one shape but another key order, and more shapes than the orders it remembers.
    same({ b: 1, a: 2 });
    same({ a: 2, b: 1 });
    for (let i = 0; i < 25_000; i++) {
      const v = { [`k${i}`]: i, [`a${i % 7}`]: [{ [`n${i}`]: 1, m: 2 }], z: null };
      if (i % 1000 === 0 || i > 24_990) same(v);
      else canonicalBytes(v);
    }
    same({ z: 1, a: { y: 2, b: 3 } });
  });

  it('leaves out keys an object inherits, even when something has added one to Object.prototype', async () => {
    // A fresh copy of the module: the other tests fill its remembered key orders, and past their
    // limit nothing is remembered, which would hide a wrong one.
    vi.resetModules();
    const { canonicalBytes: fresh } = await import('./canonical-bytes');
    const check = (v: unknown) => expect(Buffer.from(fresh(v)).toString()).toBe(plainCanonicalJson(v));
    // An object with the key of its own and one without it, in both orders.
    const shapes = () => [{ b: 1, a: 2 }, { b: 1, a: 2, polluted: 3 }, { b: 1, a: 2 }, { d: 1, c: 2, polluted: 3 }, { d: 1, c: 2 }, JSON.parse('{"b":{"d":1,"c":2},"a":[{"y":1,"x":2}]}')];
    for (const v of shapes()) check(v);
    Object.defineProperty(Object.prototype, 'polluted', { value: 'inherited', enumerable: true, configurable: true, writable: true });
    try {
      for (const v of shapes()) check(v);
      expect(Buffer.from(fresh({ b: 1, a: 2 })).toString()).toBe('{"a":2,"b":1}');
    } finally {
      delete (Object.prototype as Record<string, unknown>).polluted;
    }
    for (const v of shapes()) check(v);
  });

  it('grows its buffer for a large value and stays right for a small one after it, and for a large one again', () => {
    const large = { notes: 'Дълга бележка. '.repeat(20_000), list: Array.from({ length: 5_000 }, (_, i) => ({ i, name: `item ${i}` })) };
    expect(utf8(large).length).toBeGreaterThan(1 << 17);
    same(large);
    same({ b: 'short', a: 1 });
    same('x');
    // Over 1 MB: the buffer is dropped at the next call.
    const larger = { ...large, more: 'x'.repeat(1 << 20) };
    same(larger);
    same({ b: 'short', a: 1 });
    same(larger);
    same(large);
  });

  it('writes a value whose getter asks for canonical JSON itself, and the outer value goes on where it was', () => {
    const inner = { y: 'Бойна', x: [1, 2] };
    const v = { b: 'before', get a() {
      return canonicalJson(inner);
    }, c: { z: 1, a: 2 } };
    expect(Buffer.from(canonicalBytes(v)).toString()).toBe('{"a":"{\\"x\\":[1,2],\\"y\\":\\"Бойна\\"}","b":"before","c":{"a":2,"z":1}}');
    same(v);
  });

  it('hashes to the content hash (the pure SHA-256 and the text agree)', () => {
    const c = { format: 'quartermaster-character', version: 2, name: 'Ана', items: [{ id: 'i1', name: 'Potion' }] };
    expect(sha256Hex(canonicalBytes(JSON.parse(contentJson(c))))).toBe(contentHash(c));
    expect(sha256Hex(canonicalBytes(c))).toBe(sha256Hex(canonicalJson(c)));
  });
});
