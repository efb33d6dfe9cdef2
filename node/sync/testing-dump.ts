// What a desk holds, in its database and in its folder's files, for comparing desks in tests (not shipped).
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { DeskSession } from './session';

export type Dump = { entries: string[]; characters: Record<string, string>; conflicts: string[]; files: Record<string, string> };

export async function dumpSession(s: DeskSession): Promise<Dump> {
  await s.pass();
  const event = await s.store.event();
  const characters = Object.fromEntries((await s.store.characters()).map((c) => [c.id, c.rev]));
  const conflicts = (await s.store.conflicts()).map((c) => c.id).sort();
  const files: Record<string, string> = {};
  for (const name of (await readdir(s.options.folder)).sort()) if (!name.startsWith('.')) files[name] = await readFile(join(s.options.folder, name), 'utf8');
  return { entries: event?.entries.map((e) => e.id) ?? [], characters, conflicts, files };
}
