// The pure award and loss rules, and the record's sum, over the Curious Pastimes pack and the
// Emberfall example (which publishes costs): values worked out from the packs' quotes.
import { describe, expect, it } from 'vitest';
import { BUILTIN_PACKS } from '../packs/builtin';
import type { GamePack } from '../packs/schema';
import type { PointsRecord } from '../model/character';
import emberfallJson from '../packs/examples/emberfall.pack.json';
import { awardAt, lossAt } from './points-award';
import { pointsAvailable, pointsBalance, recordOf } from './points-record';

const cp = BUILTIN_PACKS['curious-pastimes'];
const emberfall = emberfallJson as unknown as GamePack;
const line = (kind: PointsRecord['kind'], points: number, extra: Partial<PointsRecord> = {}): PointsRecord => ({ at: '2026-01-01', kind, points, why: kind, ...extra });
const event = (id: string, start: string) => ({ id: `00000000-0000-4000-8000-${id.padStart(12, '0')}`, start, main: true });

describe('the points record', () => {
  it('sums to its balance: 20 start + 5 award − 3 spent + 1 refunded − 23 lost = 0', () => {
    const record = [line('start', 20), line('award', 5), line('spend', -3), line('refund', 1), line('loss', -23)];
    expect(pointsBalance(record)).toBe(0);
    // Where the pack publishes costs the skills are the spending: recorded spends and refunds left out.
    expect(pointsAvailable(record, true)).toBe(2);
    expect(pointsAvailable(record, false)).toBe(0);
  });

  it('starts a file with no record at the pack’s starting points (20), or the file’s own after a death (19)', () => {
    expect(recordOf({}, cp, '2026-01-01').map((r) => r.points)).toEqual([20]);
    expect(recordOf({ curiousPastimes: { startingPoints: 19 } }, cp, '2026-01-01').map((r) => r.points)).toEqual([19]);
    expect(recordOf({}, BUILTIN_PACKS.novitas, '2026-01-01')).toEqual([]);
  });
});

describe('awardAt', () => {
  it('counts the year of the event’s start date: an event from 31 Dec 2026 is the second of 2026, not the first of 2027', () => {
    const record = [line('start', 20), line('award', 5, { eventId: event('1', '2026-03-01').id, eventDate: '2026-03-01' })];
    expect(awardAt(cp, record, event('2', '2026-12-31'))).toMatchObject({ ok: true, points: 1, rule: 'next-main-events' });
    expect(awardAt(cp, record, event('3', '2027-01-01'))).toMatchObject({ ok: true, points: 5, rule: 'first-main-event' });
  });

  it('gives Emberfall 2 after every event, however many ("After every event you attend you earn 2 character points.")', () => {
    const record = [line('start', 12), ...[1, 2, 3, 4, 5, 6].map((n) => line('award', 2, { eventId: event(String(n), '2026-01-01').id, eventDate: '2026-01-01' }))];
    expect(awardAt(emberfall, record, event('7', '2026-12-01'))).toMatchObject({ ok: true, points: 2, rule: 'event' });
  });
});

describe('lossAt', () => {
  it('loses Emberfall’s unspent points after the skills’ costs: 12 + 2 − 5 (Swordplay 1, Shield 1) = 9', () => {
    expect(lossAt(emberfall, [line('start', 12), line('award', 2)], 5)).toMatchObject({ points: 9 });
  });
  it('loses nothing in a game whose pack publishes no advancement', () => {
    expect(lossAt(BUILTIN_PACKS['fortunes-landing'], [line('start', 10)], null)).toBeNull();
  });
});
