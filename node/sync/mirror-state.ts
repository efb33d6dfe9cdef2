// What the file mirror last wrote or read for each file (revision, hash, size, time), kept beside
// the database so that a restart neither re-imports every file nor misses a change made meanwhile.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as z from 'zod';
import { writeAtomic } from '../fs/files';

const fileState = z.object({ id: z.string().max(100), rev: z.string().max(200), hash: z.string().max(64), size: z.number(), mtimeMs: z.number() });
export type FileState = z.infer<typeof fileState>;

const stateSchema = z.object({
  files: z.record(z.string().max(300), fileState).default({}),
  event: fileState.optional(),
  eventFile: z.string().max(300).optional(),
  seq: z.union([z.number(), z.string().max(200)]).optional(),
  /** Retired characters whose file was deleted at this desk, by id, with the file's name (mirror-missing.ts). */
  removed: z.record(z.string().max(100), z.string().max(300)).optional(),
});
export type MirrorStateData = z.infer<typeof stateSchema>;

export class MirrorState {
  private constructor(
    readonly path: string,
    public data: MirrorStateData,
  ) {}

  /** Loads `mirror-<db>.json` from the sync folder; a missing or damaged one starts afresh. */
  static async load(syncFolder: string, dbName: string): Promise<MirrorState> {
    const path = join(syncFolder, `mirror-${dbName}.json`);
    try {
      const parsed = stateSchema.safeParse(JSON.parse(await readFile(path, 'utf8')));
      if (parsed.success) return new MirrorState(path, parsed.data);
    } catch {
      /* absent or damaged: start again (every file is compared by content) */
    }
    return new MirrorState(path, { files: {} });
  }

  async save(): Promise<void> {
    await writeAtomic(this.path, JSON.stringify(this.data));
  }
}
