import { describe, expect, it } from 'vitest';
import { checkIn } from '../core/desk/checkin';
import { newEvent } from '../core/desk/event';
import { newPrint, recordPrints } from '../core/desk/lifecycle';
import { deskRows } from '../core/desk/rows';
import { EXAMPLES, exampleDesk, stampAt } from '../core/desk/testing';
import { unreadableCharacter, type DeskCharacter } from '../core/desk/characters';
import { withEvent } from './desk-rows';

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
  const none = newEvent({ name: 'none', game: '', start: '2000-01-01' });
  const fromMain = deskRows(files, none).map((r) => ({ ...r, detail: null }));

  it('fills in check-in, card state and last print exactly as deskRows does with the event', () => {
    const applied = withEvent(fromMain, event);
    expect(applied).toEqual(deskRows(files, event).map((r) => ({ ...r, detail: null })));
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
