// What a desk holds, in its database and in its folder's files, for comparing desks in tests (not shipped).
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { foldEvent } from '../../../core/desk/fold';
import { loadEventBytes, serializeEvent } from '../../../core/desk/event-load';
import type { DeskSession } from '../session';

/**
 * `files`: every file's text (an event file's as its ledger: header, then entries in ledger order).
 * `folded` is what the desk shows, folded from the ledger by core/desk/fold.ts: who is in (since
 * when), each character's current print, and the void list.
 */
export type Dump = { entries: string[]; characters: Record<string, string>; conflicts: string[]; files: Record<string, string>; folded: { checkedIn: Record<string, string>; current: Record<string, string>; voids: string[] } };

export async function dumpSession(s: DeskSession): Promise<Dump> {
  await s.pass();
  const event = await s.store.event();
  const characters = Object.fromEntries((await s.store.characters()).map((c) => [c.id, c.rev]));
  const conflicts = (await s.store.conflicts()).map((c) => c.id).sort();
  const files: Record<string, string> = {};
  for (const name of (await readdir(s.options.folder)).sort()) if (!name.startsWith('.')) files[name] = await readFile(join(s.options.folder, name), 'utf8');
  // An event file is a log in the order this desk learnt of its entries: desks agree on the ledger
  // it holds (header and entries in ledger order), not on the order of its lines.
  for (const name of Object.keys(files)) {
    if (!name.endsWith('.event.json')) continue;
    const r = loadEventBytes(new TextEncoder().encode(files[name]), name);
    files[name] = r.ok ? serializeEvent(r.event) : `unreadable: ${r.problem.message}`;
  }
  const checkedIn: Record<string, string> = {};
  const current: Record<string, string> = {};
  let voids: string[] = [];
  if (event) {
    const f = foldEvent(event);
    for (const [id, c] of [...f.characters].sort(([a], [b]) => (a < b ? -1 : 1))) {
      if (c.checkedInAt) checkedIn[id] = c.checkedInAt;
      if (c.current) current[id] = c.current.id;
    }
    voids = f.voids.map((v) => v.label).sort();
  }
  return { entries: event?.entries.map((e) => e.id) ?? [], characters, conflicts, files, folded: { checkedIn, current, voids } };
}
