// `quartermaster desk --reprint-changed --out FILE.pdf`: prints cards only for the characters never
// printed for this event or changed since their last print, and records the print in the event file
// (atomically, after a backup of the previous event file), listing the serials it voids. Loaded
// only when asked for (with pdf-lib, the ledger and zod), so the desk report alone starts fast.
import type { DeskCharacter } from '../core/desk/characters-fast';
import { nextEditions, type DeskIdentity } from '../core/desk/editions';
import { serializeEvent } from '../core/desk/event-load';
import { cardsBySource, newPrint, planReprint, recordPrints, type NewPrint, type Voids } from '../core/desk/lifecycle';
import { isoLocal, wallTime } from '../core/desk/sheet';
import { LayoutError, type PaperId } from '../core/pdf/layout';
import { nativeDeflate } from '../node/deflate';
import { backUpEvent } from '../node/files';
import { holdBackConflicts, readConflictList } from '../node/sync/conflict-list';
import type { DeskDeps } from './desk';
import type { EventState } from './desk-read';
import { describeFsError } from './files';
import type { Io } from './io';

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
  if (plan.print.length === 0) {
    io.out(`Reprint: nothing changed since the last print for this event (${plan.unchanged.length} character${plan.unchanged.length === 1 ? '' : 's'} current); ${out} was not written.\n`);
    return code;
  }
  const byFile = new Map(characters.map((c) => [c.file, c]));
  const toPrint = plan.print.map((p) => byFile.get(p.file)!).filter((c): c is Extract<DeskCharacter, { readable: true }> => c.readable);
  const { printCards } = await import('../core/pdf/print');
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

  // The event file must still be what was read: another desk (or the app) may have saved it.
  const unchanged = await eventUnchanged(state, io);
  if (unchanged !== true) {
    io.err(`quartermaster desk: ${unchanged}; nothing was printed or recorded. Run the command again.\n`);
    return 2;
  }
  try {
    await io.writeFileAtomic(out, printed.bytes);
  } catch (e) {
    io.err(`quartermaster desk: cannot write ${out}: ${describeFsError(e)}; nothing was recorded\n`);
    return 2;
  }
  let backup: string | null = null;
  try {
    if (state.kind === 'file') backup = await backUpEvent(state.path, folder, now.getTime());
    await io.writeFileAtomic(state.path, serializeEvent(recorded.event));
  } catch (e) {
    io.err(`quartermaster desk: ${out} was written, but the print could not be recorded in ${state.path}: ${describeFsError(e)}. The next --reprint-changed prints these characters again.\n`);
    return 2;
  }

  const names = new Map(toPrint.map((c) => [c.character.id.toLowerCase(), `${c.character.name || '(no name)'}${c.character.player ? ` (${c.character.player})` : ''}`]));
  const cardCount = printed.cards.length;
  io.out(`Reprint: wrote ${out}: ${cardCount} card${cardCount === 1 ? '' : 's'} for ${prints.length} character${prints.length === 1 ? '' : 's'} on ${printed.pages} page${printed.pages === 1 ? '' : 's'}.\n`);
  for (const p of plan.print) {
    if (!serials.has(p.file)) continue;
    io.out(`  ${names.get(p.id)}: ${p.reason === 'never-printed' ? 'first print for this event' : `changed since the print of ${wallTime(p.previous!.at)}`} (${p.file})\n`);
  }
  io.out(formatVoids(recorded.voids, names));
  io.out(`${state.kind === 'new' ? 'Created' : 'Updated'} ${state.path}${backup ? ` (the previous version is kept in ${backup})` : ''}.\n`);
  return code;
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


async function eventUnchanged(state: Exclude<EventState, { kind: 'bad' }>, io: Io): Promise<true | string> {
  let bytes: Uint8Array | null;
  try {
    bytes = await io.readFile(state.path);
  } catch (e) {
    if ((e as { code?: string }).code !== 'ENOENT') return `${state.path}: ${describeFsError(e)}`;
    bytes = null;
  }
  if (state.kind === 'new') return bytes === null ? true : `${state.path} was created by someone else meanwhile`;
  if (bytes === null) return `${state.path} was removed meanwhile`;
  return Buffer.compare(Buffer.from(bytes), Buffer.from(state.bytes)) === 0 ? true : `${state.path} was changed by someone else meanwhile`;
}
