// What a character earns at an event, and what a death or retirement loses, by its game pack's
// advancement (docs/season.md § Points). The numbers and their words come from the pack
// (`advancement`): none is written here. Pure.
import type { PointsRecord } from '../model/character';
import type { GamePack } from '../packs/schema';
import { pointsAvailable, pointsGained } from './points-record';

/** The event an award is for: its id, its start date (the year it counts in) and whether it is a main event. */
export type AwardEvent = { id: string; name?: string; start: string; main: boolean };

/** An award (points may be 0: a fifth main event of a year, or a cap reached), or why none is made. */
export type AwardOutcome = { ok: true; points: number; rule: string | null; why: string } | { ok: false; why: string };

type Advancement = Extract<GamePack['advancement'], { published: true }>;
type AwardRule = Advancement['awards'][number];

const yearOf = (r: PointsRecord) => (r.eventDate ?? r.at).slice(0, 4);
const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/**
 * The award rule for a character's `index`-th main event of a year (0 for the first). The pack's
 * awards are read in order, each for `times` events a year ("For each of the next three events the
 * character attends in a year, they receive 1 experience point per event"); an award without `times`
 * is for one event, except the last, which is for every event after (Emberfall: "After every event
 * you attend you earn 2 character points.").
 */
function scheduled(awards: readonly AwardRule[], index: number): AwardRule | null {
  let from = 0;
  for (let i = 0; i < awards.length; i++) {
    const a = awards[i]!;
    const times = a.times?.value ?? (i === awards.length - 1 ? Infinity : 1);
    if (index < from + times) return a;
    from += times;
  }
  return null;
}

/** How many main events of a year the pack's awards cover (Infinity when the last has no `times`). */
function eventsAwarded(awards: readonly AwardRule[]): number {
  return awards.reduce((n, a, i) => n + (a.times?.value ?? (i === awards.length - 1 ? Infinity : 1)), 0);
}

/**
 * The points `record` (the character's record before this event: its records of this event left out)
 * earns at `event` under `pack`. Earlier awards of the calendar year of the event's start date are
 * counted from the record; the per-year cap and the total cap (starting points counted) cut the
 * award down, to 0 when reached.
 */
export function awardAt(pack: GamePack, record: readonly PointsRecord[], event: AwardEvent): AwardOutcome {
  const adv = pack.advancement;
  if (!adv.published) return { ok: false, why: `${pack.names.en} publishes no advancement: ${adv.reason}` };
  if (!event.main) return { ok: false, why: 'Not a main event: the awards are for main events' };
  const year = event.start.slice(0, 4);
  const before = record.filter((r) => r.eventId !== event.id);
  const thisYear = before.filter((r) => r.kind === 'award' && yearOf(r) === year);
  const eventsThisYear = new Set(thisYear.map((r) => r.eventId ?? r.entry ?? r.at)).size;
  const rule = scheduled(adv.awards, eventsThisYear);
  if (!rule) {
    const covered = eventsAwarded(adv.awards);
    return { ok: true, points: 0, rule: null, why: `No points: main event ${eventsThisYear + 1} of ${year}; ${pack.names.en} awards points for the first ${covered} of a year` };
  }
  let points = rule.points.value;
  const why = [`${rule.names.en}: ${plural(points, 'point')} ("${rule.points.quote}")`];
  const perYear = adv.caps?.['per-year'];
  if (perYear) {
    const room = Math.max(0, perYear.value - thisYear.reduce((n, r) => n + r.points, 0));
    if (points > room) {
      why.push(`cut to ${room}: at most ${perYear.value} a year ("${perYear.quote}")`);
      points = room;
    }
  }
  const total = adv.caps?.total;
  if (total) {
    const room = Math.max(0, total.value - pointsGained(before));
    if (points > room) {
      why.push(`cut to ${room}: at most ${total.value} in all ("${total.quote}")`);
      points = room;
    }
  }
  return { ok: true, points, rule: rule.id, why: why.join('; ') };
}

/**
 * The points a death or retirement takes away: the unspent points, where the pack says they are lost
 * ("Any unspent experience points, whether earned or left over from character creation, are lost
 * when the character dies or retires."); null where it does not. `skillsCost` is what the skills
 * cost where the pack publishes costs (core/packs/budget.ts), else null (spends are then the
 * record's own).
 */
export function lossAt(pack: GamePack, record: readonly PointsRecord[], skillsCost: number | null): { points: number; why: string } | null {
  const adv = pack.advancement;
  if (!adv.published || adv.death.unspentPointsLost?.value !== true) return null;
  const unspent = Math.max(0, pointsAvailable(record, pack.costs.published) - (pack.costs.published ? (skillsCost ?? 0) : 0));
  return { points: unspent, why: `Unspent points lost: "${adv.death.unspentPointsLost.quote}"` };
}
