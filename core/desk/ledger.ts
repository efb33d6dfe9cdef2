// The event ledger's operations: entries in their order, appending entries, and merging two copies
// of one event (union of entries by id: the same result in either order). Pure functions; entries
// are immutable, so an entry id met twice must carry the same entry.
import { canonicalJson } from '../format/hash';
import { randomUuid } from '../format/uuid';
import { ledgerEntrySchema, type LedgerEntry } from './entries';
import { eventHeaderSchema, headerOf, type DeskEvent } from './event';
import { compareEntries, sortEntries } from './order';

export { ledgerEntrySchema, compareEntries, sortEntries, type LedgerEntry };
export { foldEvent, characterFold, currentPrint, entryOf, lastPrint, type Folded, type CharacterFold, type VoidCard } from './fold';

/** An entry id met with two different contents (a hostile or damaged copy): nothing is merged. */
export class LedgerConflictError extends Error {
  constructor(
    message: string,
    readonly field: string,
  ) {
    super(message);
    this.name = 'LedgerConflictError';
  }
}

/** Who makes entries: the time (ISO with offset, from the caller's clock), the desk, and new ids. */
export type Stamp = { at: string; desk: string; deskId?: string; newId?: () => string };

/** The base fields of a new entry. */
export function stampOf(stamp: Stamp): { id: string; at: string; desk: string; deskId?: string } {
  return { id: (stamp.newId ?? randomUuid)(), at: stamp.at, desk: stamp.desk.slice(0, 60) || 'desk', ...(stamp.deskId ? { deskId: stamp.deskId } : {}) };
}

/**
 * A change's result: its entries, and (made only when asked for: a desk appends the entries to its
 * ledger instead, and copying a long ledger for every check-in would cost what the ledger holds) the
 * event with them added.
 */
export function withEntries<T extends object>(event: DeskEvent, entries: readonly LedgerEntry[], rest: T): T & { readonly event: DeskEvent } {
  let made: DeskEvent | null = null;
  return Object.defineProperty({ ...rest }, 'event', { enumerable: true, get: () => (made ??= appendEntries(event, entries)) }) as T & { readonly event: DeskEvent };
}

/**
 * The event with `entries` added: each validated, an id already there with the same content
 * ignored, one with other content refused (LedgerConflictError). Never mutates.
 */
export function appendEntries(event: DeskEvent, entries: readonly LedgerEntry[]): DeskEvent {
  if (entries.length === 0) return event;
  const have = new Map(event.entries.map((e) => [e.id, e]));
  const added: LedgerEntry[] = [];
  entries.forEach((entry, i) => {
    const parsed = ledgerEntrySchema.safeParse(entry);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new LedgerConflictError(`new entry ${i}: field "${issue.path.join('.') || '(entry)'}": ${issue.message}`, `entries[${i}]`);
    }
    const same = have.get(entry.id);
    if (same) {
      if (canonicalJson(same) !== canonicalJson(parsed.data)) throw new LedgerConflictError(`entry ${entry.id} is already in the ledger with other content`, 'id');
      return;
    }
    have.set(entry.id, parsed.data);
    added.push(parsed.data);
  });
  if (added.length === 0) return event;
  const last = event.entries[event.entries.length - 1];
  const sortedAdded = sortEntries(added);
  // The usual case (entries made now) appends at the end without sorting the whole ledger.
  const all = last === undefined || compareEntries(last, sortedAdded[0]!) < 0 ? [...event.entries, ...sortedAdded] : sortEntries([...event.entries, ...added]);
  return { ...event, entries: all };
}

/**
 * Two copies of one event merged: every entry of either, once, in ledger order; the header
 * fields of `a` win where the two differ (fields only one has are kept). The entries are the same
 * in either order. Refused (LedgerConflictError, naming the field) when the two are different
 * events or one entry id carries two different entries.
 */
export function mergeEvents(a: DeskEvent, b: DeskEvent): DeskEvent {
  if (a.id !== b.id) throw new LedgerConflictError(`these are two different events (ids ${a.id} and ${b.id}); only copies of one event merge`, 'id');
  const byId = new Map<string, LedgerEntry>();
  const texts = new Map<string, string>();
  for (const [which, event] of [['first', a], ['second', b]] as const) {
    event.entries.forEach((entry, i) => {
      const text = canonicalJson(entry);
      const seen = texts.get(entry.id);
      if (seen === undefined) {
        texts.set(entry.id, text);
        byId.set(entry.id, entry);
      } else if (seen !== text) {
        throw new LedgerConflictError(`entries[${i}] of the ${which} file has the id ${entry.id} of another entry with different content; one of the copies was altered`, `entries[${i}].id`);
      }
    });
  }
  return { ...eventHeaderSchema.parse({ ...headerOf(b), ...headerOf(a) }), entries: sortEntries([...byId.values()]) };
}

/** Header fields the two copies disagree on (the merge keeps the first's). */
export function headerDifferences(a: DeskEvent, b: DeskEvent): string[] {
  const headA = headerOf(a) as Record<string, unknown>;
  const headB = headerOf(b) as Record<string, unknown>;
  return [...new Set([...Object.keys(headA), ...Object.keys(headB)])].filter((k) => k in headA && k in headB && canonicalJson(headA[k]) !== canonicalJson(headB[k])).sort();
}
