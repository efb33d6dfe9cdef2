// `quartermaster desk award <folder> [--event FILE] [--desk NAME]`: "Close the event". Awards the
// event's points to every character checked in at it, by its game pack's advancement
// (core/season/points-desk.ts), as `award` entries appended to the event file; then writes each
// character file's points record from the ledger (node/season/points-close.ts). Once: a character
// already awarded for the event is not awarded again, and a second run changes nothing.
import { isoLocal } from '../../../core/desk/sheet';
import { visible } from '../../../core/format/visible';
import { EventLog, EventLogError } from '../../../node/event-log/event-log';
import { closeEvent, type CharacterFile } from '../../../node/season/points-close';
import { describeFsError } from '../../files';
import type { Io } from '../../io';
import { parseOptions, parseOrExplain, UsageError } from '../../usage';
import { cliDesk, defaultDeps, type DeskDeps } from './desk';
import { readCharacters } from './read';
import { chooseEventFile } from './season';

export const DESK_AWARD_USAGE = `Usage: quartermaster desk award <folder> [--event FILE] [--desk NAME]

Closes the event: awards its points to every character checked in at it, by the game's advancement
(Curious Pastimes: 5 for a character's first main event in a year, 1 for each of the next three, at
most 8 a year and 100 in all), as entries appended to the event file, and writes each character's
points record (the files are backed up first). A character already awarded for the event is not
awarded again; an award undone at the desk may be made again. Characters dead or retired at the
event, and games that publish no advancement, get none (the command says why).

Exit codes: 0 done, 2 no event file, a file that cannot be read or written, or bad usage.`;

type AwardArgs = { folder: string; event?: string; desk?: string };

function parseAwardArgs(args: readonly string[]): AwardArgs {
  const { values, positionals } = parseOptions(args, { event: { type: 'string' }, desk: { type: 'string' } });
  if (positionals.length !== 1) throw new UsageError(positionals.length === 0 ? 'name the event folder' : `name one folder, not ${positionals.length}`);
  const desk = values.desk?.trim();
  if (desk !== undefined && (desk === '' || desk.length > 60)) throw new UsageError('--desk must be a name of 1 to 60 characters');
  return { folder: positionals[0]!, ...(values.event !== undefined ? { event: values.event } : {}), ...(desk !== undefined ? { desk } : {}) };
}

export async function runDeskAward(args: string[], io: Io, deps: DeskDeps = defaultDeps): Promise<number> {
  const usage = parseOrExplain('desk award', DESK_AWARD_USAGE, args, io, parseAwardArgs);
  if (!usage.ok) return usage.exitCode;
  const a = usage.value;
  const fail = (message: string) => {
    io.err(`quartermaster desk award: ${message}\n`);
    return 2;
  };
  let path: string;
  try {
    if (!(await io.stat(a.folder)).isDirectory) throw new UsageError(`${a.folder} is not a folder`);
    path = await chooseEventFile(a.folder, a.event, io);
  } catch (e) {
    return fail(e instanceof UsageError ? e.message : `${a.folder}: ${describeFsError(e)}`);
  }
  const now = deps.now();
  let log: EventLog;
  try {
    log = await EventLog.open(path, { folder: a.folder, now: () => now.getTime() });
  } catch (e) {
    return fail(e instanceof EventLogError ? e.message : `${path}: ${describeFsError(e)}`);
  }
  const files: CharacterFile[] = [];
  let unreadable = 0;
  for (const c of await readCharacters(a.folder, io)) {
    if (c.readable) files.push({ file: c.file, character: c.character });
    else unreadable++;
  }
  const desk = cliDesk(a.desk, deps);
  let result;
  try {
    result = await closeEvent(log, a.folder, files, { at: isoLocal(now), desk: desk.name, deskId: desk.id, ...(deps.newId ? { newId: deps.newId } : {}) }, now.getTime());
  } catch (e) {
    return fail(e instanceof EventLogError ? e.message : describeFsError(e));
  }
  const names = new Map(files.map((f) => [f.character.id.toLowerCase(), `${visible(f.character.name) || '(no name)'}${f.character.player ? ` (${visible(f.character.player)})` : ''}`]));
  const lines = [`Event: ${visible(log.event.name)} (${visible(path)})`];
  lines.push(result.added.length === 0 ? 'Awarded: nobody new.' : `Awarded (${result.added.length}):`);
  for (const e of result.added) if (e.kind === 'award') lines.push(`  ${names.get(e.character) ?? e.character}: ${e.points} point${e.points === 1 ? '' : 's'}: ${visible(e.why)}`);
  if (result.skipped.length > 0) {
    lines.push(`Not awarded (${result.skipped.length}):`);
    for (const s of result.skipped) lines.push(`  ${names.get(s.character) ?? s.name}: ${visible(s.why)}`);
  }
  lines.push(`Updated ${visible(path)} (${result.added.length} entr${result.added.length === 1 ? 'y' : 'ies'} appended); ${result.written.length} character file${result.written.length === 1 ? '' : 's'} written.`);
  io.out(`${lines.join('\n')}\n`);
  if (unreadable > 0) io.err(`quartermaster desk award: ${unreadable} file${unreadable === 1 ? '' : 's'} could not be read and got no award (run quartermaster desk ${a.folder} to see why)\n`);
  return unreadable > 0 ? 2 : 0;
}
