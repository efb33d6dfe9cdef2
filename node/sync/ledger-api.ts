// The one place the sync code meets the event ledger (event file format v2, SEAMS.md): the header,
// the entry schema, the union merge and reading/writing the event file. Everything else in
// node/sync/ goes through these names, so that the ledger's own module can replace the stand-ins
// below without touching the rest.
//
// Stand-in until core/desk/ledger.ts lands on main: the base fields SEAMS.md fixes for every entry
// (loose: the kind's own fields survive), the v2 header, and `mergeEvents` as specified (union of
// entries by id, identical in either order, sorted by (at, id); header fields of `a` win).
import { z } from 'zod';
import { parseGuardedJson } from '../../core/format/json-guard';
import { fieldPath } from '../../core/format/paths';
import { describeIssue } from '../../core/format/versioned';

export const EVENT_FORMAT = 'quartermaster-event' as const;
export const LEDGER_EVENT_VERSION = 2 as const;
/** Most entries one event holds (a 2,000-player weekend writes a few per player). */
export const MAX_ENTRIES = 200_000;

const isoTime = z.iso.datetime({ offset: true });
const lowerUuid = z.uuid().regex(/^[0-9a-f-]+$/, 'a lower-case UUID');

export const ledgerEntrySchema = z.looseObject({
  id: lowerUuid,
  at: isoTime,
  desk: z.string().min(1).max(60),
  kind: z.string().min(1).max(60),
  character: lowerUuid.optional(),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

export const eventHeaderSchema = z.looseObject({
  format: z.literal(EVENT_FORMAT),
  version: z.literal(LEDGER_EVENT_VERSION),
  id: z.uuid(),
  name: z.string().min(1).max(200),
  game: z.string().max(200),
  dates: z.looseObject({ start: z.iso.date(), end: z.iso.date() }),
});
export type EventHeader = z.infer<typeof eventHeaderSchema>;

export type LedgerEvent = EventHeader & { entries: LedgerEntry[] };

export const ledgerEventSchema = eventHeaderSchema.extend({ entries: z.array(ledgerEntrySchema).max(MAX_ENTRIES) });

const byTimeThenId = (x: LedgerEntry, y: LedgerEntry) => (x.at < y.at ? -1 : x.at > y.at ? 1 : x.id < y.id ? -1 : x.id > y.id ? 1 : 0);

/** Union of two copies of one event's ledger (SEAMS.md): entries by id, sorted by (at, id). */
export function mergeEvents(a: LedgerEvent, b: LedgerEvent): LedgerEvent {
  const byId = new Map<string, LedgerEntry>();
  for (const e of a.entries) byId.set(e.id, e);
  for (const e of b.entries) if (!byId.has(e.id)) byId.set(e.id, e);
  return { ...b, ...a, entries: [...byId.values()].sort(byTimeThenId) };
}

/** The header of an event: everything but its entries. */
export function headerOf(event: LedgerEvent): EventHeader {
  const { entries: _entries, ...header } = event;
  return header;
}

export type EventReadResult = { ok: true; event: LedgerEvent } | { ok: false; message: string; field?: string };

/** An event file's bytes, guarded and validated as every file is. */
export function readEventFile(bytes: Uint8Array, source: string): EventReadResult {
  const parsed = parseGuardedJson(bytes);
  if (!parsed.ok) return { ok: false, message: `${source}: ${parsed.failure.message}` };
  const r = ledgerEventSchema.safeParse(parsed.value);
  if (!r.success) {
    const issue = r.error.issues[0]!;
    const field = fieldPath(issue.path);
    return { ok: false, message: `${source}: field "${field || '(top level)'}": ${describeIssue(issue)}`, field };
  }
  return { ok: true, event: r.data as LedgerEvent };
}

/**
 * The event file's text: validated, pretty, a trailing newline. `entriesChecked` when every entry
 * has passed ledgerEntrySchema already (the store's are), so a 10,000-entry ledger is not parsed
 * again for every check-in that arrives.
 */
export function eventFileText(event: LedgerEvent, options: { entriesChecked?: boolean } = {}): string {
  const checked = options.entriesChecked ? { ...eventHeaderSchema.parse(headerOf(event)), entries: event.entries } : ledgerEventSchema.parse(event);
  return `${JSON.stringify(checked, null, 2)}\n`;
}
