// Signed entries. Every entry document carries `signature: { desk, sig }`: an Ed25519 signature by
// the desk `desk` over entryPayload (the event's id and the entry as written, canonical JSON), so an
// entry cannot be changed, moved to another event or claimed by another desk. It is taken when:
// - the signing desk's key is registered (desk-keys.ts) and not disputed, and the signature verifies;
// - the entry is the signer's own: its `deskId` is the signer's id — or the signer sealed the event
//   and the entry is one the seal lists (written before the event was shared, or by a version that
//   gave entries no desk id; the sealing desk is its witness).
// Each rule depends only on documents that are immutable and arrive before the entries they cover
// (a desk registers before it signs; the seal is written before what it witnesses), so every desk
// decides the same for every entry.
// Checked by the hub before it stores a request (signatureRefusals) and by every desk before an entry is
// written to its event file or used (KeyRing, in store.ts).
import { verify, type KeyObject } from 'node:crypto';
import { canonicalJson } from '../../core/format/hash';
import type { LedgerEntry } from './ledger-api';
import { KEY_PREFIX, SEAL_ID, checkSigningDoc, keyFingerprint, publicKeyObject, type DeskKey, type EntrySignature, type KeyDoc, type RegisteredKey, type Seal, type SealDoc } from './desk-keys';

/** What an entry's signature is over: the event's id and the entry, canonical JSON (pure). */
export function entryPayload(eventId: string, entry: LedgerEntry): string {
  return canonicalJson({ signed: 'quartermaster-entry/1', event: eventId.toLowerCase(), entry });
}

/** What a seal's signature is over (pure). */
export function sealPayload(eventId: string, seal: Seal): string {
  return canonicalJson({ signed: 'quartermaster-seal/1', event: eventId.toLowerCase(), seal });
}

export function signEntry(key: DeskKey, eventId: string, entry: LedgerEntry): EntrySignature {
  return { desk: key.deskId, sig: key.sign(entryPayload(eventId, entry)) };
}

/** Why `key` cannot sign `entry` as its author (it names another desk), or null when it can. */
export function authorRefusal(key: Pick<DeskKey, 'deskId'>, entry: LedgerEntry): string | null {
  const named = entry.deskId?.toLowerCase();
  if (named === key.deskId) return null;
  const made = named ? `was made at desk "${entry.desk}" (${named}), not at this desk` : `names no desk id (desk "${entry.desk}")`;
  return `entry ${entry.id} ${made}, and is not among the entries sealed when the event was first shared: only the desk that made it can share it`;
}

/** Public keys imported once (a first join verifies thousands of entries by a handful of desks). */
const imported = new Map<string, KeyObject>();

function keyObject(publicKey: string): KeyObject {
  let k = imported.get(publicKey);
  if (!k) {
    if (imported.size >= 1_000) imported.clear();
    k = publicKeyObject(publicKey);
    imported.set(publicKey, k);
  }
  return k;
}

function verifies(key: RegisteredKey, payload: string, sig: string): boolean {
  try {
    return verify(null, Buffer.from(payload, 'utf8'), keyObject(key.publicKey), Buffer.from(sig, 'base64url'));
  } catch {
    return false;
  }
}

type Registered = { key: RegisteredKey; disputed: boolean };

/** The registered keys and the seal of one event, as one database holds them. */
export class KeyRing {
  readonly keys = new Map<string, Registered>();
  seal: { seal: Seal; ids: Set<string>; disputed: boolean } | null = null;

  constructor(readonly eventId: string) {}

  /** Reads every key document and the seal (with their conflicting revisions: two keys for one desk id is a dispute). */
  static async load(db: PouchDatabase, eventId: string): Promise<KeyRing> {
    const ring = new KeyRing(eventId);
    const res = await db.allDocs({ startkey: KEY_PREFIX, endkey: `${KEY_PREFIX}\uffff`, include_docs: true, conflicts: true });
    for (const row of res.rows) {
      if (!row.doc || row.doc._deleted) continue;
      const c = checkSigningDoc(row.doc, row.id);
      if (!c.ok || c.doc.kind !== 'deskkey') continue;
      ring.keys.set(c.doc.key.desk, { key: c.doc.key, disputed: (row.doc._conflicts ?? []).length > 0 });
    }
    let raw: any = null;
    try {
      raw = await db.get(SEAL_ID, { conflicts: true });
    } catch (e) {
      if ((e as { status?: number }).status !== 404) throw e;
    }
    if (raw) {
      const c = checkSigningDoc(raw, SEAL_ID);
      if (c.ok && c.doc.kind === 'seal' && ring.sealVerifies(c.doc)) ring.seal = { seal: c.doc.seal, ids: new Set(c.doc.seal.entries), disputed: (raw._conflicts ?? []).length > 0 };
    }
    return ring;
  }

  fingerprint(deskId: string): string {
    const k = this.keys.get(deskId);
    return k ? keyFingerprint(k.key.publicKey) : 'unregistered';
  }

  private describe(deskId: string): string {
    const k = this.keys.get(deskId);
    return `desk ${deskId} (key ${k ? keyFingerprint(k.key.publicKey) : 'unregistered'})`;
  }

  sealVerifies(doc: SealDoc): boolean {
    const k = this.keys.get(doc.signature.desk);
    return !!k && !k.disputed && doc.seal.desk === doc.signature.desk && verifies(k.key, sealPayload(this.eventId, doc.seal), doc.signature.sig);
  }

  /** Why this entry document is refused, or null when its signature and signer hold. */
  refusal(entry: LedgerEntry, signature: EntrySignature | undefined): string | null {
    if (!signature) return 'is not signed by a desk (field "signature")';
    const signer = this.keys.get(signature.desk);
    if (!signer) return `is signed by desk ${signature.desk}, which is not registered with this event`;
    if (signer.disputed) return `is signed by ${this.describe(signature.desk)}, whose desk id has two keys registered: nothing it signs is taken`;
    if (!verifies(signer.key, entryPayload(this.eventId, entry), signature.sig)) return `its signature by ${this.describe(signature.desk)} does not verify: the entry was changed after it was signed, or signed for another event`;
    if (this.seal && !this.seal.disputed && this.seal.seal.desk === signature.desk && this.seal.ids.has(entry.id)) return null;
    const named = entry.deskId?.toLowerCase();
    if (named === undefined) return `names no desk id (only entries sealed when the event was first shared may), yet is signed by ${this.describe(signature.desk)}`;
    if (named !== signature.desk) return `names desk ${named} ("${entry.desk}") but is signed by ${this.describe(signature.desk)}: no desk records in another's name`;
    return null;
  }
}


/**
 * The hub's check of a request's documents against what it holds (after doc-rules.ts admitted
 * them): a key for a desk id registered with another key, a second seal, and every entry whose
 * signature or signer does not hold are refused; returns each refused document with the reason,
 * naming the document and the desk. Keys and a seal in the same request count for the entries after them.
 */
export async function signatureRefusals(db: PouchDatabase, dbName: string, docs: readonly unknown[]): Promise<Map<unknown, string>> {
  const eventId = dbName.replace(/^qm-event-/, '');
  const ring = await KeyRing.load(db, eventId);
  const sealed = ring.seal !== null;
  const refused = new Map<unknown, string>();
  const refuse = (doc: unknown, id: string, message: string) => refused.set(doc, `document "${id.slice(0, 100)}": ${message}`);
  for (const raw of docs) {
    const doc = raw as Record<string, unknown>;
    const id = String(doc._id);
    if (doc._deleted === true) continue;
    if (id.startsWith(KEY_PREFIX)) {
      const c = checkSigningDoc(doc, id);
      if (!c.ok || c.doc.kind !== 'deskkey') continue;
      const key = (c.doc as KeyDoc).key;
      const known = ring.keys.get(key.desk);
      if (known && known.key.publicKey !== key.publicKey) {
        refuse(raw, id, `desk ${key.desk} is registered with this event already (key ${keyFingerprint(known.key.publicKey)}); another key (${keyFingerprint(key.publicKey)}) is refused`);
        continue;
      }
      ring.keys.set(key.desk, { key, disputed: false });
    } else if (id === SEAL_ID) {
      const c = checkSigningDoc(doc, id);
      if (!c.ok || c.doc.kind !== 'seal') continue;
      const seal = c.doc as SealDoc;
      if (sealed && canonicalJson(ring.seal!.seal) !== canonicalJson(seal.seal)) {
        refuse(raw, id, 'this event was sealed already when it was first shared; another seal is refused');
        continue;
      }
      if (!ring.sealVerifies(seal)) {
        refuse(raw, id, `its signature by desk ${seal.signature.desk} does not verify, or that desk is not registered`);
        continue;
      }
      ring.seal = { seal: seal.seal, ids: new Set(seal.seal.entries), disputed: false };
    } else if (doc.kind === 'entry') {
      const why = ring.refusal(doc.entry as LedgerEntry, doc.signature as EntrySignature | undefined);
      if (why) refuse(raw, id, why);
    }
  }
  return refused;
}
