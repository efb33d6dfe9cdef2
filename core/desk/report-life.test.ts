// The desk report and the check-in sheet for characters out of play. Curious Pastimes: "Your
// character card and all items carried at the time should be handed to a Referee or the Event Desk
// immediately" — Brannoc, checked in at 09:00 and dead at 14:00, is shown dead since 14:00 (his file
// retired), his cards not valid, and his player's heading counts him as neither checked in nor in
// play; the player's other character, checked in, still counts.
import { describe, expect, it } from 'vitest';
import { newEvent, type DeskEvent } from './event';
import { recordEntry, type RecordRequest } from './record';
import { formatDeskReport, groupTitle, totalsLine } from './report';
import { deskRows, deskTotals, groupByPlayer } from './rows';
import { checkInCsv } from './sheet-csv';
import { sheetRows } from './sheet';
import { example, exampleDesk, fakeId, stampAt, withCheckIn } from './testing';

const at = (hhmm: string) => `2026-10-03T${hhmm}:00+01:00`;
const rec = (e: DeskEvent, r: RecordRequest, hhmm: string) => recordEntry(e, r, stampAt(at(hhmm))).event;
const cp = newEvent({ name: 'Autumn Muster', game: 'curious-pastimes', start: '2026-10-02', end: '2026-10-04', id: fakeId(900) });

const brannoc = exampleDesk('brannoc', { player: 'Alex' });
const wren = exampleDesk('brannoc', { id: fakeId(5), name: 'Wren', player: 'Alex' }, 'wren.character.json');
const brannocId = example('brannoc').id;

function afterDeath(): DeskEvent {
  let e = withCheckIn(cp, brannocId, at('09:00'));
  e = withCheckIn(e, fakeId(5), at('09:05'));
  return rec(e, { kind: 'died', character: brannocId }, '14:00');
}

describe('a Curious Pastimes death in the report', () => {
  it("says DEAD since 14:00 (retired) in place of the check-in, the cards not valid, and the player's heading counts only Wren as checked in", () => {
    const rows = deskRows([brannoc, wren], afterDeath());
    const [alex] = groupByPlayer(rows);
    expect(alex!.checkedIn).toBe(1);
    expect(alex!.out).toBe(1);
    expect(groupTitle(alex!)).toBe('Alex: 2 characters, 1 checked in, 1 dead or retired');
    expect(totalsLine(deskTotals(rows))).toMatch(/; 1 checked in\.$/);
    const report = formatDeskReport(rows, 'Autumn Muster');
    const line = report.split('\n').find((l) => l.includes('Brannoc'))!;
    expect(line).toContain(' · DEAD since 2026-10-03 14:00 (retired), was checked in 09:00 · cards NOT VALID (hand them in at the desk)');
    expect(line).not.toMatch(/· checked in|cards current|not printed yet/);
    expect(report.split('\n').find((l) => l.includes('Wren'))).toContain(' · checked in 2026-10-03 09:05 · ');
  });

  it('a death undone: checked in again, counted, and no state shown', () => {
    const r = recordEntry(withCheckIn(cp, brannocId, at('09:00')), { kind: 'died', character: brannocId }, stampAt(at('14:00')));
    const undone = recordEntry(r.event, { kind: 'undo', target: r.entry.id }, stampAt(at('14:01'))).event;
    const rows = deskRows([brannoc], undone);
    expect(groupTitle(groupByPlayer(rows)[0]!)).toBe('Alex: 1 character, 1 checked in');
    expect(formatDeskReport(rows, 'x')).toContain(' · checked in 2026-10-03 09:00 · ');
  });

  it("Fortune's Landing: permanently dead at dawn; any game: retired at the desk", () => {
    const dimitri = exampleDesk('dimitri', { player: 'Sam' });
    const fl = newEvent({ name: 'Autumn Muster', game: 'fortunes-landing', start: '2026-10-02', end: '2026-10-04', id: fakeId(901) });
    let e = rec(withCheckIn(fl, example('dimitri').id, at('09:00')), { kind: 'died', character: example('dimitri').id, cause: 'bled-out' }, '23:00');
    e = rec(e, { kind: 'permanent-death', character: example('dimitri').id, when: 'dawn' }, '23:30');
    expect(formatDeskReport(deskRows([dimitri], e), 'x')).toMatch(/ · PERMANENTLY DEAD since 2026-10-03 23:\d\d[^·]*, was checked in 09:00 · cards NOT VALID/);
    const retired = rec(fl, { kind: 'retired', character: example('dimitri').id }, '12:00');
    const rows = deskRows([dimitri], retired);
    expect(formatDeskReport(rows, 'x')).toContain(' · RETIRED since 2026-10-03 12:00 · cards NOT VALID');
    expect(groupTitle(groupByPlayer(rows)[0]!)).toBe('Sam: 1 character, 1 dead or retired');
  });
});

describe('a Curious Pastimes death on the check-in sheet', () => {
  it('leaves the check-in box empty, says the state first in the notes, and fills the last column, Out of play', () => {
    const rows = sheetRows(deskRows([brannoc, wren], afterDeath()));
    const b = rows.find((r) => r.character === 'Brannoc')!;
    expect(b.checkedIn).toBe('');
    expect(b.out).toBe('dead since 2026-10-03 14:00 (retired)');
    // The example Brannoc has one rule warning; the state comes before it.
    expect(b.notes).toBe('DEAD since 2026-10-03 14:00 (retired): cards not valid, hand them in (was checked in 09:00); 1 warning');
    const w = rows.find((r) => r.character === 'Wren')!;
    expect([w.checkedIn, w.out]).toEqual(['2026-10-03 09:05', '']);
    const csv = checkInCsv(rows).replace(/^\ufeff/, '').split('\r\n');
    expect(csv[0]!.split(',').at(-1)).toBe('Out of play');
    const line = csv.find((l) => l.startsWith('Alex,Brannoc,'))!;
    expect(line.endsWith(`,${brannocId},dead since 2026-10-03 14:00 (retired)`)).toBe(true);
    expect(line).toContain(',"ok, 1 warning",,"DEAD since 2026-10-03 14:00 (retired): cards not valid, hand them in (was checked in 09:00); 1 warning",,');
    expect(csv.find((l) => l.startsWith('Alex,Wren,'))!.endsWith(`,${fakeId(5)},`)).toBe(true);
  });
});
