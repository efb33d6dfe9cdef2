import { describe, expect, it } from 'vitest';
import { serialFor } from '../pdf/serial';
import { unreadableCharacter, type DeskCharacter } from './characters';
import { newEvent, type DeskEvent } from './event';
import { characterFold, foldEvent } from './fold';
import { namedDesk } from './editions';
import { newPrint, planReprint, recordPrints } from './lifecycle';
import { EXAMPLES, exampleDesk, stampAt } from './testing';

const T1 = '2026-09-30T20:00:00+01:00';
const T2 = '2026-10-02T09:00:00+01:00';
const T3 = '2026-10-02T09:30:00+01:00';

/** The serials a character's cards carry: its character card and one item card per item. */
function serialsOf(c: DeskCharacter): string[] {
  if (!c.readable) return [];
  return [serialFor(c.character.id, 'character', 0), ...c.character.items.map((item) => serialFor(c.character.id, 'item', item.id))];
}

/** Prints what the plan says and records it, as the desk does. */
function printRun(characters: DeskCharacter[], event: DeskEvent, at: string) {
  const plan = planReprint(characters, event);
  const prints = plan.print.map((p) => {
    const c = characters.find((x) => x.file === p.file)!;
    if (!c.readable) throw new Error('unreadable in plan');
    return newPrint(c, serialsOf(c));
  });
  return { plan, ...recordPrints(event, prints, stampAt(at)) };
}

const start = newEvent({ name: 'Autumn Muster', game: 'fortunes-landing', start: '2026-10-02', homeDesk: namedDesk('Front desk').id });
const potion = serialFor(EXAMPLES.dimitri.id, 'item', EXAMPLES.dimitri.items[0]!.id);
const folder = () => [exampleDesk('dimitri'), exampleDesk('aldric'), exampleDesk('vasil')];

describe('reprint changed', () => {
  it('prints every character the first time, voiding nothing', () => {
    const run = printRun(folder(), start, T1);
    expect(run.plan.print.map((p) => [p.name, p.reason])).toEqual([
      ['Dimitri', 'never-printed'],
      ['Aldric of the Vale', 'never-printed'],
      ['Васил Вещера', 'never-printed'],
    ]);
    expect(run.voids).toEqual([]);
    const d = characterFold(run.event, EXAMPLES.dimitri.id);
    // Dimitri has one item (the potion): a character card and an item card, both edition 1.
    expect(d.prints).toHaveLength(1);
    expect(d.current!.cards).toEqual([
      { serial: serialFor(EXAMPLES.dimitri.id, 'character', 0), edition: '1' },
      { serial: potion, edition: '1' },
    ]);
    expect(foldEvent(run.event).voids).toEqual([]);
  });

  it('after one character changes, reprints only it and voids its old serials', () => {
    const first = printRun(folder(), start, T1).event;
    // Dimitri drops his potion and upgrades to heavy chain.
    const changed = [exampleDesk('dimitri', { items: [], armour: [{ name: 'Hauberk', type: 'heavy-chain', locations: ['torso'] }] }), exampleDesk('aldric'), exampleDesk('vasil')];
    const run = printRun(changed, first, T2);
    expect(run.plan.print.map((p) => [p.name, p.reason])).toEqual([['Dimitri', 'changed']]);
    expect(run.plan.print[0]!.previous!.at).toBe(T1);
    expect(run.plan.unchanged.map((u) => u.name)).toEqual(['Aldric of the Vale', 'Васил Вещера']);
    // The character card is reissued under its serial; the potion's card is not printed again.
    const ch = serialFor(EXAMPLES.dimitri.id, 'character', 0);
    expect(run.voids).toEqual([{ id: EXAMPLES.dimitri.id, printedAt: T1, reissued: [`${ch}/1`], withdrawn: [`${potion}/1`], issued: [`${ch}/2`] }]);
    const d = characterFold(run.event, EXAMPLES.dimitri.id);
    expect(foldEvent(run.event).voids.map((v) => v.label)).toEqual([`${ch}/1`, `${potion}/1`]);
    expect(d.prints.map((p) => p.at)).toEqual([T1, T2]);
    // Every print keeps what its cards said (entries are never edited).
    expect(d.prints[0]!.facts!.armour).toBe('3 over torso');
    expect(d.prints[1]!.facts!.armour).toBe('4 over torso');
    // Aldric's prints are untouched.
    expect(characterFold(run.event, EXAMPLES.aldric.id).prints).toEqual(characterFold(first, EXAMPLES.aldric.id).prints);
  });

  it('prints nothing on a second run when nothing changed', () => {
    const first = printRun(folder(), start, T1).event;
    const run = printRun(folder(), first, T2);
    expect(run.plan.print).toEqual([]);
    expect(run.plan.unchanged).toHaveLength(3);
    expect(run.voids).toEqual([]);
    expect(run.event).toEqual(first);
  });

  it('keeps voided serials across several reprints without repeating them', () => {
    let event = printRun(folder(), start, T1).event;
    event = printRun([exampleDesk('dimitri', { notes: 'one' })], event, T2).event;
    event = printRun([exampleDesk('dimitri', { notes: 'two' })], event, T3).event;
    const ch = serialFor(EXAMPLES.dimitri.id, 'character', 0);
    expect(characterFold(event, EXAMPLES.dimitri.id).prints).toHaveLength(3);
    expect(characterFold(event, EXAMPLES.dimitri.id).current!.cards.map((c) => `${c.serial}/${c.edition}`)).toEqual([`${ch}/3`, `${potion}/3`]);
    expect(foldEvent(event).voids.map((v) => v.label)).toEqual([`${ch}/1`, `${potion}/1`, `${ch}/2`, `${potion}/2`]);
  });

  it('skips unreadable files and files sharing an id, and can be limited to some characters', () => {
    const chars = [exampleDesk('dimitri'), exampleDesk('aldric', {}, 'a.character.json'), exampleDesk('aldric', { name: 'Copy' }, 'b.character.json'), unreadableCharacter('x.character.json', 'file.empty', 'x.character.json: the file is empty')];
    const plan = planReprint(chars, start);
    expect(plan.print.map((p) => p.name)).toEqual(['Dimitri']);
    expect(plan.skipped.map((s) => s.file)).toEqual(['a.character.json', 'b.character.json', 'x.character.json']);
    expect(plan.skipped[0]!.reason).toContain('also in b.character.json');
    expect(planReprint(folder(), start, [EXAMPLES.vasil.id.toUpperCase()]).print.map((p) => p.name)).toEqual(['Васил Вещера']);
  });
});
