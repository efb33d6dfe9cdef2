// The one place the sync code meets the event ledger (event file format 3, core/desk/): the header,
// the entry schema and reading an event file's header. Entries reach the event file only through
// its log (node/event-log/). The rest of node/sync/ goes through these names.
import { promises as fsp } from 'node:fs';
import { eventHeaderSchema, headerOf, type DeskEvent, type EventHeader } from '../../core/desk/event';
import { MAX_ENTRY_CHARS } from '../../core/desk/event-format';
import { loadLegacyBytes, readHeader, serializeEvent } from '../../core/desk/event-load';
import { compareEntries, ledgerEntrySchema, type LedgerEntry } from '../../core/desk/ledger';
import { MAX_EVENT_FILE_BYTES } from '../../core/format/limits';

export { compareEntries, eventHeaderSchema, headerOf, ledgerEntrySchema, type EventHeader, type LedgerEntry };

export type LedgerEvent = DeskEvent;

export type HeaderReadResult = { ok: true; header: EventHeader } | { ok: false; message: string; field?: string };

/** The header of the event file at `path` (an older version's file read whole, to find its id). */
export async function readEventFile(path: string): Promise<HeaderReadResult> {
  let fh: fsp.FileHandle;
  try {
    fh = await fsp.open(path, 'r');
  } catch (e) {
    return { ok: false, message: `${path}: ${(e as Error).message}` };
  }
  try {
    const size = (await fh.stat()).size;
    const first = Buffer.alloc(Math.min(size, 4 * MAX_ENTRY_CHARS + 1));
    await fh.read(first, 0, first.length, 0);
    const head = readHeader(first, path);
    if (head.ok === true) return { ok: true, header: head.header };
    if (head.ok === false) return problem(head.problem);
    if (size > MAX_EVENT_FILE_BYTES) return { ok: false, message: `${path}: not an event file (too large for one of an older version)` };
    const legacy = loadLegacyBytes(await fh.readFile(), path);
    return legacy.ok ? { ok: true, header: headerOf(legacy.event) } : problem(legacy.problem);
  } finally {
    await fh.close();
  }
}

function problem(p: { message: string; field?: string }): HeaderReadResult {
  return p.field === undefined ? { ok: false, message: p.message } : { ok: false, message: p.message, field: p.field };
}

/** An event file's whole text (for tests and tools that write a file at once; desks append through node/event-log/). */
export function eventFileText(event: DeskEvent): string {
  return serializeEvent(event);
}
