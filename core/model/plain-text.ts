// Text that people read (names, player names, desk names): no control characters (why:
// core/format/visible.ts). The JSON Schema made from these gets the same pattern.
import * as z from 'zod';

export const NO_CONTROL_MESSAGE = 'must not contain control characters (tabs, line breaks, escape codes)';

/** A string of at most `max` characters without control characters. */
export function plainText(max: number) {
  return z.string().max(max).regex(/^[^\u0000-\u001f\u007f-\u009f]*$/, NO_CONTROL_MESSAGE);
}

/** A desk's name as ledger entries, presence documents and saved versions carry it: 1 to 60 characters, no control characters. */
export const deskNameText = plainText(60).min(1);
