import { describe, expect, it } from 'vitest';
import { checkIn } from '../../core/desk/checkin';
import { newEvent } from '../../core/desk/event';
import { newPrint, recordPrints } from '../../core/desk/lifecycle';
import { deskRows } from '../../core/desk/rows';
import { outOfPlay } from '../../core/desk/life';
import { EXAMPLES, exampleDesk, stampAt } from '../../core/desk/testing';
import { unreadableCharacter, type DeskCharacter } from '../../core/desk/characters';
import { filterLines, groupRows, totalsOf, withEvent } from './rows';
import { deskTotals, groupByPlayer } from '../../core/desk/rows';
import { viewRows } from '../../core/desk/view-rows';

const readable = (c: DeskCharacter) => {
  if (!c.readable) throw new Error('unreadable');
  return c;
};

describe('the event applied to the rows from the main process', () => {
  // Dimitri printed and unchanged, Aldric printed and changed since, Vasil never printed; Dimitri
  // and Vasil checked in; one unreadable file.
  const start = newEvent({ name: 'Autumn Muster', game: 'fortunes-landing', start: '2026-10-02' });
  const dimitri = exampleDesk('dimitri');
  const aldric = exampleDesk('aldric');
  const printed = recordPrints(start, [newPrint(readable(dimitri), ['CH-1']), newPrint(readable(aldric), ['CH-2'])], stampAt('2026-09-30T20:00:00+01:00')).event;
  const aldricNow = exampleDesk('aldric', { notes: 'Lost his greaves.' });
  let event = checkIn(printed, EXAMPLES.dimitri.id, stampAt('2026-10-02T18:05:00+01:00')).event;
  event = checkIn(event, EXAMPLES.vasil.id, stampAt('2026-10-02T18:07:00+01:00')).event;
  const files = [dimitri, aldricNow, exampleDesk('vasil'), unreadableCharacter('broken.character.json', 'file.not-json', 'broken.character.json: it is not valid JSON')];
  const fromMain = viewRows(files);
  /** A whole DeskRow as the view holds it: without what the view makes itself. */
  const asShown = (r: ReturnType<typeof deskRows>[number], i: number) => {
    const { search: _s, armour: _a, rulesetName: _n, ...rest } = r;
    return { ...rest, detail: fromMain[i]!.detail, out: outOfPlay(r, event) };
  };

  it('fills in check-in, card state and last print exactly as deskRows does with the event', () => {
    const applied = withEvent(fromMain, event);
    expect(applied).toEqual(deskRows(files, event).map(asShown));
    expect(applied.map((r) => [r.name, r.checkedInAt, r.tag])).toEqual([
      ['Dimitri', '2026-10-02T18:05:00+01:00', 'current'],
      ['Aldric of the Vale', null, 'changed'],
      ['Васил Вещера', '2026-10-02T18:07:00+01:00', 'never-printed'],
      ['', null, null],
    ]);
  });

  it('keeps the rows that did not change, so only the checked-in one redraws', () => {
    const before = withEvent(fromMain, event);
    const after = withEvent(fromMain, checkIn(event, EXAMPLES.aldric.id, stampAt('2026-10-02T18:09:00+01:00')).event, before);
    expect(after.map((r, i) => r === before[i])).toEqual([true, false, true, true]);
    expect(after[1]!.checkedInAt).toBe('2026-10-02T18:09:00+01:00');
  });
});

describe('the view’s groups, lines and totals', () => {
  const files = [
    exampleDesk('dimitri', { player: 'Sam' }),
    exampleDesk('aldric', { id: '00000000-0000-4000-8000-000000000002', player: 'Sam', name: 'Aldric in Mithril', armour: [{ name: 'Mithril', type: 'mithril', locations: ['torso'] }] }),
    exampleDesk('vasil', { player: 'Ana' }),
    exampleDesk('elowen', { player: 'Zed' }),
    unreadableCharacter('broken.character.json', 'file.not-json', 'broken.character.json: it is not valid JSON'),
  ];
  const event = checkIn(newEvent({ name: 'E', game: 'novitas', start: '2026-10-02' }), EXAMPLES.vasil.id, stampAt('2026-10-02T18:07:00+01:00')).event;
  const rows = withEvent(viewRows(files), event);

  it('groups and orders as the core’s groupByPlayer does: unreadable first, then players with problems, worst first', () => {
    const groups = groupRows(rows);
    const core = groupByPlayer(deskRows(files, event));
    expect(groups.map((g) => [g.player, g.rows.map((i) => rows[i]!.file)])).toEqual(core.map((g) => [g.player, g.rows.map((r) => r.file)]));
    expect(groups.map((g) => g.player)).toEqual([null, 'Sam', 'Ana', 'Zed']);
    expect(totalsOf(rows)).toEqual(deskTotals(deskRows(files, event)));
  });

  it('lines: a heading per group with any row shown, then its rows; not arrived, by game, search', () => {
    const groups = groupRows(rows);
    const shown = (filter: Partial<Parameters<typeof filterLines>[2]>, search: string[] | null = null) =>
      filterLines(groups, rows, { problemsOnly: false, includeWarnings: false, query: '', arrival: 'all', game: '', ...filter }, search).map((l) => (l.kind === 'group' ? `# ${groups[l.group]!.player}` : rows[l.index]!.name || rows[l.index]!.file));
    expect(shown({})).toEqual(['# null', 'broken.character.json', '# Sam', 'Aldric in Mithril', 'Dimitri', '# Ana', 'Васил Вещера', '# Zed', 'Elowen Marsh']);
    // Not arrived: readable, not checked in (Vasil is in; an unreadable file cannot arrive).
    expect(shown({ arrival: 'waiting' })).toEqual(['# Sam', 'Aldric in Mithril', 'Dimitri', '# Zed', 'Elowen Marsh']);
    expect(shown({ arrival: 'in' })).toEqual(['# Ana', 'Васил Вещера']);
    expect(shown({ game: 'fortunes-landing' })).toEqual(['# Sam', 'Aldric in Mithril', 'Dimitri']);
    expect(shown({ query: 'MITHRIL' }, rows.map((r) => (r.name + ' ' + r.errors.map((e) => e.message).join(' ')).toLowerCase()))).toEqual(['# Sam', 'Aldric in Mithril']);
  });
});
