// The compiled event-file validator: the ajv standalone validator generated from
// assets/schema/event.v2.json (scripts/gen-validators.mjs; the schema is written from the zod
// schema in core/desk/event.ts), plus the checks JSON Schema cannot state (core/desk/event-rules.ts,
// the same functions zod's refinement runs). True exactly when zod would accept the value
// (core/desk/event-compiled.test.ts); zod then only words the problem of a refused file. Fills in
// zod's defaults in place, so it is for values the caller owns (freshly parsed JSON).
import { validateEventSchema } from './event-validator.generated.js';
import { datesIssue, ledgerIssues } from './event-rules';

/**
 * An entry's length as JSON for freshly parsed JSON (strings, numbers, booleans, null, arrays and
 * plain objects): JSON.stringify's output is the canonical JSON with its keys in another order, so
 * the same length, and native.
 */
const parsedLength = (entry: unknown) => JSON.stringify(entry).length;

export function validateEvent(value: unknown): boolean {
  if (!validateEventSchema(value)) return false;
  const e = value as { dates: { start: string; end: string }; entries: { id: string }[] };
  return datesIssue(e.dates.start, e.dates.end) === null && ledgerIssues(e.entries, parsedLength, 1).length === 0;
}
