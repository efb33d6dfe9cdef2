// SHA-256 of a text or bytes in lower-case hex with Node's native hashing: the value core/format/hash.ts
// sha256Hex gives (a text as UTF-8, as TextEncoder encodes it), several times faster. crypto.hash
// (Node 20.12 and later) hashes a short input in one call, about twice as fast as createHash for the
// desk's thousands of character hashes and migrated ids; older Node falls back to createHash.
import * as crypto from 'node:crypto';

const oneShot = (crypto as { hash?: (algorithm: string, data: string | Uint8Array, encoding: 'hex') => string }).hash;

export const sha256Native: (input: string | Uint8Array) => string =
  typeof oneShot === 'function' ? (input) => oneShot('sha256', input, 'hex') : (input) => crypto.createHash('sha256').update(input).digest('hex');
