import { describe, expect, it } from 'vitest';
import { readCsv } from '../format/csv-read';
import { currentBookings, planBookingImport } from '../season/bookings-import';
import { readBookingList } from '../season/bookings-read';
import { bookingsView } from '../season/bookings-state';
import { unreadableCharacter } from './characters';
import { newEvent } from './event';
import { charactersCsv, EXPORT_COLUMNS } from './export-csv';
import { appendEntries } from './ledger';
import { deskRows } from './rows';
import { EXAMPLES, exampleDesk, withCheckIn } from './testing';

const table = (csv: string) => {
  const read = readCsv(csv);
  if (!read.ok) throw new Error(read.problem.message);
  return read.table.rows.map((r) => Object.fromEntries(read.table.header.cells.map((h, i) => [h, r.cells[i]])));
};

describe('the characters as CSV', () => {
  const base = withCheckIn(newEvent({ name: 'Autumn Muster', game: 'fortunes-landing', start: '2026-10-02' }), EXAMPLES.aldric.id, '2026-10-02T18:05:00+01:00');
  const characters = [exampleDesk('dimitri'), exampleDesk('aldric'), exampleDesk('borislav'), unreadableCharacter('bad.character.json', 'file.empty', 'bad.character.json: the file is empty')];
  const list = readBookingList('b.csv', 'Booking,Player,Character,Paid\nB1,Priya,Aldric of the Vale,yes\nB2,Sam,Dimitri,no\n');
  if (!list.ok) throw new Error('unreadable list');
  const rows0 = deskRows(characters, base);
  const candidates = rows0.filter((r) => r.id).map((r) => ({ id: r.id!, name: r.name, player: r.player, checkedIn: r.checkedInAt !== null }));
  const event = appendEntries(base, planBookingImport(base, list.list.rows, candidates, { at: '2026-10-02T17:00:00+01:00', desk: 'Front desk' }, 'b.csv').entries);
  const rows = deskRows(characters, event);
  const view = bookingsView(currentBookings(event), candidates);

  it('has one row per file in the sheet order, with the booking, the derived armour, the rule errors and the points', () => {
    const csv = charactersCsv(rows, { event, bookings: view, spent: (r) => (r.name === 'Dimitri' ? 12 : null) });
    expect(csv.startsWith('\ufeffName,Player,Game,Status,')).toBe(true);
    const got = table(csv);
    expect(Object.keys(got[0]!)).toEqual([...EXPORT_COLUMNS]);
    expect(got.map((r) => r.Name)).toEqual(['Борислав', 'Aldric of the Vale', 'Dimitri', 'bad.character.json']);
    // Plate torso 5 + heavy leather legs 2 + 2, averaged over the three chosen areas: 9 / 3 = 3.
    expect(got[1]).toMatchObject({ Player: 'Priya', Game: "Fortune's Landing", Status: 'ok', 'Checked in': '2026-10-02 18:05', 'Booking id': 'B1', Paid: 'yes', Armour: '3 over torso, left leg, right leg', 'Armour rating': '3', 'Rule errors': '0', 'Points spent': '' });
    expect(got[2]).toMatchObject({ 'Booking id': 'B2', Paid: 'no', Armour: '3 over torso', 'Points spent': '12' });
    // A battle mage with a shield and metal over metal: two rule errors, each in words on a line of its own.
    expect(got[0]!['Rule errors']).toBe('2');
    expect(got[0]!['Rule error text']!.split('\n')).toHaveLength(2);
    expect(got[0]!['Booking id']).toBe('');
    expect(got[3]).toMatchObject({ Status: 'unreadable file', 'Rule errors': '', File: 'bad.character.json', 'Character id': '' });
  });

  it('keeps a formula-looking name as text', () => {
    const hostile = deskRows([exampleDesk('dimitri', { name: '=HYPERLINK("http://x","y")', player: '@SUM(A1)' })], base);
    const csv = charactersCsv(hostile);
    expect(csv.split('\r\n')[1]!.startsWith(`"'=HYPERLINK(""http://x"",""y"")",'@SUM(A1),`)).toBe(true);
  });
});
