import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { plainCanonicalJson } from '../testing/plain-canonical';
import { canonicalJson, contentHash, sha256Hex } from './hash';

describe('sha256Hex', () => {
  it('matches the FIPS 180-2 test vectors', () => {
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(sha256Hex('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')).toBe('248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1');
  });
  it('agrees with node:crypto on lengths around the block boundary and on Cyrillic', () => {
    for (const s of ['a'.repeat(55), 'a'.repeat(56), 'a'.repeat(63), 'a'.repeat(64), 'a'.repeat(65), 'Васил Вещера'.repeat(30)]) {
      expect(sha256Hex(s)).toBe(createHash('sha256').update(s).digest('hex'));
    }
  });
});

describe('sha256Hex reusing its buffer', () => {
  it('agrees with node:crypto on text that turns non-ASCII midway, astral and lone surrogates, and short after long', () => {
    const cases = ['Item · IT-7K3QM-9XD2F', 'naïve', 'a🎲b', 'x\ud800y', 'Свитък: Страх '.repeat(400), 'abc', 'Ж'.repeat(2000) + 'z', ''];
    for (const s of cases) expect(sha256Hex(s)).toBe(createHash('sha256').update(s).digest('hex'));
  });
});

describe('contentHash', () => {
  it('does not depend on key order', () => {
    expect(contentHash({ a: 1, b: [1, { c: 2, d: 3 }] })).toBe(contentHash({ b: [1, { d: 3, c: 2 }], a: 1 }));
    expect(canonicalJson({ b: 1, a: 'x' })).toBe('{"a":"x","b":1}');
  });
  it('changes when the content changes', () => {
    expect(contentHash({ a: 1 })).not.toBe(contentHash({ a: 2 }));
  });
});

describe('canonicalJson', () => {
  it('gives exactly the plain definition on the fuzz corpus and on odd values', async () => {
    const { guardedMutations } = await import('../testing/mutate');
    const { readFileSync, readdirSync } = await import('node:fs');
    const dir = new URL('../../assets/examples/', import.meta.url);
    const examples = readdirSync(dir).map((f) => JSON.parse(readFileSync(new URL(f, dir), 'utf8')));
    const values = guardedMutations(examples, 99, 3_000);
    // Each value after the one before: the bytes' buffer is reused (core/format/canonical-bytes.test.ts has the rest).
    for (const value of values) expect(canonicalJson(value)).toBe(plainCanonicalJson(value));
    expect(values.length).toBeGreaterThan(1_000);
    const odd = [-0, 1e21, 1e-7, 0.1 + 0.2, Number.NaN, Infinity, 'é\u2028"\\', [undefined, null], { a: undefined, b: [] }, { 'z': 1, 'Z': 2, '\u00e9': 3, '10': 4, '9': 5 }, true, undefined];
    for (const v of odd) expect(canonicalJson(v)).toBe(plainCanonicalJson(v));
  });

  it('gives the plain definition for values that are not plain JSON data, and for keys objects reorder', () => {
    class Point {
      constructor(public x = 1) {}
    }
    const nullProto = Object.assign(Object.create(null), { b: 1, a: 2 });
    const odd: unknown[] = [
      JSON.parse('{"b":1,"__proto__":{"polluted":true},"a":2}'),
      { b: { '10': 1, '9': 2, a: 3 }, a: 1 },
      { '1a': 1, '0': 2, '-1': 3, '01': 4, x: 5 },
      new Date(0),
      { when: new Date(0), a: 1 },
      { f: () => 1, a: 1 },
      [() => 1, 1],
      { s: Symbol('s'), a: 1 },
      [Symbol('s')],
      nullProto,
      { nested: nullProto },
      new Map([['a', 1]]),
      new String('boxed'),
      { boxed: new Number(3) },
      new Uint8Array([3, 1, 2]),
      new Point(),
      [new Point(2)],
      { toJSON: 'not a function', a: 1 },
      { toJSON: () => 'called', a: 1 },
      [[[{ z: [undefined, { y: 1, x: 2 }] }]]],
      Object.defineProperty({ a: 1 }, 'hidden', { value: 2, enumerable: false }),
      Object.defineProperty({ b: 1 }, 'got', { get: () => 'read', enumerable: true }),
    ];
    for (const v of odd) expect(canonicalJson(v)).toBe(plainCanonicalJson(v));
    // A hole in an array is written as JSON.stringify writes it (the plain definition's map skips it).
    // eslint-disable-next-line no-sparse-arrays
    expect(canonicalJson([1, , 3])).toBe('[1,null,3]');
  });

  it('gives the plain definition for more shapes of object than it remembers', () => {
    // 30,000 objects, each with keys of its own: past the remembered key orders (20,000).
    for (let i = 0; i < 30_000; i++) {
      const v = { [`k${i}`]: i, [`a${i % 7}`]: [{ [`n${i}`]: 1, m: 2 }], z: null };
      expect(canonicalJson(v)).toBe(plainCanonicalJson(v));
    }
    const again = { z: 1, a: { y: 2, b: 3 } };
    expect(canonicalJson(again)).toBe('{"a":{"b":3,"y":2},"z":1}');
  });
});

describe('sha256Hex against node:crypto', () => {
  it('agrees on every length up to 300 bytes and on random bytes', async () => {
    const { prng } = await import('../testing/mutate');
    const rand = prng(5);
    for (let n = 0; n <= 300; n++) {
      const bytes = Uint8Array.from({ length: n }, () => Math.floor(rand() * 256));
      expect(sha256Hex(bytes)).toBe(createHash('sha256').update(bytes).digest('hex'));
    }
    const big = Uint8Array.from({ length: 100_000 }, () => Math.floor(rand() * 256));
    expect(sha256Hex(big)).toBe(createHash('sha256').update(big).digest('hex'));
  });
});

describe('canonicalJson with remembered key orders', () => {
  it('sorts objects of one kind and of many kinds alike, whatever was seen before', () => {
    // The same key list again, the same keys in another order, and many free-form key lists under one first key.
    expect(canonicalJson({ z: 1, a: 2, m: 3 })).toBe('{"a":2,"m":3,"z":1}');
    expect(canonicalJson({ z: 4, a: 5, m: 6 })).toBe('{"a":5,"m":6,"z":4}');
    expect(canonicalJson({ a: 7, z: 8, m: 9 })).toBe('{"a":7,"m":9,"z":8}');
    for (let i = 0; i < 40; i++) {
      const obj: Record<string, number> = { first: 0 };
      obj[`k${(i * 7919) % 97}`] = i;
      obj.b = 1;
      expect(canonicalJson(obj)).toBe(JSON.stringify(Object.fromEntries(Object.entries(obj).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)))));
    }
  });
});

describe('canonicalJson of data partly in order already', () => {
  it('sorts an unsorted object inside sorted ones and sorted ones inside unsorted, and leaves the value as it was', () => {
    // In order: {a, b}, [..], {id, level}; out of order: {z, a} deep inside, and the top level.
    const value = { b: [{ id: 's', level: 1 }, { a: 1, b: { c: [{ z: 1, a: 2 }], d: undefined } }], a: { id: 'x', level: 2, note: undefined } };
    const before = JSON.stringify(value);
    expect(canonicalJson(value)).toBe('{"a":{"id":"x","level":2},"b":[{"id":"s","level":1},{"a":1,"b":{"c":[{"a":2,"z":1}]}}]}');
    // An array of objects all in order, with an unsorted one last; the same again (key orders remembered).
    const list = [{ a: 1, b: 2 }, { a: 3, b: 4 }, { b: 5, a: 6 }];
    expect(canonicalJson(list)).toBe('[{"a":1,"b":2},{"a":3,"b":4},{"a":6,"b":5}]');
    expect(canonicalJson(list)).toBe('[{"a":1,"b":2},{"a":3,"b":4},{"a":6,"b":5}]');
    // A function inside is not JSON: written as null.
    expect(canonicalJson({ a: 1, b: { c: () => 1 } })).toBe('{"a":1,"b":{"c":null}}');
    expect(JSON.stringify(value)).toBe(before);
  });
});
