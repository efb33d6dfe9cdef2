// Checking characters in at the desk, and undoing it, as ledger entries. A change returns the
// entries it made (to save, and to apply again on a newer copy of the file after a conflict: the
// same entries, so nothing is counted twice), the new event and an undo step naming those entries.
// Undo makes an "undo" entry per entry it cancels: the check-in stays in the ledger, cancelled.
import type { LedgerEntry } from './entries';
import { idKey, type DeskEvent } from './event';
import { characterFold, foldEvent } from './fold';
import { appendEntries, stampOf, withEntries, type Stamp } from './ledger';
import { atInstant } from './order';

export type UndoStep = {
  /** The character whose check-in changed. */
  id: string;
  /** The entries the change made (none when it changed nothing: checked in already). */
  entries: string[];
  /** What was done, for an "Undo check-in of …" label. */
  action: 'check-in' | 'check-out';
};

export type Change = { event: DeskEvent; entries: LedgerEntry[]; undo: UndoStep };

/**
 * Checks a character in (`stamp.at` is the time: the core has no clock). A character already
 * checked in keeps its first check-in time: checking in twice makes no entry.
 */
export function checkIn(event: DeskEvent, id: string, stamp: Stamp): Change {
  const character = idKey(id);
  if (characterFold(event, character).checkedInAt !== null) return { event, entries: [], undo: { id: character, entries: [], action: 'check-in' } };
  const entry: LedgerEntry = { ...stampOf(stamp), kind: 'check-in', character };
  return withEntries(event, [entry], { entries: [entry], undo: { id: character, entries: [entry.id], action: 'check-in' as const } });
}

/** Checks a character out (a check-in made by mistake, or a player who went home). */
export function checkOut(event: DeskEvent, id: string, stamp: Stamp): Change {
  const character = idKey(id);
  if (characterFold(event, character).checkedInAt === null) return { event, entries: [], undo: { id: character, entries: [], action: 'check-out' } };
  const entry: LedgerEntry = { ...stampOf(stamp), kind: 'check-out', character };
  return withEntries(event, [entry], { entries: [entry], undo: { id: character, entries: [entry.id], action: 'check-out' as const } });
}

/** Checks in every one of `ids` at once (a player's whole group); one undo step per character. One fold, one append. */
export function checkInAll(event: DeskEvent, ids: readonly string[], stamp: Stamp): { event: DeskEvent; entries: LedgerEntry[]; undo: UndoStep[] } {
  const folded = foldEvent(event);
  const entries: LedgerEntry[] = [];
  const steps: UndoStep[] = [];
  const done = new Set<string>();
  for (const id of ids) {
    const character = idKey(id);
    if (done.has(character) || (folded.characters.get(character)?.checkedInAt ?? null) !== null) {
      steps.push({ id: character, entries: [], action: 'check-in' });
      continue;
    }
    done.add(character);
    const entry: LedgerEntry = { ...stampOf(stamp), kind: 'check-in', character };
    entries.push(entry);
    steps.push({ id: character, entries: [entry.id], action: 'check-in' });
  }
  return withEntries(event, entries, { entries, undo: steps });
}

/**
 * The undo entries for steps (from checkIn, checkOut or checkInAll), newest first. An undo only
 * counts when it comes after its target in the ledger (fold.ts), so one made in the same instant as
 * its target is dated a millisecond after it.
 */
export function undoEntries(event: DeskEvent, steps: readonly UndoStep[], stamp: Stamp): LedgerEntry[] {
  const out: LedgerEntry[] = [];
  const byId = foldEvent(event).byId;
  for (let i = steps.length - 1; i >= 0; i--) {
    const step = steps[i]!;
    for (const target of [...step.entries].reverse()) {
      const targetAt = byId.get(target)?.at;
      const at = targetAt !== undefined && Date.parse(stamp.at) <= Date.parse(targetAt) ? isoPlusMs(targetAt, 1) : stamp.at;
      out.push({ ...stampOf({ ...stamp, at }), kind: 'undo', target, character: step.id });
    }
  }
  return out;
}

/** Cancels what a step did (an undo entry per entry it made). */
export function undo(event: DeskEvent, step: UndoStep, stamp: Stamp): DeskEvent {
  return appendEntries(event, undoEntries(event, [step], stamp));
}

/** Undoes a group of steps (from checkInAll). */
export function undoAll(event: DeskEvent, steps: readonly UndoStep[], stamp: Stamp): DeskEvent {
  return appendEntries(event, undoEntries(event, steps, stamp));
}

/** An ISO time `ms` later, keeping its UTC offset ("…T18:05:00+01:00" -> "…T18:05:00.001+01:00"). */
export function isoPlusMs(iso: string, ms: number): string {
  return atInstant(iso, Date.parse(iso) + ms);
}
