// Each desk's Ed25519 key pair, and the two replicated documents that make signatures checkable:
//   "deskkey:<desk id>"  { kind: "deskkey", key: { desk: <desk id>, publicKey: <32 bytes, base64url> } }
//   "seal"               { kind: "seal", seal: { desk: <sealing desk id>, entries: [<entry ids>] }, signature }
// A key document binds a public key to a desk id; the first registration of a desk id wins (the hub
// refuses another key for it, and a desk id with two keys is disputed at every desk: nothing it
// signs is taken). The seal lists the entries the hosting desk held when it first shared the event,
// which it signs as their witness (signatures.ts). Both documents are immutable.
//
// The private key stays in the desk's own folder (the app's userData/sync, the command line's
// .quartermaster-sync), readable by its owner only, and is never replicated.
import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, randomUUID, sign, type KeyObject } from 'node:crypto';
import { chmod, mkdir, open, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as z from 'zod';

export const KEY_PREFIX = 'deskkey:';
export const SEAL_ID = 'seal';

export const keyDocId = (deskId: string) => `${KEY_PREFIX}${deskId.toLowerCase()}`;

const lowerUuid = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, 'a desk id (a lower-case UUID)');
const publicKeyText = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'an Ed25519 public key (32 bytes, base64url)');
/** An Ed25519 signature: 64 bytes as base64url. */
export const signatureText = z.string().regex(/^[A-Za-z0-9_-]{86}$/, 'an Ed25519 signature (64 bytes, base64url)');

// No name: a desk's name may change (its settings), its id and key do not.
export const registeredKeySchema = z.strictObject({ desk: lowerUuid, publicKey: publicKeyText });
export type RegisteredKey = z.infer<typeof registeredKeySchema>;

/** Who signed: the desk's id and its signature. */
export const entrySignatureSchema = z.strictObject({ desk: lowerUuid, sig: signatureText });
export type EntrySignature = z.infer<typeof entrySignatureSchema>;

/** At most this many entries are witnessed by a seal (the document stays under the 5 MB limit). */
export const MAX_SEALED_ENTRIES = 100_000;
export const sealSchema = z.strictObject({ desk: lowerUuid, entries: z.array(z.string().max(40)).max(MAX_SEALED_ENTRIES) });
export type Seal = z.infer<typeof sealSchema>;

export type KeyDoc = { _id: string; _rev?: string; kind: 'deskkey'; key: RegisteredKey };
export type SealDoc = { _id: typeof SEAL_ID; _rev?: string; kind: 'seal'; seal: Seal; signature: EntrySignature };

/** Checks a key or seal document's shape (not its signature: that needs the keys, signatures.ts). */
export function checkSigningDoc(doc: Record<string, unknown>, id: string): { ok: true; doc: KeyDoc | SealDoc } | { ok: false; message: string } {
  if (id === SEAL_ID) {
    if (doc.kind !== 'seal') return { ok: false, message: 'field "kind" must be "seal"' };
    const seal = sealSchema.safeParse(doc.seal);
    if (!seal.success) return { ok: false, message: `field "seal": ${seal.error.issues[0]!.message}` };
    const signature = entrySignatureSchema.safeParse(doc.signature);
    if (!signature.success) return { ok: false, message: `field "signature": ${signature.error.issues[0]!.message}` };
    return { ok: true, doc: { ...(doc as object), seal: seal.data, signature: signature.data } as SealDoc };
  }
  if (doc.kind !== 'deskkey') return { ok: false, message: 'field "kind" must be "deskkey"' };
  const key = registeredKeySchema.safeParse(doc.key);
  if (!key.success) return { ok: false, message: `field "key": ${key.error.issues[0]!.message}` };
  if (id !== keyDocId(key.data.desk)) return { ok: false, message: `the _id must be "${keyDocId(key.data.desk)}" (the desk's id)` };
  return { ok: true, doc: { ...(doc as object), key: key.data } as KeyDoc };
}

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * The short fingerprint volunteers compare by eye: the first 80 bits of SHA-256 of the public key,
 * in Crockford base32, four groups of four ("K7QM-9XD2-F3TA-8B1C").
 */
export function keyFingerprint(publicKey: string): string {
  const digest = createHash('sha256').update(Buffer.from(publicKey, 'base64url')).digest();
  let bits = 0;
  let value = 0;
  let out = '';
  for (let i = 0; out.length < 16; ) {
    if (bits < 5) {
      value = (value << 8) | digest[i++]!;
      bits += 8;
    }
    out += CROCKFORD[(value >> (bits - 5)) & 31];
    bits -= 5;
  }
  return out.match(/.{4}/g)!.join('-');
}

export const publicKeyOf = (key: KeyObject): string => createPublicKey(key).export({ format: 'jwk' }).x as string;

export const publicKeyObject = (publicKey: string): KeyObject => createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: publicKey }, format: 'jwk' });

/** A desk able to sign: its id and its private key. */
export type DeskKey = { deskId: string; publicKey: string; fingerprint: string; sign(payload: string): string };

function deskKeyOf(deskId: string, privateKey: KeyObject): DeskKey {
  const publicKey = publicKeyOf(privateKey);
  return {
    deskId,
    publicKey,
    fingerprint: keyFingerprint(publicKey),
    sign: (payload) => sign(null, Buffer.from(payload, 'utf8'), privateKey).toString('base64url'),
  };
}

export class DeskKeyError extends Error {}

/**
 * The desk's key pair, made at its first start and kept in `folder`: "desk-<desk id>.key" for a
 * desk with an id (the app's settings, the command line's --desk), else "desk.key", which also
 * holds the id made for the desk then. The file is created exclusively, mode 0600.
 */
export async function loadDeskKey(folder: string, desk?: { id: string }): Promise<DeskKey> {
  const file = join(folder, desk ? `desk-${desk.id.toLowerCase()}.key` : 'desk.key');
  for (let attempt = 0; attempt < 2; attempt++) {
    let text: string | null = null;
    try {
      text = await readFile(file, 'utf8');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw new DeskKeyError(`${file}: cannot read this desk's key: ${(e as Error).message}`);
    }
    if (text !== null) {
      let saved: { desk?: unknown; privateKey?: unknown };
      try {
        saved = JSON.parse(text);
      } catch {
        throw new DeskKeyError(`${file}: this desk's key file is not JSON; move it away to make a new key (the desk then registers as a new desk)`);
      }
      const id = typeof saved.desk === 'string' ? saved.desk.toLowerCase() : '';
      if (!lowerUuid.safeParse(id).success || typeof saved.privateKey !== 'string' || (desk && id !== desk.id.toLowerCase())) {
        throw new DeskKeyError(`${file}: this desk's key file is not one this version wrote (field "desk" or "privateKey")`);
      }
      await chmod(file, 0o600).catch(() => undefined);
      return deskKeyOf(id, createPrivateKey(saved.privateKey));
    }
    const deskId = desk ? desk.id.toLowerCase() : randomUUID();
    const { privateKey } = generateKeyPairSync('ed25519');
    const body = JSON.stringify({ desk: deskId, privateKey: privateKey.export({ format: 'pem', type: 'pkcs8' }) });
    await mkdir(folder, { recursive: true });
    let fh;
    try {
      fh = await open(file, 'wx', 0o600);
    } catch (e) {
      // Another process of this desk made it first: read that one.
      if ((e as NodeJS.ErrnoException).code === 'EEXIST') continue;
      throw new DeskKeyError(`${file}: cannot create this desk's key: ${(e as Error).message}`);
    }
    try {
      await fh.writeFile(body);
      await fh.sync();
    } finally {
      await fh.close();
    }
    return deskKeyOf(deskId, privateKey);
  }
  throw new DeskKeyError(`${file}: cannot read or create this desk's key`);
}
