import { describe, expect, it } from 'vitest';
import { applyLedger, readOnlyReasonOf, tilesOfFate } from './character-record';
import { deathFold, lifeWords, newCharacterPoints, PLOT_MARSHAL_ALERT } from './deaths';
import { newEvent } from './event';
import { recordEntry, type RecordRequest } from './record';
import { example, fakeId, stampAt, withCheckIn } from './testing';
import type { DeskEvent } from './event';

const at = (hhmm: string, day = '03') => `2026-10-${day}T${hhmm}:00+01:00`;
const eventOf = (game: string, id = fakeId(900)) => newEvent({ name: 'Autumn Muster', game, start: '2026-10-02', end: '2026-10-04', id });
function rec(e: DeskEvent, r: RecordRequest, hhmm: string): DeskEvent {
  return recordEntry(e, r, stampAt(at(hhmm))).event;
}

describe("Fortune's Landing: death, return, Tiles of Fate", () => {
  const dimitri = example('dimitri');
  const id = dimitri.id;
  it('a killing blow, then a return adding 3 cards: alive, deck 8 + 3 = 11 in the file and its history', () => {
    let e = withCheckIn(eventOf('fortunes-landing'), id, at('09:00'));
    e = rec(e, { kind: 'died', character: id, cause: 'killing-blow' }, '14:00');
    expect(deathFold(e, id, 'fortunes-landing').state).toBe('dead');
    const dead = applyLedger(dimitri, e);
    expect(dead.status).toBe('dead');
    expect(dead.statusReason).toMatch(/killing blow/);
    e = rec(e, { kind: 'returned', character: id, how: 'Rebirth of the Phoenix', cards: 3 }, '15:30');
    const f = deathFold(e, id, 'fortunes-landing');
    expect([f.state, f.tilesOfFate, f.cardsAdded]).toEqual(['alive', 11, 3]);
    expect(lifeWords(f, 'fortunes-landing')).toBe('Returned (Tiles of Fate 11)');
    const back = applyLedger(dead, e);
    expect(back.status).toBeUndefined();
    expect(tilesOfFate(back)).toBe(11);
    expect(back.history!.map((h) => [h.kind, (h as { deck?: number }).deck])).toEqual([['died', undefined], ['returned', 11]]);
    // Applying again (a second open, a crash after the write) changes nothing.
    expect(applyLedger(back, e)).toBe(back);
  });

  it('a second event: the deck starts from the file (11) and a return with 2 cards makes 13; the first event stays in the history', () => {
    let first = rec(eventOf('fortunes-landing'), { kind: 'died', character: id, cause: 'bled-out' }, '14:00');
    first = rec(first, { kind: 'returned', character: id, cards: 3 }, '15:00');
    const after1 = applyLedger(dimitri, first);
    let second = rec(eventOf('fortunes-landing', fakeId(901)), { kind: 'died', character: id }, '12:00');
    second = rec(second, { kind: 'returned', character: id, cards: 2 }, '13:00');
    const after2 = applyLedger(after1, second);
    expect(tilesOfFate(after2)).toBe(13);
    expect(after2.history).toHaveLength(4);
  });

  it('an undone return: dead again and the deck back to 8', () => {
    let e = rec(eventOf('fortunes-landing'), { kind: 'died', character: id }, '14:00');
    const r = recordEntry(e, { kind: 'returned', character: id, cards: 3 }, stampAt(at('15:00')));
    const back = applyLedger(dimitri, r.event);
    e = recordEntry(r.event, { kind: 'undo', target: r.entry.id }, stampAt(at('15:01'))).event;
    const undone = applyLedger(back, e);
    expect(tilesOfFate(undone)).toBe(8);
    expect(undone.status).toBe('dead');
  });

  it('not brought back by dawn: a permanent death, status dead, and the file opens read-only', () => {
    let e = rec(eventOf('fortunes-landing'), { kind: 'died', character: id, cause: 'bled-out' }, '23:00');
    e = rec(e, { kind: 'permanent-death', character: id, when: 'dawn' }, '06:30');
    expect(deathFold(e, id, 'fortunes-landing').state).toBe('permanent');
    const c = applyLedger(dimitri, e);
    expect([c.status, c.statusReason]).toEqual(['dead', 'Permanent death at dawn']);
    expect(readOnlyReasonOf(c)).toMatch(/permanently dead/);
  });
});

describe('Novitas: Dead for 2 convergences', () => {
  const elowen = example('elowen');
  const id = elowen.id;
  it('Dead at the end of a shift, one convergence: still dead (1 of 2); the second: permanent, tell the plot marshal, retired', () => {
    let e = rec(eventOf('novitas'), { kind: 'died', character: id, shiftEnd: true }, '18:00');
    e = rec(e, { kind: 'convergence', character: id }, '20:00');
    let f = deathFold(e, id, 'novitas');
    expect([f.state, f.convergences, f.alert]).toEqual(['dead', 1, null]);
    expect(lifeWords(f, 'novitas')).toBe('Dead (1 of 2 convergences)');
    e = rec(e, { kind: 'convergence', character: id }, '22:00');
    f = deathFold(e, id, 'novitas');
    expect([f.state, f.convergences, f.alert]).toEqual(['retired', 2, PLOT_MARSHAL_ALERT]);
    expect(PLOT_MARSHAL_ALERT).toBe('permanent: tell the plot marshal');
    const c = applyLedger(elowen, e);
    expect(c.status).toBe('retired');
    expect(readOnlyReasonOf(c)).toMatch(/retired/);
  });

  it('revived after one convergence: alive, and the count starts again at the next death', () => {
    let e = rec(eventOf('novitas'), { kind: 'died', character: id }, '18:00');
    e = rec(e, { kind: 'convergence', character: id }, '20:00');
    e = rec(e, { kind: 'returned', character: id, how: 'Revive' }, '20:30');
    e = rec(e, { kind: 'died', character: id }, '21:00');
    e = rec(e, { kind: 'convergence', character: id }, '22:00');
    const f = deathFold(e, id, 'novitas');
    expect([f.state, f.convergences, f.deaths]).toEqual(['dead', 1, 2]);
  });

  it('a convergence while alive does not count', () => {
    let e = rec(eventOf('novitas'), { kind: 'convergence', character: id }, '18:00');
    e = rec(e, { kind: 'died', character: id }, '19:00');
    e = rec(e, { kind: 'convergence', character: id }, '20:00');
    expect(deathFold(e, id, 'novitas').convergences).toBe(1);
  });
});

describe('Curious Pastimes: a death retires the character; the new one starts lower', () => {
  const brannoc = example('brannoc');
  const second = example('brannoc', { id: fakeId(2), name: 'Brannoc the Younger' });
  const players = new Map([[brannoc.id, 'Alex'], [second.id, 'Alex'], [fakeId(3), 'Sam']]);
  const playerOf = (id: string) => players.get(id);
  it('one death: retired, read-only; a new character for Alex at 19', () => {
    const e = rec(eventOf('curious-pastimes'), { kind: 'died', character: brannoc.id }, '14:00');
    expect(deathFold(e, brannoc.id, 'curious-pastimes').state).toBe('retired');
    const c = applyLedger(brannoc, e);
    expect(c.status).toBe('retired');
    expect(readOnlyReasonOf(c)).toMatch(/retired/);
    expect(newCharacterPoints(e, 'Alex', playerOf)).toEqual({ deaths: 1, points: 19, base: 20 });
    expect(newCharacterPoints(e, 'Sam', playerOf).points).toBe(20);
  });

  it('two deaths at one event (the first character, then the new one): 18 points; at the next event 20', () => {
    let e = rec(eventOf('curious-pastimes'), { kind: 'died', character: brannoc.id }, '14:00');
    e = rec(e, { kind: 'new-character', character: second.id, from: brannoc.id, player: 'Alex', points: 19 }, '14:20');
    e = rec(e, { kind: 'died', character: second.id }, '19:00');
    expect(newCharacterPoints(e, ' alex ', playerOf).points).toBe(18);
    expect(newCharacterPoints(eventOf('curious-pastimes', fakeId(901)), 'Alex', playerOf).points).toBe(20);
  });

  it('an undone death does not count', () => {
    const r = recordEntry(eventOf('curious-pastimes'), { kind: 'died', character: brannoc.id }, stampAt(at('14:00')));
    const e = recordEntry(r.event, { kind: 'undo', target: r.entry.id }, stampAt(at('14:01'))).event;
    expect(newCharacterPoints(e, 'Alex', playerOf).points).toBe(20);
    expect(deathFold(e, brannoc.id, 'curious-pastimes').state).toBe('alive');
  });
});
