// The compiled event-file validator: the ajv standalone validator generated from
// assets/schema/event.v2.json (scripts/gen-validators.mjs; the schema is written from the zod
// schema in core/desk/event.ts), plus the checks JSON Schema cannot state (core/desk/event-rules.ts,
// the same functions zod's refinement runs). True exactly when zod would accept the value
// (core/desk/event-compiled.test.ts); zod then only words the problem of a refused file. Fills in
// zod's defaults in place, so it is for values the caller owns (freshly parsed JSON).
import { validateEventSchema } from './event-validator.generated.js';
import { MAX_ENTRY_CHARS } from './event-format';
import { datesIssue, ledgerIssues } from './event-rules';

/**
 * The most characters JSON.stringify can write for a value of freshly parsed JSON (strings,
 * numbers, booleans, null, arrays and plain objects), without writing it: a UTF-16 unit of a string
 * or key is at most six ("\u0001"), a number at most 25 ("-0.0000012345678901234567"), and
 * the punctuation is counted as written. No strings are made, so a ledger of 30,000 entries is
 * bounded in a few milliseconds, where writing each entry took 30-80 ms and as much garbage.
 */
export function jsonLengthBound(value: unknown): number {
  switch (typeof value) {
    case 'string':
      return 6 * value.length + 2;
    case 'number':
      return 25;
    case 'boolean':
      return 5;
    case 'object': {
      if (value === null) return 4;
      if (Array.isArray(value)) {
        // Brackets and the commas between the values.
        let n = 2 + value.length;
        for (let i = 0; i < value.length; i++) n += jsonLengthBound(value[i]);
        return n;
      }
      // Braces; each key quoted, its colon and a comma.
      let n = 2;
      for (const key in value) n += 6 * key.length + 4 + jsonLengthBound((value as Record<string, unknown>)[key]);
      return n;
    }
    default:
      return 4;
  }
}

/**
 * Whether an entry of freshly parsed JSON is longer than MAX_ENTRY_CHARS as JSON. JSON.stringify's
 * output is the canonical JSON with its keys in another order, so the same length, and native; it
 * is only written for an entry whose bound passes the limit (none in a normal ledger: an entry is a
 * few hundred characters).
 */
const parsedTooLong = (entry: unknown) => jsonLengthBound(entry) > MAX_ENTRY_CHARS && JSON.stringify(entry).length > MAX_ENTRY_CHARS;

export function validateEvent(value: unknown): boolean {
  if (!validateEventSchema(value)) return false;
  const e = value as { dates: { start: string; end: string }; entries: { id: string }[] };
  return datesIssue(e.dates.start, e.dates.end) === null && ledgerIssues(e.entries, parsedTooLong, 1).length === 0;
}
