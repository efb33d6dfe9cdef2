// Guards on every file before it is trusted: size, UTF-8 validity and emptiness before JSON.parse;
// nesting depth and `__proto__` keys after it.
import { MAX_FILE_BYTES, MAX_JSON_DEPTH } from './limits';
import { fieldPath } from './paths';

function fail(code: JsonFailure['code'], message: string): { ok: false; failure: JsonFailure } {
  return { ok: false as const, failure: { code, message } };
}

function formatMB(n: number): string {
  return `${(n / (1024 * 1024)).toFixed(1)} MB`;
}

/** One decoder for every file: without `stream`, each decode stands alone. */
const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
/** Only what String.prototype.trim removes (\s is the same set), found without copying the text. */
const BLANK = /^\s*$/;

export type JsonFailure = { code: 'too-large' | 'empty' | 'not-utf8' | 'too-deep' | 'not-json' | 'forbidden-key'; message: string; field?: string };

/**
 * Size, UTF-8 and emptiness checks, then JSON.parse (V8 parses deep nesting iteratively), then one
 * walk over the value that refuses nesting deeper than the limit and any `__proto__` key.
 */
export function parseGuardedJson(bytes: Uint8Array, maxBytes = MAX_FILE_BYTES): { ok: true; value: unknown } | { ok: false; failure: JsonFailure } {
  if (bytes.length > maxBytes) return fail('too-large', `the file is ${formatMB(bytes.length)}; the limit is ${formatMB(maxBytes)}`);
  let text: string;
  try {
    text = UTF8.decode(bytes);
  } catch {
    return fail('not-utf8', 'the file is not UTF-8 text (is it a binary file?)');
  }
  if (BLANK.test(text)) return fail('empty', 'the file is empty');
  if (text.includes('\u0000')) return fail('not-utf8', 'the file contains NUL bytes (is it a binary file?)');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return { ok: false, failure: { code: 'not-json', message: `it is not valid JSON (${(e as Error).message})` } };
  }
  const failure = inspectJson(value);
  return failure ? { ok: false, failure } : { ok: true, value };
}

/** Depth and `__proto__` check of an already parsed value (for values that did not come from bytes). */
export function inspectJson(value: unknown): JsonFailure | null {
  const path: (string | number)[] = [];
  const problem = inspect(value, path, 0);
  if (problem === 'too-deep') return { code: 'too-deep', message: `the JSON is nested more than ${MAX_JSON_DEPTH} levels deep` };
  if (problem === 'proto') {
    const field = fieldPath(path);
    return { code: 'forbidden-key', message: `field "${field}" is not allowed`, field };
  }
  return null;
}

/** Walks a parsed value; on a problem, `path` is left pointing at it. */
function inspect(value: unknown, path: (string | number)[], depth: number): 'too-deep' | 'proto' | null {
  if (value === null || typeof value !== 'object') return null;
  if (depth >= MAX_JSON_DEPTH) return 'too-deep';
  // Keys (or indexes) alone: a [key, value] pair made for every field of every file was a large
  // part of what reading a folder of thousands of files left for the garbage collector.
  const keys: readonly (string | number)[] = Array.isArray(value) ? Array.from(value, (_, i) => i) : Object.keys(value);
  for (const key of keys) {
    path.push(key);
    if (key === '__proto__') return 'proto';
    const p = inspect((value as Record<string | number, unknown>)[key], path, depth + 1);
    if (p) return p;
    path.pop();
  }
  return null;
}

/**
 * Why a value is not JSON data (null, true/false, finite numbers, strings, lists without holes,
 * plain objects), naming the field; null when it is. A field whose value is undefined is left out
 * of JSON as it is of the entry, so it passes.
 */
export function notJsonData(value: unknown, path: (string | number)[] = []): string | null {
  const where = () => `field "${fieldPath(path) || '(entry)'}"`;
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return null;
  if (typeof value === 'number') return Number.isFinite(value) ? null : `${where()} is not JSON data (${value})`;
  if (value === undefined) return `${where()} is not JSON data (no value)`;
  if (typeof value !== 'object') return `${where()} is not JSON data (a ${typeof value})`;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      path.push(i);
      // A hole in the list is no value either.
      const problem = notJsonData(i in value ? value[i] : undefined, path);
      if (problem) return problem;
      path.pop();
    }
    return null;
  }
  const proto: unknown = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return `${where()} is not JSON data (${Object.prototype.toString.call(value).slice(8, -1)})`;
  for (const key of Object.keys(value)) {
    const v = (value as Record<string, unknown>)[key];
    if (v === undefined) continue;
    path.push(key);
    const problem = notJsonData(v, path);
    if (problem) return problem;
    path.pop();
  }
  return null;
}
