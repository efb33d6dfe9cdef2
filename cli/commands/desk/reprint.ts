// `quartermaster desk --reprint-changed --out FILE.pdf`: prints cards only for the characters never
// printed for this event or changed since their last print, and records the print in the event file,
// listing the serials it voids. Loaded only when asked for (with pdf-lib and the event log's
// writer), so the desk report alone starts fast.
//
// The event file is written only through node/event-log/ (EventLog): the prints are appended as
// entries, under the file's lock, never rewriting what is there. The file is opened for writing only
// once there is a print to record: a version 1 or 2 file is then migrated to version 3 (once, the
// old file kept among the backups); with nothing to print, nothing is written at all. A file that is
// not there yet is created (EventLog.create). What other desks appended meanwhile is kept; the print
// is refused only when it would be wrong: another desk printed or voided cards of a character being
// printed, the file lost entries it had (an older copy put back), or it is now another event's.
import { join } from 'node:path';
import type { DeskCharacter } from '../../../core/desk/characters';
import { nextEditions, type DeskIdentity } from '../../../core/desk/editions';
import { EVENT_FILE_SUFFIX, EVENT_VERSION, headerOf, type DeskEvent } from '../../../core/desk/event';
import type { LedgerEntry } from '../../../core/desk/entries';
import { cardsBySource, newPrint, planReprint, recordPrints, type NewPrint, type OutOfPlayEntry, type Voids } from '../../../core/desk/lifecycle';
import { outOfPlayWords } from '../../../core/desk/life';
import { isoLocal, wallTime } from '../../../core/desk/sheet';
import { LayoutError, type PaperId } from '../../../core/pdf/layout';
import { nativeDeflate } from '../../../node/fs/deflate';
import { EventLog, EventLogError } from '../../../node/event-log/event-log';
import { backupFolderOf, listBackups } from '../../../node/fs/files';
import { holdBackConflicts, readConflictList } from '../../../node/sync/conflict-list';
import type { DeskDeps } from './desk';
import type { EventState } from './read';
import { describeFsError } from '../../files';
import type { Io } from '../../io';

export async function reprintChanged(
  state: Exclude<EventState, { kind: 'bad' }>,
  characters: DeskCharacter[],
  out: string,
  folder: string,
  paper: PaperId,
  now: Date,
  io: Io,
  deps: DeskDeps,
  desk: DeskIdentity,
): Promise<number> {
  let code = 0;
  // A shared event's characters edited at two desks wait until the conflict is resolved.
  const plan = holdBackConflicts(planReprint(characters, state.event), await readConflictList(folder));
  for (const s of plan.skipped) {
    io.err(`not printed: ${s.reason}\n`);
    code = 2;
  }
  // Out of play is not a fault: said on stdout, with the cards to take back.
  io.out(formatOutOfPlay(plan.outOfPlay));
  if (plan.print.length === 0) {
    io.out(`Reprint: nothing changed since the last print for this event (${plan.unchanged.length} character${plan.unchanged.length === 1 ? '' : 's'} current); ${out} was not written.\n`);
    return code;
  }
  const byFile = new Map(characters.map((c) => [c.file, c]));
  const toPrint = plan.print.map((p) => byFile.get(p.file)!).filter((c): c is Extract<DeskCharacter, { readable: true }> => c.readable);
  const { printCards } = await import('../../../core/pdf/print');
  // Each card's edition in this print, printed on it (SERIAL/EDITION) and recorded.
  const next = nextEditions(state.event, desk);
  let printed;
  try {
    printed = await printCards(
      toPrint.map((c) => ({ character: c.character, derivation: c.derivation, source: c.file })),
      { now, fonts: await deps.fonts(), layout: { paper }, title: `Quartermaster cards: ${state.event.name}`, deflate: nativeDeflate, editions: (_id, serial) => next(serial) },
    );
  } catch (e) {
    if (!(e instanceof LayoutError)) throw e;
    io.err(`quartermaster desk: ${e.message}\n`);
    return 2;
  }
  for (const p of printed.problems) {
    io.err(`not printed: ${p.message}\n`);
    code = 2;
  }
  for (const w of printed.warnings) io.err(`warning: ${w.message}\n`);
  const serials = cardsBySource(printed.cards);
  const prints: NewPrint[] = toPrint.filter((c) => serials.has(c.file)).map((c) => newPrint(c, serials.get(c.file)!));
  if (prints.length === 0) {
    io.err(`quartermaster desk: no cards could be printed; ${out} was not written\n`);
    return 2;
  }
  const at = isoLocal(now);
  const recorded = recordPrints(state.event, prints, { at, desk: desk.name, deskId: desk.id, ...(deps.newId ? { newId: deps.newId } : {}) });

  // The event file opened for appending (created, or a version 1 or 2 file migrated, now), and
  // what others appended since it was read checked against this print.
  const opened = await openLog(state, folder, now);
  if (typeof opened === 'string') {
    io.err(`quartermaster desk: ${opened}; nothing was printed or recorded. Run the command again.\n`);
    return 2;
  }
  const log = opened;
  const seen = log.problems.length;
  if (log.migratedFrom !== undefined) io.out(await migratedLine(log, folder));
  const stale = changedMeanwhile(state.event, log.event, recorded.entries);
  if (stale !== null) {
    io.err(`quartermaster desk: ${state.path} ${stale}; nothing was printed or recorded. Run the command again.\n`);
    return 2;
  }
  try {
    await io.writeFileAtomic(out, printed.bytes);
  } catch (e) {
    io.err(`quartermaster desk: cannot write ${out}: ${describeFsError(e)}; nothing was recorded\n`);
    return 2;
  }
  let appended: LedgerEntry[];
  try {
    const r = await log.append(recorded.entries);
    appended = r.added;
    const also = changedMeanwhile(state.event, { ...log.event, entries: [...state.event.entries, ...r.external] }, recorded.entries);
    if (also !== null) io.err(`warning: ${state.path} ${also} while this print was recorded; both are kept, and the later print is current\n`);
  } catch (e) {
    const why = e instanceof EventLogError ? e.message : `${state.path}: ${describeFsError(e)}`;
    io.err(`quartermaster desk: ${out} was written, but the print could not be recorded in the event file: ${why}. The next --reprint-changed prints these characters again.\n`);
    return 2;
  }
  // A torn last line set aside by the append (node/event-log/ moves its bytes to the backups).
  for (const p of log.problems.slice(seen)) io.err(`${p.message}\n`);

  const names = new Map(toPrint.map((c) => [c.character.id.toLowerCase(), `${c.character.name || '(no name)'}${c.character.player ? ` (${c.character.player})` : ''}`]));
  const cardCount = printed.cards.length;
  io.out(`Reprint: wrote ${out}: ${cardCount} card${cardCount === 1 ? '' : 's'} for ${prints.length} character${prints.length === 1 ? '' : 's'} on ${printed.pages} page${printed.pages === 1 ? '' : 's'}.\n`);
  for (const p of plan.print) {
    if (!serials.has(p.file)) continue;
    io.out(`  ${names.get(p.id)}: ${p.reason === 'never-printed' ? 'first print for this event' : `changed since the print of ${wallTime(p.previous!.at)}`} (${p.file})\n`);
  }
  io.out(formatVoids(recorded.voids, names));
  io.out(state.kind === 'new' ? `Created ${state.path}.\n` : `Updated ${state.path} (${appended.length} entr${appended.length === 1 ? 'y' : 'ies'} appended).\n`);
  return code;
}

/** "Not printed (out of play): Brannoc (Alex): dead since 2026-10-03 14:02 (retired); his cards are not valid, collect CH-…/1, SP-…/1". */
export function formatOutOfPlay(list: readonly OutOfPlayEntry[]): string {
  if (list.length === 0) return '';
  const lines = ['Not printed, out of play (no card of theirs is valid; collect them):'];
  for (const o of list) lines.push(`  ${o.name || '(no name)'}${o.player ? ` (${o.player})` : ''}: ${outOfPlayWords(o.state, wallTime)}${o.collect.length ? `; collect ${o.collect.join(', ')}` : ''} (${o.file})`);
  return `${lines.join('\n')}\n`;
}

export function formatVoids(voids: readonly Voids[], names: ReadonlyMap<string, string>): string {
  if (voids.length === 0) return 'Voided cards: none (first prints only).\n';
  const lines = ['Voided cards (collect and destroy these editions; the new ones replace them):'];
  for (const v of voids) {
    const issued = new Map((v.issued ?? []).map((label) => [label.slice(0, label.lastIndexOf('/')), label]));
    const serialOf = (label: string) => label.slice(0, label.lastIndexOf('/'));
    const parts = [...v.reissued.map((s) => `${s} (replaced by ${issued.get(serialOf(s)) ?? 'a new edition'})`), ...v.withdrawn.map((s) => `${s} (withdrawn)`)];
    lines.push(`  ${names.get(v.id) ?? v.id}, printed ${wallTime(v.printedAt)}: ${parts.join(', ') || 'no serials recorded'}`);
  }
  return `${lines.join('\n')}\n`;
}


/** The event file opened for appending (created when the event is new), or why it cannot be. */
async function openLog(state: Exclude<EventState, { kind: 'bad' }>, folder: string, now: Date): Promise<EventLog | string> {
  const options = { folder, now: () => now.getTime() };
  try {
    if (state.kind === 'new') return await EventLog.create(state.path, headerOf(state.event), options);
    return await EventLog.open(state.path, options);
  } catch (e) {
    if (e instanceof EventLogError) return e.message;
    const code = (e as { code?: string }).code;
    if (code === 'EEXIST') return `${state.path} was created by someone else meanwhile`;
    if (code === 'ENOENT') return `${state.path} was removed meanwhile`;
    return `${state.path}: ${describeFsError(e)}`;
  }
}

/**
 * Why the prints `mine` (made from the ledger `read`) would be wrong in the ledger `now`, or null:
 * `now` is another event's, lacks entries `read` had, or holds a print or void of the same
 * characters or cards that `read` did not. Entries of other kinds (check-ins at another desk) change
 * nothing here.
 */
export function changedMeanwhile(read: DeskEvent, now: DeskEvent, mine: readonly LedgerEntry[]): string | null {
  if (now.id.toLowerCase() !== read.id.toLowerCase()) return `is now the file of another event (id ${now.id})`;
  const inFile = new Set(now.entries.map((e) => e.id));
  const lost = read.entries.filter((e) => !inFile.has(e.id)).length;
  if (lost > 0) return `was replaced meanwhile by a copy without ${lost} of its entr${lost === 1 ? 'y' : 'ies'}`;
  const wasRead = new Set(read.entries.map((e) => e.id));
  const characters = new Set<string>();
  const serials = new Set<string>();
  for (const e of mine) {
    if (e.kind !== 'printed') continue;
    characters.add(e.character);
    for (const c of e.cards) serials.add(c.serial);
  }
  const touched = new Set<string>();
  for (const e of now.entries) {
    if (wasRead.has(e.id) || (e.kind !== 'printed' && e.kind !== 'voided')) continue;
    if (e.character !== undefined && characters.has(e.character)) touched.add(e.character);
    else if (e.cards.some((c) => serials.has(c.serial))) touched.add(e.character ?? e.cards[0]!.serial);
  }
  if (touched.size === 0) return null;
  return `was changed meanwhile: another desk printed or voided cards of ${touched.size === 1 ? 'a character' : `${touched.size} characters`} being printed`;
}

/** Says that the file was migrated, and where the old one is kept. */
async function migratedLine(log: EventLog, folder: string): Promise<string> {
  const backups = backupFolderOf(folder, log.path);
  const newest = (await listBackups(backups, EVENT_FILE_SUFFIX).catch(() => []))[0];
  const kept = newest ? join(backups, `${newest.id}${EVENT_FILE_SUFFIX}`) : backups;
  return `${log.path} was an event file of version ${log.migratedFrom}; it is now version ${EVENT_VERSION}, one entry a line (the old file is kept in ${kept}).\n`;
}
