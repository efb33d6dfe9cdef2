// The tag lifecycle: which characters need their cards (re)printed for this event, and recording a
// print. A character is printed when it was never printed for this event or its content hash
// differs from its last print's; the cards of that last print are then void.
//
// Card serials are deterministic (core/pdf/serial.ts: the same character, card type and index give
// the same serial), so a reprinted card usually carries the serial of the card it replaces. The
// voided list therefore names the serials whose *earlier* card is void: the desk collects the old
// cards (the character card's content hash and print date tell old from new) and a serial that was
// not reissued at all is simply gone. Both kinds are listed separately by `voidsOf`.
import type { DeskCharacter } from './characters';
import { duplicateIds } from './characters';
import { entryOf, idKey, lastPrint, MAX_PRINTS_KEPT, MAX_VOIDED, withEntry, type DeskEvent, type PrintRecord } from './event';
import { cardFacts, type Facts } from './facts';

export type ReprintReason = 'never-printed' | 'changed';

export type ReprintEntry = {
  id: string;
  file: string;
  name: string;
  player: string;
  hash: string;
  reason: ReprintReason;
  /** The print it replaces (for "changed"). */
  previous?: PrintRecord;
};

export type ReprintPlan = {
  /** Characters to print, in the files' order. */
  print: ReprintEntry[];
  /** Characters whose last print still matches their content. */
  unchanged: { id: string; file: string; name: string; printedAt: string }[];
  /** Files that cannot be printed: unreadable, or sharing an id with another file. */
  skipped: { file: string; reason: string }[];
};

/** Which characters to print. `only` limits it to those ids (the app's "reprint this one"). */
export function planReprint(characters: readonly DeskCharacter[], event: DeskEvent, only?: readonly string[]): ReprintPlan {
  const wanted = only ? new Set(only.map(idKey)) : null;
  const duplicates = duplicateIds(characters);
  const plan: ReprintPlan = { print: [], unchanged: [], skipped: [] };
  for (const c of characters) {
    if (!c.readable) {
      if (!wanted) plan.skipped.push({ file: c.file, reason: c.problem.message });
      continue;
    }
    const id = idKey(c.character.id);
    if (wanted && !wanted.has(id)) continue;
    const shared = duplicates.get(id);
    if (shared) {
      plan.skipped.push({ file: c.file, reason: `${c.file}: its character id is also in ${shared.filter((f) => f !== c.file).join(', ')}; give the copy a new id first` });
      continue;
    }
    const last = lastPrint(event, id);
    const base = { id, file: c.file, name: c.character.name, player: c.character.player, hash: c.hash };
    if (last === undefined) plan.print.push({ ...base, reason: 'never-printed' });
    else if (last.hash !== c.hash) plan.print.push({ ...base, reason: 'changed', previous: last });
    else plan.unchanged.push({ id, file: c.file, name: c.character.name, printedAt: last.at });
  }
  return plan;
}

/** One character's new print: its content hash, the serials of the cards printed, what they say. */
export type NewPrint = { id: string; hash: string; serials: readonly string[]; facts?: Facts };

/** The new print of a loaded character, with its facts. */
export function newPrint(c: Extract<DeskCharacter, { readable: true }>, serials: readonly string[]): NewPrint {
  return { id: idKey(c.character.id), hash: c.hash, serials, facts: cardFacts(c.character, c.derivation) };
}

export type Voids = {
  id: string;
  /** When the voided cards were printed. */
  printedAt: string;
  /** Serials printed again now: the earlier card with this serial is void, the new one is good. */
  reissued: string[];
  /** Serials not printed again: every card with this serial is void. */
  withdrawn: string[];
};

/** What a new print voids of the character's last print. Empty for a first print. */
export function voidsOf(event: DeskEvent, print: NewPrint): Voids | null {
  const last = lastPrint(event, print.id);
  if (!last) return null;
  const now = new Set(print.serials);
  const old = [...new Set(last.serials)];
  return { id: idKey(print.id), printedAt: last.at, reissued: old.filter((s) => now.has(s)), withdrawn: old.filter((s) => !now.has(s)) };
}

/**
 * Records new prints made at `at` (ISO time): each appends a print record, adds the serials of the
 * print it replaces to `voided`, and drops the stored facts of older prints (only the latest card
 * needs them). Returns the new event and what was voided.
 */
export function recordPrints(event: DeskEvent, prints: readonly NewPrint[], at: string): { event: DeskEvent; voids: Voids[] } {
  let current = event;
  const voids: Voids[] = [];
  for (const p of prints) {
    const v = voidsOf(current, p);
    if (v) voids.push(v);
    const entry = entryOf(current, p.id);
    const older = (entry.printed ?? []).map(({ facts: _facts, ...rest }) => rest);
    const record: PrintRecord = { at, hash: p.hash, serials: [...p.serials], ...(p.facts ? { facts: p.facts } : {}) };
    const printed = [...older, record].slice(-MAX_PRINTS_KEPT);
    const voided = v ? [...new Set([...(entry.voided ?? []), ...v.reissued, ...v.withdrawn])].slice(-MAX_VOIDED) : entry.voided;
    current = withEntry(current, p.id, { ...entry, printed, ...(voided ? { voided } : {}) });
  }
  return { event: current, voids };
}
