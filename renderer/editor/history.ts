// Undo and redo for the open character: the earlier and later versions of the whole character (edits
// never mutate, so each version shares everything it did not change). Typing in one field is one
// step: edits of the same group (a field) closer than COALESCE_MS to the previous one are merged.

/** At least 200 steps are promised; the cost of a step is one array slot. */
export const UNDO_LIMIT = 500;
/** Edits of one field this close together are one undo step. */
export const COALESCE_MS = 1000;

export type History<T> = {
  readonly past: readonly T[];
  readonly future: readonly T[];
  /** The group of the last edit, while it may still be merged with the next. */
  readonly group: string | null;
  readonly at: number;
};

export function emptyHistory<T>(): History<T> {
  return { past: [], future: [], group: null, at: 0 };
}

/** Records that the present changed from `before` (the redo list is dropped). */
export function record<T>(h: History<T>, before: T, edit: { group?: string | undefined; now: number }): History<T> {
  if (edit.group !== undefined && h.group === edit.group && edit.now - h.at <= COALESCE_MS && h.past.length > 0) {
    return { past: h.past, future: [], group: h.group, at: edit.now };
  }
  const past = h.past.length >= UNDO_LIMIT ? [...h.past.slice(h.past.length - UNDO_LIMIT + 1), before] : [...h.past, before];
  return { past, future: [], group: edit.group ?? null, at: edit.now };
}

/** The previous version, or null when there is nothing to undo. */
export function undo<T>(h: History<T>, present: T): { history: History<T>; present: T } | null {
  const previous = h.past[h.past.length - 1];
  if (h.past.length === 0) return null;
  return { history: { past: h.past.slice(0, -1), future: [present, ...h.future], group: null, at: 0 }, present: previous as T };
}

/** The next version, or null when there is nothing to redo. */
export function redo<T>(h: History<T>, present: T): { history: History<T>; present: T } | null {
  if (h.future.length === 0) return null;
  const [next, ...rest] = h.future;
  return { history: { past: [...h.past, present], future: rest, group: null, at: 0 }, present: next as T };
}
