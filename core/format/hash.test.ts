import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';
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

describe('canonicalJson is RFC 8785 (JCS)', () => {
  it('writes the bytes the canonicalize package (the JCS reference) writes, on the fuzz corpus and on odd JSON values', async () => {
    const { guardedMutations } = await import('../testing/mutate');
    const { readFileSync, readdirSync } = await import('node:fs');
    const dir = new URL('../../assets/examples/', import.meta.url);
    const examples = readdirSync(dir).map((f) => JSON.parse(readFileSync(new URL(f, dir), 'utf8')));
    const values = guardedMutations(examples, 99, 3_000);
    expect(values.length).toBeGreaterThan(1_000);
    // JCS refuses a lone surrogate (the mutations put some in); canonicalJson escapes it, as
    // JSON.stringify does (below). Every other value is compared.
    let compared = 0;
    for (const value of values) {
      let reference: string | undefined;
      try {
        reference = canonicalize(value);
      } catch (e) {
        expect((e as Error).message).toBe('Lone surrogate is not allowed');
        continue;
      }
      expect(canonicalJson(value)).toBe(reference);
      compared++;
    }
    expect(compared).toBeGreaterThan(1_000);
    const odd = [-0, 1e21, 1e-7, 0.1 + 0.2, 5e-324, 2 ** 53 + 2, 'é\u2028"\\\u0000\u001f', [null, [], {}], { b: [], a: {} }, { z: 1, Z: 2, '\u00e9': 3, '10': 4, '9': 5, '\u{1F600}': 6, '\uFFFF': 7 }, true, 'Бойна магия'];
    for (const v of odd) expect(canonicalJson(v)).toBe(canonicalize(v));
    // Keys in UTF-16 code unit order: an astral character (a surrogate pair, 0xD83D…) before U+FFFF.
    expect(canonicalJson({ '\uFFFF': 1, '\u{1F600}': 2 })).toBe('{"\u{1F600}":2,"\uFFFF":1}');
    expect(canonicalJson({ name: 'x\ud800y' })).toBe('{"name":"x\\ud800y"}');
  });

  it('leaves out undefined fields, writes undefined in an array and a hole as null, and leaves the value as it was', () => {
    const value = { b: [{ id: 's', level: 1 }, { a: 1, b: { c: [{ z: 1, a: 2 }], d: undefined } }], a: { id: 'x', level: 2, note: undefined } };
    const before = JSON.stringify(value);
    expect(canonicalJson(value)).toBe('{"a":{"id":"x","level":2},"b":[{"id":"s","level":1},{"a":1,"b":{"c":[{"a":2,"z":1}]}}]}');
    expect(JSON.stringify(value)).toBe(before);
    // eslint-disable-next-line no-sparse-arrays
    expect(canonicalJson([1, , undefined, 3])).toBe('[1,null,null,3]');
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

