import { describe, expect, it } from 'vitest';
import { defaultPrintChoice } from '../core/ipc/contract';
import { choiceFor, parseMm, sectionsFor } from './print-options';

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

  it('keeps the remembered choice, limited to the groups offered (all offered when none remain)', () => {
    expect(choiceFor(null, 'letter', ['character', 'tracker'])).toEqual({ ...defaultPrintChoice('letter'), sections: ['character', 'tracker'] });
    const remembered = { ...defaultPrintChoice('a4'), sections: ['armour' as const, 'items' as const], size: 'poker' as const, backs: false };
    // The remembered paper wins over the settings' paper: the user chose it for this session.
    expect(choiceFor(remembered, 'letter', ['character', 'items', 'tracker'])).toEqual({ ...remembered, sections: ['items'] });
    expect(choiceFor(remembered, 'letter', ['character', 'spells'])).toEqual({ ...remembered, sections: ['character', 'spells'] });
  });
});
