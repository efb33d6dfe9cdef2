import { describe, expect, it } from 'vitest';
import { defaultPrintChoice } from '../../core/ipc/contract';
import { choiceFor, parseMm, rememberPrint, sectionsFor } from './print-options';

describe('print options', () => {
  it('reads millimetres as typed, with a decimal point or comma, and nothing else', () => {
    expect(parseMm('5')).toBe(5);
    expect(parseMm(' 2.5 ')).toBe(2.5);
    expect(parseMm('2,5')).toBe(2.5);
    expect(parseMm('-1.25')).toBe(-1.25);
    expect(parseMm('0')).toBe(0);
    for (const bad of ['', '-', 'five', '2.5 mm', '1e2', '1,000.5', '2.555', 'Infinity', '1234']) expect(parseMm(bad), bad).toBeNull();
  });

  it("offers the union of the games' groups in the core's order; every group when no game is known", () => {
    expect(sectionsFor(['novitas', 'fortunes-landing'])).toEqual(['character', 'armour', 'items', 'tracker']);
    expect(sectionsFor(['bg-magic', 'bg-magic'])).toEqual(['character', 'items', 'slips']);
    expect(sectionsFor([null])).toEqual(['character', 'armour', 'items', 'spells', 'slips', 'tracker', 'token']);
  });

  it('ticks every group of the game on a first print', () => {
    const { choice, offered, narrowed } = choiceFor(null, 'letter', ['curious-pastimes']);
    expect(offered).toEqual(['character', 'items', 'spells', 'token']);
    expect(choice).toEqual({ ...defaultPrintChoice('letter'), sections: ['character', 'items', 'spells', 'token'] });
    expect(narrowed).toEqual([]);
  });

  it("export a Fortune's Landing character, then open a Curious Pastimes character: its spell cards and token are ticked", () => {
    // The user prints Aldric with every Fortune's Landing group: character, armour, items.
    const fl = choiceFor(null, 'a4', ['fortunes-landing']).choice;
    const after = rememberPrint(null, { ...fl, size: 'poker' }, ['fortunes-landing']);
    const cp = choiceFor(after, 'a4', ['curious-pastimes']);
    expect(cp.choice.sections).toEqual(['character', 'items', 'spells', 'token']);
    expect(cp.narrowed).toEqual([]);
    // The layout the user chose is kept.
    expect(cp.choice.size).toBe('poker');
  });

  it('keeps unticked only what the user unticked for that game, and says so', () => {
    // Export a Curious Pastimes character without its token, then a Novitas one, then Curious Pastimes again.
    const first = choiceFor(null, 'a4', ['curious-pastimes']).choice;
    let remembered = rememberPrint(null, { ...first, sections: ['character', 'items', 'spells'] }, ['curious-pastimes']);
    const novitas = choiceFor(remembered, 'a4', ['novitas']);
    expect(novitas.choice.sections).toEqual(['character', 'items', 'tracker']);
    remembered = rememberPrint(remembered, novitas.choice, ['novitas']);
    const cp = choiceFor(remembered, 'a4', ['curious-pastimes']);
    expect(cp.choice.sections).toEqual(['character', 'items', 'spells']);
    expect(cp.narrowed).toEqual([{ section: 'token', games: ['curious-pastimes'] }]);
    // Ticking it again forgets it.
    remembered = rememberPrint(remembered, { ...cp.choice, sections: ['character', 'items', 'spells', 'token'] }, ['curious-pastimes']);
    expect(choiceFor(remembered, 'a4', ['curious-pastimes']).choice.sections).toEqual(['character', 'items', 'spells', 'token']);
  });

  it('a pack over all four games ticks every group of every game, after single exports that left groups out', () => {
    // A bg-magic export without slips, a Fortune's Landing export without items.
    let remembered = rememberPrint(null, { ...defaultPrintChoice('a4'), sections: ['character', 'items'] }, ['bg-magic']);
    remembered = rememberPrint(remembered, { ...defaultPrintChoice('a4'), sections: ['character', 'armour'] }, ['fortunes-landing']);
    const pack = choiceFor(remembered, 'a4', ['novitas', 'fortunes-landing', 'curious-pastimes', 'bg-magic', null]);
    // Items still apply to three games the user never narrowed; only bg-magic's slips stay out.
    expect(pack.choice.sections).toEqual(['character', 'armour', 'items', 'spells', 'tracker', 'token']);
    expect(pack.narrowed).toEqual([{ section: 'slips', games: ['bg-magic'] }]);
    expect(choiceFor(null, 'a4', ['novitas', 'fortunes-landing', 'curious-pastimes', 'bg-magic']).choice.sections).toEqual([
      'character',
      'armour',
      'items',
      'spells',
      'slips',
      'tracker',
      'token',
    ]);
  });
});
