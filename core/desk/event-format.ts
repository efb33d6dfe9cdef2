// The event file's names and numbers (core/desk/event.ts has its schema).
import { RULESET_IDS, type RulesetId } from '../model/ids';

export const EVENT_FILE_FORMAT = 'quartermaster-event' as const;
/** Version 3: the append-only log (a header line, then one entry a line). Versions 1 and 2 were one JSON document. */
export const EVENT_VERSION = 3 as const;
export const EVENT_FILE_SUFFIX = '.event.json';

/** Longest a line of the event file may be (the header, or an entry as JSON with its unknown fields), in characters. */
export const MAX_ENTRY_CHARS = 64 * 1024;

/** The key the ledger names a character by: its id in lower case (QR codes carry it in upper case). */
export const idKey = (id: string) => id.toLowerCase();

/** The id of an event made without one (a suggestion not yet saved): callers saving an event give it a real id. */
export const NO_ID = '00000000-0000-4000-8000-000000000000';

/** The ruleset the event is for, when its `game` names one. */
export function eventRuleset(event: { game: string }): RulesetId | null {
  return (RULESET_IDS as readonly string[]).includes(event.game) ? (event.game as RulesetId) : null;
}

/** The label printed on a card: "IT-7K3QM-9XD2F/2". */
export const cardLabel = (c: { serial: string; edition: string }) => `${c.serial}/${c.edition}`;

export type NewEventInit = { name: string; game: string; start: string; end?: string; id?: string; homeDesk?: string };
