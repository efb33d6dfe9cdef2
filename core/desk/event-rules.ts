// The checks of an event file that its JSON Schema cannot state: the end date not before the start,
// every entry's id its own, no entry longer than MAX_ENTRY_CHARS as JSON. One implementation for
// the zod schema (core/desk/event.ts, which words them) and the compiled validator
// (core/desk/event-validator.ts, which only needs to know whether there are any). Pure, zod-free.
import { canonicalJson } from '../format/hash';
import { MAX_ENTRY_CHARS } from './event-format';

export type EventIssue = { path: (string | number)[]; message: string };

/** The end before the start, for two valid YYYY-MM-DD dates. */
export function datesIssue(start: string, end: string): EventIssue | null {
  return end < start ? { path: ['dates', 'end'], message: `must not be before the start (${start})` } : null;
}

/** How long an entry is as JSON: the length of its canonical JSON (the same length as JSON.stringify's for parsed JSON). */
export const canonicalLength = (entry: unknown) => canonicalJson(entry).length;

/** Whether an entry is longer than MAX_ENTRY_CHARS as JSON, measured as its canonical JSON. */
export const canonicalTooLong = (entry: unknown) => canonicalLength(entry) > MAX_ENTRY_CHARS;

/**
 * Repeated entry ids and over-long entries, in ledger order, at most `max` of them. `tooLong`
 * tells whether an entry is longer than MAX_ENTRY_CHARS as JSON (canonicalTooLong; a caller
 * holding freshly parsed JSON may pass a faster test that gives the same answer for it).
 */
export function ledgerIssues(entries: readonly { id: string }[], tooLong: (entry: unknown) => boolean = canonicalTooLong, max = Infinity): EventIssue[] {
  const issues: EventIssue[] = [];
  const seen = new Map<string, number>();
  for (let i = 0; i < entries.length && issues.length < max; i++) {
    const entry = entries[i]!;
    const first = seen.get(entry.id);
    if (first !== undefined) issues.push({ path: ['entries', i, 'id'], message: `is the id of entries[${first}] too (every entry has its own id)` });
    else seen.set(entry.id, i);
    if (tooLong(entry)) issues.push({ path: ['entries', i], message: `is longer than ${MAX_ENTRY_CHARS} characters as JSON` });
  }
  return issues.slice(0, max);
}
