// What a desk pulls (from the hub, or a game's CouchDB) is checked before its own database stores
// it (doc-rules.ts), exactly as the hub checks what desks send: replication writes through this
// guard, which stores what is admitted and answers the rest "forbidden", so the replicator skips
// them, goes on, and the desk reports them. A design document pulled from a game's CouchDB is
// dropped here, so it never reaches the desk's database (nor, when this desk hosts, other desks).
import { admitDocs, refusedResults, type AdmitContext, type Refusal } from './doc-rules';

type BulkRequest = Record<string, unknown>[] | { docs: Record<string, unknown>[]; new_edits?: boolean };

/** `local` as the replicator's target, every bulkDocs admitted first; `onRefused` hears what was not stored. */
export function guardedTarget(local: PouchDatabase, ctx: AdmitContext, onRefused: (refused: Refusal[]) => void): PouchDatabase {
  const bulkDocs = async (req: BulkRequest, opts: Record<string, unknown> = {}) => {
    const docs = Array.isArray(req) ? req : req.docs;
    const newEdits = (Array.isArray(req) ? opts.new_edits : (req.new_edits ?? opts.new_edits)) !== false;
    const { accepted, refused } = await admitDocs(local, docs, newEdits, ctx);
    if (refused.length > 0) onRefused(refused);
    const stored = accepted.length > 0 ? await local.bulkDocs(accepted, { ...opts, new_edits: newEdits }) : [];
    return [...stored, ...refusedResults(refused)];
  };
  return new Proxy(local, {
    get(target, key) {
      if (key === 'bulkDocs') return bulkDocs;
      const value = Reflect.get(target, key, target) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}
