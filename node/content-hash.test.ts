// node's SHA-256 content hash is the pure one: the hash printed on cards and stored by the desk
// must not depend on which one computed it.
import { describe, expect, it } from 'vitest';
import { contentHash } from '../core/format/hash';
import { sampleBatch } from '../core/pdf/sample-characters';
import { nativeContentHash } from './content-hash';

describe('nativeContentHash', () => {
  it('equals contentHash for characters of every game (Cyrillic names, items with ids) and for plain values', () => {
    for (const c of sampleBatch(8)) expect(nativeContentHash(c)).toBe(contentHash(c));
    for (const v of [{ b: 1, a: 'Ж' }, [], 'x', null]) expect(nativeContentHash(v)).toBe(contentHash(v));
  });
});
