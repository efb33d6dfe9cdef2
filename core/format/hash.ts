// SHA-256 over text, in plain TypeScript so the core stays free of node:crypto and DOM APIs.
// Used for the content hash printed on cards and stored by the event desk.
import { canonicalBytes } from './canonical-bytes';

// The round constants as signed 32-bit words: sums of them stay small integers for the engine.
const K = new Int32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3,
  0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208,
  0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);

const W = new Int32Array(64);
/** The padded message, reused between calls (grown when a longer one comes). */
let block = new Uint8Array(1024);
const H = new Int32Array(8);
const encoder = new TextEncoder();

/** The message's bytes at the start of `block`, grown to fit its padding too; returns its length. */
function load(input: string | Uint8Array): number {
  if (typeof input !== 'string') {
    if (block.length < input.length + 72) block = new Uint8Array(input.length + 72 + 1024);
    block.set(input);
    return input.length;
  }
  // UTF-8 takes at most 3 bytes per UTF-16 unit; ASCII (most of what is hashed) is copied as it is.
  if (block.length < input.length * 3 + 72) block = new Uint8Array(input.length * 3 + 72 + 1024);
  const n = input.length;
  for (let i = 0; i < n; i++) {
    const c = input.charCodeAt(i);
    if (c >= 0x80) return i + encoder.encodeInto(input.slice(i), block.subarray(i)).written;
    block[i] = c;
  }
  return n;
}

/**
 * SHA-256 of text (as UTF-8) or bytes, as eight 32-bit words (signed) in an array that the next
 * call overwrites.
 */
export function sha256Words(input: string | Uint8Array): Int32Array {
  const length = load(input);
  const total = ((length + 9 + 63) >> 6) << 6;
  const padded = block;
  padded.fill(0, length, total);
  padded[length] = 0x80;
  const hiBits = Math.floor(length / 0x20000000);
  const loBits = (length * 8) >>> 0;
  padded[total - 8] = hiBits >>> 24;
  padded[total - 7] = hiBits >>> 16;
  padded[total - 6] = hiBits >>> 8;
  padded[total - 5] = hiBits;
  padded[total - 4] = loBits >>> 24;
  padded[total - 3] = loBits >>> 16;
  padded[total - 2] = loBits >>> 8;
  padded[total - 1] = loBits;
  // 32-bit arithmetic in plain locals (| 0 wraps like >>> 0; the sign only matters when printing).
  let h0 = 0x6a09e667 | 0;
  let h1 = 0xbb67ae85 | 0;
  let h2 = 0x3c6ef372 | 0;
  let h3 = 0xa54ff53a | 0;
  let h4 = 0x510e527f | 0;
  let h5 = 0x9b05688c | 0;
  let h6 = 0x1f83d9ab | 0;
  let h7 = 0x5be0cd19 | 0;
  const w = W;
  for (let off = 0; off < total; off += 64) {
    for (let i = 0; i < 16; i++) {
      const j = off + i * 4;
      w[i] = (padded[j]! << 24) | (padded[j + 1]! << 16) | (padded[j + 2]! << 8) | padded[j + 3]!;
    }
    for (let i = 16; i < 64; i++) {
      const x = w[i - 15]!;
      const y = w[i - 2]!;
      const s0 = ((x >>> 7) | (x << 25)) ^ ((x >>> 18) | (x << 14)) ^ (x >>> 3);
      const s1 = ((y >>> 17) | (y << 15)) ^ ((y >>> 19) | (y << 13)) ^ (y >>> 10);
      w[i] = (w[i - 16]! + s0 + w[i - 7]! + s1) | 0;
    }
    let a = h0;
    let b = h1;
    let c = h2;
    let d = h3;
    let e = h4;
    let f = h5;
    let g = h6;
    let hh = h7;
    for (let i = 0; i < 64; i++) {
      const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
      const t1 = (hh + S1 + ((e & f) ^ (~e & g)) + K[i]! + w[i]!) | 0;
      const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
      const t2 = (S0 + ((a & b) ^ (a & c) ^ (b & c))) | 0;
      hh = g;
      g = f;
      f = e;
      e = (d + t1) | 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) | 0;
    }
    h0 = (h0 + a) | 0;
    h1 = (h1 + b) | 0;
    h2 = (h2 + c) | 0;
    h3 = (h3 + d) | 0;
    h4 = (h4 + e) | 0;
    h5 = (h5 + f) | 0;
    h6 = (h6 + g) | 0;
    h7 = (h7 + hh) | 0;
  }
  H[0] = h0;
  H[1] = h1;
  H[2] = h2;
  H[3] = h3;
  H[4] = h4;
  H[5] = h5;
  H[6] = h6;
  H[7] = h7;
  return H;
}

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

export function sha256Hex(input: string | Uint8Array): string {
  const h = sha256Words(input);
  let out = '';
  for (let i = 0; i < 8; i++) {
    const x = h[i]!;
    out += HEX[(x >>> 24) & 255]! + HEX[(x >>> 16) & 255]! + HEX[(x >>> 8) & 255]! + HEX[x & 255]!;
  }
  return out;
}

/**
 * JSON with object keys sorted, so the same content always hashes the same: the text of the bytes
 * core/format/canonical-bytes.ts writes, which is where it is defined.
 */
export function canonicalJson(value: unknown): string {
  return decoder.decode(canonicalBytes(value));
}

/** The bytes are always well-formed UTF-8 (JSON.stringify escapes lone surrogates): decoded as they are. */
const decoder = new TextDecoder();

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

/**
 * The same as UTF-8 bytes, what the hash is taken over (for callers with a native SHA-256): a view
 * that the next canonical call overwrites (canonical-bytes.ts).
 */
export function contentBytes(value: unknown): Uint8Array {
  return canonicalBytes(contentView(value));
}

/** The content hash of a character (or any JSON value): SHA-256 of its canonical JSON (see contentView). */
export function contentHash(value: unknown): string {
  return sha256Hex(contentBytes(value));
}
