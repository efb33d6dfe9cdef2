// PouchDB on the Node side (the CLI and the Electron main process; never the renderer), with its
// LevelDB store. Each event's database lives in its own folder under the desk's sync folder.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import PouchDB from 'pouchdb';

export { PouchDB };

/** Opens (creating if needed) the LevelDB database `name` inside `folder`. */
export function openLocal(folder: string, name: string): PouchDatabase {
  mkdirSync(folder, { recursive: true });
  return new PouchDB(join(folder, name), { auto_compaction: false });
}

/** A PouchDB class whose databases live in `folder` (the hub serves one of them; the tests stand a game's CouchDB in with express-pouchdb over them). */
export function pouchIn(folder: string): PouchStatic {
  mkdirSync(folder, { recursive: true });
  return PouchDB.defaults({ prefix: `${folder}/` });
}
