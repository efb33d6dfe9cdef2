// The event file format v2 (`*.event.json`, beside the characters): the event's id, name, game and
// dates, and the ledger: an append-only list of entries (core/desk/entries.ts), each made once by
// one desk and never edited or deleted. Who is in, what is printed and what is void are folded
// from the entries (core/desk/fold.ts). Every object is "loose": fields this version does not know
// survive a load/save round trip. Version 1 files migrate (core/desk/event-migrate.ts).
import { z } from 'zod';
import { RULESET_IDS, type RulesetId } from '../model/ids';
import { canonicalJson } from '../format/hash';
import { ledgerEntrySchema, MAX_ENTRY_CHARS, type LedgerEntry } from './entries';

export const EVENT_FILE_FORMAT = 'quartermaster-event' as const;
export const EVENT_VERSION = 2 as const;
export const EVENT_FILE_SUFFIX = '.event.json';

/** Most entries one event file may hold (a 2,000-player weekend makes about 10,000). */
export const MAX_ENTRIES = 100_000;

const shortText = z.string().max(200);
const isoDate = z.iso.date();

export const eventSchema = z
  .looseObject({
    format: z.literal(EVENT_FILE_FORMAT),
    version: z.literal(EVENT_VERSION),
    /** The event's id: the same in every desk's copy (a v1 file migrates to one made from its name, game and start). */
    id: z.uuid(),
    name: shortText.min(1),
    /** A ruleset id ("fortunes-landing") or free text for a game Quartermaster does not know. */
    game: shortText,
    dates: z.looseObject({ start: isoDate, end: isoDate }),
    /**
     * The desk id (settings `desk.id`) of the desk that made the event file: the one desk whose
     * editions are plain numbers ("/2"); every other desk's editions name the desk ("/2-K7QM").
     */
    homeDesk: z.uuid().optional(),
    /** The ledger, sorted by time then id (mergeEvents and appendEntries keep it so). */
    entries: z.array(ledgerEntrySchema).max(MAX_ENTRIES).default([]),
  })
  .superRefine((e, ctx) => {
    const datesValid = isoDate.safeParse(e.dates.start).success && isoDate.safeParse(e.dates.end).success;
    if (datesValid && e.dates.end < e.dates.start) ctx.addIssue({ code: 'custom', path: ['dates', 'end'], message: `must not be before the start (${e.dates.start})` });
    if (!Array.isArray(e.entries)) return;
    const seen = new Map<string, number>();
    e.entries.forEach((entry, i) => {
      const first = seen.get(entry.id);
      if (first !== undefined) ctx.addIssue({ code: 'custom', path: ['entries', i, 'id'], message: `is the id of entries[${first}] too (every entry has its own id)` });
      else seen.set(entry.id, i);
      if (canonicalJson(entry).length > MAX_ENTRY_CHARS) ctx.addIssue({ code: 'custom', path: ['entries', i], message: `is longer than ${MAX_ENTRY_CHARS} characters as JSON` });
    });
  });

export type DeskEvent = z.infer<typeof eventSchema>;

/** The key the ledger names a character by: its id in lower case (QR codes carry it in upper case). */
export const idKey = (id: string) => id.toLowerCase();

/** A new event with an empty ledger. `id` is the new event's id (random, made by the caller); `homeDesk` the desk making it. */
export function newEvent(init: { name: string; game: string; start: string; end?: string; id?: string; homeDesk?: string }): DeskEvent {
  return eventSchema.parse({
    format: EVENT_FILE_FORMAT,
    version: EVENT_VERSION,
    id: init.id ?? NO_ID,
    name: init.name,
    game: init.game,
    dates: { start: init.start, end: init.end ?? init.start },
    ...(init.homeDesk ? { homeDesk: init.homeDesk } : {}),
    entries: [],
  });
}

/** The id of an event made without one (a suggestion not yet saved): callers saving an event give it a real id. */
export const NO_ID = '00000000-0000-4000-8000-000000000000';

/** The ruleset the event is for, when its `game` names one. */
export function eventRuleset(event: DeskEvent): RulesetId | null {
  return (RULESET_IDS as readonly string[]).includes(event.game) ? (event.game as RulesetId) : null;
}

export type { LedgerEntry };
export { entryOf, lastPrint } from './fold';
