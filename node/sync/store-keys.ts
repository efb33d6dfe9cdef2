// A desk's signing as its event store does it: the two signing documents it writes (desk-keys.ts)
// — its key's registration and, when it is the first to share the event, the seal — each with a
// revision named by its content, so writing the same one twice (a restart, replication bringing it
// back) is one revision, never a conflict; which entries it signs; and the check of every entry
// document read from the store against the registered keys (signatures.ts).
import { canonicalHash as contentHash } from '../fs/sha256';
import { checkDoc, entryDocId, type EntryDoc } from './docs';
import { SEAL_ID, keyDocId, keyFingerprint, loadDeskKey, type DeskKey, type EntrySignature } from './desk-keys';
import type { LedgerEntry } from './ledger-api';
import { KeyRing, authorRefusal, sealPayload, signEntry } from './signatures';


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

export class StoreSigning {
  /** Entries of this desk's event file that it cannot sign (made at another desk, not sealed), by id: kept out of the store. */
  readonly unshared = new Map<string, LedgerEntry>();
  private key: DeskKey | null = null;
  private registered = false;
  /** The registered keys and the seal, read again before entries are checked. */
  private ring: KeyRing;
  /** Entries this desk sealed as their witness when it first shared the event. */
  private readonly witnessed = new Set<string>();

  constructor(
    private readonly db: PouchDatabase,
    private readonly eventId: string,
    private readonly keyFolder: string,
    /** The store's problems, by document id (shown in the desk status). */
    private readonly problems: Map<string, string>,
    private readonly addEntries: (entries: readonly LedgerEntry[]) => Promise<number>,
  ) {
    this.ring = new KeyRing(eventId);
  }

  /** The key this desk signs with (default: one made in the sync folder at first use). */
  useKey(key: DeskKey): void {
    this.key = key;
    this.registered = false;
  }

  /** This desk's key, registered with the event; another key already registered for this desk id is a problem. */
  async deskKey(): Promise<DeskKey> {
    this.key ??= await loadDeskKey(this.keyFolder);
    if (this.registered) return this.key;
    const problem = await registerKey(this.db, this.key);
    if (problem) this.problems.set(keyDocId(this.key.deskId), problem);
    this.registered = true;
    return this.key;
  }

  /** The registered keys and the seal as the database holds them now. */
  async keyRing(): Promise<KeyRing> {
    this.ring = await KeyRing.load(this.db, this.eventId);
    return this.ring;
  }

  /** This desk's signature for an entry entering the store, or null: not its own nor witnessed (kept in `unshared`, the reason in the problems). */
  signatureFor(key: DeskKey, entry: LedgerEntry): EntrySignature | null {
    const refusal = this.witnessed.has(entry.id) ? null : authorRefusal(key, entry);
    if (refusal) {
      this.unshared.set(entry.id, entry);
      this.problems.set(entryDocId(entry.id), `${entryDocId(entry.id)}: not shared: ${refusal}`);
      return null;
    }
    this.unshared.delete(entry.id);
    return signEntry(key, this.eventId, entry);
  }

  /** Whether an entry document read from the store may be used; when not, the reason goes to the problems, naming the document and the desk. */
  holds(doc: EntryDoc): boolean {
    const why = this.ring.refusal(doc.entry, doc.signature);
    if (why) {
      this.problems.set(doc._id, `document "${doc._id}" (desk "${doc.entry.desk}"): ${why}`);
      return false;
    }
    // Arrived signed by its own desk: no longer this desk's to share.
    if (this.unshared.delete(doc.entry.id)) this.problems.delete(doc._id);
    return true;
  }

  /**
   * Seals the event when it has no seal yet (the desk that first shares it): the entries of this
   * desk's file it could not sign as their author are listed in the seal and signed by this desk
   * as their witness; every desk accepts exactly those. Returns how many were witnessed, or null
   * when the event was sealed already.
   */
  async seal(): Promise<number | null> {
    const key = await this.deskKey();
    const entries = [...this.unshared.values()];
    if (!(await writeSeal(this.db, this.eventId, key, entries.map((e) => e.id)))) return null;
    for (const e of entries) this.witnessed.add(e.id);
    this.unshared.clear();
    for (const e of entries) this.problems.delete(entryDocId(e.id));
    await this.addEntries(entries);
    return entries.length;
  }
}
