import { describe, expect, it } from 'vitest';
import { MAX_BOOKING_FILE_BYTES, parseMapping, problemText, readBookingBytes, readBookingList, readPaid } from './bookings-read';
import { COMMA_ROSTER, LARPMANAGER_ROSTER, SEMICOLON_ROSTER } from './testing/rosters';

const list = (text: string, mapping = {}) => {
  const read = readBookingList('bookings.csv', text, mapping);
  if (!read.ok) throw new Error(read.problems.map(problemText).join('\n'));
  return read.list;
};

describe('readBookingList', () => {
  it('reads a comma roster: BOM, CRLF, a quoted comma, a doubled quote, accents, yes/no, an amount, an empty character', () => {
    const l = list(COMMA_ROSTER);
    expect(l.delimiter).toBe(',');
    expect(l.columns).toEqual({ player: 'Player Name', character: 'Character', booking: 'Booking ID', paid: 'Paid' });
    expect(l.rows).toEqual([
      { line: 2, booking: 'B-101', player: 'Alex', characterName: 'Brannoc', paid: true },
      { line: 3, booking: 'B-102', player: 'Oskar', characterName: 'Élodie Marsh', paid: true, amount: '£25.00' },
      { line: 4, booking: 'B-103', player: 'Holt, Beatrix', characterName: 'Aldric "the Red"', paid: false },
      { line: 5, booking: 'B-104', player: 'Sam', paid: false },
    ]);
  });

  it('reads a semicolon roster: aliases (Ticket, Name, Character name, Payment), decimal-comma amounts, a line break in a cell', () => {
    const l = list(SEMICOLON_ROSTER);
    expect(l.delimiter).toBe(';');
    expect(l.columns).toEqual({ player: 'Name', character: 'Character name', booking: 'Ticket', paid: 'Payment' });
    expect(l.rows).toEqual([
      { line: 2, booking: 'T1', player: 'Alex', characterName: 'brannoc', paid: true, amount: '25,00 €' },
      { line: 3, booking: 'T2', player: 'Oskar', characterName: 'elodie  marsh', paid: false, amount: '0,00' },
      { line: 4, booking: 'T3', player: 'Priya\nPatel', paid: true },
    ]);
  });

  it('reads a LarpManager-like export: Registration ID before Ticket, extra columns ignored', () => {
    const l = list(LARPMANAGER_ROSTER);
    expect(l.columns).toEqual({ player: 'Player', character: 'Character', booking: 'Registration ID', paid: 'Payment status' });
    expect(l.rows.map((r) => [r.booking, r.player, r.characterName, r.paid])).toEqual([
      ['4711', 'Alex', 'Brannoc', true],
      ['4712', 'Oskar', 'Élodie Marsh', false],
    ]);
  });

  it('takes an explicit mapping over the headings (case and accents ignored)', () => {
    const l = list(LARPMANAGER_ROSTER, { booking: 'ticket', paid: 'Payment Status' });
    expect(l.columns.booking).toBe('Ticket');
    expect(l.rows[0]!.booking).toBe('Standard');
    expect(l.rows[1]!.booking).toBe('Concession');
  });

  it('names the file, line and column of every problem, and gives no bookings', () => {
    const text = 'Booking,Player,Paid\nB1,Alex,yes\nB2,,no\nB1,Sam,maybe\n';
    const read = readBookingList('autumn.csv', text);
    expect(read.ok).toBe(false);
    expect(!read.ok && read.problems.map(problemText)).toEqual([
      'autumn.csv: line 3, column "Player": no player',
      'autumn.csv: line 4, column "Booking": the booking id "B1" is also on line 2',
      'autumn.csv: line 4, column "Paid": "maybe" is not a payment: write yes or no, paid or unpaid, 1 or 0, or an amount (or map another column: --map paid=COLUMN)',
    ]);
  });

  it('says which required column is missing, naming the header line and its columns', () => {
    const read = readBookingList('x.csv', 'Player,Character\nAlex,Brannoc\n');
    expect(!read.ok && read.problems.map(problemText)).toEqual([
      'x.csv: line 1: no column for the booking id: name one "booking id" (or "booking", "booking number", "booking no"…), or map it (--map booking=COLUMN); its columns: "Player", "Character"',
    ]);
    const mapped = readBookingList('x.csv', 'Player,Character\nAlex,Brannoc\n', { booking: 'Ticket' });
    expect(!mapped.ok && mapped.problems.map(problemText)).toEqual(['x.csv: line 1: the column "Ticket" given for the booking id is not in the header (its columns: "Player", "Character")']);
  });

  it('refuses a cell longer than a ledger entry holds, and an open quote, naming the line', () => {
    const long = readBookingList('x.csv', `Booking,Player\nB1,${'a'.repeat(201)}\n`);
    expect(!long.ok && problemText(long.problems[0]!)).toBe('x.csv: line 2, column "Player": longer than 200 characters');
    const open = readBookingList('x.csv', 'Booking,Player\nB1,"Alex\n');
    expect(!open.ok && problemText(open.problems[0]!)).toBe('x.csv: line 2: a quoted field opened on line 2 is never closed (a " is missing)');
  });
});

describe('readPaid', () => {
  it('reads words, 1/0 and amounts; an empty cell is unpaid; anything else is not read', () => {
    expect(['yes', 'Y', 'TRUE', 'Paid', '1'].map((c) => readPaid(c)?.paid)).toEqual([true, true, true, true, true]);
    expect(['no', 'false', 'unpaid', 'Not paid', '0', ''].map((c) => readPaid(c)?.paid)).toEqual([false, false, false, false, false, false]);
    expect(readPaid('€ 40')).toEqual({ paid: true, amount: '€ 40' });
    expect(readPaid('0.00 GBP')).toEqual({ paid: false, amount: '0.00 GBP' });
    expect(readPaid('half')).toBeNull();
    expect(readPaid('-5')).toBeNull();
  });
});

describe('parseMapping', () => {
  it('reads FIELD=COLUMN pairs and refuses an unknown field', () => {
    expect(parseMapping('player=Name, booking = Ticket no')).toEqual({ player: 'Name', booking: 'Ticket no' });
    expect(() => parseMapping('email=Mail')).toThrow(/FIELD one of player, character, booking, paid \(got "email=Mail"\)/);
  });
});

describe('readBookingBytes', () => {
  it('refuses a file over the size cap and bytes that are not UTF-8, and reads UTF-8 with a BOM', () => {
    const huge = readBookingBytes('big.csv', new Uint8Array(MAX_BOOKING_FILE_BYTES + 1));
    expect(!huge.ok && problemText(huge.problems[0]!)).toBe('big.csv: line 1: the file is 10,000,001 bytes, more than the 10,000,000 a booking list may have');
    // "Élodie" as Windows-1252: 0xC9 alone is not UTF-8.
    const latin = readBookingBytes('w.csv', new Uint8Array([...new TextEncoder().encode('Booking,Player\nB1,'), 0xc9, 0x6c]));
    expect(!latin.ok && problemText(latin.problems[0]!)).toBe('w.csv: line 1: the file is not UTF-8 text: save it again as "CSV UTF-8" (comma or semicolon separated)');
    const ok = readBookingBytes('b.csv', new TextEncoder().encode(COMMA_ROSTER));
    expect(ok.ok && ok.list.rows[1]!.characterName).toBe('Élodie Marsh');
  });
});
