import { describe, expect, it } from 'vitest';
import { newEvent, type DeskEvent } from './event';
import { fileLife } from './life';
import { findRecipients, outOfPlayCharacters, recipients, whyNotRecipient, type RecipientSource } from './recipients';
import { recordEntry, recordTransfer, type RecordRequest } from './record';
import { example, fakeId, stampAt } from './testing';

const at = (hhmm: string) => `2026-10-03T${hhmm}:00+01:00`;
const rec = (e: DeskEvent, r: RecordRequest, hhmm: string) => recordEntry(e, r, stampAt(at(hhmm))).event;
const start = newEvent({ name: 'Spring Gathering', game: 'fortunes-landing', start: '2026-10-02', end: '2026-10-04', id: fakeId(902) });

const row = (n: number, name: string, player: string, extra: Partial<RecipientSource> = {}): RecipientSource => ({ id: fakeId(n), ruleset: 'fortunes-landing', name, player, ...extra });
const giver = row(1, 'Dimitri', 'Ivan');
const rows: RecipientSource[] = [
  giver,
  row(2, 'Zed Wren', 'Mira'),
  row(3, 'Élodie Marsh', 'Oskar'),
  row(4, 'beatrix Holt', 'Ana'),
  row(5, 'Aldric of the Vale', 'Sam'),
  row(6, 'Character 10', 'Lee'),
  row(7, 'Character 9', 'Lee'),
  row(8, 'Brannoc', 'Alex'), // dies at this event (below)
  row(9, 'Old Tomas', 'Petra', { life: { status: 'retired', reason: 'Left the game', since: '2026-05-01T12:00:00+01:00', sinceEvent: 'an earlier event' } }),
  row(10, 'Copy of Zed', 'Mira', { errors: [{ code: 'desk.duplicate-id' }] }),
  { id: null, ruleset: null, name: '', player: '' },
];
const dead = rec(start, { kind: 'died', character: fakeId(8), cause: 'killing-blow' }, '14:02');

describe('who can receive an item at the desk', () => {
  it('everyone in play but the giver, by name as the desk orders names (case and accents ignored, numbers as numbers)', () => {
    expect(recipients(rows, dead, giver.id!).map((r) => r.name)).toEqual(['Aldric of the Vale', 'beatrix Holt', 'Character 9', 'Character 10', 'Élodie Marsh', 'Zed Wren']);
  });

  it('says why each of the others cannot receive', () => {
    const why = (n: number) => whyNotRecipient(rows.find((r) => r.id === fakeId(n))!, dead, giver.id!)?.kind ?? null;
    expect([why(1), why(8), why(9), why(10), why(2)]).toEqual(['giver', 'out-of-play', 'out-of-play', 'duplicate-id', null]);
    expect(whyNotRecipient(rows.at(-1)!, dead, giver.id!)?.kind).toBe('unreadable');
    expect(outOfPlayCharacters(rows, dead, giver.id!).map((r) => r.name)).toEqual(['Brannoc', 'Old Tomas']);
  });

  it('a permanent death, and a retirement recorded at this event, leave a character out; a return puts one back', () => {
    const brannoc = rows.find((r) => r.name === 'Brannoc')!;
    expect(whyNotRecipient(brannoc, rec(dead, { kind: 'permanent-death', character: fakeId(8), when: 'dawn' }, '18:00'), giver.id!)?.kind).toBe('out-of-play');
    expect(whyNotRecipient(brannoc, rec(dead, { kind: 'returned', character: fakeId(8), cards: 3 }, '15:00'), giver.id!)).toBeNull();
    const zed = rows.find((r) => r.name === 'Zed Wren')!;
    expect(whyNotRecipient(zed, rec(start, { kind: 'retired', character: fakeId(2) }, '10:00'), giver.id!)?.kind).toBe('out-of-play');
  });

  it('an undone death puts the character back in the list', () => {
    const death = dead.entries.find((e) => e.kind === 'died')!;
    const undone = rec(dead, { kind: 'undo', target: death.id }, '14:10');
    expect(recipients(rows, undone, giver.id!).map((r) => r.name)).toContain('Brannoc');
  });

  it('a search finds any part of the name or of the player, every word, case and accents ignored', () => {
    const list = recipients(rows, dead, giver.id!);
    expect(findRecipients(list, 'elo').map((r) => r.name)).toEqual(['Élodie Marsh']);
    expect(findRecipients(list, 'OSK').map((r) => r.name)).toEqual(['Élodie Marsh']);
    expect(findRecipients(list, 'char lee').map((r) => r.name)).toEqual(['Character 9', 'Character 10']);
    expect(findRecipients(list, 'brannoc')).toEqual([]);
    expect(findRecipients(list, '  ')).toEqual(list);
  });
});

describe('a transfer to who cannot receive is refused', () => {
  const dimitri = example('dimitri');
  const aldric = example('aldric');
  const potion = dimitri.items[0]!;

  it('to a character dead at this event, or retired in its file', () => {
    const e = rec(start, { kind: 'died', character: aldric.id, cause: 'bled-out' }, '14:02');
    expect(() => recordTransfer(e, dimitri, potion.id, aldric, stampAt(at('14:30')))).toThrow(/^Aldric of the Vale is dead since .*, and cannot receive/);
    const retired = example('aldric', { status: 'retired', statusReason: 'Left the game' });
    expect(fileLife(retired)?.status).toBe('retired');
    expect(() => recordTransfer(start, dimitri, potion.id, retired, stampAt(at('14:30')))).toThrow(/is retired, and cannot receive/);
  });

  it('to the giver itself; to anyone in play it is recorded', () => {
    expect(() => recordTransfer(start, dimitri, potion.id, dimitri, stampAt(at('14:30')))).toThrow(/is already Dimitri's/);
    expect(recordTransfer(start, dimitri, potion.id, aldric, stampAt(at('14:30'))).entries[0]).toMatchObject({ kind: 'item-transferred', to: aldric.id.toLowerCase() });
  });
});
