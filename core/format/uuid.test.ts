import { describe, expect, it } from 'vitest';
import { sha256Hex } from './hash';
import { uuidFromHash, uuidFromText } from './uuid';

describe('ids made from a text', () => {
  it('shape the first 128 bits of SHA-256 as a version 8 UUID with the RFC variant', () => {
    // SHA-256("abc") = ba7816bf 8f01cfea 414140de 5dae2223 … (FIPS 180-2): digit 13 becomes the
    // version, 8; digit 17 (4 = 0100) keeps its low two bits under the variant bits 10: 1000 = 8.
    expect(uuidFromText('abc')).toBe('ba7816bf-8f01-8fea-8141-40de5dae2223');
    // SHA-256("") = e3b0c442 98fc1c14 9afbf4c8 …: digit 17 is 9 (1001), which stays 9.
    expect(uuidFromText('')).toBe('e3b0c442-98fc-8c14-9afb-f4c8996fb924');
  });

  it('are the same from the hash as from the text', () => {
    for (const t of ['abc', '', 'v1|x|check-in', 'Бойна магия', '\u{1F600}']) expect(uuidFromHash(sha256Hex(t))).toBe(uuidFromText(t));
  });
});
