import { afterEach, describe, expect, it } from 'vitest';
import type { LedgerEntry } from '../../core/desk/entries';
import { fakeId } from '../../core/desk/testing';
import type { DeskStep } from '../../core/desk/undo-redo';
import { capitalised, stepWords, type StepNames } from './step-words';
import { setLanguage, t } from '../app/i18n';

const brannoc = fakeId(1);
const aldric = fakeId(2);
const potion = fakeId(3);
const base = { at: '2026-10-03T14:02:00+01:00', desk: 'Gate' };
const entries: LedgerEntry[] = [
  { ...base, id: fakeId(10), kind: 'died', character: brannoc },
  { ...base, id: fakeId(11), kind: 'check-in', character: brannoc },
  { ...base, id: fakeId(12), kind: 'item-transferred', character: brannoc, item: potion, to: aldric },
  { ...base, id: fakeId(13), kind: 'new-character', character: aldric, from: brannoc, points: 19 },
  { ...base, id: fakeId(14), kind: 'undo', target: fakeId(10), character: brannoc },
] as LedgerEntry[];
const names: StepNames = {
  character: (id) => new Map([[brannoc, 'Brannoc'], [aldric, 'Aldric']]).get(id),
  item: (id) => (id === potion ? 'Healing potion' : undefined),
  entry: (id) => entries.find((e) => e.id === id),
};
const step = (id: string, label?: string): DeskStep => ({ made: [{ id }], undone: [], via: 'record', ...(label ? { label } : {}) });
const words = (s: DeskStep) => stepWords(s, names, t);

afterEach(() => setLanguage('en'));

describe('a step of the undo history in words', () => {
  it('names the first entry it made, in English and in Bulgarian', () => {
    const steps = [step(fakeId(10)), step(fakeId(11), 'Alex'), step(fakeId(12)), step(fakeId(13)), step(fakeId(14)), step(fakeId(99))];
    expect(steps.map(words)).toEqual(['death of Brannoc', 'check-in of Alex', 'transfer of Healing potion to Aldric', 'new character Aldric', 'undoing the death of Brannoc', 'an entry no longer in the ledger']);
    expect(t('desk.history.undo', { step: words(steps[0]!) })).toBe('Undo death of Brannoc');
    expect(t('desk.history.undone', { Step: capitalised(words(steps[0]!)) })).toBe('Death of Brannoc undone');
    setLanguage('bg');
    expect(steps.slice(0, 4).map(words)).toEqual(['смъртта на Brannoc', 'регистрацията на Alex', 'прехвърлянето на Healing potion на Aldric', 'новия герой Aldric']);
    expect(t('desk.history.redo', { step: words(steps[0]!) })).toBe('Повтори смъртта на Brannoc');
  });
});
