// The event file (format version 3, `*.event.json` beside the characters) is an append-only log:
// its first line is the header (this schema: the event's id, name, game and dates), every later
// line one ledger entry (core/desk/entries.ts), each made once by one desk and never edited or
// deleted. Who is in, what is printed and what is void are folded from the entries
// (core/desk/fold.ts). Objects are "loose": fields this version does not know survive. Files of
// versions 1 and 2 (one JSON document) migrate (core/desk/event-legacy.ts); reading and writing the
// lines is core/desk/event-load.ts.
import * as z from 'zod';
import type { LedgerEntry } from './entries';
import type { SeasonPlace } from '../season/types';
import { EVENT_FILE_FORMAT, EVENT_VERSION, NO_ID, type NewEventInit } from './event-format';

export { EVENT_FILE_FORMAT, EVENT_FILE_SUFFIX, EVENT_VERSION, eventRuleset, idKey, NO_ID } from './event-format';

const shortText = z.string().max(200);
const isoDate = z.iso.date();

/** The fields of the header shared by every version of the event file (after `format` and `version`). */
export const headerFields = {
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
  /**
   * Whether the event is a main event (absent: it is). Game packs award points for main events
   * (Curious Pastimes: "After the first event a character attends in a year, they receive 5
   * experience points."); docs/season.md § Points.
   */
  main: z.boolean().optional(),
};

/** The end date not before the start (for a header whose dates are valid). */
export function datesIssue(dates: { start: string; end: string }): { path: (string | number)[]; message: string } | null {
  return dates.end < dates.start ? { path: ['dates', 'end'], message: `must not be before the start (${dates.start})` } : null;
}

export const eventHeaderSchema = z.looseObject({ format: z.literal(EVENT_FILE_FORMAT), version: z.literal(EVENT_VERSION), ...headerFields }).superRefine((h, ctx) => {
  const issue = datesIssue(h.dates);
  if (issue) ctx.addIssue({ code: 'custom', ...issue });
});

export type EventHeader = z.infer<typeof eventHeaderSchema>;

/**
 * An event as the desk holds it: the header and the ledger, in ledger order; `season`, when opened
 * within its season (core/season/), what the events before it left. Never part of the file.
 */
export type DeskEvent = EventHeader & { entries: readonly LedgerEntry[]; season?: SeasonPlace };

/** A new event with an empty ledger. `id` is the new event's id (random, made by the caller); `homeDesk` the desk making it. */
export function newEvent(init: NewEventInit): DeskEvent {
  const header = eventHeaderSchema.parse({
    format: EVENT_FILE_FORMAT,
    version: EVENT_VERSION,
    id: init.id ?? NO_ID,
    name: init.name,
    game: init.game,
    dates: { start: init.start, end: init.end ?? init.start },
    ...(init.homeDesk ? { homeDesk: init.homeDesk } : {}),
  });
  return { ...header, entries: [] };
}

/** The header of an event: everything but its entries. */
export function headerOf(event: DeskEvent): EventHeader {
  const { entries: _entries, season: _season, ...header } = event;
  return header;
}

export type { LedgerEntry };
