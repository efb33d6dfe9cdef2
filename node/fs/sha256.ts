// SHA-256 on the Node side, natively: the same values as core/format/hash.ts (a text as UTF-8).
import { createHash } from 'node:crypto';
import { canonicalJson, contentJson } from '../../core/format/hash';

/** SHA-256 of bytes, or of a text as UTF-8, in lower-case hex. */
export function sha256Hex(input: string | Uint8Array): string {
  return createHash('sha256').update(input).digest('hex');
}

/** SHA-256 of a value's canonical JSON (core/format/hash.ts canonicalJson). */
export function canonicalHash(value: unknown): string {
  return sha256Hex(canonicalJson(value));
}

/** A character's content hash (core/format/hash.ts contentHash), natively. */
export function nativeContentHash(value: unknown): string {
  return sha256Hex(contentJson(value));
}
