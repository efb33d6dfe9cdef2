// Limits applied to every file before it is parsed, so a hostile file cannot exhaust memory or stack.
export const MAX_FILE_BYTES = 5 * 1024 * 1024;
export const MAX_JSON_DEPTH = 64;
