// The one place the sync code meets the event ledger (event file format v2, core/desk/): the
// header, the entry schema, the union merge and reading/writing the event file. The rest of
// node/sync/ goes through these names.
import { z } from 'zod';
import { loadEventBytes, serializeEvent } from '../../core/desk/event-load';
import { eventSchema, MAX_ENTRIES, type DeskEvent } from '../../core/desk/event';
import { compareEntries, ledgerEntrySchema, mergeEvents, type LedgerEntry } from '../../core/desk/ledger';

export { compareEntries, eventSchema, ledgerEntrySchema, mergeEvents, loadEventBytes, MAX_ENTRIES, type LedgerEntry };

export type LedgerEvent = DeskEvent;
/** The event file without its entries: what the "header" document holds. */
export type EventHeader = Pick<DeskEvent, 'format' | 'version' | 'id' | 'name' | 'game' | 'dates' | 'homeDesk'> & Record<string, unknown>;

/** The header checked with the event file's own schema (as an event with no entries). */
export const eventHeaderSchema = z.unknown().transform((raw, ctx) => {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw) || 'entries' in raw) {
    ctx.addIssue({ code: 'custom', message: 'must be an event file header (an object without entries)' });
    return z.NEVER;
  }
  const r = eventSchema.safeParse({ ...(raw as object), entries: [] });
  if (!r.success) {
    for (const issue of r.error.issues) ctx.addIssue({ ...issue, code: 'custom', path: issue.path } as never);
    return z.NEVER;
  }
  return headerOf(r.data);
});

/** The header of an event: everything but its entries. */
export function headerOf(event: DeskEvent): EventHeader {
  const { entries: _entries, ...header } = event;
  return header as EventHeader;
}

export type EventReadResult = { ok: true; event: DeskEvent; migratedFrom?: number } | { ok: false; message: string; field?: string };

/** An event file's bytes, guarded, migrated from older versions and validated, as every file is. */
export function readEventFile(bytes: Uint8Array, source: string): EventReadResult {
  const r = loadEventBytes(bytes, source);
  if (!r.ok) return r.problem.field === undefined ? { ok: false, message: r.problem.message } : { ok: false, message: r.problem.message, field: r.problem.field };
  return r.migratedFrom === undefined ? { ok: true, event: r.event } : { ok: true, event: r.event, migratedFrom: r.migratedFrom };
}

/**
 * The event file's text (core/desk/event-load.ts serializeEvent). `entriesChecked` when every entry
 * has passed ledgerEntrySchema already (the store's have), so a 10,000-entry ledger is not parsed
 * again for every check-in that arrives; the header is checked all the same.
 */
export function eventFileText(event: DeskEvent, options: { entriesChecked?: boolean } = {}): string {
  if (!options.entriesChecked) return serializeEvent(event);
  const header = eventSchema.parse({ ...headerOf(event), entries: [] });
  return `${JSON.stringify({ ...header, entries: event.entries }, null, 2)}\n`;
}
