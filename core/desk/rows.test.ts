// The desk table over the six shipped examples. Expected values are worked out from the rule texts
// (the working is in the comments), as in cli/commands/check.test.ts.
import { describe, expect, it } from 'vitest';
import { unreadableCharacter } from './characters';
import { newEvent } from './event';
import { characterRow, deskExitCode, deskRows, deskTotals, filterRows, finishRows, fold, groupByPlayer } from './rows';
import type { DeskRow } from './types';
import { valuesText } from './row-cells';
import { EXAMPLES, exampleDesk, fakeId, withCheckIn, withPrint, type ExampleName } from './testing';

const event = newEvent({ name: 'Autumn Muster', game: 'fortunes-landing', start: '2026-10-02', end: '2026-10-04' });
const all = () => (Object.keys(EXAMPLES) as ExampleName[]).map((n) => exampleDesk(n));
const byName = (rows: DeskRow[], name: string) => rows.find((r) => r.name === name)!;

describe('desk rows', () => {
  const rows = deskRows(all(), event);

  it('shows each game’s armour, hits, power points and energy as the rules give them', () => {
    // Fortune's Landing: light chain = 3 on the torso; Threshold needs 5+, so none.
    expect(byName(rows, 'Dimitri')).toMatchObject({ player: 'Sam', rulesetName: "Fortune's Landing", status: 'clean', armour: { rating: 3, areas: ['torso'], text: '3 over torso' } });
    // Plate torso 5 + heavy leather legs 2 + 2, averaged over the three chosen areas: 9 / 3 = 3.
    expect(byName(rows, 'Aldric of the Vale').armour).toEqual({ rating: 3, areas: ['torso', 'left-leg', 'right-leg'], text: '3 over torso, left leg, right leg' });
    // Curious Pastimes: heaviest layer only — heavy helmet 3, medium jerkin 2 on torso and arms; hits
    // 1 base + 1 Body Development + armour: head 5, torso 4, arms 4, legs 2.
    const brannoc = byName(rows, 'Brannoc');
    expect(brannoc.armour).toEqual({ rating: null, areas: ['head', 'torso', 'left-arm', 'right-arm'], text: 'head 3, torso 2, left arm 2, right arm 2' });
    expect(brannoc.hits).toEqual({ head: 5, torso: 4, 'left-arm': 4, 'right-arm': 4, 'left-leg': 2, 'right-leg': 2 });
    // The gambeson under the jerkin does not stack: a warning, not an error.
    expect(brannoc.status).toBe('warnings');
    // Novitas: 12 (skill) + 8 (ring) = 20 in the pool, 2 break-cap, cap 20; plan 4 x 3 + 3 x 3 = 21.
    const elowen = byName(rows, 'Elowen Marsh');
    expect(elowen.powerPoints).toEqual({ pool: 20, breakCap: 2, dailyCap: 20, planned: 21 });
    expect(valuesText(elowen)).toBe('power points 20 + 2 break-cap, cap 20/day, planned 21');
    expect(elowen.armour).toEqual({ rating: null, areas: [], text: 'none' });
    // bg-magic: a role mage entitled to leather has half again a battle mage's 4: 6; wears leather.
    expect(byName(rows, 'Васил Вещера')).toMatchObject({ energy: 6, armour: { text: 'leather (torso)' }, player: 'Георги' });
    // A battle mage entitled to metal: 2 energy; a shield and metal over metal are both errors.
    const borislav = byName(rows, 'Борислав');
    expect(borislav).toMatchObject({ energy: 2, status: 'errors' });
    expect(borislav.errors.map((e) => e.code).sort()).toEqual(['bg.armour.metal-over-metal', 'bg.weapon.shield']);
    expect(valuesText(byName(rows, 'Dimitri'))).toBe('');
  });

  it('groups by player: unreadable files first, then players with problems, then the rest', () => {
    const withBad = deskRows([...all(), unreadableCharacter('broken.character.json', 'file.not-json', 'broken.character.json: it is not valid JSON')], event);
    const groups = groupByPlayer(withBad);
    expect(groups.map((g) => g.player)).toEqual([null, 'Ivan', 'Alex', 'Dana', 'Priya', 'Sam', 'Георги']);
    expect(groups[0]!.rows[0]).toMatchObject({ status: 'unreadable', file: 'broken.character.json', id: null });
    expect(groups[1]).toMatchObject({ problems: 1, checkedIn: 0 });
  });

  it('puts a player’s worst character first', () => {
    const sam = [exampleDesk('dimitri'), exampleDesk('borislav', { player: 'Sam', id: fakeId(1) })];
    const [group] = groupByPlayer(deskRows(sam, event));
    expect(group!.rows.map((r) => r.name)).toEqual(['Борислав', 'Dimitri']);
  });

  it('filters to problems, and searches names, players and problems without regard to case or accents', () => {
    expect(filterRows(rows, { problemsOnly: true }).map((r) => r.name)).toEqual(['Борислав']);
    expect(filterRows(rows, { problemsOnly: true, includeWarnings: true }).map((r) => r.name).sort()).toEqual(['Brannoc', 'Борислав']);
    expect(filterRows(rows, { query: 'георги' }).map((r) => r.name)).toEqual(['Васил Вещера']);
    expect(filterRows(rows, { query: 'PRIYA vale' }).map((r) => r.name)).toEqual(['Aldric of the Vale']);
    expect(filterRows(rows, { query: 'shield' }).map((r) => r.name)).toEqual(['Борислав']);
    expect(filterRows(rows, { query: 'curious' }).map((r) => r.name)).toEqual(['Brannoc']);
    expect(filterRows(rows, { query: 'nobody' })).toEqual([]);
    const accented = deskRows([exampleDesk('dimitri', { name: 'Éloïse' })], event);
    expect(filterRows(accented, { query: 'eloise' })).toHaveLength(1);
  });

  it('totals characters, clean, with errors, unreadable and checked in, and gives check’s exit code', () => {
    const checked = withCheckIn(withCheckIn(event, EXAMPLES.dimitri.id, '2026-10-02T18:00:00+01:00'), EXAMPLES.borislav.id, '2026-10-02T18:01:00+01:00');
    const r = deskRows(all(), checked);
    // Six characters; Borislav has errors; Brannoc only a warning, so he counts as clean.
    expect(deskTotals(r)).toEqual({ files: 6, characters: 6, clean: 5, withErrors: 1, withWarnings: 1, unreadable: 0, checkedIn: 2 });
    expect(filterRows(r, { checkedIn: 'in' }).map((x) => x.name).sort()).toEqual(['Dimitri', 'Борислав']);
    expect(deskExitCode(r)).toBe(1);
    expect(deskExitCode(deskRows([exampleDesk('dimitri')], event))).toBe(0);
    const bad = deskRows([exampleDesk('dimitri'), unreadableCharacter('x.character.json', 'file.empty', 'x.character.json: the file is empty')], event);
    expect(deskTotals(bad)).toMatchObject({ files: 2, characters: 1, unreadable: 1 });
    expect(deskExitCode(bad)).toBe(2);
  });

  it('flags two files with the same character id as an error on both', () => {
    const r = deskRows([exampleDesk('dimitri', {}, 'a.character.json'), exampleDesk('dimitri', { name: 'Dimitri copy' }, 'b.character.json')], event);
    for (const row of r) expect(row.errors.map((e) => e.code)).toEqual(['desk.duplicate-id']);
    expect(r[0]!.errors[0]!.message).toContain('b.character.json');
    expect(deskExitCode(r)).toBe(1);
    // The shared id is searchable, and Borislav's copy keeps his own two errors before it.
    expect(filterRows(r, { query: 'copied file' })).toHaveLength(2);
    const borislavs = deskRows([exampleDesk('borislav', {}, 'c.character.json'), exampleDesk('borislav', {}, 'd.character.json')], event);
    expect(borislavs[1]!.errors.map((e) => e.code)).toEqual([...borislavs[1]!.errors.slice(0, 2).map((e) => e.code), 'desk.duplicate-id']);
    expect(borislavs[1]!.errors).toHaveLength(3);
  });

  it('makes the same rows one character at a time, each let go once its row is made (characterRow, then finishRows)', () => {
    const dimitri = exampleDesk('dimitri', {}, 'a.character.json');
    if (!dimitri.readable) throw new Error();
    const files = [...all(), dimitri, exampleDesk('dimitri', { name: 'Dimitri copy' }, 'b.character.json'), unreadableCharacter('x.character.json', 'file.empty', 'x.character.json: the file is empty')];
    const printed = withCheckIn(withPrint(event, dimitri.character.id, { at: '2026-09-30T20:00:00Z', hash: dimitri.hash, serials: [] }), dimitri.character.id, '2026-10-02T18:00:00+01:00');
    const streamed = finishRows(files.map((c) => characterRow(c)), printed);
    expect(streamed).toEqual(deskRows(files, printed));
    expect(JSON.stringify(streamed)).toBe(JSON.stringify(deskRows(files, printed)));
    expect(streamed.find((r) => r.file === 'a.character.json')).toMatchObject({ status: 'errors', tag: 'current', checkedInAt: '2026-10-02T18:00:00+01:00' });
  });

  it('tells whether the cards are printed and current', () => {
    const dimitri = exampleDesk('dimitri');
    if (!dimitri.readable) throw new Error();
    expect(deskRows([dimitri], event)[0]!.tag).toBe('never-printed');
    const printed = withPrint(event, dimitri.character.id, { at: '2026-09-30T20:00:00Z', hash: dimitri.hash, serials: [] });
    expect(deskRows([dimitri], printed)[0]).toMatchObject({ tag: 'current', lastPrintedAt: '2026-09-30T20:00:00Z' });
    expect(deskRows([exampleDesk('dimitri', { notes: 'changed' })], printed)[0]!.tag).toBe('changed');
  });

  it('folds text to accent-free lower case, ASCII (the quick way) as everything else', () => {
    const slow = (t: string) => t.normalize('NFKD').replace(/\p{M}/gu, '').toLocaleLowerCase('en');
    const ascii = Array.from({ length: 128 }, (_, i) => String.fromCharCode(i)).join('');
    expect(fold(ascii)).toBe(slow(ascii));
    expect(fold('Dimitri of the VALE, c07.character.json')).toBe('dimitri of the vale, c07.character.json');
    expect(fold('Éloïse Ångström')).toBe('eloise angstrom');
    expect(fold('Васил Вещера Й')).toBe('васил вещера и');
    expect(fold('ﬁne ①')).toBe(slow('ﬁne ①'));
  });
});
