// One character's entries across its season: the crossing entries of the events before this one
// (in season order, each with its event), then this event's own uncancelled entries. The life folds
// (core/desk/deaths.ts, life.ts, character-record.ts) take these, so an event opened within its
// season sees what earlier events recorded. Pure.
import type { LedgerEntry } from '../desk/entries';
import type { DeskEvent } from '../desk/event';
import { foldEvent } from '../desk/fold';
import type { EarlierEvent, SeasonPlace } from './types';

type Earlier = { event: EarlierEvent; entries: LedgerEntry[] };

const byCharacter = new WeakMap<SeasonPlace, Map<string, Earlier[]>>();

/** Per character (lower-case id), its entries at each earlier event that names it, in season order. */
export function earlierOf(place: SeasonPlace, id: string): readonly Earlier[] {
  let map = byCharacter.get(place);
  if (!map) {
    map = new Map();
    for (const event of place.earlier) {
      for (const e of event.entries) {
        if (!e.character) continue;
        const key = e.character.toLowerCase();
        const list = map.get(key) ?? [];
        if (list.length === 0 || list[list.length - 1]!.event !== event) list.push({ event, entries: [] });
        list[list.length - 1]!.entries.push(e);
        map.set(key, list);
      }
    }
    byCharacter.set(place, map);
  }
  return map.get(id.toLowerCase()) ?? [];
}

/** The character's entries through this event: the earlier events' crossing ones first. */
export function seasonEntries(event: DeskEvent, id: string): LedgerEntry[] {
  const mine = foldEvent(event).characters.get(id.toLowerCase())?.entries ?? [];
  if (!event.season) return mine;
  const before = earlierOf(event.season, id);
  return before.length === 0 ? mine : [...before.flatMap((b) => b.entries), ...mine];
}

/** Whether an event id is one of the season's around `event` (this one, an earlier or a later one). */
export function inSameSeason(event: DeskEvent, eventId: string): boolean {
  const id = eventId.toLowerCase();
  if (event.id.toLowerCase() === id) return true;
  const s = event.season;
  return !!s && (s.earlier.some((e) => e.id.toLowerCase() === id) || s.later.some((l) => l.toLowerCase() === id));
}
