// Checks on a pack file's text before and after JSON.parse, so that a hostile pack is refused
// without harm: nesting is measured on the text (JSON.parse is never asked to go deep), and keys
// that name an object's prototype machinery are refused wherever they appear.

/** Deeper nesting than this is refused: the format itself needs 6 levels. */
export const MAX_PACK_DEPTH = 32;
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** The deepest nesting of objects and arrays in JSON text (strings skipped). */
export function nestingDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      depth++;
      if (depth > deepest) deepest = depth;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return deepest;
}

/** The JSON path of the first forbidden key in parsed JSON, or null. */
export function forbiddenKeyPath(value: unknown, path = ''): string | null {
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = forbiddenKeyPath(value[i], `${path}[${i}]`);
      if (found) return found;
    }
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  for (const key of Object.keys(value)) {
    const at = path === '' ? key : `${path}.${key}`;
    if (FORBIDDEN_KEYS.has(key)) return at;
    const found = forbiddenKeyPath((value as Record<string, unknown>)[key], at);
    if (found) return found;
  }
  return null;
}
