import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkIn } from '../../../core/desk/checkin';
import { newEvent } from '../../../core/desk/event';
import { serializeEvent } from '../../../core/desk/event-load';
import { EXAMPLES, stampAt } from '../../../core/desk/testing';
import { readCsv } from '../../../core/format/csv-read';
import { main } from '../../main';
import { captureIo } from '../../testing/capture';

async function run(args: string[]) {
  const io = captureIo();
  const code = await main(args, io);
  return { code, out: io.stdout(), err: io.stderr() };
}

const EVENT_ID = '3a1c2b4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
let dir: string;
let eventFile: string;
const entries = () => readFileSync(eventFile, 'utf8').trim().split('\n').slice(1).map((l) => JSON.parse(l) as Record<string, unknown>);

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'qm-bookings-'));
  // Dimitri (Sam), Aldric of the Vale (Priya, checked in), Brannoc (Alex).
  writeFileSync(join(dir, 'dimitri.character.json'), JSON.stringify(EXAMPLES.dimitri));
  writeFileSync(join(dir, 'aldric.character.json'), JSON.stringify(EXAMPLES.aldric));
  writeFileSync(join(dir, 'brannoc.character.json'), JSON.stringify(EXAMPLES.brannoc));
  const event = checkIn(newEvent({ name: 'Autumn Muster', game: 'fortunes-landing', start: '2026-10-02', id: EVENT_ID }), EXAMPLES.aldric.id, stampAt('2026-10-02T09:00:00+01:00', 'Front desk')).event;
  eventFile = join(dir, 'autumn.event.json');
  writeFileSync(eventFile, serializeEvent(event));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const COMMAS = '\ufeffBooking ID,Player,Character,Paid\r\nB-1,Sam,dimitri,yes\r\nB-2,Alex,"Brannoc",no\r\nB-3,"Kit, the Younger",Wren,£0\r\n';
const SEMICOLONS = 'Ticket;Name;Character name;Payment\nB-1;Sam;DIMITRI;25,00\nB-2;Alex;Brannoc;0\nB-3;Kit, the Younger;Wren;0,00\n';

describe('quartermaster desk bookings import', () => {
  it('imports a comma list into the ledger, says who is booked without a character and who is in without a booking; again adds nothing', async () => {
    writeFileSync(join(dir, 'bookings.csv'), COMMAS);
    const first = await run(['desk', 'bookings', 'import', dir, join(dir, 'bookings.csv'), '--desk', 'Front desk']);
    expect(first.err).toBe('');
    expect(first.code).toBe(0);
    expect(first.out).toContain('comma separated; player from "Player", character from "Character", booking id from "Booking ID", paid from "Paid".');
    expect(first.out).toContain('3 bookings: 3 new, 0 changed, 0 already in the ledger.');
    expect(first.out).toContain('  line 4: booking B-3: no character in the folder matches');
    expect(first.out).toContain('Booked without a character (1):\n  B-3 Kit, the Younger (Wren): no character of that name\n');
    expect(first.out).toContain('Checked in without a booking (1):\n  Aldric of the Vale (Priya)\n');
    expect(first.out).toContain('Unpaid (2):\n  B-2 Alex (Brannoc)\n  B-3 Kit, the Younger (Wren), £0\n');
    const bookings = entries().filter((e) => e.kind === 'booking');
    expect(bookings.map((e) => [e.booking, e.player, e.character ?? null, e.paid])).toEqual([
      ['B-1', 'Sam', EXAMPLES.dimitri.id, true],
      ['B-2', 'Alex', EXAMPLES.brannoc.id, false],
      ['B-3', 'Kit, the Younger', null, false],
    ]);
    const again = await run(['desk', 'bookings', 'import', dir, join(dir, 'bookings.csv')]);
    expect(again.code).toBe(0);
    expect(again.out).toContain('3 bookings: 0 new, 0 changed, 3 already in the ledger.');
    expect(entries().filter((e) => e.kind === 'booking')).toHaveLength(3);
  });

  it('reads the same bookings from a semicolon list: only the changed payment amounts are new entries', async () => {
    writeFileSync(join(dir, 'a.csv'), COMMAS);
    writeFileSync(join(dir, 'b.csv'), SEMICOLONS);
    await run(['desk', 'bookings', 'import', dir, join(dir, 'a.csv')]);
    const r = await run(['desk', 'bookings', 'import', dir, join(dir, 'b.csv')]);
    expect(r.out).toContain('semicolon separated; player from "Name", character from "Character name", booking id from "Ticket", paid from "Payment".');
    // B-1 now carries an amount (25,00) and B-3 reads "0,00" where "£0" was: both changed; B-2 "0" is unpaid as "no" was.
    expect(r.out).toContain('3 bookings: 0 new, 2 changed, 1 already in the ledger.');
  });

  it('imports nothing from a list with a problem, naming the file, line and column', async () => {
    const list = join(dir, 'bad.csv');
    writeFileSync(list, 'Booking;Player;Paid\nB-1;Sam;yes\nB-1;;maybe\n');
    const before = readFileSync(eventFile, 'utf8');
    const r = await run(['desk', 'bookings', 'import', dir, list]);
    expect(r.code).toBe(2);
    expect(r.err).toBe(
      `${list}: line 3, column "Player": no player\n` +
        `${list}: line 3, column "Booking": the booking id "B-1" is also on line 2\n` +
        `${list}: line 3, column "Paid": "maybe" is not a payment: write yes or no, paid or unpaid, 1 or 0, or an amount (or map another column: --map paid=COLUMN)\n` +
        `quartermaster desk bookings: nothing was imported from ${list} (3 problems above)\n`,
    );
    expect(readFileSync(eventFile, 'utf8')).toBe(before);
  });

  it('takes --map over the headings, and --dry-run writes nothing', async () => {
    const list = join(dir, 'site.csv');
    writeFileSync(list, 'Ref,Who,Role,Money\nR1,Sam,Dimitri,10\n');
    const before = readFileSync(eventFile, 'utf8');
    const dry = await run(['desk', 'bookings', 'import', dir, list, '--map', 'booking=Ref,player=Who,character=Role,paid=Money', '--dry-run']);
    expect(dry.code).toBe(0);
    expect(dry.out).toContain('1 booking: 1 new, 0 changed, 0 already in the ledger.');
    expect(dry.out).toContain('Dry run: nothing was written.');
    expect(readFileSync(eventFile, 'utf8')).toBe(before);
    const bad = await run(['desk', 'bookings', 'import', dir, list, '--map', 'email=Who']);
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('--map takes FIELD=COLUMN pairs');
  });

  it('shows the bookings in the desk report', async () => {
    writeFileSync(join(dir, 'bookings.csv'), COMMAS);
    await run(['desk', 'bookings', 'import', dir, join(dir, 'bookings.csv')]);
    const r = await run(['desk', dir]);
    expect(r.out).toContain('Bookings: 3, 2 with a character, 1 paid, 2 unpaid.\n');
    expect(r.out).toContain('Checked in without a booking (1):\n  Aldric of the Vale (Priya)\n');
  });
});

describe('quartermaster desk export', () => {
  it('writes every character with its booking, derived armour and rule errors; formula-looking names stay text', async () => {
    writeFileSync(join(dir, 'bookings.csv'), COMMAS);
    await run(['desk', 'bookings', 'import', dir, join(dir, 'bookings.csv')]);
    writeFileSync(join(dir, 'evil.character.json'), JSON.stringify({ ...EXAMPLES.dimitri, id: '00000000-0000-4000-8000-000000000001', name: '=cmd|calc!A0', player: 'Mallory' }));
    const out = join(dir, 'out.csv');
    const r = await run(['desk', 'export', dir, '--csv', out]);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toBe(`Wrote ${out}: 4 characters of Autumn Muster.\n`);
    const text = readFileSync(out, 'utf8');
    expect(text.startsWith('\ufeffName,Player,Game,Status,Out of play,Checked in,Booking id,Paid,Armour,Armour rating,Rule errors,Rule error text,Warnings,Points spent,File,Character id\r\n')).toBe(true);
    expect(text).toContain("\r\n'=cmd|calc!A0,Mallory,");
    const read = readCsv(text);
    if (!read.ok) throw new Error(read.problem.message);
    const byName = new Map(read.table.rows.map((row) => [row.cells[0], row.cells]));
    // Aldric: checked in, no booking; plate torso 5 + heavy leather legs 2 + 2 over three areas: 3.
    expect(byName.get('Aldric of the Vale')!.slice(1, 11)).toEqual(['Priya', "Fortune's Landing", 'ok', '', '2026-10-02 09:00', '', '', '3 over torso, left leg, right leg', '3', '0']);
    expect(byName.get('Dimitri')!.slice(6, 8)).toEqual(['B-1', 'yes']);
    expect(byName.get('Brannoc')!.slice(6, 8)).toEqual(['B-2', 'no']);
  });

  it('refuses an output that is not a .csv file', async () => {
    const r = await run(['desk', 'export', dir, '--csv', join(dir, 'x.event.json')]);
    expect(r.code).toBe(2);
    expect(r.err).toContain('--csv must name a .csv file to write');
  });
});
