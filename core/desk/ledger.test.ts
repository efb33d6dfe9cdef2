import { describe, expect, it } from 'vitest';
import { checkIn, checkOut, undo } from './checkin';
import { deskCode, namedDesk, nextEditions } from './editions';
import type { LedgerEntry } from './entries';
import { newEvent, type DeskEvent } from './event';
import { serializeEvent } from './event-load';
import { characterFold, foldEvent } from './fold';
import { appendEntries, headerDifferences, LedgerConflictError, mergeEvents } from './ledger';
import { recordPrints } from './lifecycle';
import { idSequence, stampAt } from './testing';

const EVENT = '3a1c2b4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const A = '7904bd13-6520-45b6-90dd-75f7a9b57850';
const B = '81add851-0525-459a-a24d-968779dde557';
const H1 = '1'.repeat(64);
const H2 = '2'.repeat(64);
const H3 = '3'.repeat(64);
const front = namedDesk('Front desk');
const field = namedDesk('Field desk');
const start = newEvent({ name: 'Autumn Muster', game: 'fortunes-landing', start: '2026-10-02', id: EVENT, homeDesk: front.id });
const at = (hhmm: string) => `2026-10-02T${hhmm}:00+01:00`;
const frontStamp = (hhmm: string) => ({ ...stampAt(at(hhmm), front.name), deskId: front.id });
const fieldStamp = (hhmm: string) => ({ ...stampAt(at(hhmm), field.name), deskId: field.id });

describe('a desk day, folded from the ledger', () => {
  it('check-in, check-out, undo and reprints: who is in, the current editions and the void list', () => {
    // 18:00 Dimitri (A) checks in; 18:01 Aldric (B) by mistake; 18:02 undo Aldric.
    let e = checkIn(start, A, frontStamp('18:00')).event;
    const mistake = checkIn(e, B, frontStamp('18:01'));
    e = undo(mistake.event, mistake.undo, frontStamp('18:02'));
    // 18:10 first print of A: character card and potion card, edition 1 (the home desk numbers plainly).
    e = recordPrints(e, [{ id: A, hash: H1, cards: [{ serial: 'CH-AAAAA-AAAAA' }, { serial: 'IT-PPPPP-PPPPP' }] }], frontStamp('18:10')).event;
    // 19:00 A changed (new armour, potion used up): reprint, the character card is edition 2, no potion card.
    const re = recordPrints(e, [{ id: A, hash: H2, cards: [{ serial: 'CH-AAAAA-AAAAA' }] }], frontStamp('19:00'));
    e = re.event;
    expect(re.voids).toEqual([{ id: A, printedAt: at('18:10'), reissued: ['CH-AAAAA-AAAAA/1'], withdrawn: ['IT-PPPPP-PPPPP/1'], issued: ['CH-AAAAA-AAAAA/2'] }]);
    // 20:00 A checks out, 20:05 back in.
    e = checkOut(e, A, frontStamp('20:00')).event;
    e = checkIn(e, A, frontStamp('20:05')).event;

    const f = foldEvent(e);
    expect(characterFold(e, A).checkedInAt).toBe(at('20:05'));
    expect(characterFold(e, B).checkedInAt).toBeNull();
    expect(f.serials.get('CH-AAAAA-AAAAA')).toEqual({ prints: 2, current: { edition: '2', label: 'CH-AAAAA-AAAAA/2', at: at('19:00'), character: A } });
    expect(f.serials.get('IT-PPPPP-PPPPP')!.current).toBeNull();
    expect(f.voids.map((v) => [v.label, v.why, v.replacedBy?.label ?? null])).toEqual([
      ['CH-AAAAA-AAAAA/1', 'replaced', 'CH-AAAAA-AAAAA/2'],
      ['IT-PPPPP-PPPPP/1', 'withdrawn', null],
    ]);
    // 21:00 the potion comes back (a third print, hash H3): it is edition 2 of its serial, the character card edition 3.
    e = recordPrints(e, [{ id: A, hash: H3, cards: [{ serial: 'CH-AAAAA-AAAAA' }, { serial: 'IT-PPPPP-PPPPP' }] }], frontStamp('21:00')).event;
    expect(characterFold(e, A).current!.cards).toEqual([
      { serial: 'CH-AAAAA-AAAAA', edition: '3' },
      { serial: 'IT-PPPPP-PPPPP', edition: '2' },
    ]);
    expect(foldEvent(e).voids.map((v) => [v.label, v.why, v.replacedBy?.label ?? null])).toEqual([
      ['CH-AAAAA-AAAAA/1', 'replaced', 'CH-AAAAA-AAAAA/3'],
      ['IT-PPPPP-PPPPP/1', 'replaced', 'IT-PPPPP-PPPPP/2'],
      ['CH-AAAAA-AAAAA/2', 'replaced', 'CH-AAAAA-AAAAA/3'],
    ]);
  });

  it('an explicit voided entry voids one edition or every edition, and its undo brings the card back', () => {
    let e = recordPrints(start, [{ id: A, hash: H1, cards: [{ serial: 'IT-PPPPP-PPPPP' }] }], frontStamp('18:10')).event;
    const v: LedgerEntry = { id: idSequence('void')(), at: at('18:30'), desk: 'Front desk', kind: 'voided', character: A, cards: [{ serial: 'IT-PPPPP-PPPPP' }], reason: 'item handed to Aldric' };
    e = appendEntries(e, [v]);
    expect(foldEvent(e).voids).toEqual([expect.objectContaining({ label: 'IT-PPPPP-PPPPP/1', why: 'voided', reason: 'item handed to Aldric' })]);
    expect(foldEvent(e).serials.get('IT-PPPPP-PPPPP')!.current).toBeNull();
    e = appendEntries(e, [{ id: idSequence('void-undo')(), at: at('18:31'), desk: 'Front desk', kind: 'undo', target: v.id }]);
    expect(foldEvent(e).voids).toEqual([]);
  });

  it('a print cannot be undone: the undo entry is kept but changes nothing', () => {
    const p = recordPrints(start, [{ id: A, hash: H1, cards: [{ serial: 'CH-AAAAA-AAAAA' }] }], frontStamp('18:10'));
    const e = appendEntries(p.event, [{ id: idSequence('u')(), at: at('18:11'), desk: 'Front desk', kind: 'undo', target: p.entries[0]!.id }]);
    expect(characterFold(e, A).current!.id).toBe(p.entries[0]!.id);
    expect(foldEvent(e).cancelled.size).toBe(0);
  });
});

describe('two desks apart, then merged', () => {
  // Both desks start from the same file. Apart, the front desk prints A at 10:00 and B at 10:20; the
  // field desk (not the home desk) prints A at 10:10 and checks B in at 10:15.
  const copyFront = () => {
    let e = recordPrints(start, [{ id: A, hash: H1, cards: [{ serial: 'CH-AAAAA-AAAAA' }] }], frontStamp('10:00')).event;
    e = recordPrints(e, [{ id: B, hash: H2, cards: [{ serial: 'CH-BBBBB-BBBBB' }] }], frontStamp('10:20')).event;
    return e;
  };
  const copyField = () => {
    let e = recordPrints(start, [{ id: A, hash: H1, cards: [{ serial: 'CH-AAAAA-AAAAA' }] }], fieldStamp('10:10')).event;
    e = checkIn(e, B, fieldStamp('10:15')).event;
    return e;
  };

  it('never issue the same label for two cards: the home desk numbers plainly, the other names itself', () => {
    const a = copyFront();
    const b = copyField();
    const code = deskCode(field.id);
    expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}$/);
    expect(code).not.toBe(deskCode(front.id));
    expect(characterFold(a, A).current!.cards[0]!.edition).toBe('1');
    expect(characterFold(b, A).current!.cards[0]!.edition).toBe(`1-${code}`);
    // Each desk's next edition of A's card differs too.
    expect(nextEditions(a, front)('CH-AAAAA-AAAAA')).toBe('2');
    expect(nextEditions(b, field)('CH-AAAAA-AAAAA')).toBe(`2-${code}`);
  });

  it('merge gives the same ledger in either order; the later print is current and the other edition void', () => {
    const front1 = copyFront();
    const field1 = copyField();
    const ab = mergeEvents(front1, field1);
    const ba = mergeEvents(field1, front1);
    expect(serializeEvent(ab)).toBe(serializeEvent(ba));
    expect(ab.entries.map((e) => [e.kind, e.at])).toEqual([
      ['printed', at('10:00')],
      ['printed', at('10:10')],
      ['check-in', at('10:15')],
      ['printed', at('10:20')],
    ]);
    const code = deskCode(field.id);
    const f = foldEvent(ab);
    expect(f.serials.get('CH-AAAAA-AAAAA')!.current!.label).toBe(`CH-AAAAA-AAAAA/1-${code}`);
    expect(f.voids.map((v) => [v.label, v.why, v.replacedBy?.label])).toEqual([['CH-AAAAA-AAAAA/1', 'replaced', `CH-AAAAA-AAAAA/1-${code}`]]);
    expect(characterFold(ab, B).checkedInAt).toBe(at('10:15'));
    // After the merge the front desk's next print of A is edition 3 (two prints known).
    expect(nextEditions(ab, front)('CH-AAAAA-AAAAA')).toBe('3');
  });

  it('ignores duplicate entries (merging a copy into itself, or twice, changes nothing)', () => {
    const a = copyFront();
    expect(mergeEvents(a, a)).toEqual(a);
    const b = copyField();
    const once = mergeEvents(a, b);
    expect(mergeEvents(once, b)).toEqual(once);
    expect(mergeEvents(b, once).entries).toEqual(once.entries);
    expect(appendEntries(a, a.entries)).toBe(a);
  });

  it('refuses an entry id carrying two different entries, and two different events', () => {
    const a = copyFront();
    const altered: DeskEvent = { ...a, entries: a.entries.map((e, i) => (i === 1 ? { ...e, hash: H3 } : e)) as LedgerEntry[] };
    expect(() => mergeEvents(a, altered)).toThrow(LedgerConflictError);
    expect(() => mergeEvents(a, altered)).toThrow(/entries\[1\] of the second file has the id .* with different content/);
    const other = newEvent({ name: 'Spring', game: '', start: '2027-04-01', id: '4b1c2b4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d' });
    expect(() => mergeEvents(a, other)).toThrow(/two different events/);
    expect(() => appendEntries(a, [{ ...a.entries[0]!, desk: 'forged' } as LedgerEntry])).toThrow(/already in the ledger with other content/);
    expect(() => appendEntries(a, [{ ...a.entries[0]!, id: idSequence('x')(), kind: 'teleport' } as unknown as LedgerEntry])).toThrow(LedgerConflictError);
  });

  it('keeps the first header where the copies differ, and says which fields differ', () => {
    const renamed = { ...copyField(), name: 'Autumn Muster 2026' };
    const a = copyFront();
    expect(mergeEvents(a, renamed).name).toBe('Autumn Muster');
    expect(mergeEvents(renamed, a).name).toBe('Autumn Muster 2026');
    expect(headerDifferences(a, renamed)).toEqual(['name']);
  });

  it('folds a ledger written out of order (a hand-merged file) as the same ledger in order', () => {
    // 18:00 A in, 18:10 A printed, 19:00 A reprinted, 19:30 A out, 19:45 undo of the check-out; two
    // entries at the same instant are ordered by id.
    let e = checkIn(start, A, frontStamp('18:00')).event;
    e = recordPrints(e, [{ id: A, hash: H1, cards: [{ serial: 'CH-AAAAA-AAAAA' }] }], frontStamp('18:10')).event;
    e = recordPrints(e, [{ id: A, hash: H2, cards: [{ serial: 'CH-AAAAA-AAAAA' }] }], frontStamp('19:00')).event;
    const out = checkOut(e, A, frontStamp('19:30'));
    e = undo(out.event, out.undo, frontStamp('19:45'));
    e = appendEntries(e, [{ id: idSequence('same')(), at: at('19:45'), desk: 'Field desk', kind: 'check-in', character: B }]);
    const inOrder = foldEvent(e);
    const shuffled: DeskEvent = { ...e, entries: [...e.entries].reverse() };
    const folded = foldEvent(shuffled);
    expect(folded.entries.map((x) => x.id)).toEqual(inOrder.entries.map((x) => x.id));
    expect(folded.entries.map((x) => x.at)).toEqual([at('18:00'), at('18:10'), at('19:00'), at('19:30'), at('19:45'), at('19:45')]);
    // The undo still cancels the check-out, so A is in since 18:00; the 19:00 print is current.
    expect(characterFold(shuffled, A)).toMatchObject({ checkedInAt: at('18:00'), current: { at: at('19:00'), hash: H2 } });
    expect(folded.cancelled).toEqual(inOrder.cancelled);
    expect(folded.voids.map((v) => v.label)).toEqual(['CH-AAAAA-AAAAA/1']);
  });

  it('orders entries by instant, whatever UTC offset each desk wrote', () => {
    const utc: LedgerEntry = { id: idSequence('utc')(), at: '2026-10-02T09:30:00Z', desk: 'Field desk', kind: 'check-in', character: B };
    const e = appendEntries(checkIn(start, A, frontStamp('10:00')).event, [utc]);
    // 09:30Z is 10:30+01:00: after A's 10:00+01:00 check-in.
    expect(e.entries.map((x) => x.character)).toEqual([A, B]);
  });
});
