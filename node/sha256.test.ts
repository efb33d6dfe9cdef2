import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../core/format/hash';
import { sha256Native } from './sha256';

describe('native SHA-256', () => {
  it('gives the FIPS 180-2 test vectors', () => {
    expect(sha256Native('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(sha256Native('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  });

  it('hashes every text as the core does, UTF-8 and lone surrogates included', () => {
    for (const t of ['Бойна магия', '\u{1F600}', '\uD800', 'a\uDC00b', 'x'.repeat(1000), '\u0000']) expect(sha256Native(t)).toBe(sha256Hex(t));
  });
});
