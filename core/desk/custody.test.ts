import { describe, expect, it } from 'vitest';
import type { Character } from '../model/character';
import { serialFor } from '../pdf/serial';
import { expiredItems, heldAtDesk, holderOf, settleItems } from './custody';
import { newEvent, type DeskEvent } from './event';
import { foldEvent } from './fold';
import { recordEntry, recordTransfer } from './record';
import { example, fakeId, stampAt, withPrint } from './testing';

const at = (hhmm: string) => `2026-10-03T${hhmm}:00+01:00`;
const start = newEvent({ name: 'Autumn Muster', game: 'fortunes-landing', start: '2026-10-02', end: '2026-10-04', id: fakeId(900) });
const dimitri = example('dimitri');
const aldric = example('aldric');
const potion = dimitri.items[0]!;
const byId = (...cs: Character[]) => new Map(cs.map((c) => [c.id.toLowerCase(), c]));
const holders = (m: Map<string, Character>, settled: Character[]) => {
  for (const c of settled) m.set(c.id.toLowerCase(), c);
  return [...m.values()].filter((c) => c.items.some((i) => i.id === potion.id)).map((c) => c.name);
};

describe('item custody', () => {
  it('handed in after a theft, then returned: held at the desk in between', () => {
    let e: DeskEvent = recordEntry(start, { kind: 'item-handed-in', character: dimitri.id, item: potion.id, why: 'theft', name: potion.name }, stampAt(at('12:00'))).event;
    expect(heldAtDesk(e).map((h) => [h.name, h.why])).toEqual([[potion.name, 'theft']]);
    e = recordEntry(e, { kind: 'item-returned', character: dimitri.id, item: potion.id }, stampAt(at('12:30'))).event;
    expect(heldAtDesk(e)).toEqual([]);
  });

  it("a transfer: the printed card of the giver is voided and the item moves; the receiver's file first", () => {
    const serial = serialFor(dimitri.id, 'item', potion.id);
    let e = withPrint(start, dimitri.id, { at: at('09:00'), hash: '1'.repeat(64), serials: ['CH-XXXXX-XXXXX', serial] });
    const t = recordTransfer(e, dimitri, potion.id, aldric, stampAt(at('13:00')));
    e = t.event;
    expect(t.entries.map((x) => x.kind)).toEqual(['item-transferred', 'voided']);
    // The one card of the item, voided (the edition names the desk: the event has no home desk).
    expect(foldEvent(e).voids.map((v) => [v.serial, v.why, v.reason])).toEqual([[serial, 'voided', `${potion.name} was transferred to ${aldric.name}`]]);
    expect(holderOf(e, potion.id)).toBe(aldric.id);
    const settled = settleItems(e, byId(dimitri, aldric));
    expect(settled.changed.map((c) => c.name)).toEqual([aldric.name, dimitri.name]);
    expect(holders(byId(dimitri, aldric), settled.changed)).toEqual([aldric.name]);
  });

  it("a transfer cut off half way (in both files, or only the giver's) is finished; settling again changes nothing", () => {
    const e = recordTransfer(start, dimitri, potion.id, aldric, stampAt(at('13:00'))).event;
    const both = byId(dimitri, { ...aldric, items: [...aldric.items, potion] });
    const s1 = settleItems(e, both);
    expect(s1.changed.map((c) => c.name)).toEqual([dimitri.name]);
    expect(holders(both, s1.changed)).toEqual([aldric.name]);
    expect(settleItems(e, both).changed).toEqual([]);
  });

  it('A to B, B to C, then the second undone: the item belongs with B', () => {
    const third = example('dimitri', { id: fakeId(7), name: 'Third', items: [] });
    let e = recordTransfer(start, dimitri, potion.id, aldric, stampAt(at('13:00'))).event;
    const files = byId(dimitri, aldric, third);
    for (const c of settleItems(e, files).changed) files.set(c.id.toLowerCase(), c);
    const second = recordTransfer(e, files.get(aldric.id)!, potion.id, third, stampAt(at('14:00')));
    e = second.event;
    for (const c of settleItems(e, files).changed) files.set(c.id.toLowerCase(), c);
    expect(holders(files, [])).toEqual(['Third']);
    e = recordEntry(e, { kind: 'undo', target: second.entries[0]!.id }, stampAt(at('14:05'))).event;
    expect(holders(files, settleItems(e, files).changed)).toEqual([aldric.name]);
  });

  it("expired items: an `expires` date before the event's start", () => {
    const c = example('dimitri', { items: [{ ...potion, expires: '2026-10-01' }, { ...potion, id: fakeId(11), expires: '2026-10-02' }, { ...potion, id: fakeId(12), expires: 'End of season' }] });
    expect(expiredItems(c, start).map((i) => i.expires)).toEqual(['2026-10-01']);
  });
});
