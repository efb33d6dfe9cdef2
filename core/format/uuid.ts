// UUIDs made without node:crypto (the core runs in the renderer too): deterministic ones from a
// text (migrations, so two copies of a file migrate alike) and random ones for new records.
import { sha256Hex } from './hash';

/**
 * A UUID-shaped id from SHA-256 of `text`: version 8 ("custom", RFC 9562) with the RFC variant, so
 * it passes every UUID check and never equals a random (version 4) id made elsewhere.
 */
export function uuidFromText(text: string): string {
  return uuidFromHash(sha256Hex(text));
}

/** uuidFromText from the SHA-256 of the text in lower-case hex (for callers with a native SHA-256). */
export function uuidFromHash(hex: string): string {
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** A random version 4 UUID from the platform's crypto (Node 20, Chromium and Electron all have it). */
export function randomUuid(): string {
  const c = (globalThis as { crypto?: { randomUUID?: () => string; getRandomValues?: (a: Uint8Array) => Uint8Array } }).crypto;
  if (c?.randomUUID) return c.randomUUID();
  if (!c?.getRandomValues) throw new Error('no secure random number source for a new id');
  const b = c.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const s = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20, 32)}`;
}
