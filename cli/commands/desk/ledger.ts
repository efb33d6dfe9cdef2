// `quartermaster desk log <folder> [--event FILE] [--json]`: the event's ledger, one entry a line,
// in ledger order, with the entry's desk sequence number, the character's name and whether an undo
// cancelled the entry; then the lines of the file that could not be read.
// `quartermaster desk merge A.event.json B.event.json --out C.event.json`: two copies of one event
// (each of any version, read as they are and never changed) merged by union of their entries into a
// version 3 log (the same entry lines in either order); an existing output file is backed up first,
// and nothing is written when the copies are different events or one was altered.
import { basename, dirname, resolve } from 'node:path';
import type { LedgerEntry } from '../../../core/desk/entries';
import { entryDetail } from '../../../core/desk/entry-words';
import { EVENT_FILE_SUFFIX, EVENT_VERSION, headerOf, type DeskEvent } from '../../../core/desk/event';
import { entryLine, headerLine } from '../../../core/desk/event-load';
import { foldEvent } from '../../../core/desk/fold';
import { headerDifferences, LedgerConflictError, mergeEvents } from '../../../core/desk/ledger';
import { wallTime } from '../../../core/desk/sheet';
import { withLock } from '../../../node/fs/atomic';
import { backUpEvent } from '../../../node/fs/files';
import { eventFileProblems, readCharacters, readEvent, readEventFile, tornMessage, type EventFileRead } from './read';
import { describeFsError } from '../../files';
import { visible } from '../../../core/format/visible';
import type { Io } from '../../io';
import { parseOptions, parseOrExplain, UsageError } from '../../usage';
import { chooseEventFile } from './season';

export const DESK_LOG_USAGE = `Usage: quartermaster desk log <folder> [--event FILE] [--json]

Prints the event's ledger: every entry in ledger order (oldest first), with its time, desk and the
desk's number for it (#3), kind, the character's name and what the entry says; entries cancelled by
an undo are marked. Lines of the file that cannot be read are listed last. --json prints the entries
as JSON, each with "cancelled" and "name", and the lines left out as "problems". The file is only
read (one of version 1 or 2 too).

Exit codes: 0 printed, 2 no event file, a bad event file, lines that cannot be read (the rest is
printed), or bad usage.`;

export const DESK_MERGE_USAGE = `Usage: quartermaster desk merge A${EVENT_FILE_SUFFIX} B${EVENT_FILE_SUFFIX} --out C${EVENT_FILE_SUFFIX}

Merges two copies of one event's file (from two desks): every entry of either, once, written to C
as an event file of version ${EVENT_VERSION} (one entry a line). A and B may be of any version and are
not changed. The entries are the same whichever file comes first (the header of A is kept where the
two differ, and said). An existing output file is backed up first. Lines of A or B that cannot be
read are listed and left out of C.

Exit codes: 0 merged, 2 a file that cannot be read (nothing written), lines of one that cannot be
read (C written without them), two different events, an altered copy, or bad usage.`;

export async function runDeskLog(args: string[], io: Io): Promise<number> {
  const usage = parseOrExplain('desk log', DESK_LOG_USAGE, args, io, parseLogArgs);
  if (!usage.ok) return usage.exitCode;
  const a = usage.value;
  let path: string;
  try {
    if (!(await io.stat(a.folder)).isDirectory) throw new UsageError(`${a.folder} is not a folder`);
    path = await chooseEventFile(a.folder, a.event, io);
  } catch (e) {
    io.err(`quartermaster desk log: ${e instanceof UsageError ? e.message : `${a.folder}: ${describeFsError(e)}`}\n`);
    return 2;
  }
  const state = await readEvent(path, io, () => null as never);
  if (state.kind === 'new') {
    io.err(`quartermaster desk log: ${path}: there is no event file yet\n`);
    return 2;
  }
  if (state.kind === 'bad') {
    io.err(`quartermaster desk log: ${state.message}\n`);
    return 2;
  }
  const names = new Map<string, string>();
  // Items by id: an entry names its item by id (a transferred item is now in the receiver's file).
  const items = new Map<string, string>();
  for (const c of await readCharacters(a.folder, io)) {
    if (!c.readable) continue;
    names.set(c.character.id.toLowerCase(), `${c.character.name || '(no name)'}${c.character.player ? ` (${c.character.player})` : ''}`);
    for (const i of c.character.items) items.set(i.id.toLowerCase(), i.name);
  }
  const folded = foldEvent(state.event);
  const code = state.problems.length > 0 ? 2 : 0;
  if (a.json) {
    const out = folded.entries.map((e) => ({ ...e, cancelled: folded.cancelled.has(e.id), ...(e.character && names.has(e.character) ? { name: names.get(e.character) } : {}) }));
    const problems = [...state.problems, ...(state.torn ? [{ line: state.torn.line, message: tornMessage(path, state.torn), torn: true }] : [])];
    io.out(`${JSON.stringify({ event: { id: state.event.id, name: state.event.name, path }, entries: out, problems }, null, 2)}\n`);
    return code;
  }
  io.out(`Ledger of ${visible(state.event.name)} (${visible(path)}): ${folded.entries.length} entr${folded.entries.length === 1 ? 'y' : 'ies'}\n`);
  for (const e of folded.entries) io.out(`${logLine(e, names, folded.byId, folded.cancelled.has(e.id), items)}\n`);
  const problems = eventFileProblems(state);
  if (problems.length > 0) io.out(`Not in the ledger above (${problems.length} line${problems.length === 1 ? '' : 's'} of the file cannot be read):\n${problems.map((p) => `  ${p}\n`).join('')}`);
  return code;
}

/** One ledger entry in words: "2026-10-02 18:05  Front desk #3  check-in  Dimitri (Sam)" (#3: the desk's `seq`, where the entry has one). */
export function logLine(e: LedgerEntry, names: ReadonlyMap<string, string>, byId: ReadonlyMap<string, LedgerEntry>, cancelled: boolean, items: ReadonlyMap<string, string> = new Map()): string {
  const who = e.character ? (names.get(e.character) ?? e.character) : '';
  const what = entryDetail(e, { character: (id) => names.get(id), item: (id) => items.get(id), byId });
  const desk = e.seq !== undefined ? `${e.desk} #${e.seq}` : e.desk;
  // One line per entry whatever its names and notes hold (core/format/visible.ts).
  return visible([wallTime(e.at), desk, e.kind, who, what, cancelled ? '[cancelled by an undo]' : ''].filter(Boolean).join('  '));
}

type LogArgs = { folder: string; event?: string; json: boolean };

function parseLogArgs(args: readonly string[]): LogArgs {
  const { values, positionals: paths } = parseOptions(args, { event: { type: 'string' }, json: { type: 'boolean' } });
  const event = values.event;
  if (event !== undefined && !event.endsWith(EVENT_FILE_SUFFIX)) throw new UsageError(`--event must name a *${EVENT_FILE_SUFFIX} file (got "${event}")`);
  if (paths.length !== 1) throw new UsageError(paths.length === 0 ? 'name the event folder' : `name one folder, not ${paths.length}`);
  return { folder: paths[0]!, json: values.json === true, ...(event ? { event } : {}) };
}

type MergeArgs = { a: string; b: string; out: string };

function parseMergeArgs(args: readonly string[]): MergeArgs {
  const { values, positionals: paths } = parseOptions(args, { out: { type: 'string' } });
  const out = values.out || undefined;
  if (paths.length !== 2) throw new UsageError(`name two event files to merge, not ${paths.length}`);
  if (out === undefined) throw new UsageError(`--out C${EVENT_FILE_SUFFIX} is needed`);
  for (const p of [...paths, out]) if (!p.endsWith(EVENT_FILE_SUFFIX)) throw new UsageError(`${p} is not a *${EVENT_FILE_SUFFIX} file`);
  return { a: paths[0]!, b: paths[1]!, out };
}

export async function runDeskMerge(args: string[], io: Io, now: () => Date = () => new Date()): Promise<number> {
  const usage = parseOrExplain('desk merge', DESK_MERGE_USAGE, args, io, parseMergeArgs);
  if (!usage.ok) return usage.exitCode;
  const { a, b, out } = usage.value;
  // Read as they are (any version; nothing migrated or written): a missing file is an error here.
  const read = async (path: string): Promise<EventFileRead | string> => {
    const r = await readEventFile(path, io);
    return r.kind === 'file' ? r : r.kind === 'missing' ? `${path}: no such file` : r.message;
  };
  const [ra, rb] = await Promise.all([read(a), read(b)]);
  for (const r of [ra, rb]) if (typeof r === 'string') io.err(`quartermaster desk merge: ${r}\n`);
  if (typeof ra === 'string' || typeof rb === 'string') {
    io.err('quartermaster desk merge: nothing was written\n');
    return 2;
  }
  const [ea, eb] = [ra.event, rb.event];
  let merged: DeskEvent;
  try {
    merged = mergeEvents(ea, eb);
  } catch (e) {
    if (!(e instanceof LedgerConflictError)) throw e;
    io.err(`quartermaster desk merge: ${e.message}; nothing was written\n`);
    return 2;
  }
  const text = mergedText(merged, ea, eb);
  let backup: string | null = null;
  try {
    // Under the output's lock (node/event-log/ appends under it): no append to C is cut in two.
    await withLock(out, async () => {
      const exists = await io.stat(out).then(
        () => true,
        (e: unknown) => ((e as { code?: string }).code === 'ENOENT' ? false : Promise.reject(e)),
      );
      if (exists) backup = await backUpEvent(out, dirname(resolve(out)), now().getTime());
      await io.writeFileAtomic(out, text);
    });
  } catch (e) {
    io.err(`quartermaster desk merge: cannot write ${out}: ${describeFsError(e)}\n`);
    return 2;
  }
  const ids = new Set(ea.entries.map((e) => e.id));
  const both = eb.entries.filter((e) => ids.has(e.id)).length;
  io.out(`Merged ${basename(a)} (${ea.entries.length} entries) and ${basename(b)} (${eb.entries.length} entries): ${merged.entries.length} entries, ${both} in both.\n`);
  const differ = headerDifferences(ea, eb);
  if (differ.length > 0) io.out(`The two differ in ${differ.map((k) => `"${k}"`).join(', ')}; ${basename(a)}'s are kept.\n`);
  for (const [path, r] of [[a, ra], [b, rb]] as const) {
    if (r.migratedFrom !== undefined) io.out(`${basename(path)} is an event file of version ${r.migratedFrom} (it is not changed); ${basename(out)} is version ${EVENT_VERSION}.\n`);
  }
  let code = 0;
  for (const r of [ra, rb]) {
    for (const p of eventFileProblems(r)) io.err(`quartermaster desk merge: ${p}\n`);
    if (r.problems.length > 0) {
      io.err(`quartermaster desk merge: ${r.problems.length} line${r.problems.length === 1 ? '' : 's'} of ${r.path} could not be read and ${r.problems.length === 1 ? 'is' : 'are'} not in ${out}\n`);
      code = 2;
    }
  }
  io.out(`Wrote ${out}${backup ? ` (the previous version is kept in ${backup})` : ''}.\n`);
  return code;
}

/**
 * The merged event as a version 3 log: its header line, then each entry's line in ledger order.
 * An entry in both copies is written as the smaller of its two lines (they hold the same entry,
 * but fields a newer version added may stand in another order), so that the lines are the same
 * byte for byte whichever copy came first.
 */
export function mergedText(merged: DeskEvent, a: DeskEvent, b: DeskEvent): string {
  const inA = new Map(a.entries.map((e) => [e.id, e]));
  const inB = new Map(b.entries.map((e) => [e.id, e]));
  let text = headerLine(headerOf(merged));
  for (const e of merged.entries) {
    const ea = inA.get(e.id);
    const eb = inB.get(e.id);
    if (ea && eb) {
      const la = entryLine(ea);
      const lb = entryLine(eb);
      text += la <= lb ? la : lb;
    } else text += entryLine(e);
  }
  return text;
}
