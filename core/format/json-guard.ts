// Byte-level checks done before JSON.parse: size, UTF-8 validity and nesting depth.
import { MAX_FILE_BYTES, MAX_JSON_DEPTH } from './limits';

export type GuardFailure = { code: 'too-large' | 'empty' | 'not-utf8' | 'too-deep'; message: string };

/** Decodes UTF-8 text (a BOM is dropped), refusing oversized, empty, binary or too deeply nested input. */
export function guardedText(bytes: Uint8Array, maxBytes = MAX_FILE_BYTES): { ok: true; text: string } | { ok: false; failure: GuardFailure } {
  if (bytes.length > maxBytes) {
    return fail('too-large', `the file is ${formatMB(bytes.length)}; the limit is ${formatMB(maxBytes)}`);
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return fail('not-utf8', 'the file is not UTF-8 text (is it a binary file?)');
  }
  if (text.trim() === '') return fail('empty', 'the file is empty');
  if (text.includes('\u0000')) return fail('not-utf8', 'the file contains NUL bytes (is it a binary file?)');
  const depth = jsonDepth(text);
  if (depth > MAX_JSON_DEPTH) {
    return fail('too-deep', `the JSON is nested more than ${MAX_JSON_DEPTH} levels deep`);
  }
  return { ok: true, text };
}

/** The deepest nesting of [ and { outside strings. Stops counting once past the limit. */
export function jsonDepth(text: string): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 || c === 91) {
      depth++;
      if (depth > max) {
        max = depth;
        if (max > MAX_JSON_DEPTH) return max;
      }
    } else if (c === 125 || c === 93) depth--;
  }
  return max;
}

function fail(code: GuardFailure['code'], message: string) {
  return { ok: false as const, failure: { code, message } };
}

function formatMB(n: number): string {
  return `${(n / (1024 * 1024)).toFixed(1)} MB`;
}
