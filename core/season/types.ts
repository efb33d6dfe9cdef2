// The season's shared types: an event's place in its season (what the events before it left, the
// ids of the events after it) and the season's events as listed. The fold is ./season.ts.
import type { LedgerEntry } from '../desk/entries';

/**
 * An earlier event of the season as the events after it need it: its id, name and start, and the
 * entries of it that cross events (./season.ts CROSSING_KINDS), undone ones left out, in ledger order.
 */
export type EarlierEvent = { id: string; name: string; start: string; entries: readonly LedgerEntry[] };

/** Where an event stands in its season: the events before it, in season order, and the ids of those after it. */
export type SeasonPlace = { earlier: readonly EarlierEvent[]; later: readonly string[] };

/** One event of a season folder, as listed: its file, id, name and dates. */
export type SeasonEventRef = { path: string; id: string; name: string; start: string; end: string };
