// Just enough typing for the CommonJS packages the sync code uses (none ships its own types).
declare module 'pouchdb' {
  const PouchDB: PouchStatic;
  export default PouchDB;
}
declare module 'express-pouchdb' {
  function expressPouchDB(pouch: unknown, opts?: Record<string, unknown>): ((req: unknown, res: unknown, next: (err?: unknown) => void) => void) & { setPouchDB(p: unknown): Promise<void> };
  export default expressPouchDB;
}

/** The parts of PouchDB's API used here (see https://pouchdb.com/api.html). */
interface PouchStatic {
  new (name: string, options?: Record<string, unknown>): PouchDatabase;
  defaults(options: Record<string, unknown>): PouchStatic;
  fetch(url: string, options?: Record<string, unknown>): Promise<unknown>;
  replicate(source: PouchDatabase | string, target: PouchDatabase | string, options?: Record<string, unknown>): PouchReplication;
}
interface PouchEventEmitter {
  on(event: string, listener: (...args: any[]) => void): this;
  removeAllListeners(event?: string): this;
  cancel(): void;
}
interface PouchReplication extends PouchEventEmitter, PromiseLike<any> {}
interface PouchDatabase {
  name: string;
  info(): Promise<{ doc_count: number; update_seq: number | string; db_name: string }>;
  get(id: string, options?: Record<string, unknown>): Promise<any>;
  put(doc: Record<string, unknown>, options?: Record<string, unknown>): Promise<{ ok: boolean; id: string; rev: string }>;
  bulkDocs(docs: Record<string, unknown>[], options?: Record<string, unknown>): Promise<any[]>;
  allDocs(options?: Record<string, unknown>): Promise<{ total_rows: number; rows: any[] }>;
  changes(options?: Record<string, unknown>): PouchEventEmitter & PromiseLike<any>;
  revsDiff(diff: Record<string, unknown>): Promise<Record<string, { missing: string[] }>>;
  bulkGet(options: Record<string, unknown>): Promise<{ results: unknown[] }>;
  remove(id: string, rev: string): Promise<unknown>;
  close(): Promise<void>;
  destroy(): Promise<void>;
  replicate: { to(target: PouchDatabase, options?: Record<string, unknown>): PouchReplication; from(source: PouchDatabase, options?: Record<string, unknown>): PouchReplication };
  sync(target: PouchDatabase, options?: Record<string, unknown>): PouchReplication;
}
