// One event's replicated store: a PouchDB database holding the header, one immutable document per
// ledger entry and one document per character (docs.ts). Every document read from it is checked
// again (a desk's database holds whatever replication brought); those that fail are listed in
// `problems` and never reach the files, the ledger or the view. Entries are signed by this desk
// as they enter the store, and an entry is used only when its signature and signer hold
// (signatures.ts).
import { canonicalHash as contentHash } from '../fs/sha256';
import type { Character } from '../../core/model/character';
import { CHARACTER_PREFIX, ENTRY_PREFIX, HEADER_ID, characterDocId, checkDoc, contentRev, databaseName, entryDocId, safeCharacterFileName, type CharacterDoc, type EventDoc, type SavedBy } from './docs';
import { compareEntries, type EventHeader, type LedgerEntry, type LedgerEvent } from './ledger-api';
import { openLocal } from './pouch';
import { ConflictChangedError, dropEqualConflicts, resolveOver } from './store-conflicts';
import { PRESENCE_PREFIX, presenceDocId, type Presence } from './presence';
import { StoreSigning } from './store-keys';
import type { StoredCharacter } from './types';

export type ConflictVersion = { rev: string; file: string; character: Character; savedBy?: SavedBy };
export type CharacterConflict = { id: string; versions: ConflictVersion[] };
export type StoreProblem = { id: string; message: string };


export class EntryClashError extends Error {}
export class HeaderClashError extends Error {}

/** Entries stored in one request. */
const ENTRY_BATCH = 1_000;
export { ConflictChangedError };

export class EventStore {
  readonly problems = new Map<string, string>();

  /** This desk's key, the registered keys and the seal, and the entries it cannot sign (store-keys.ts). */
  readonly signing: StoreSigning;

  private constructor(
    readonly db: PouchDatabase,
    readonly eventId: string,
    syncFolder: string,
  ) {
    this.signing = new StoreSigning(db, eventId, syncFolder, this.problems, (entries) => this.addEntries(entries));
  }

  /** Opens the event's database in `syncFolder` (created empty if it is not there yet). */
  static open(syncFolder: string, eventId: string): EventStore {
    const name = databaseName(eventId);
    return new EventStore(openLocal(syncFolder, name), eventId.toLowerCase(), syncFolder);
  }

  get name(): string {
    return databaseName(this.eventId);
  }

  async close(): Promise<void> {
    await this.db.close();
  }

  /** A document by id, checked; null when missing or refused (the refusal is kept in `problems`). */
  private async read(id: string, options: Record<string, unknown> = {}): Promise<{ doc: EventDoc; raw: any } | null> {
    let raw;
    try {
      raw = await this.db.get(id, options);
    } catch (e) {
      if ((e as { status?: number }).status === 404) return null;
      throw e;
    }
    return this.checked(raw);
  }

  private checked(raw: any): { doc: EventDoc; raw: any } | null {
    const c = checkDoc(raw);
    if (!c.ok) {
      this.problems.set(c.id, c.message);
      return null;
    }
    if (!('doc' in c) || (c.doc.kind === 'entry' && !this.signing.holds(c.doc))) return null;
    return { doc: c.doc, raw };
  }

  async header(): Promise<EventHeader | null> {
    const got = await this.read(HEADER_ID);
    return got && got.doc.kind === 'header' ? got.doc.event : null;
  }

  /**
   * Stores the header (name, game, dates…) once; no write when it is already so. The header never
   * changes: one that differs from the stored one is a HeaderClashError, and nothing is written.
   */
  async putHeader(event: EventHeader): Promise<void> {
    if (event.id.toLowerCase() !== this.eventId) throw new HeaderClashError(`the header is of event ${event.id}, this store holds ${this.eventId}`);
    const current = await this.read(HEADER_ID);
    if (current) {
      if (contentHash(current.doc.kind === 'header' ? current.doc.event : null) === contentHash(event)) return;
      throw new HeaderClashError(`the shared event's header (name, game, dates) differs from this desk's event file; the header of a shared event never changes`);
    }
    await this.putOnce({ _id: HEADER_ID, kind: 'header', event });
  }

  /** Stores a header or entry document under its one revision (contentRev), as replication would. */
  private async putOnce(...docs: Record<string, unknown>[]): Promise<void> {
    const named = docs.map((doc) => {
      const c = checkDoc(doc);
      if (!c.ok) throw new Error(c.message);
      const rev = contentRev(doc as { _id: string; kind: string });
      return { ...doc, _rev: rev, _revisions: { start: 1, ids: [rev.slice(2)] } };
    });
    const failed = (await this.db.bulkDocs(named, { new_edits: false })).find((r) => r.error);
    if (failed) throw new Error(`cannot store ${failed.id}: ${failed.message ?? failed.reason ?? failed.error}`);
  }

  /**
   * Adds ledger entries not yet in the store. Entries are immutable: one already there with the same
   * id is skipped when equal, and refused (EntryClashError, nothing written) when it differs.
   */
  async addEntries(entries: readonly LedgerEntry[]): Promise<number> {
    let added = 0;
    // A thousand at a time: a desk sharing a long ledger for the first time gives it every entry.
    for (let i = 0; i < entries.length; i += ENTRY_BATCH) added += await this.addBatch(entries.slice(i, i + ENTRY_BATCH));
    return added;
  }

  private async addBatch(entries: readonly LedgerEntry[]): Promise<number> {
    if (entries.length === 0) return 0;
    const key = await this.signing.deskKey();
    const ids = entries.map((e) => entryDocId(e.id));
    const existing = await this.db.allDocs({ keys: ids, include_docs: true });
    const fresh: Record<string, unknown>[] = [];
    existing.rows.forEach((row, i) => {
      const entry = entries[i]!;
      if (row.doc) {
        if (contentHash(row.doc.entry) !== contentHash(entry)) throw new EntryClashError(`entry ${entry.id} is already recorded with other content; entries are never changed`);
        return;
      }
      // Signed as its author, or as the witness of the sealed ledger; an entry of another desk stays out.
      const signature = this.signing.signatureFor(key, entry);
      if (!signature) return;
      fresh.push({ _id: ids[i]!, kind: 'entry', entry, signature });
    });
    if (fresh.length === 0) return 0;
    await this.putOnce(...fresh);
    return fresh.length;
  }

  /** Entries already read and checked (they never change, so they are read once). */
  private entryCache = new Map<string, LedgerEntry>();
  private entrySeq: number | string = 0;
  private sorted: LedgerEntry[] | null = [];

  /**
   * Every valid entry in the store, in the ledger's order (core/desk/order.ts).
   */
  async entries(): Promise<LedgerEntry[]> {
    const res = await this.db.changes({ since: this.entrySeq, include_docs: true });
    // Read after the changes: every key and seal an entry among them needs arrived before it.
    if (res.results.length > 0) await this.signing.keyRing();
    for (const change of res.results) {
      if (!change.id.startsWith(ENTRY_PREFIX) || this.entryCache.has(change.id) || !change.doc || change.doc._deleted) continue;
      const got = this.checked(change.doc);
      if (got && got.doc.kind === 'entry') {
        this.entryCache.set(change.id, got.doc.entry);
        this.sorted = null;
      }
    }
    this.entrySeq = res.last_seq;
    this.sorted ??= [...this.entryCache.values()].sort(compareEntries);
    return this.sorted;
  }

  /** The event as a ledger file holds it: header + every entry; null before a header arrived. */
  async event(): Promise<LedgerEvent | null> {
    const header = await this.header();
    if (!header) return null;
    return { ...header, entries: await this.entries() } as LedgerEvent;
  }

  /** Writes this desk's presence document (its own only; no write when nothing changed). */
  async putPresence(desk: Presence): Promise<void> {
    const id = presenceDocId(desk.id);
    const current = await this.read(id);
    if (current && current.doc.kind === 'desk' && contentHash(current.doc.desk) === contentHash(desk)) return;
    const doc = { _id: id, kind: 'desk', desk, ...(current ? { _rev: current.raw._rev } : {}) };
    const c = checkDoc(doc);
    if (!c.ok) throw new Error(c.message);
    await this.db.put(doc);
  }

  /** Every desk's presence (checked; refused ones go to `problems`), by name. */
  async presences(): Promise<Presence[]> {
    const res = await this.db.allDocs({ startkey: PRESENCE_PREFIX, endkey: `${PRESENCE_PREFIX}\uffff`, include_docs: true });
    const out: Presence[] = [];
    for (const row of res.rows) {
      const got = this.checked(row.doc);
      if (got && got.doc.kind === 'desk') out.push(got.doc.desk);
    }
    return out.sort((a, b) => a.name.localeCompare(b.name) || (a.id < b.id ? -1 : 1));
  }

  /** Every character (the winning revision) with the revisions it conflicts with. */
  async characters(): Promise<StoredCharacter[]> {
    const res = await this.db.allDocs({ startkey: CHARACTER_PREFIX, endkey: `${CHARACTER_PREFIX}\uffff`, include_docs: true, conflicts: true });
    const out: StoredCharacter[] = [];
    for (const row of res.rows) {
      const got = this.checked(row.doc);
      if (got && got.doc.kind === 'character') out.push(stored(got.doc, got.raw));
    }
    return out;
  }

  async character(id: string): Promise<StoredCharacter | null> {
    const got = await this.read(characterDocId(id), { conflicts: true });
    return got && got.doc.kind === 'character' ? stored(got.doc, got.raw) : null;
  }

  /**
   * Records a character as saved at this desk. `baseRev` is the revision the file was last written
   * from: when another desk's change has arrived since, the new version becomes a branch beside it
   * (a conflict to resolve), never a silent overwrite. Returns the new revision (or the current one
   * when nothing changed).
   */
  async putCharacter(character: Character, file: string, baseRev?: string, savedBy?: SavedBy): Promise<string> {
    if (!safeCharacterFileName(file)) throw new Error(`"${file}" is not a character file name`);
    const id = characterDocId(character.id);
    // Revisions are named from `body` alone: who saved it and when never makes two equal versions differ.
    const body = { _id: id, kind: 'character', file, character };
    const doc = savedBy ? { ...body, savedBy } : body;
    const c = checkDoc(doc);
    if (!c.ok) throw new Error(c.message);
    const current = await this.read(id, { conflicts: true });
    const currentRev: string | undefined = current?.raw._rev;
    // Already so (also when this desk's base is older, or unknown: a file put back by hand): no new revision, no conflict.
    if (current && current.doc.kind === 'character' && contentHash(current.doc.character) === contentHash(character) && current.doc.file === file) return currentRev!;
    if (current && currentRev === baseRev) return (await this.db.put({ ...doc, _rev: currentRev })).rev;
    if (!current && baseRev === undefined) {
      // Created at several desks at once (say, the same file copied to each): a revision named by
      // its content, so identical copies are one revision and different ones a conflict.
      const rev = `1-${contentHash(body).slice(0, 32)}`;
      await this.db.bulkDocs([{ ...doc, _rev: rev, _revisions: { start: 1, ids: [rev.slice(2)] } }], { new_edits: false });
      return rev;
    }
    // A branch from baseRev (or a new root when the file was never mirrored).
    let start = 0;
    let ancestry: string[] = [];
    if (baseRev !== undefined) {
      try {
        const base = await this.db.get(id, { rev: baseRev, revs: true });
        start = base._revisions.start;
        ancestry = base._revisions.ids;
      } catch {
        start = 0;
      }
    }
    const hash = contentHash({ body, parent: baseRev ?? null }).slice(0, 32);
    const rev = `${start + 1}-${hash}`;
    await this.db.bulkDocs([{ ...doc, _rev: rev, _revisions: { start: start + 1, ids: [hash, ...ancestry] } }], { new_edits: false });
    await this.dropEqualConflicts(id);
    return rev;
  }

  /** Both (or all) versions of every character edited at two desks while apart. */
  async conflicts(): Promise<CharacterConflict[]> {
    const out: CharacterConflict[] = [];
    for (const c of await this.characters()) {
      if (c.conflicts.length === 0) continue;
      const conflict = await this.conflict(c.id);
      if (conflict) out.push(conflict);
    }
    return out;
  }

  async conflict(characterId: string): Promise<CharacterConflict | null> {
    const winner = await this.character(characterId);
    if (!winner || winner.conflicts.length === 0) return null;
    const versions: ConflictVersion[] = [];
    for (const rev of [winner.rev, ...winner.conflicts]) {
      const got = await this.read(characterDocId(characterId), { rev });
      if (got && got.doc.kind === 'character') versions.push({ rev, file: got.doc.file, character: got.doc.character, ...(got.doc.savedBy ? { savedBy: got.doc.savedBy } : {}) });
    }
    return { id: winner.id, versions };
  }

  /**
   * Ends a conflict: `keep` (one of the versions, or a merge of them) becomes the character and every
   * other branch is closed. Every desk sees the same result once this replicates. `seen`: the
   * versions the volunteer looked at (store-conflicts.ts).
   */
  async resolveConflict(characterId: string, keep: Character, savedBy?: SavedBy, seen?: readonly string[]): Promise<string> {
    const winner = await this.character(characterId);
    if (!winner) throw new Error(`no character ${characterId} in this event`);
    return resolveOver(this.db, winner, keep, savedBy, seen);
  }

  /** Conflicting branches with the same content as the winner are not a conflict: closed at once. */
  dropEqualConflicts(id: string): Promise<void> {
    return dropEqualConflicts(this.db, id);
  }

  /**
   * Changes since `since` (a sequence number), checked; refused ones go to `problems`. Each changed
   * character comes with its winning revision and conflicts as the feed gave them (the feed's doc is
   * the winner), so the mirror need not read it again.
   */
  async changesSince(since: number | string): Promise<{ docs: EventDoc[]; characters: Map<string, StoredCharacter>; lastSeq: number | string }> {
    const res = await this.db.changes({ since, include_docs: true, conflicts: true });
    if (res.results.length > 0) await this.signing.keyRing();
    const docs: EventDoc[] = [];
    const characters = new Map<string, StoredCharacter>();
    for (const change of res.results) {
      if (!change.doc || change.doc._deleted) continue;
      const got = this.checked(change.doc);
      if (!got) continue;
      docs.push(got.doc);
      if (got.doc.kind === 'character') {
        const c = stored(got.doc, got.raw);
        characters.set(c.id, c);
      }
    }
    return { docs, characters, lastSeq: res.last_seq };
  }
}

function stored(doc: CharacterDoc, raw: any): StoredCharacter {
  return { id: doc.character.id.toLowerCase(), rev: raw._rev, file: doc.file, character: doc.character, conflicts: raw._conflicts ?? [] };
}
