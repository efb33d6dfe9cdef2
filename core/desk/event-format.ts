// The event file's names and numbers, without its zod schema (core/desk/event.ts), so that code
// reading event files through the compiled validator (core/desk/event-load-fast.ts) does not load
// zod. core/desk/event.ts re-exports all of it.
import { RULESET_IDS, type RulesetId } from '../model/ids';
import type { DeskEvent } from './event';

export const EVENT_FILE_FORMAT = 'quartermaster-event' as const;
export const EVENT_VERSION = 2 as const;
export const EVENT_FILE_SUFFIX = '.event.json';

/** Most entries one event file may hold (a 2,000-player weekend makes about 10,000). */
export const MAX_ENTRIES = 100_000;
/** Longest an entry may be as JSON (its unknown fields included). */
export const MAX_ENTRY_CHARS = 64 * 1024;

/** The key the ledger names a character by: its id in lower case (QR codes carry it in upper case). */
export const idKey = (id: string) => id.toLowerCase();

/** The id of an event made without one (a suggestion not yet saved): callers saving an event give it a real id. */
export const NO_ID = '00000000-0000-4000-8000-000000000000';

/** The ruleset the event is for, when its `game` names one. */
export function eventRuleset(event: Pick<DeskEvent, 'game'>): RulesetId | null {
  return (RULESET_IDS as readonly string[]).includes(event.game) ? (event.game as RulesetId) : null;
}

/** The label printed on a card: "IT-7K3QM-9XD2F/2". */
export const cardLabel = (c: { serial: string; edition: string }) => `${c.serial}/${c.edition}`;

export type NewEventInit = { name: string; game: string; start: string; end?: string; id?: string; homeDesk?: string };

/** What a new event with an empty ledger is made of, before validation (newEvent in ./event.ts, tryNewEvent in ./event-load-fast.ts). */
export function newEventValue(init: NewEventInit) {
  return {
    format: EVENT_FILE_FORMAT,
    version: EVENT_VERSION,
    id: init.id ?? NO_ID,
    name: init.name,
    game: init.game,
    dates: { start: init.start, end: init.end ?? init.start },
    ...(init.homeDesk ? { homeDesk: init.homeDesk } : {}),
    entries: [],
  };
}
