// The event file format v2 (`*.event.json`, beside the characters): the event's id, name, game and
// dates, and the ledger: an append-only list of entries (core/desk/entries.ts), each made once by
// one desk and never edited or deleted. Who is in, what is printed and what is void are folded
// from the entries (core/desk/fold.ts). Every object is "loose": fields this version does not know
// survive a load/save round trip. Version 1 files migrate (core/desk/event-migrate.ts).
import { z } from 'zod';
import { ledgerEntrySchema, type LedgerEntry } from './entries';
import { EVENT_FILE_FORMAT, EVENT_VERSION, MAX_ENTRIES, newEventValue, type NewEventInit } from './event-format';
import { datesIssue, ledgerIssues } from './event-rules';

export { EVENT_FILE_FORMAT, EVENT_FILE_SUFFIX, EVENT_VERSION, eventRuleset, idKey, MAX_ENTRIES, NO_ID } from './event-format';

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
  // What the JSON Schema cannot say (core/desk/event-rules.ts, shared with the compiled validator).
  .superRefine((e, ctx) => {
    const datesValid = isoDate.safeParse(e.dates.start).success && isoDate.safeParse(e.dates.end).success;
    const dates = datesValid ? datesIssue(e.dates.start, e.dates.end) : null;
    if (dates) ctx.addIssue({ code: 'custom', ...dates });
    if (!Array.isArray(e.entries)) return;
    for (const issue of ledgerIssues(e.entries)) ctx.addIssue({ code: 'custom', ...issue });
  });

export type DeskEvent = z.infer<typeof eventSchema>;

/** A new event with an empty ledger. `id` is the new event's id (random, made by the caller); `homeDesk` the desk making it. */
export function newEvent(init: NewEventInit): DeskEvent {
  return eventSchema.parse(newEventValue(init));
}

export type { LedgerEntry };
export { entryOf, lastPrint } from './fold';
