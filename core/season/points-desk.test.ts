// The desk's awards and the character file's points record over a season of events, with values
// worked out from the Curious Pastimes rule quotes in curious-pastimes.pack.json `advancement`:
// 20 to start; 5 after the first main event of a year, 1 after each of the next three; at most 8 a
// year and 100 in all; unspent points lost on death.
import type { RulesetId } from '../model/ids';
import { describe, expect, it } from 'vitest';
import { BUILTIN_PACKS } from '../packs/builtin';
import type { Character, PointsRecord } from '../model/character';
import { newEvent, type DeskEvent } from '../desk/event';
import { withEntries } from '../desk/ledger';
import { recordEntry } from '../desk/record';
import { example, fakeId, stampAt, withCheckIn } from '../desk/testing';
import { uuidFromText } from '../format/uuid';
import { applyPoints, awardEntries } from './points-desk';
import { pointsBalance } from './points-record';

const packOf = (c: Character) => BUILTIN_PACKS[c.ruleset as RulesetId];

function eventOn(start: string, n: number, header: Record<string, unknown> = {}): DeskEvent {
  return { ...newEvent({ id: uuidFromText(`event|${start}|${n}`), name: `Event ${n} of ${start.slice(0, 4)}`, game: 'curious-pastimes', start }), ...header };
}

/** The character checked in at the event, the event closed (awards made) and its file settled. */
function attend(c: Character, event: DeskEvent): { c: Character; event: DeskEvent; points: number[] } {
  let e = withCheckIn(event, c.id, `${event.dates.start}T18:00:00+01:00`);
  const { entries } = awardEntries(e, [c], packOf, stampAt(`${event.dates.start}T22:00:00+01:00`));
  e = withEntries(e, entries, {}).event;
  return { c: applyPoints(c, e, packOf(c), null), event: e, points: entries.map((x) => (x as { points: number }).points) };
}

const awards = (c: Character) => (c.points ?? []).filter((r) => r.kind === 'award').map((r) => r.points);

describe('the Curious Pastimes award schedule', () => {
  it('gives 5, 1, 1, 1 and 0 across a year of 5 main events (8 that year), then 5 again the next calendar year', () => {
    let c = example('brannoc');
    const got: number[] = [];
    for (const [n, start] of ['2026-03-06', '2026-05-01', '2026-07-10', '2026-09-04', '2026-11-20', '2027-04-02'].entries()) {
      const r = attend(c, eventOn(start, n));
      c = r.c;
      got.push(...r.points);
    }
    expect(got).toEqual([5, 1, 1, 1, 0, 5]);
    // 20 starting points + 8 in 2026 + 5 in 2027.
    expect(pointsBalance(c.points!)).toBe(33);
    expect(c.points![0]).toMatchObject({ kind: 'start', points: 20 });
    expect(c.points!.filter((r) => r.eventDate?.startsWith('2026')).reduce((n, r) => n + r.points, 0)).toBe(8);
    expect(c.points![5]!.why).toContain('No points: main event 5 of 2026');
  });

  it('cuts an award to the per-year cap of 8 (two awards of 5 and 2 this year: the 3rd event gives 1, the 4th 0)', () => {
    const hand = (points: number, n: number): PointsRecord => ({ at: '2026-02-01', kind: 'award', points, why: 'by hand', eventId: fakeId(900 + n), eventDate: '2026-02-01' });
    let c = example('brannoc', { points: [{ at: '2026-01-01', kind: 'start', points: 20, why: 'start' }, hand(5, 1), hand(2, 2)] });
    const third = attend(c, eventOn('2026-06-01', 3));
    expect(third.points).toEqual([1]);
    c = third.c;
    const fourth = attend(c, eventOn('2026-08-01', 4));
    // The schedule gives the fourth event 1 point; the year already holds 5 + 2 + 1 = 8.
    expect(fourth.points).toEqual([0]);
    expect(fourth.c.points!.at(-1)!.why).toContain('cut to 0: at most 8 a year');
  });

  it('cuts an award to the total cap of 100, starting points counted (20 + 78 earlier: 2 of the 5)', () => {
    const c = example('brannoc', { points: [{ at: '2020-01-01', kind: 'start', points: 20, why: 'start' }, { at: '2025-12-01', kind: 'award', points: 78, why: 'earlier seasons', eventDate: '2025-12-01' }] });
    const r = attend(c, eventOn('2026-04-01', 1));
    expect(r.points).toEqual([2]);
    expect(pointsBalance(r.c.points!)).toBe(100);
    expect(attend(r.c, eventOn('2026-06-01', 2)).points).toEqual([0]);
  });
});

describe('awards at the desk', () => {
  it('makes one award per character and event: a second close makes none, and settling twice changes nothing', () => {
    const c = example('brannoc');
    const r = attend(c, eventOn('2026-03-06', 1));
    const again = awardEntries(r.event, [r.c], packOf, stampAt('2026-03-06T23:00:00+01:00'));
    expect(again.entries).toEqual([]);
    expect(again.skipped).toEqual([{ character: c.id, name: c.name, why: 'already awarded for this event' }]);
    expect(applyPoints(r.c, r.event, packOf(c), null)).toBe(r.c);
  });

  it('undoing the award takes its record out of the file, and the event may award again', () => {
    const c = example('brannoc');
    const r = attend(c, eventOn('2026-03-06', 1));
    const award = r.event.entries.find((e) => e.kind === 'award')!;
    const undone = recordEntry(r.event, { kind: 'undo', character: c.id, target: award.id }, stampAt('2026-03-06T23:00:00+01:00')).event;
    const settled = applyPoints(r.c, undone, packOf(c), null);
    expect(settled.points!.map((p) => p.kind)).toEqual(['start']);
    expect(pointsBalance(settled.points!)).toBe(20);
    expect(awardEntries(undone, [settled], packOf, stampAt('2026-03-06T23:30:00+01:00')).entries).toHaveLength(1);
  });

  it('awards nobody not checked in, and says why a game that publishes no advancement gets none', () => {
    const cp = example('brannoc');
    const nov = example('elowen');
    let e = eventOn('2026-03-06', 1);
    e = withCheckIn(e, nov.id, '2026-03-06T18:00:00+01:00');
    const r = awardEntries(e, [cp, nov], packOf, stampAt('2026-03-06T22:00:00+01:00'));
    expect(r.entries).toEqual([]);
    const reason = (BUILTIN_PACKS.novitas.advancement as { reason: string }).reason;
    expect(r.skipped).toEqual([{ character: nov.id, name: nov.name, why: `Novitas publishes no advancement: ${reason}` }]);
  });

  it('gives no award at an event whose header says it is not a main event', () => {
    const c = example('brannoc');
    const r = attend(c, eventOn('2026-03-06', 1, { main: false }));
    expect(r.points).toEqual([]);
    expect(r.c.points).toBeUndefined();
  });

  it('loses the unspent points on a Curious Pastimes death: 20 + 5 − 12 spent by hand = 13 lost, balance 0', () => {
    const start: PointsRecord = { at: '2026-01-01', kind: 'start', points: 20, why: 'start' };
    const spend: PointsRecord = { at: '2026-01-02', kind: 'spend', points: -12, why: 'skills', skill: 'body-development' };
    const c = example('brannoc', { points: [start, spend] });
    const r = attend(c, eventOn('2026-03-06', 1));
    const died = recordEntry(r.event, { kind: 'died', character: c.id }, stampAt('2026-03-07T14:00:00+01:00'));
    const settled = applyPoints(r.c, died.event, packOf(c), null);
    expect(settled.points!.at(-1)).toMatchObject({ kind: 'loss', points: -13, entry: died.entry.id, eventId: r.event.id });
    expect(pointsBalance(settled.points!)).toBe(0);
    expect(applyPoints(settled, died.event, packOf(c), null)).toBe(settled);
  });
});
