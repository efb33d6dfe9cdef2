// The desk's side of the points record: the `award` ledger entries "Close the event" makes for every
// character checked in, and the character file's records of this event made again from the ledger
// (awards; the unspent points a death or retirement loses). Pure and idempotent, as the history is
// settled (core/desk/character-record.ts): the records of this event carry its id and the entry's
// id and are remade whole, so settling twice, an undo, or a write cut short all come out the same.
import type { Character, PointsRecord } from '../model/character';
import { canonicalJson } from '../format/hash';
import type { LedgerEntry } from '../desk/entries';
import type { DeskEvent } from '../desk/event';
import { foldEvent } from '../desk/fold';
import { foldDeaths } from '../desk/deaths';
import { stampOf, type Stamp } from '../desk/ledger';
import type { GamePack } from '../packs/schema';
import { awardAt, lossAt, type AwardEvent } from './points-award';
import { builtinPackOf, recordOf, startRecord } from './points-record';
import { computeBudget } from '../packs/budget';

/**
 * Whether the event is a main event: the header's `main`, true when absent. The Curious Pastimes
 * awards are for "the first event a character attends in a year" and "each of the next three events"
 * (curious-pastimes.pack.json `advancement.awards`, named "main event" there); an event that is not
 * one (a day's skirmish) says `"main": false` in its header and gives no award.
 */
export function isMainEvent(event: Pick<DeskEvent, 'main'>): boolean {
  return event.main !== false;
}

export function awardEventOf(event: DeskEvent): AwardEvent {
  return { id: event.id, name: event.name, start: event.dates.start, main: isMainEvent(event) };
}

/** The character's uncancelled entries at this event, in ledger order. */
const entriesOf = (event: DeskEvent, id: string) => foldEvent(event).characters.get(id.toLowerCase())?.entries ?? [];

/** Why the character gets no award entry now, or null when it does. */
function whyNot(event: DeskEvent, c: Character): string | null {
  const entries = entriesOf(event, c.id);
  if (!entries.some((e) => e.kind === 'check-in')) return 'not checked in at this event';
  if (entries.some((e) => e.kind === 'award')) return 'already awarded for this event';
  const state = foldDeaths(entries, c.ruleset).state;
  if (state === 'retired' || state === 'permanent') return 'dead or retired at this event';
  return null;
}

export type AwardSkip = { character: string; name: string; why: string };

/**
 * The award entries for the event's close: one for every character checked in at it (a check-in not
 * undone) that has none yet and is not out of play, by its pack (`packOf`). `only` limits it to some
 * characters (a check-out). Characters whose pack publishes no advancement, or that get nothing, are
 * listed with the reason.
 */
export function awardEntries(event: DeskEvent, characters: readonly Character[], packOf: (c: Character) => GamePack | undefined, stamp: Stamp, only?: ReadonlySet<string>): { entries: LedgerEntry[]; skipped: AwardSkip[] } {
  const entries: LedgerEntry[] = [];
  const skipped: AwardSkip[] = [];
  const target = awardEventOf(event);
  for (const c of characters) {
    const id = c.id.toLowerCase();
    if (only && !only.has(id)) continue;
    const why = whyNot(event, c);
    if (why) {
      if (why !== 'not checked in at this event') skipped.push({ character: id, name: c.name, why });
      continue;
    }
    const pack = packOf(c);
    if (!pack) {
      skipped.push({ character: id, name: c.name, why: `the desk keeps no points for ${c.ruleset}: its game pack is not one the desk loads` });
      continue;
    }
    const record = recordOf(c, pack, event.dates.start).filter((r) => r.eventId !== event.id);
    const award = awardAt(pack, record, target);
    if (!award.ok) {
      skipped.push({ character: id, name: c.name, why: award.why });
      continue;
    }
    entries.push({ ...stampOf(stamp), kind: 'award', character: id, points: award.points, ...(award.rule ? { rule: award.rule } : {}), why: award.why.slice(0, 1_000) } as LedgerEntry);
  }
  return { entries, skipped };
}

/**
 * The character with this event's points records made again from the ledger: an award record for
 * its award entry, and a loss of its unspent points when the ledger leaves it dead for good or
 * retired and the pack says unspent points are lost. `skillsCost`: what its skills cost where the
 * pack publishes costs (core/packs/budget.ts), else null. The same object when nothing changes.
 */
export function applyPoints(c: Character, event: DeskEvent, pack: GamePack, skillsCost: number | null): Character {
  if (!pack.advancement.published) return c;
  const entries = entriesOf(event, c.id);
  const earlier = (c.points ?? []).filter((r) => r.eventId !== event.id);
  const mine = (c.points ?? []).length - earlier.length;
  const base = { event: event.name.slice(0, 200), eventId: event.id, eventDate: event.dates.start };
  const records: PointsRecord[] = [];
  for (const e of entries) {
    if (e.kind !== 'award') continue;
    records.push({ at: e.at, kind: 'award', points: e.points, why: e.why, ...base, entry: e.id, ...(e.rule ? { rule: e.rule } : {}) });
  }
  const end = [...entries].reverse().find((e) => e.kind === 'died' || e.kind === 'retired' || e.kind === 'permanent-death');
  const state = foldDeaths(entries, c.ruleset).state;
  const start = startRecord(c, pack, event.dates.start);
  const withStart = (list: PointsRecord[]) => (!start || list.some((r) => r.kind === 'start') ? list : [start, ...list]);
  if (end && (state === 'retired' || state === 'permanent')) {
    const loss = lossAt(pack, withStart([...earlier, ...records]), skillsCost);
    if (loss && loss.points > 0) records.push({ at: end.at, kind: 'loss', points: -loss.points, why: loss.why, ...base, entry: end.id });
  }
  if (records.length === 0 && mine === 0) return c;
  const points = records.length > 0 ? withStart([...earlier, ...records]) : earlier;
  const next: Character = { ...c, points };
  if (points.length === 0) delete next.points;
  return canonicalJson(next) === canonicalJson(c) ? c : next;
}

/** What the character's skills cost where its pack publishes costs (core/packs/budget.ts), else null. */
function skillsCostOf(c: Character, pack: GamePack): number | null {
  if (!pack.costs.published) return null;
  return computeBudget(pack, { skills: c.skills }).spent;
}

/** applyPoints with the character's own pack: what settling the folder runs for every file. */
export function settlePoints(c: Character, event: DeskEvent): Character {
  const pack = builtinPackOf(c);
  if (!pack) return c;
  return applyPoints(c, event, pack, skillsCostOf(c, pack));
}

