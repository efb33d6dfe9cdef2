// Event files of versions 1 and 2: one JSON document holding the header and (v2) the ledger as a
// list, or (v1) a record per character (migrated by core/desk/event-migrate.ts). Read once, when
// the desk first opens such a file, and turned into the append-only log of version 3 (the old file
// kept among the backups). This is the one definition of that format; it is never written.
import * as z from 'zod';
import { loadVersionedValue, type FileKind, type FileProblem } from '../format/versioned';
import { ledgerEntrySchema } from './entries';
import { datesIssue, eventHeaderSchema, headerFields, type DeskEvent } from './event';
import { EVENT_FILE_FORMAT, EVENT_VERSION, MAX_ENTRY_CHARS } from './event-format';
import { EVENT_MIGRATIONS } from './event-migrate';
import { sortEntries } from './order';
import { canonicalJson } from '../format/hash';
import { MAX_EVENT_FILE_BYTES } from '../format/limits';

/** The last version that was one JSON document. */
export const LEGACY_VERSION = 2;

export const legacyEventSchema = z
  .looseObject({
    format: z.literal(EVENT_FILE_FORMAT),
    version: z.literal(LEGACY_VERSION),
    ...headerFields,
    entries: z.array(ledgerEntrySchema).default([]),
  })
  .superRefine((e, ctx) => {
    const dates = datesIssue(e.dates);
    if (dates) ctx.addIssue({ code: 'custom', ...dates });
    const seen = new Map<string, number>();
    e.entries.forEach((entry, i) => {
      const first = seen.get(entry.id);
      if (first !== undefined) ctx.addIssue({ code: 'custom', path: ['entries', i, 'id'], message: `is the id of entries[${first}] too (every entry has its own id)` });
      else seen.set(entry.id, i);
      if (canonicalJson(entry).length > MAX_ENTRY_CHARS) ctx.addIssue({ code: 'custom', path: ['entries', i], message: `is longer than ${MAX_ENTRY_CHARS} characters as JSON` });
    });
  });

const LEGACY_FILE: FileKind<z.infer<typeof legacyEventSchema>> = {
  format: EVENT_FILE_FORMAT,
  noun: 'event',
  wrongKindCode: 'not-event',
  maxBytes: MAX_EVENT_FILE_BYTES,
  currentVersion: LEGACY_VERSION,
  migrations: EVENT_MIGRATIONS,
  schema: legacyEventSchema,
};

export type LegacyResult = { ok: true; event: DeskEvent; migratedFrom: number } | { ok: false; problem: FileProblem };

/** A version 1 or 2 event document (parsed JSON) as an event of the current version. */
export function loadLegacyEvent(raw: unknown, source: string): LegacyResult {
  const r = loadVersionedValue(LEGACY_FILE, raw, source);
  if (!r.ok) return r;
  const { entries, version: _v, ...header } = r.value;
  return { ok: true, event: { ...eventHeaderSchema.parse({ ...header, version: EVENT_VERSION }), entries: sortEntries(entries) }, migratedFrom: r.migratedFrom ?? LEGACY_VERSION };
}
