// The two signing documents a desk writes into its event's database (desk-keys.ts): its key's
// registration and, when it is the first to share the event, the seal. Both get a revision named
// by their content, so writing the same one twice (a restart, replication bringing it back) is one
// revision, never a conflict.
import { createHash } from 'node:crypto';
import { canonicalJson } from '../../core/format/hash';
import { checkDoc } from './docs';
import { SEAL_ID, keyDocId, keyFingerprint, type DeskKey } from './desk-keys';
import { sealPayload } from './signatures';

const contentHash = (value: unknown) => createHash('sha256').update(canonicalJson(value)).digest('hex');

async function getOrNull(db: PouchDatabase, id: string): Promise<any> {
  try {
    return await db.get(id);
  } catch (e) {
    if ((e as { status?: number }).status === 404) return null;
    throw e;
  }
}

async function writeOnce(db: PouchDatabase, doc: Record<string, unknown>): Promise<void> {
  const c = checkDoc(doc);
  if (!c.ok) throw new Error(c.message);
  const rev = `1-${contentHash(doc).slice(0, 32)}`;
  await db.bulkDocs([{ ...doc, _rev: rev, _revisions: { start: 1, ids: [rev.slice(2)] } }], { new_edits: false });
}

/** Registers `key` for its desk id (once); returns a problem when this desk id holds another registration already. */
export async function registerKey(db: PouchDatabase, key: DeskKey): Promise<string | null> {
  const id = keyDocId(key.deskId);
  const registration = { desk: key.deskId, publicKey: key.publicKey };
  const current = await getOrNull(db, id);
  if (!current) {
    await writeOnce(db, { _id: id, kind: 'deskkey', key: registration });
    return null;
  }
  if (contentHash(current.key) === contentHash(registration)) return null;
  const theirs = typeof current.key?.publicKey === 'string' ? keyFingerprint(current.key.publicKey) : 'unreadable';
  return `this desk's id (${key.deskId}) is registered with this event with another key (${theirs}; this desk's is ${key.fingerprint}); what this desk records is refused at every desk. Give this desk another name (another id), or bring back the key it registered with`;
}

/** Writes the seal listing `entryIds` (signed by `key`) unless the event has one; returns whether it wrote it. */
export async function writeSeal(db: PouchDatabase, eventId: string, key: DeskKey, entryIds: readonly string[]): Promise<boolean> {
  if (await getOrNull(db, SEAL_ID)) return false;
  const seal = { desk: key.deskId, entries: [...entryIds].sort() };
  await writeOnce(db, { _id: SEAL_ID, kind: 'seal', seal, signature: { desk: key.deskId, sig: key.sign(sealPayload(eventId, seal)) } });
  return true;
}
