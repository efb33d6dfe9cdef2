// SHA-256 of a text in lower-case hex with Node's native hashing: the value core/format/hash.ts
// sha256Hex gives (UTF-8, as TextEncoder encodes), several times faster. crypto.hash (Node 20.12
// and later) hashes a short text in one call, about twice as fast as createHash for the desk's
// thousands of character hashes and migrated ids; older Node falls back to createHash.
import * as crypto from 'node:crypto';

const oneShot = (crypto as { hash?: (algorithm: string, data: string, encoding: 'hex') => string }).hash;

export const sha256Native: (text: string) => string =
  typeof oneShot === 'function' ? (text) => oneShot('sha256', text, 'hex') : (text) => crypto.createHash('sha256').update(text).digest('hex');
