// What replication may store in an event's database, checked against what the database holds: at the
// hub before it stores a desk's documents, and at every desk before it stores what it pulls (the
// hub's, or a game's CouchDB's). docs.ts checks each document alone (schemas, limits); here:
// - the header and entries are immutable: their one revision is contentRev (docs.ts), so a new
//   revision, an edit, a deletion or a conflicting branch of one is refused, and the header is the
//   header of this database's event;
// - a character is never deleted: a deletion is kept only when it closes a branch of a conflict and
//   another live version remains;
// - revisions are bounded: MAX_HISTORY in one document's history, MAX_LEAVES branches of one
//   document, MAX_LEAVES versions of one document in one request;
// - an entry dated more than CLOCK_SKEW_MS after this desk's clock is refused (a print dated 2099
//   would stay the "current print" and void every reprint after it).
// A refused document is answered as CouchDB answers a validation failure ({ error: "forbidden" }),
// so the replicator skips it, reports it ("denied") and goes on with the rest.
import { checkDoc, contentRev, HEADER_ID, ENTRY_PREFIX, CHARACTER_PREFIX } from './docs';

/** Revisions in one document's history (PouchDB keeps 1,000). */
export const MAX_HISTORY = 1_000;
/** Branches (live or closed) one document may have, and versions of it one request may carry. */
export const MAX_LEAVES = 32;
/** How far ahead of this desk's clock an entry may be dated: desk laptops in a field have no time server. */
export const CLOCK_SKEW_MS = 24 * 60 * 60 * 1000;

export type Refusal = { id: string; message: string; desk?: string };
export type Admitted = { accepted: Record<string, unknown>[]; refused: Refusal[] };
export type AdmitContext = { eventId: string; now: () => number };

type Revisions = { start: number; ids: string[] };

const isHash = (v: unknown): v is string => typeof v === 'string' && /^[0-9a-f]{1,64}$/.test(v);

/** Which desk a document says it comes from (an entry's desk, the desk that saved a character). */
function deskOf(doc: Record<string, unknown>): string | undefined {
  const entry = doc.entry as { desk?: unknown } | undefined;
  if (entry && typeof entry.desk === 'string') return entry.desk.slice(0, 60);
  const saved = doc.savedBy as { desk?: unknown } | undefined;
  return saved && typeof saved.desk === 'string' ? saved.desk.slice(0, 60) : undefined;
}

/** The revision and history a document to store carries, or why they are not acceptable. */
function revisionsOf(doc: Record<string, unknown>, newEdits: boolean): { rev?: string; parent?: string; revisions?: Revisions } | string {
  const rev = doc._rev;
  if (rev !== undefined && (typeof rev !== 'string' || !/^\d{1,9}-[0-9a-f]{1,64}$/.test(rev))) return 'field "_rev" is not a revision';
  const r = doc._revisions as Revisions | undefined;
  if (r === undefined) {
    if (!newEdits) return rev === undefined ? 'field "_rev" is missing' : { rev };
    return rev === undefined ? {} : { parent: rev };
  }
  if (r === null || typeof r !== 'object' || !Number.isInteger(r.start) || r.start < 1 || !Array.isArray(r.ids) || r.ids.length === 0 || !r.ids.every(isHash)) return 'field "_revisions" is malformed';
  if (r.ids.length > MAX_HISTORY) return `its history holds ${r.ids.length} revisions; at most ${MAX_HISTORY}`;
  if (r.ids.length > r.start) return 'field "_revisions" is longer than its start';
  if (!newEdits && rev !== `${r.start}-${r.ids[0]}`) return 'fields "_rev" and "_revisions" disagree';
  return { rev: `${r.start}-${r.ids[0]}`, ...(r.ids.length > 1 ? { parent: `${r.start - 1}-${r.ids[1]}` } : {}), revisions: r };
}

/** The leaves (branch tips) a document has in `db`: revision → deleted. */
async function leavesOf(db: PouchDatabase, id: string): Promise<Map<string, boolean>> {
  const leaves = new Map<string, boolean>();
  let rows: { ok?: { _rev: string; _deleted?: boolean } }[];
  try {
    rows = (await db.get(id, { open_revs: 'all' })) as typeof rows;
  } catch (e) {
    if ((e as { status?: number }).status === 404) return leaves;
    throw e;
  }
  for (const row of rows) if (row.ok) leaves.set(row.ok._rev, row.ok._deleted === true);
  return leaves;
}

/**
 * Splits documents replication is about to store in `db` into those it may store and those it must
 * refuse (with the reason, naming the document and the desk it says it comes from).
 */
export async function admitDocs(db: PouchDatabase, docs: readonly unknown[], newEdits: boolean, ctx: AdmitContext): Promise<Admitted> {
  const accepted: Record<string, unknown>[] = [];
  const refused: Refusal[] = [];
  const byId = new Map<string, { doc: Record<string, unknown>; rev?: string; parent?: string }[]>();
  const refuse = (id: string, message: string, doc?: Record<string, unknown>) => {
    const desk = doc ? deskOf(doc) : undefined;
    refused.push({ id, message, ...(desk !== undefined ? { desk } : {}) });
  };
  for (const raw of docs) {
    const c = checkDoc(raw, { allowDeleted: true });
    if (!c.ok) {
      refuse(c.id, c.message);
      continue;
    }
    const doc = raw as Record<string, unknown>;
    const id = doc._id as string;
    if ('local' in c) {
      refuse(id, 'a replication checkpoint is written on its own, not among documents');
      continue;
    }
    const revs = revisionsOf(doc, newEdits);
    if (typeof revs === 'string') {
      refuse(id, `document "${id.slice(0, 100)}": ${revs}`, doc);
      continue;
    }
    if (id === HEADER_ID || id.startsWith(ENTRY_PREFIX)) {
      const what = id === HEADER_ID ? "the event's header" : 'an entry';
      const own = contentRev(doc as { _id: string; kind: string });
      if (newEdits || revs.rev !== own || (revs.revisions && revs.revisions.ids.length !== 1)) {
        refuse(id, `document "${id.slice(0, 100)}": ${what} is never changed (its one revision is ${own})`, doc);
        continue;
      }
      if (id === HEADER_ID) {
        const eventId = String((doc.event as { id: string }).id).toLowerCase();
        if (eventId !== ctx.eventId) {
          refuse(id, `document "header": it is the header of another event (${eventId.slice(0, 40)}), not of ${ctx.eventId}`, doc);
          continue;
        }
      } else {
        const at = Date.parse((doc.entry as { at: string }).at);
        if (at > ctx.now() + CLOCK_SKEW_MS) {
          refuse(id, `document "${id.slice(0, 100)}": the entry is dated ${(doc.entry as { at: string }).at}, more than a day after this desk's clock`, doc);
          continue;
        }
      }
    }
    const list = byId.get(id) ?? [];
    list.push({ doc, ...revs });
    byId.set(id, list);
  }
  // Which documents exist, and their winning revision, in one read for the whole request.
  const ids = [...byId.keys()];
  const rows = ids.length > 0 ? (await db.allDocs({ keys: ids })).rows : [];
  const winner = new Map<string, string>();
  for (const row of rows) if (row.value?.rev) winner.set(row.key as string, row.value.rev as string);
  for (const [id, list] of byId) {
    if (list.length > MAX_LEAVES) {
      for (const { doc } of list) refuse(id, `document "${id.slice(0, 100)}": ${list.length} versions in one request; at most ${MAX_LEAVES}`, doc);
      continue;
    }
    const immutable = id === HEADER_ID || id.startsWith(ENTRY_PREFIX);
    if (immutable) {
      // Stored already: the same revision is nothing new, another one a forgery (its one
      // revision never has a branch beside it, so the winner is all there is).
      const stored = winner.get(id);
      if ((stored !== undefined && stored !== list[0]!.rev) || list.length > 1) {
        for (const { doc } of list) refuse(id, `document "${id.slice(0, 100)}": ${id === HEADER_ID ? "the event's header" : 'this entry'} is recorded already with other content; it is never changed`, doc);
        continue;
      }
      accepted.push(list[0]!.doc);
      continue;
    }
    // What the document's branches would be once these versions are stored.
    const after = winner.has(id) ? await leavesOf(db, id) : new Map<string, boolean>();
    for (const v of list) {
      if (v.rev !== undefined && after.has(v.rev)) continue;
      if (v.parent !== undefined) after.delete(v.parent);
      after.set(v.rev ?? `new-${after.size}`, v.doc._deleted === true);
    }
    if (after.size > MAX_LEAVES) {
      for (const { doc } of list) refuse(id, `document "${id.slice(0, 100)}": it would have ${after.size} branches; at most ${MAX_LEAVES}`, doc);
      continue;
    }
    const live = [...after.values()].some((deleted) => !deleted);
    for (const v of list) {
      if (v.doc._deleted === true && !live && id.startsWith(CHARACTER_PREFIX)) refuse(id, `document "${id.slice(0, 100)}": a character is never deleted (only a branch of a conflict is closed, when another version remains)`, v.doc);
      else accepted.push(v.doc);
    }
  }
  return { accepted, refused };
}

/** The answer to a _bulk_docs of `docs`: each refused one as CouchDB answers a validation failure, in the order given. */
export function refusedResults(refused: readonly Refusal[]): { id: string; error: 'forbidden'; name: 'forbidden'; reason: string }[] {
  return refused.map((r) => ({ id: r.id, error: 'forbidden', name: 'forbidden', reason: r.message }));
}
