// A season: the events of one folder, sharing characters, read as one long ledger — every event's
// entries in event order (the header's dates.start, then the event id), each event's entries in
// ledger order (core/desk/order.ts). What a character did at earlier events crosses into the next:
// deaths, returns, convergences, permanent deaths, retirements and new characters
// (CROSSING_KINDS). What is per event stays so: check-ins, prints and editions, items at the desk,
// and the Curious Pastimes "starting points at this event" (core/desk/deaths.ts newCharacterPoints).
//
// The per-game readings, with the rule quotes, are in docs/season.md ("What crosses events"). An
// event opened within its season carries its place (`DeskEvent.season`); the life folds
// (core/desk/deaths.ts, life.ts, character-record.ts) fold the earlier events' entries first. Pure.
import type { DeskEvent, EventHeader } from '../desk/event';
import { readHeader } from '../desk/event-load';
import { foldEvent, keepFold } from '../desk/fold';
import type { EarlierEvent, SeasonEventRef, SeasonPlace } from './types';

export type { EarlierEvent, SeasonEventRef, SeasonPlace } from './types';

/** The entry kinds whose effect lasts beyond the event that recorded them. */
export const CROSSING_KINDS: ReadonlySet<string> = new Set(['died', 'returned', 'permanent-death', 'retired', 'convergence', 'new-character']);

/** Season order: by the start date, then the event id (so every desk orders a season alike). */
export function compareSeason(a: Pick<EventHeader, 'id' | 'dates'>, b: Pick<EventHeader, 'id' | 'dates'>): number {
  if (a.dates.start !== b.dates.start) return a.dates.start < b.dates.start ? -1 : 1;
  const x = a.id.toLowerCase();
  const y = b.id.toLowerCase();
  return x < y ? -1 : x > y ? 1 : 0;
}

/** The events in season order (a new array). */
export function seasonOrder<T extends Pick<EventHeader, 'id' | 'dates'>>(events: readonly T[]): T[] {
  return [...events].sort(compareSeason);
}

/** What an event leaves to the events after it: its entries that cross events, undone ones left out. */
export function earlierEvent(event: DeskEvent): EarlierEvent {
  const f = foldEvent(event);
  const entries = f.entries.filter((e) => CROSSING_KINDS.has(e.kind) && !f.cancelled.has(e.id));
  return { id: event.id, name: event.name, start: event.dates.start, entries };
}

/**
 * The place of event `id` among `events` (every event of the season, any order): the earlier ones
 * folded to what crosses, the later ones' ids. Null when `id` is not among them.
 */
export function placeInSeason(events: readonly DeskEvent[], id: string): SeasonPlace | null {
  const ordered = seasonOrder(events);
  const at = ordered.findIndex((e) => e.id.toLowerCase() === id.toLowerCase());
  if (at < 0) return null;
  return { earlier: ordered.slice(0, at).map(earlierEvent), later: ordered.slice(at + 1).map((e) => e.id) };
}

/** The event opened within its season: the same event (and fold) with its place. */
export function inSeason(event: DeskEvent, place: SeasonPlace | null): DeskEvent {
  if (!place || (place.earlier.length === 0 && place.later.length === 0)) return event;
  const out: DeskEvent = { ...event, season: place };
  keepFold(out, foldEvent(event));
  return out;
}

/** An entry line that may matter to the later events: one of CROSSING_KINDS, or an undo (which may cancel one). */
const MAY_CROSS = /"kind"\s*:\s*"(?:died|returned|permanent-death|retired|convergence|new-character|undo)"/;

/**
 * An earlier event file's bytes with only the lines that may cross events (the header, and the
 * entry lines MAY_CROSS finds), so a season's earlier ledgers are not parsed whole: a check-in, a
 * print or a note at an earlier event changes nothing at this one. A file of version 1 or 2 (one
 * document) is given back whole.
 */
export function crossingLines(bytes: Uint8Array, source: string): Uint8Array {
  const head = readHeader(bytes, source);
  if (head.ok !== true) return bytes;
  const text = new TextDecoder().decode(bytes.subarray(head.end));
  const lines = text.split('\n');
  lines.pop(); // after the last newline: empty, or a torn line (never read as an entry)
  const kept = lines.filter((l) => MAY_CROSS.test(l));
  const rest = new TextEncoder().encode(kept.map((l) => `${l}\n`).join(''));
  const out = new Uint8Array(head.end + rest.length);
  out.set(bytes.subarray(0, head.end));
  out.set(rest, head.end);
  return out;
}

/** The listing of a season's events, newest first (as the desk's chooser shows them). */
export function newestFirst(events: readonly SeasonEventRef[]): SeasonEventRef[] {
  return [...events].sort((a, b) => -compareSeason({ id: a.id, dates: a }, { id: b.id, dates: b }));
}

/** A season event named by the volunteer: its id, or its name (case and spaces ignored). */
export function findSeasonEvent(events: readonly SeasonEventRef[], wanted: string): SeasonEventRef[] {
  const norm = (s: string) => s.trim().toLocaleLowerCase().replace(/\s+/g, ' ');
  const w = norm(wanted);
  const byId = events.filter((e) => e.id.toLowerCase() === w);
  return byId.length > 0 ? byId : events.filter((e) => norm(e.name) === w);
}
