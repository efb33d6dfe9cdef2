// Checking characters in at the desk, and undoing it. Each change returns the new event and an
// undo step that puts the character's check-in back as it was, so a view keeps a stack of steps and
// undoes them in reverse order. Undo touches only the check-in time: a print recorded in between
// (and any field this version does not know) stays.
import { entryOf, idKey, withEntry, type DeskEvent } from './event';

export type UndoStep = {
  /** The character whose check-in changed. */
  id: string;
  /** The check-in time before the change; undefined when it was not checked in. */
  previous: string | undefined;
  /** What was done, for an "Undo check-in of …" label. */
  action: 'check-in' | 'check-out';
};

export type Change = { event: DeskEvent; undo: UndoStep };

/**
 * Marks a character checked in at `at` (an ISO time: the core has no clock). A character already
 * checked in keeps its first check-in time: checking in twice changes nothing.
 */
export function checkIn(event: DeskEvent, id: string, at: string): Change {
  const entry = entryOf(event, id);
  const previous = entry.checkedInAt;
  const next = entry.checkedInAt ? event : withEntry(event, id, { ...entry, checkedInAt: at });
  return { event: next, undo: { id: idKey(id), previous, action: 'check-in' } };
}

/** Marks a character not checked in (a check-in made by mistake, or a player who went home). */
export function checkOut(event: DeskEvent, id: string): Change {
  const { checkedInAt: previous, ...rest } = entryOf(event, id);
  return { event: withEntry(event, id, rest), undo: { id: idKey(id), previous, action: 'check-out' } };
}

/** Puts back the check-in time an undo step saved. */
export function undo(event: DeskEvent, step: UndoStep): DeskEvent {
  const { checkedInAt: _current, ...rest } = entryOf(event, step.id);
  return withEntry(event, step.id, step.previous === undefined ? rest : { ...rest, checkedInAt: step.previous });
}

/** Checks in every one of `ids` at once (a player's whole group); one undo step per character. */
export function checkInAll(event: DeskEvent, ids: readonly string[], at: string): { event: DeskEvent; undo: UndoStep[] } {
  let current = event;
  const steps: UndoStep[] = [];
  for (const id of ids) {
    const change = checkIn(current, id, at);
    current = change.event;
    steps.push(change.undo);
  }
  return { event: current, undo: steps };
}

/** Undoes a group of steps (from checkInAll) in reverse order. */
export function undoAll(event: DeskEvent, steps: readonly UndoStep[]): DeskEvent {
  let current = event;
  for (let i = steps.length - 1; i >= 0; i--) current = undo(current, steps[i]!);
  return current;
}
