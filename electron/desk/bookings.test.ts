// "Import bookings…" and "Export characters…" over real files: the list read by its headings into
// booking entries appended to the event file (the same list again adds nothing; a list with a
// problem adds nothing and says where), the answer Record…'s (the desk's Undo takes it back), and
// the characters written as CSV with their bookings.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EXAMPLES } from '../../core/desk/testing';
import { handlerFixture, tempFolder } from '../testing/handlers';

const json = (v: unknown) => `${JSON.stringify(v, null, 2)}\n`;
const NOON = Date.UTC(2026, 9, 2, 12, 0);
let dir: string;
let cleanup: () => Promise<void>;
let folder: string;

beforeEach(async () => {
  ({ dir, cleanup } = await tempFolder('qm-bookings-'));
  folder = join(dir, 'Autumn Muster');
  await mkdir(join(dir, 'library'));
  await mkdir(join(dir, 'examples'));
  await mkdir(folder);
  await writeFile(join(folder, 'dimitri.character.json'), json(EXAMPLES.dimitri));
  await writeFile(join(folder, 'aldric.character.json'), json(EXAMPLES.aldric));
});
afterEach(() => cleanup());

async function openDesk() {
  let clock = NOON;
  const f = handlerFixture(join(dir, 'library'), join(dir, 'examples'), { now: () => (clock += 1000) });
  f.queue.folder.push(folder);
  await f.handlers.openEventFolder();
  const desk = await f.handlers.createEvent({ folder, name: 'Autumn Muster', game: 'fortunes-landing', start: '2026-10-02', end: '2026-10-04' });
  if (desk.eventFile.kind !== 'file') throw new Error('no event file');
  return { ...f, eventFile: desk.eventFile.path };
}

describe('importBookings', () => {
  it('appends one entry per booking, matched to the characters; the same list again adds nothing', async () => {
    const f = await openDesk();
    const list = join(dir, 'bookings.csv');
    await writeFile(list, 'Ticket;Name;Character;Paid\r\nT1;Sam;Dimitri;yes\r\nT2;Kit;"Wren; the Younger";no\r\n');
    f.queue.openCsv.push(list);
    const first = await f.handlers.importBookings({ folder, eventFile: f.eventFile });
    if (!first?.ok) throw new Error(JSON.stringify(first));
    expect(first.summary).toBe('2 bookings: 2 new, 0 changed, 0 already in the ledger.');
    expect(first.unmatched).toEqual([{ line: 3, booking: 'T2', ambiguous: false }]);
    expect(first.made).toHaveLength(2);
    expect(first.entries.map((e) => e.kind === 'booking' && [e.booking, e.character ?? null])).toEqual([
      ['T1', EXAMPLES.dimitri.id],
      ['T2', null],
    ]);
    const lines = (await readFile(f.eventFile, 'utf8')).trim().split('\n');
    expect(lines).toHaveLength(3);
    f.queue.openCsv.push(list);
    const again = await f.handlers.importBookings({ folder, eventFile: f.eventFile });
    expect(again?.ok && [again.summary, again.made]).toEqual(['2 bookings: 0 new, 0 changed, 2 already in the ledger.', []]);
    expect((await readFile(f.eventFile, 'utf8')).trim().split('\n')).toHaveLength(3);
  });

  it('imports nothing from a list with a problem, naming the file, line and column; a cancelled dialog does nothing', async () => {
    const f = await openDesk();
    const list = join(dir, 'bad.csv');
    await writeFile(list, 'Booking,Player\nB1,\n');
    f.queue.openCsv.push(list);
    expect(await f.handlers.importBookings({ folder, eventFile: f.eventFile })).toEqual({ ok: false, file: 'bad.csv', problems: ['bad.csv: line 2, column "Player": no player'] });
    expect(await f.handlers.importBookings({ folder, eventFile: f.eventFile })).toBeNull();
    expect((await readFile(f.eventFile, 'utf8')).trim().split('\n')).toHaveLength(1);
  });
});

describe('exportCharacters', () => {
  it('writes the characters with their bookings, as CSV with a byte order mark', async () => {
    const f = await openDesk();
    const list = join(dir, 'bookings.csv');
    await writeFile(list, 'Booking,Player,Character,Paid\nB1,Priya,Aldric of the Vale,£30\n');
    f.queue.openCsv.push(list);
    await f.handlers.importBookings({ folder, eventFile: f.eventFile });
    f.queue.csv.push(join(dir, 'out'));
    const written = await f.handlers.exportCharacters({ folder, eventFile: f.eventFile });
    expect(written).toEqual({ path: join(dir, 'out.csv'), rows: 2 });
    const text = await readFile(join(dir, 'out.csv'), 'utf8');
    expect(text.split('\r\n')[0]).toBe('\ufeffName,Player,Game,Status,Out of play,Checked in,Booking id,Paid,Armour,Armour rating,Rule errors,Rule error text,Warnings,Points spent,File,Character id');
    expect(text).toContain(`\r\nAldric of the Vale,Priya,Fortune's Landing,ok,,,B1,yes,"3 over torso, left leg, right leg",3,0,,,,`);
  });
});
