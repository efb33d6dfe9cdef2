// `quartermaster desk <folder> [--event FILE] [--csv FILE] [--pdf FILE] [--reprint-changed --out FILE.pdf]`:
// the event desk on the command line. Prints the desk report (grouped by player, problems first,
// totals); writes the check-in sheet; reprints only the characters changed since their last print
// for this event and records the print in the event file (appended, one entry a line: a version 1 or
// 2 file is first migrated to version 3, the old file kept among the backups). Character files are
// never written; the event file only by --reprint-changed, and a bad one never.
// Exit codes as `check`: 0 all clean, 1 a rule error, 2 an unreadable file or bad usage.
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { basename, resolve } from 'node:path';
import { eventGame } from '../../../core/desk/event-game';
import type { RulesetId } from '../../../core/model/ids';
import { RULESETS } from '../../../core/rulesets/index';
// The desk core is imported module by module, and what only some runs need (the PDF parts, the
// event log's writer) only when needed, so the report alone starts fast. Character files and the
// event file are validated by zod (core/model/character.ts; core/desk/event.ts, entries.ts), the
// one definition of each format.
import { namedDesk, type DeskIdentity } from '../../../core/desk/editions';
import { newEvent, type DeskEvent } from '../../../core/desk/event';
import { EVENT_FILE_SUFFIX, eventRuleset } from '../../../core/desk/event-format';
import { currentPrint } from '../../../core/desk/fold';
import { eventLine, formatDeskReport } from '../../../core/desk/report';
import { deskExitCode, finishRows } from '../../../core/desk/rows';
import type { DeskRow } from '../../../core/desk/types';
import { isoLocal, sheetRows } from '../../../core/desk/sheet';
import { checkInCsv } from '../../../core/desk/sheet-csv';
import { reportBookings } from '../../../core/season/bookings-report';
import type { FontBytes } from '../../../core/pdf/fonts';
import { PAPERS, type PaperId } from '../../../core/pdf/layout';
import { hasControlCharacters, visible } from '../../../core/format/visible';
import { describeFsError } from '../../files';
import type { Io } from '../../io';
import { eventFileProblems, readEventFile, readFolder, type EventState } from './read';
import { SeasonFiles } from './season';
import { parseOptions, parseOrExplain, UsageError } from '../../usage';

export const DESK_USAGE = `Usage: quartermaster desk <folder> [options]

Shows every character in the folder for the event desk: grouped by player, problems first, with
armour, hits, power points or energy, check-in and whether the printed cards are current.

Options:
  --event EVENT         the event file, or the event's id or name in a folder of several events
                        (a season: the event is folded within it; default: the one
                        *${EVENT_FILE_SUFFIX} in the folder)
  --csv FILE.csv        write the check-in sheet as CSV (UTF-8 with a byte order mark)
  --pdf FILE.pdf        write the check-in sheet as PDF
  --reprint-changed     print cards only for characters never printed for this event or changed
                        since their last print; records the print in the event file (appended;
                        the file is created if needed, and one of version 1 or 2 is first made
                        version 3, the old file kept among the backups) and lists the serials it
                        voids. Needs --out.
  --out FILE.pdf        where --reprint-changed writes the cards
  --paper a4|letter     paper for the sheet and the cards (default a4)
  --desk NAME           this desk's name in the event's ledger (default: the host name)
  --restore-backup      when the event file does not open, put its newest backup that opens back
                        first (the broken file is kept among the backups, byte for byte; its lines
                        that still read and the backup lacks are kept)

Event file lines that cannot be read (and a last line cut short by a crash) are listed on stderr,
each with its file and line; the rest of the ledger is used.

Exit codes: 0 all clean, 1 a rule error in some character, 2 a file that cannot be read (the rest
are still shown), event file lines that cannot be read, a bad event file (nothing is written), or
bad usage.`;

/** `quartermaster desk <word> …`: the desk's subcommands (cli/main.ts runs each). */
export const DESK_SUBCOMMANDS = ['serve', 'join', 'log', 'merge', 'bookings', 'export', 'award', 'approvals'] as const;
export type DeskSubcommand = (typeof DESK_SUBCOMMANDS)[number];

export type DeskDeps = {
  fonts(): Promise<FontBytes>;
  now(): Date;
  /** The host name: the desk's name when --desk is not given. */
  hostname?(): string;
  /** New ids (events, entries); random unless a test injects its own. */
  newId?(): string;
};

export const defaultDeps: DeskDeps = { fonts: async () => (await import('../print')).shippedFonts(), now: () => new Date() };

/** The desk the command line writes as: --desk NAME, or the host name. Its id is made from the name. */
export function cliDesk(name: string | undefined, deps: Pick<DeskDeps, 'hostname'>): DeskIdentity {
  return namedDesk(name ?? (deps.hostname ?? hostname)());
}


export type DeskArgs = {
  folder: string;
  event?: string;
  csv?: string;
  pdf?: string;
  reprint: boolean;
  out?: string;
  paper: PaperId;
  desk?: string;
  restore: boolean;
};

export function parseDeskArgs(args: readonly string[]): DeskArgs {
  const { values, positionals: paths } = parseOptions(args, {
    event: { type: 'string' },
    csv: { type: 'string' },
    pdf: { type: 'string' },
    out: { type: 'string' },
    'reprint-changed': { type: 'boolean' },
    'restore-backup': { type: 'boolean' },
    desk: { type: 'string' },
    paper: { type: 'string' },
  });
  const { event, csv, pdf, out } = values;
  const parsed: Omit<DeskArgs, 'folder'> = { reprint: values['reprint-changed'] === true, restore: values['restore-backup'] === true, paper: 'a4', ...(event !== undefined ? { event } : {}), ...(csv !== undefined ? { csv } : {}), ...(pdf !== undefined ? { pdf } : {}), ...(out !== undefined ? { out } : {}) };
  if (values.desk !== undefined) {
    const v = values.desk.trim();
    if (v === '' || v.length > 60 || hasControlCharacters(v)) throw new UsageError('--desk must be a name of 1 to 60 characters, without control characters (tabs, line breaks, escape codes)');
    parsed.desk = v;
  }
  if (values.paper !== undefined) {
    if (!(values.paper in PAPERS)) throw new UsageError(`--paper must be ${Object.keys(PAPERS).join(' or ')}, not "${values.paper}"`);
    parsed.paper = values.paper as PaperId;
  }
  if (paths.length !== 1) throw new UsageError(paths.length === 0 ? 'name the event folder' : `name one folder, not ${paths.length}`);
  if (parsed.reprint && parsed.out === undefined) throw new UsageError('--reprint-changed needs --out FILE.pdf');
  if (!parsed.reprint && parsed.out !== undefined) throw new UsageError('--out is where --reprint-changed writes the cards; add --reprint-changed');
  // A file that is not an event file is a mistake, not an event's name.
  if (parsed.event !== undefined && (parsed.event.trim() === '' || (/\.json$/i.test(parsed.event) && !parsed.event.endsWith(EVENT_FILE_SUFFIX)))) throw new UsageError(`--event must name a *${EVENT_FILE_SUFFIX} file, or an event of the folder by its id or name (got "${parsed.event}")`);
  // Output names are checked so that no character or event file can ever be overwritten by one.
  if (parsed.csv !== undefined && !/\.csv$/i.test(parsed.csv)) throw new UsageError(`--csv must name a .csv file (got "${parsed.csv}")`);
  for (const [flag, v] of [['--pdf', parsed.pdf], ['--out', parsed.out]] as const) {
    if (v !== undefined && !/\.pdf$/i.test(v)) throw new UsageError(`${flag} must name a .pdf file (got "${v}")`);
  }
  const outputs = [parsed.csv, parsed.pdf, parsed.out].filter((x): x is string => x !== undefined).map((p) => resolve(p));
  if (new Set(outputs).size !== outputs.length) throw new UsageError('--csv, --pdf and --out must name different files');
  return { folder: paths[0]!, ...parsed };
}

export async function runDesk(args: string[], io: Io, deps: DeskDeps = defaultDeps): Promise<number> {
  const usage = parseOrExplain('desk', DESK_USAGE, args, io, parseDeskArgs);
  if (!usage.ok) return usage.exitCode;
  const a = usage.value;
  try {
    const info = await io.stat(a.folder);
    if (!info.isDirectory) throw new UsageError(`${a.folder} is not a folder`);
  } catch (e) {
    io.err(`quartermaster desk: ${e instanceof UsageError ? e.message : `${a.folder}: ${describeFsError(e)}`}\n`);
    return 2;
  }
  const now = deps.now();
  const season = new SeasonFiles(a.folder, io);
  let eventPath: string;
  try {
    eventPath = await season.choose(a.event);
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    io.err(`quartermaster desk: ${e.message}\n`);
    return 2;
  }
  const desk = cliDesk(a.desk, deps);
  // The event first, so that the report alone hashes only the characters printed for it: the hash
  // is compared with the print's, and nothing else the report, sheet or PDF shows needs it.
  // --reprint-changed hashes every character (what it prints records the hash).
  let found = await season.read(eventPath);
  if (a.restore) {
    const restored = found.kind === 'bad' ? await (await import('./restore')).restoreNewest(eventPath, a.folder, now) : { ok: true, message: `quartermaster desk: ${visible(eventPath)} opens; nothing was restored\n` };
    if (!restored.ok) {
      io.err(restored.message);
      return 2;
    }
    if (found.kind !== 'bad') io.err(restored.message);
    else {
      io.out(restored.message);
      found = await readEventFile(eventPath, io);
    }
  }
  const event0 = found.kind === 'file' ? found.event : null;
  const printed = a.reprint ? null : event0 ? (id: string) => currentPrint(event0, id) !== undefined : () => false;
  // --reprint-changed keeps the characters (it prints their cards); the report alone keeps only
  // each character's row, made as the file is read, so memory follows the rows, not the files.
  const files = await readFolder(a.folder, io, a.reprint, printed);
  const made = found.kind === 'missing' ? defaultEvent(a.folder, files.rows, now, desk, deps.newId ?? randomUUID) : null;
  const read: EventState = found.kind === 'missing' ? { kind: 'new', path: found.path, event: made!.event } : found;
  // Within its season (the folder's other events): a death at an earlier event still stands.
  const inSeason = read.kind === 'file' ? await season.around(read) : null;
  const state: EventState = read.kind === 'file' && inSeason ? { ...read, event: inSeason.event } : read;
  const event = state.kind === 'bad' ? newEvent({ name: basename(resolve(a.folder)), game: '', start: isoLocal(now).slice(0, 10) }) : state.event;
  const rows = finishRows(files.rows, event);
  const heading =
    state.kind === 'file'
      ? `Event: ${visible(eventLine(event))} (${visible(state.path)})${inSeason?.line ? `\n${inSeason.line}` : ''}`
      : state.kind === 'new'
        ? `Event: no event file yet (${state.path} is made by --reprint-changed); nobody is checked in or printed`
        : `Event file ${state.path} cannot be used: ${state.message}`;
  io.out(formatDeskReport(rows, heading));
  io.out(reportBookings(rows, event));

  let code: number = deskExitCode(rows);
  if (state.kind === 'bad') {
    io.err(`${state.message}\nquartermaster desk: the event file cannot be read, so nothing was written (and it was not changed)\n`);
    const { restoreAdvice, restoreCommand } = await import('./restore');
    io.err(await restoreAdvice(state.path, a.folder, restoreCommand(a.folder, a.event)));
    return 2;
  }
  if (state.kind === 'file') {
    // Lines left out of the ledger: the report above goes without them. A torn last line (an
    // append a crash cut short) was never acknowledged, so nothing is missing: said, no error.
    for (const line of eventFileProblems(state)) io.err(`${line}\n`);
    if (state.problems.length > 0) code = 2;
  }

  const fail = (message: string) => {
    io.err(`${message}\n`);
    code = 2;
  };
  if (a.csv !== undefined) {
    const text = checkInCsv(sheetRows(rows, event));
    if (await write(io, a.csv, text, fail)) io.out(`Wrote ${a.csv}: check-in sheet, ${rows.length} row${rows.length === 1 ? '' : 's'}.\n`);
  }
  if (a.pdf !== undefined) {
    const ruleset = eventRuleset(event);
    const { checkInSheetPdf } = await import('../../../core/desk/sheet-pdf');
    const { bytes, pages } = await checkInSheetPdf(sheetRows(rows, event), { event, gameName: ruleset ? RULESETS[ruleset].name : event.game, fonts: await deps.fonts(), now, paper: a.paper });
    if (await write(io, a.pdf, bytes, fail)) io.out(`Wrote ${a.pdf}: check-in sheet, ${rows.length} row${rows.length === 1 ? '' : 's'} on ${pages} page${pages === 1 ? '' : 's'}.\n`);
  }
  if (a.reprint && a.out !== undefined && made && made.tied.length > 1) {
    // Nobody picks the event's game for the volunteer.
    fail(`quartermaster desk: as many characters play each of ${made.tied.join(', ')}, so the new event's game is not chosen for you; nothing was printed and no event file made. Create the event file in the app's event desk (it asks for the game), then run again`);
  } else if (a.reprint && a.out !== undefined) {
    const { reprintChanged } = await import('./reprint');
    const reprintCode = await reprintChanged(state, files.characters!, a.out, a.folder, a.paper, now, io, deps, desk);
    code = Math.max(code, reprintCode);
  }
  return code;
}

/** A new event named after the folder, for the game most of its characters play (none on a tie: `tied` names the games), starting today. */
function defaultEvent(folder: string, rows: readonly Pick<DeskRow, 'ruleset'>[], now: Date, desk: DeskIdentity, newId: () => string): { event: DeskEvent; tied: RulesetId[] } {
  const { game, tied } = eventGame(rows.map((r) => r.ruleset));
  const name = basename(resolve(folder)).slice(0, 200) || 'Event';
  return { event: newEvent({ name, game, start: isoLocal(now).slice(0, 10), id: newId(), homeDesk: desk.id }), tied };
}

async function write(io: Io, path: string, data: Uint8Array | string, fail: (m: string) => void): Promise<boolean> {
  try {
    await io.writeFileAtomic(path, data);
    return true;
  } catch (e) {
    fail(`quartermaster desk: cannot write ${path}: ${describeFsError(e)}`);
    return false;
  }
}
