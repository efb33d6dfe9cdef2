// `quartermaster desk bookings import <folder> <list.csv> [--map …]`: a booking list into the event's
// ledger (one `booking` entry per new or changed booking, appended through node/event-log/ as every
// entry; the same list again adds nothing), and `quartermaster desk export <folder> --csv OUT.csv`:
// the event's characters with their derived values for other tools. Character files are only read.
import { sortEntries } from '../../../core/desk/order';
import { charactersCsv } from '../../../core/desk/export-csv';
import { finishRows } from '../../../core/desk/rows';
import { EVENT_FILE_SUFFIX } from '../../../core/desk/event-format';
import { isoLocal } from '../../../core/desk/sheet';
import { importWords, planBookingImport } from '../../../core/season/bookings-import';
import { listWords, MAX_BOOKING_FILE_BYTES, parseMapping, problemText, readBookingBytes, type BookingMapping } from '../../../core/season/bookings-read';
import { bookingCandidates, deskBookings, reportBookings } from '../../../core/season/bookings-report';
import { EventLog, EventLogError } from '../../../node/event-log/event-log';
import { describeFsError } from '../../files';
import type { Io } from '../../io';
import { parseOptions, parseOrExplain, UsageError } from '../../usage';
import { cliDesk, defaultDeps, type DeskDeps } from './desk';
import { readEventFile, readFolder } from './read';
import { visible } from '../../../core/format/visible';
import { chooseEventFile } from './season';

export const BOOKINGS_USAGE = `Usage: quartermaster desk bookings import <folder> <list.csv> [options]

Imports a booking list (CSV, comma, semicolon or tab separated, as spreadsheets and booking sites
export it) into the event's ledger: one entry per booking new or changed since the last import, so
importing the same list again adds nothing. Columns are found by their headings: player (Player,
Player name, Name), character (Character, Character name), booking id (Booking id, Booking,
Registration id, Ticket, Id) and paid (Paid, Payment, Status: yes/no, paid/unpaid, 1/0 or an
amount). A list with any problem imports nothing; each problem names the file, line and column.

Options:
  --map FIELD=COLUMN,…  the column of a field, over the headings (fields: player, character, booking, paid)
  --event FILE          the event file (default: the one *${EVENT_FILE_SUFFIX} in the folder)
  --desk NAME           this desk's name in the event's ledger (default: the host name)
  --dry-run             say what would be imported, and write nothing

Exit codes: 0 imported (or nothing new), 2 a problem in the list, the event file or bad usage.`;

export const EXPORT_USAGE = `Usage: quartermaster desk export <folder> --csv OUT.csv [--event FILE]

Writes the event's characters as CSV (UTF-8 with a byte order mark), one row per character file:
name, player, game, status, out of play, checked in, booking id and paid, armour and armour rating,
the number and text of rule errors, warnings, points spent (where the game's pack publishes costs),
the file and the character id.`;

type ImportArgs = { folder: string; list: string; map: BookingMapping; event?: string; desk?: string; dryRun: boolean };

function parseImportArgs(args: readonly string[]): ImportArgs {
  const [verb, ...rest] = args;
  if (verb !== 'import') throw new UsageError(verb === undefined ? 'say what to do: quartermaster desk bookings import <folder> <list.csv>' : `unknown bookings command "${verb}" (the one there is: import)`);
  const { values, positionals } = parseOptions(rest, { map: { type: 'string' }, event: { type: 'string' }, desk: { type: 'string' }, 'dry-run': { type: 'boolean' } });
  if (positionals.length !== 2) throw new UsageError('name the event folder and the booking list: quartermaster desk bookings import <folder> <list.csv>');
  let map: BookingMapping = {};
  if (values.map !== undefined) {
    try {
      map = parseMapping(values.map);
    } catch (e) {
      throw new UsageError((e as Error).message);
    }
  }
  if (values.event !== undefined && !values.event.endsWith(EVENT_FILE_SUFFIX)) throw new UsageError(`--event must name a *${EVENT_FILE_SUFFIX} file (got "${values.event}")`);
  return { folder: positionals[0]!, list: positionals[1]!, map, dryRun: values['dry-run'] === true, ...(values.event !== undefined ? { event: values.event } : {}), ...(values.desk !== undefined ? { desk: values.desk } : {}) };
}

export async function runDeskBookings(args: string[], io: Io, deps: DeskDeps = defaultDeps): Promise<number> {
  const usage = parseOrExplain('desk bookings', BOOKINGS_USAGE, args, io, parseImportArgs);
  if (!usage.ok) return usage.exitCode;
  const a = usage.value;
  const fail = (message: string) => {
    io.err(`quartermaster desk bookings: ${message}\n`);
    return 2;
  };
  let bytes: Uint8Array;
  try {
    bytes = await io.readFileCapped(a.list, MAX_BOOKING_FILE_BYTES);
  } catch (e) {
    const code = (e as { code?: string }).code;
    return fail(code === 'ETOOBIG' ? `${a.list}: larger than the ${MAX_BOOKING_FILE_BYTES.toLocaleString('en')} bytes a booking list may have; nothing was imported` : `${a.list}: ${describeFsError(e)}`);
  }
  const read = readBookingBytes(a.list, bytes, a.map);
  if (!read.ok) {
    for (const p of read.problems) io.err(`${problemText(p)}\n`);
    return fail(`nothing was imported from ${a.list} (${read.problems.length} problem${read.problems.length === 1 ? '' : 's'} above)`);
  }
  let eventPath: string;
  try {
    eventPath = await chooseEventFile(a.folder, a.event, io);
  } catch (e) {
    if (e instanceof UsageError) return fail(e.message);
    throw e;
  }
  const found = await readEventFile(eventPath, io);
  if (found.kind === 'missing') return fail(`${eventPath}: no event file yet; make it in the app's event desk (or with quartermaster desk --reprint-changed), then import the list`);
  if (found.kind === 'bad') return fail(`${found.message}; nothing was imported`);
  const read0 = await readFolder(a.folder, io, false, () => false);
  let log: EventLog | null = null;
  try {
    // Planned against the file as it is when opened for appending, so a list imported again meanwhile adds nothing.
    if (!a.dryRun) log = await EventLog.open(eventPath, { folder: a.folder, now: () => deps.now().getTime() });
  } catch (e) {
    return fail(e instanceof EventLogError ? e.message : `${eventPath}: ${describeFsError(e)}`);
  }
  const event = log ? { ...log.event, entries: sortEntries(log.event.entries) } : found.event;
  const rows = finishRows(read0.rows, event);
  const desk = cliDesk(a.desk, deps);
  const plan = planBookingImport(event, read.list.rows, bookingCandidates(rows), { at: isoLocal(deps.now()), desk: desk.name, deskId: desk.id, ...(deps.newId ? { newId: deps.newId } : {}) }, a.list);
  io.out(`Read ${visible(a.list)}: ${listWords(read.list)}.\n${importWords(plan)}\n`);
  for (const u of plan.unmatched) {
    const why = u.match.kind === 'ambiguous' ? `${u.match.candidates.length} characters match; name the one booked` : 'no character in the folder matches';
    io.out(`  line ${u.line}: booking ${visible(u.booking)}: ${why}\n`);
  }
  if (plan.notInList.length > 0) io.out(`Not in this list, kept: ${plan.notInList.map(visible).join(', ')}.\n`);
  if (log === null) {
    io.out('Dry run: nothing was written.\n');
    return 0;
  }
  if (plan.entries.length > 0) {
    try {
      await log.append(plan.entries);
    } catch (e) {
      return fail(`the bookings could not be recorded: ${e instanceof EventLogError ? e.message : describeFsError(e)}`);
    }
    io.out(`Updated ${visible(eventPath)} (${plan.entries.length} entr${plan.entries.length === 1 ? 'y' : 'ies'} appended; undo them with the desk's ledger).\n`);
  }
  const after = { ...log.event, entries: sortEntries(log.event.entries) };
  io.out(reportBookings(finishRows(read0.rows, after), after));
  return 0;
}

export async function runDeskExport(args: string[], io: Io): Promise<number> {
  const usage = parseOrExplain('desk export', EXPORT_USAGE, args, io, (list) => {
    const { values, positionals } = parseOptions(list, { csv: { type: 'string' }, event: { type: 'string' } });
    if (positionals.length !== 1) throw new UsageError(positionals.length === 0 ? 'name the event folder' : `name one folder, not ${positionals.length}`);
    if (values.csv === undefined || !/\.csv$/i.test(values.csv)) throw new UsageError(`--csv must name a .csv file to write${values.csv !== undefined ? ` (got "${values.csv}")` : ''}`);
    if (values.event !== undefined && !values.event.endsWith(EVENT_FILE_SUFFIX)) throw new UsageError(`--event must name a *${EVENT_FILE_SUFFIX} file (got "${values.event}")`);
    return { folder: positionals[0]!, csv: values.csv, ...(values.event !== undefined ? { event: values.event } : {}) };
  });
  if (!usage.ok) return usage.exitCode;
  const a = usage.value;
  let eventPath: string;
  try {
    eventPath = await chooseEventFile(a.folder, a.event, io);
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    io.err(`quartermaster desk export: ${e.message}\n`);
    return 2;
  }
  const found = await readEventFile(eventPath, io);
  if (found.kind === 'bad') {
    io.err(`quartermaster desk export: ${found.message}; nothing was written\n`);
    return 2;
  }
  const { newEvent } = await import('../../../core/desk/event');
  const event = found.kind === 'file' ? found.event : newEvent({ name: 'event', game: '', start: '2000-01-01' });
  const files = await readFolder(a.folder, io, true);
  const rows = finishRows(files.rows, event);
  const view = deskBookings(rows, event);
  const { pointsSpent } = await import('../../../core/desk/export-points');
  const spent = pointsSpent(files.characters ?? []);
  try {
    await io.writeFileAtomic(a.csv, charactersCsv(rows, { event, bookings: view, spent: (r) => spent(r.file) }));
  } catch (e) {
    io.err(`quartermaster desk export: cannot write ${a.csv}: ${describeFsError(e)}\n`);
    return 2;
  }
  io.out(`Wrote ${visible(a.csv)}: ${rows.length} character${rows.length === 1 ? '' : 's'}${found.kind === 'file' ? ` of ${visible(event.name)}` : ' (no event file: nobody checked in or booked)'}.\n`);
  return 0;
}
