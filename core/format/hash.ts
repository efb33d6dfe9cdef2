// Content hashes: SHA-256 (@noble/hashes, pure JavaScript, so the core stays free of node:crypto
// and DOM APIs) of canonical JSON. Used for the content hash printed on cards and stored by the
// event desk; the Node side hashes the same text natively (node/fs/sha256.ts).
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/** SHA-256 of bytes, or of a text as UTF-8. */
export function sha256Bytes(input: string | Uint8Array): Uint8Array {
  return sha256(typeof input === 'string' ? utf8ToBytes(input) : input);
}

/** SHA-256 of bytes, or of a text as UTF-8, in lower-case hex. */
export function sha256Hex(input: string | Uint8Array): string {
  return bytesToHex(sha256Bytes(input));
}

/**
 * Canonical JSON as RFC 8785 (JCS) defines it for JSON data: object keys sorted by UTF-16 code
 * units (the default sort), no white space, strings and numbers as JSON.stringify writes them. So
 * the same content always gives the same text and the same hash. Beyond JSON data it writes what
 * JSON.stringify would inside an array (undefined, a function or a symbol as null), leaves out an
 * object's undefined fields and calls no toJSON; a bigint throws.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${Array.from(value, canonicalJson).join(',')}]`;
  const obj = value as Record<string, unknown>;
  const keys = Object.keys(obj).filter((k) => obj[k] !== undefined).sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(obj[k])}`).join(',')}}`;
}

/**
 * What the content hash is taken over: the value itself, except that a character file of version 2
 * is hashed as the version 1 file it migrates from (version 1, items without their ids). Migrating
 * a file therefore does not make every card printed before look changed, and cards printed before
 * version 2 still verify. Anything else version 2 adds (status, history) is hashed as it is.
 */
export function contentView(value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const c = value as Record<string, unknown>;
  if (c.format !== 'quartermaster-character' || c.version !== 2) return value;
  const items = Array.isArray(c.items)
    ? c.items.map((item) => {
        if (item === null || typeof item !== 'object' || Array.isArray(item)) return item;
        const { id: _id, ...rest } = item as Record<string, unknown>;
        return rest;
      })
    : c.items;
  return { ...c, version: 1, items };
}

/** The canonical JSON the content hash is taken over. */
export function contentJson(value: unknown): string {
  return canonicalJson(contentView(value));
}

/** The content hash of a character (or any JSON value): SHA-256 of its canonical JSON (see contentView). */
export function contentHash(value: unknown): string {
  return sha256Hex(contentJson(value));
}
