// Hand-worked sequences from the rule texts (/work/shared/rules/): what crosses from one event of a
// season to the next.
import { describe, expect, it } from 'vitest';
import { applyLedger, tilesOfFate } from '../desk/character-record';
import { deathFold, newCharacterPoints } from '../desk/deaths';
import { newEvent, type DeskEvent } from '../desk/event';
import { outOfPlay, fileLife } from '../desk/life';
import { recordEntry, type RecordRequest } from '../desk/record';
import { example, fakeId, stampAt, withCheckIn } from '../desk/testing';
import type { Character } from '../model/character';
import { findSeasonEvent, inSeason, newestFirst, placeInSeason, seasonOrder } from './season';

const STARTS = ['2026-04-10', '2026-06-12', '2026-09-04'];
const eventOf = (game: string, n: number) => newEvent({ name: `Event ${n + 1}`, game, start: STARTS[n]!, end: STARTS[n]!.replace(/\d\d$/, (d) => String(Number(d) + 2).padStart(2, '0')), id: fakeId(700 + n) });
const at = (n: number, hhmm: string) => `${STARTS[n]}T${hhmm}:00+01:00`;
const rec = (e: DeskEvent, n: number, hhmm: string, r: RecordRequest) => recordEntry(e, r, stampAt(at(n, hhmm))).event;
/** Event `n` opened within the season of `all`. */
const within = (all: DeskEvent[], n: number) => inSeason(all[n]!, placeInSeason(all, all[n]!.id));
const out = (c: Character, e: DeskEvent) => outOfPlay({ id: c.id, ruleset: c.ruleset, life: fileLife(c) }, e);

describe('season order and choice', () => {
  it('orders by start date, then id; the chooser lists newest first; an event is named by id or name', () => {
    const [a, b, c] = [0, 1, 2].map((n) => eventOf('novitas', n)) as [DeskEvent, DeskEvent, DeskEvent];
    const sameDay = { ...newEvent({ name: 'Event 2b', game: 'novitas', start: STARTS[1]!, end: STARTS[1]!, id: fakeId(600) }) };
    expect(seasonOrder([c, b, sameDay, a]).map((e) => e.name)).toEqual(['Event 1', 'Event 2b', 'Event 2', 'Event 3']);
    const refs = [a, b, c].map((e) => ({ path: `${e.name}.event.json`, id: e.id, name: e.name, start: e.dates.start, end: e.dates.end }));
    expect(newestFirst(refs).map((r) => r.name)).toEqual(['Event 3', 'Event 2', 'Event 1']);
    expect(findSeasonEvent(refs, '  event  2 ').map((r) => r.id)).toEqual([b.id]);
    expect(findSeasonEvent(refs, c.id.toUpperCase()).map((r) => r.name)).toEqual(['Event 3']);
    expect(placeInSeason([c, b, a], b.id)).toMatchObject({ earlier: [{ id: a.id }], later: [c.id] });
  });
});

describe('Novitas: "If the Dead condition lasts for 2 convergences the condition can no longer be removed" across events', () => {
  const elowen = example('elowen');
  const id = elowen.id;
  // Event 1: Dead at the end of a shift, then a convergence passed while Dead (1 of 2).
  let e1 = withCheckIn(eventOf('novitas', 0), id, at(0, '09:00'));
  e1 = rec(e1, 0, '17:00', { kind: 'died', character: id, shiftEnd: true });
  e1 = rec(e1, 0, '18:00', { kind: 'convergence', character: id });

  it('Dead at the end of event 1 (1 of 2 convergences); a convergence at event 2 is the second: permanently dead, retired', () => {
    const atEnd1 = applyLedger(elowen, e1);
    expect([atEnd1.status, deathFold(e1, id, 'novitas').convergences]).toEqual(['dead', 1]);
    const e2 = rec(withCheckIn(eventOf('novitas', 1), id, at(1, '09:00')), 1, '18:00', { kind: 'convergence', character: id });
    const opened = within([e1, e2], 1);
    expect(deathFold(opened, id, 'novitas')).toMatchObject({ state: 'retired', convergences: 2, alert: 'permanent: tell the plot marshal' });
    expect(out(atEnd1, opened)).toMatchObject({ shown: 'permanent', retired: true, since: at(1, '18:00') });
    // The settled file agrees: retired, read-only, with both events' records.
    const settled = applyLedger(atEnd1, opened);
    expect([settled.status, settled.statusReason]).toEqual(['retired', 'Permanently dead: Dead for 2 convergences']);
    expect(settled.history!.map((h) => [h.kind, h.event])).toEqual([['died', 'Event 1'], ['convergence', 'Event 1'], ['convergence', 'Event 2']]);
    expect(applyLedger(settled, opened)).toBe(settled);
    // Settling event 1 again afterwards (its folder reopened) does not undo event 2's status.
    expect(applyLedger(settled, within([e1, e2], 0))).toBe(settled);
  });

  it('a second "died at the end of a shift" record while Dead does not restart the count', () => {
    let e2 = rec(eventOf('novitas', 1), 1, '12:00', { kind: 'died', character: id, shiftEnd: true });
    e2 = rec(e2, 1, '18:00', { kind: 'convergence', character: id });
    const opened = within([e1, e2], 1);
    expect(deathFold(opened, id, 'novitas')).toMatchObject({ state: 'retired', convergences: 2 });
    // Within one event too: died, convergence, died again at the next shift's end, convergence.
    let one = rec(eventOf('novitas', 2), 2, '12:00', { kind: 'died', character: id, shiftEnd: true });
    one = rec(one, 2, '13:00', { kind: 'convergence', character: id });
    one = rec(one, 2, '17:00', { kind: 'died', character: id, shiftEnd: true });
    expect(deathFold(one, id, 'novitas')).toMatchObject({ state: 'dead', convergences: 1, since: at(2, '12:00') });
    one = rec(one, 2, '18:00', { kind: 'convergence', character: id });
    expect(deathFold(one, id, 'novitas').state).toBe('retired');
  });

  it('a Revive at event 2 before its convergence: alive, the count gone', () => {
    const e2 = rec(rec(eventOf('novitas', 1), 1, '10:00', { kind: 'returned', character: id, how: 'Revive' }), 1, '18:00', { kind: 'convergence', character: id });
    const opened = within([e1, e2], 1);
    expect(out(applyLedger(elowen, e1), opened)).toBeNull();
    expect(applyLedger(applyLedger(elowen, e1), opened).status).toBeUndefined();
  });
});

describe('Curious Pastimes: "One point is deducted … each time you die and create a new character at an event. For the next event you may generate a 20 point character"', () => {
  const brannoc = example('brannoc');
  const younger = example('brannoc', { id: fakeId(41), name: 'Brannoc the Younger' });
  const players = new Map([brannoc, younger].map((c) => [c.id.toLowerCase(), c.player]));
  const playerOf = (id: string) => players.get(id);

  it('19 after a death, 18 after a second death at that event, 20 at the next; the dead stay retired there', () => {
    let e1 = rec(eventOf('curious-pastimes', 0), 0, '14:00', { kind: 'died', character: brannoc.id });
    expect(newCharacterPoints(e1, 'Alex', playerOf).points).toBe(19);
    e1 = rec(e1, 0, '14:30', { kind: 'new-character', character: younger.id, from: brannoc.id, points: 19 });
    e1 = rec(e1, 0, '16:00', { kind: 'died', character: younger.id });
    expect(newCharacterPoints(e1, 'Alex', playerOf).points).toBe(18);
    const e2 = eventOf('curious-pastimes', 1);
    const opened = within([e1, e2], 1);
    expect(newCharacterPoints(opened, 'Alex', playerOf).points).toBe(20);
    expect(out(brannoc, opened)).toMatchObject({ shown: 'dead', retired: true, since: at(0, '14:00') });
    expect(applyLedger(brannoc, opened).status).toBe('retired');
  });
});

describe("Fortune's Landing: \"Each character begins with a clean Deck of eight cards … Each time the character suffers a death and is brought back from death he must add a number of new cards to his deck\"", () => {
  const dimitri = example('dimitri');
  const id = dimitri.id;
  const e1 = rec(rec(eventOf('fortunes-landing', 0), 0, '14:00', { kind: 'died', character: id, cause: 'killing-blow' }), 0, '15:00', { kind: 'returned', character: id, cards: 3 });
  const e2 = rec(rec(eventOf('fortunes-landing', 1), 1, '14:00', { kind: 'died', character: id, cause: 'bled-out' }), 1, '15:00', { kind: 'returned', character: id, cards: 2 });

  it('8 → 11 at event 1 → 13 at event 2, whichever event settles the file, never reset', () => {
    expect(tilesOfFate(dimitri)).toBe(8);
    const after1 = applyLedger(dimitri, within([e1, e2], 0));
    expect(tilesOfFate(after1)).toBe(11);
    expect(deathFold(within([e1, e2], 1), id, 'fortunes-landing').tilesOfFate).toBe(13);
    // The file never settled at event 1 (a crash, another laptop): event 2 settles both.
    const fromClean = applyLedger(dimitri, within([e1, e2], 1));
    expect(tilesOfFate(fromClean)).toBe(13);
    expect(fromClean.history!.map((h) => (h as { deck?: number }).deck ?? null)).toEqual([null, 11, null, 13]);
    const after2 = applyLedger(after1, within([e1, e2], 1));
    expect(after2).toEqual(fromClean);
    // Event 1 opened again later: still 13.
    expect(applyLedger(after2, within([e1, e2], 0))).toBe(after2);
  });
});

describe("Fortune's Landing: a return recorded while not dead", () => {
  it('adds no cards, in the deck or the records, and settling again changes nothing', () => {
    const dimitri = example('dimitri');
    let e = rec(eventOf('fortunes-landing', 0), 0, '14:00', { kind: 'died', character: dimitri.id });
    e = rec(e, 0, '15:00', { kind: 'returned', character: dimitri.id, cards: 3 });
    e = rec(e, 0, '15:05', { kind: 'returned', character: dimitri.id, cards: 3 });
    const settled = applyLedger(dimitri, e);
    expect(tilesOfFate(settled)).toBe(11);
    expect(settled.history!.map((h) => (h as { deck?: number }).deck ?? null)).toEqual([null, 11, null]);
    expect(applyLedger(settled, e)).toBe(settled);
  });
});

describe('retired and permanently dead stay so in every later event', () => {
  it('retired at event 1: still retired at event 3, a return recorded there changes nothing', () => {
    const vasil = example('vasil');
    const e1 = rec(eventOf('bg-magic', 0), 0, '20:00', { kind: 'retired', character: vasil.id, reason: 'The player moved away' });
    const e2 = eventOf('bg-magic', 1);
    const e3 = rec(withCheckIn(eventOf('bg-magic', 2), vasil.id, at(2, '09:00')), 2, '10:00', { kind: 'returned', character: vasil.id });
    const opened = within([e3, e1, e2], 2);
    expect(out(vasil, opened)).toMatchObject({ shown: 'retired', retired: true, since: at(0, '20:00'), reason: 'The player moved away' });
    const settled = applyLedger(applyLedger(vasil, within([e1, e2, e3], 0)), opened);
    expect([settled.status, settled.statusReason]).toEqual(['retired', 'The player moved away']);
  });

  it("Fortune's Landing, permanently dead at dawn at event 1: a return at event 2 does not bring the character back", () => {
    const dimitri = example('dimitri');
    const e1 = rec(rec(eventOf('fortunes-landing', 0), 0, '23:00', { kind: 'died', character: dimitri.id }), 0, '23:59', { kind: 'permanent-death', character: dimitri.id, when: 'dawn' });
    const e2 = rec(eventOf('fortunes-landing', 1), 1, '10:00', { kind: 'returned', character: dimitri.id, cards: 3 });
    const opened = within([e1, e2], 1);
    expect(out(dimitri, opened)).toMatchObject({ shown: 'permanent' });
    const settled = applyLedger(dimitri, opened);
    expect([settled.status, tilesOfFate(settled)]).toEqual(['dead', 8]);
  });
});
