// Limits applied to every file before it is parsed, so a hostile file cannot exhaust memory or stack.
export const MAX_FILE_BYTES = 5 * 1024 * 1024;
/**
 * An event file is a ledger that only grows: 20,000 characters with a print and a check-in each is
 * about 10 MB written out, so event files get their own, larger bound.
 */
export const MAX_EVENT_FILE_BYTES = 64 * 1024 * 1024;
export const MAX_JSON_DEPTH = 64;
