// node's SHA-256 is the pure one's: the hash printed on cards and stored by the desk must not
// depend on which one computed it.
import { describe, expect, it } from 'vitest';
import { contentHash, sha256Hex } from '../../core/format/hash';
import { sampleBatch } from '../../core/pdf/sample-characters';
import { nativeContentHash, sha256Hex as sha256Native } from './sha256';

describe('native SHA-256', () => {
  it('gives the FIPS 180-2 test vectors', () => {
    expect(sha256Native('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(sha256Native('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  });

  it('hashes every text as the core does, UTF-8 and lone surrogates included', () => {
    for (const t of ['Бойна магия', '\u{1F600}', '\uD800', 'a\uDC00b', 'x'.repeat(1000), '\u0000']) expect(sha256Native(t)).toBe(sha256Hex(t));
  });
});

describe('nativeContentHash', () => {
  it('equals contentHash for characters of every game (Cyrillic names, items with ids) and for plain values', () => {
    for (const c of sampleBatch(8)) expect(nativeContentHash(c)).toBe(contentHash(c));
    for (const v of [{ b: 1, a: 'Ж' }, [], 'x', null]) expect(nativeContentHash(v)).toBe(contentHash(v));
  });
});
