// The event file format v1 (`*.event.json`, beside the characters): the event's name, game and
// dates, and per character its check-in time, what was printed for it (content hash and card
// serials) and the serials those prints voided. Every object is "loose": fields this version does
// not know survive a load/save round trip untouched, as in the character file.
import { z } from 'zod';
import { RULESET_IDS, type RulesetId } from '../model/ids';

export const EVENT_FILE_FORMAT = 'quartermaster-event' as const;
export const EVENT_VERSION = 1 as const;
export const EVENT_FILE_SUFFIX = '.event.json';

/** Most prints one character keeps on record for one event (older ones are dropped first). */
export const MAX_PRINTS_KEPT = 50;
/** Most card serials one print of one character may list. */
export const MAX_SERIALS_PER_PRINT = 2_000;
/** Most voided serials kept for one character. */
export const MAX_VOIDED = 20_000;
/** Most characters one event file may list. */
export const MAX_EVENT_CHARACTERS = 20_000;

const shortText = z.string().max(200);
const isoDate = z.iso.date();
const isoTime = z.iso.datetime({ offset: true });
/** A card serial as core/pdf/serial.ts makes them ("IT-7K3QM-9XD2F"), or an item's own serial. */
const serial = z.string().min(1).max(200);
const sha256 = z.string().regex(/^[0-9a-f]{64}$/, 'a SHA-256 content hash (64 lower-case hex digits)');

/**
 * One print of one character's cards for this event. `facts` is optional: what the cards said, in
 * plain words, so a scanned card can be told what changed since (see lifecycle.ts, cardFacts).
 */
export const printRecordSchema = z.looseObject({
  at: isoTime,
  hash: sha256,
  serials: z.array(serial).max(MAX_SERIALS_PER_PRINT),
  facts: z.record(z.string().max(100), z.string().max(2_000)).optional(),
});

export const eventCharacterSchema = z.looseObject({
  /** When the character was checked in at the desk; absent when not (or no longer) checked in. */
  checkedInAt: isoTime.optional(),
  /** Every print for this event, oldest first; the last one is what the player holds now. */
  printed: z.array(printRecordSchema).max(MAX_PRINTS_KEPT).optional(),
  /** Serials of cards printed earlier for this event that a later print replaced. */
  voided: z.array(serial).max(MAX_VOIDED).optional(),
});

export const eventSchema = z
  .looseObject({
    format: z.literal(EVENT_FILE_FORMAT),
    version: z.literal(EVENT_VERSION),
    name: shortText.min(1),
    /** A ruleset id ("fortunes-landing") or free text for a game Quartermaster does not know. */
    game: shortText,
    dates: z.looseObject({ start: isoDate, end: isoDate }),
    /** Keyed by character id (lower case). */
    characters: z.record(z.uuid(), eventCharacterSchema).default({}),
  })
  .superRefine((e, ctx) => {
    const datesValid = isoDate.safeParse(e.dates.start).success && isoDate.safeParse(e.dates.end).success;
    if (datesValid && e.dates.end < e.dates.start) ctx.addIssue({ code: 'custom', path: ['dates', 'end'], message: `must not be before the start (${e.dates.start})` });
    const n = Object.keys(e.characters).length;
    if (n > MAX_EVENT_CHARACTERS) ctx.addIssue({ code: 'custom', path: ['characters'], message: `has more than ${MAX_EVENT_CHARACTERS} entries` });
  });

export type DeskEvent = z.infer<typeof eventSchema>;
export type EventCharacter = z.infer<typeof eventCharacterSchema>;
export type PrintRecord = z.infer<typeof printRecordSchema>;

/** The key a character has in `characters`: its id in lower case (QR codes carry it in upper case). */
export const idKey = (id: string) => id.toLowerCase();

/** A new event with nobody checked in and nothing printed. */
export function newEvent(init: { name: string; game: string; start: string; end?: string }): DeskEvent {
  return eventSchema.parse({
    format: EVENT_FILE_FORMAT,
    version: EVENT_VERSION,
    name: init.name,
    game: init.game,
    dates: { start: init.start, end: init.end ?? init.start },
    characters: {},
  });
}

/** The event's entry for a character, or an empty one. */
export function entryOf(event: DeskEvent, id: string): EventCharacter {
  return event.characters[idKey(id)] ?? {};
}

/** The event with one character's entry replaced (removed when it holds nothing). Never mutates. */
export function withEntry(event: DeskEvent, id: string, entry: EventCharacter | undefined): DeskEvent {
  const key = idKey(id);
  const characters = { ...event.characters };
  if (entry === undefined || Object.keys(entry).length === 0) delete characters[key];
  else characters[key] = entry;
  return { ...event, characters };
}

/** The last print of a character for this event, if any. */
export function lastPrint(event: DeskEvent, id: string): PrintRecord | undefined {
  const printed = entryOf(event, id).printed;
  return printed?.[printed.length - 1];
}

/** The ruleset the event is for, when its `game` names one. */
export function eventRuleset(event: DeskEvent): RulesetId | null {
  return (RULESET_IDS as readonly string[]).includes(event.game) ? (event.game as RulesetId) : null;
}
