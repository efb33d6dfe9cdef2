import { describe, expect, it } from 'vitest';
import { checkIn, checkOut } from './checkin';
import { namedDesk } from './editions';
import { newEvent } from './event';
import { recordPrints } from './lifecycle';
import { eventStandings, packStandings, unpackStandings } from './standing';
import { stampAt } from './testing';

const A = '7904bd13-6520-45b6-90dd-75f7a9b57850';
const B = '81add851-0525-459a-a24d-968779dde557';
const C = 'c3a1f0e2-1b2c-4d3e-8f4a-5b6c7d8e9f00';
const front = namedDesk('Front desk');
const at = (hhmm: string) => `2026-10-02T${hhmm}:00+01:00`;
const stamp = (hhmm: string) => ({ ...stampAt(at(hhmm), front.name), deskId: front.id });

describe('standings packed for another thread', () => {
  it('give every character what the fold gives: check-in, current print and its character card', () => {
    // A: in at 18:00, printed at 18:10 and again at 19:00 (edition 2). B: in at 18:05, out at 18:30.
    // C: printed once, never in.
    let e = newEvent({ name: 'Autumn Muster', game: 'fortunes-landing', start: '2026-10-02', id: '3a1c2b4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d', homeDesk: front.id });
    e = checkIn(e, A, stamp('18:00')).event;
    e = checkIn(e, B, stamp('18:05')).event;
    e = recordPrints(e, [{ id: A, hash: '1'.repeat(64), cards: [{ serial: 'CH-AAAAA-AAAAA' }] }, { id: C, hash: '3'.repeat(64), cards: [{ serial: 'IT-CCCCC-CCCCC' }, { serial: 'CH-CCCCC-CCCCC' }] }], stamp('18:10')).event;
    e = checkOut(e, B, stamp('18:30')).event;
    e = recordPrints(e, [{ id: A, hash: '2'.repeat(64), cards: [{ serial: 'CH-AAAAA-AAAAA' }] }], stamp('19:00')).event;
    const packed = structuredClone(packStandings(e));
    expect(packed.ids.sort()).toEqual([A, B, C].sort());
    const fromEvent = eventStandings(e);
    const unpacked = unpackStandings(packed);
    for (const id of [A, B, C, A.toUpperCase(), 'f0000000-0000-4000-8000-000000000000']) {
      expect(unpacked.standing(id)).toEqual({ checkedInAt: fromEvent.standing(id).checkedInAt, current: fromEvent.standing(id).current && { hash: fromEvent.standing(id).current!.hash, at: fromEvent.standing(id).current!.at } });
      expect(unpacked.cardLabel(id)).toBe(fromEvent.cardLabel(id));
    }
    expect(unpacked.standing(A)).toEqual({ checkedInAt: at('18:00'), current: { hash: '2'.repeat(64), at: at('19:00') } });
    expect(unpacked.cardLabel(A)).toBe('CH-AAAAA-AAAAA/2');
    expect(unpacked.standing(B)).toEqual({ checkedInAt: null, current: null });
    expect(unpacked.cardLabel(C)).toBe('CH-CCCCC-CCCCC/1');
    expect(unpacked.standing('f0000000-0000-4000-8000-000000000000')).toEqual({ checkedInAt: null, current: null });
  });
});
