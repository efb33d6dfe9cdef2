// Helpers for the tests that prove a compiled validator accepts and refuses exactly what zod does
// (core/format/compiled.test.ts, core/desk/event-compiled.test.ts). Test support, not shipped.

/**
 * Deep equality that also compares prototypes, -0 and own keys, without vitest's toStrictEqual
 * treating an own "constructor" field (which the fuzz injects) as a class. null when equal, else
 * where they differ.
 */
export function same(a: unknown, b: unknown, path = ''): string | null {
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return Object.is(a, b) ? null : `${path}: ${String(a)} != ${String(b)}`;
  if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b) || Array.isArray(a) !== Array.isArray(b)) return `${path}: different kinds`;
  const ka = Object.keys(a).sort();
  const kb = Object.keys(b).sort();
  if (ka.join('\u0000') !== kb.join('\u0000')) return `${path}: keys ${ka.join(',')} != ${kb.join(',')}`;
  for (const k of ka) {
    const d = same((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], `${path}.${k}`);
    if (d) return d;
  }
  return null;
}

export type JsonPath = (string | number)[];

/** Every path of a JSON value, for targeted mutations. */
export function paths(value: unknown, prefix: JsonPath = [], out: JsonPath[] = []): JsonPath[] {
  out.push(prefix);
  if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) paths(v, [...prefix, Array.isArray(value) ? Number(k) : k], out);
  return out;
}

/** A copy of `root` with the value at `path` replaced. */
export function setAt(root: unknown, path: JsonPath, value: unknown): unknown {
  if (path.length === 0) return value;
  const copy = structuredClone(root) as Record<string | number, unknown>;
  let cur = copy;
  for (const key of path.slice(0, -1)) cur = cur[key] as Record<string | number, unknown>;
  cur[path[path.length - 1]!] = value;
  return copy;
}

/** A copy of `root` without the value at `path` (spliced out of an array). */
export function removeAt(root: unknown, path: JsonPath): unknown {
  const copy = structuredClone(root) as Record<string | number, unknown>;
  let cur = copy;
  for (const key of path.slice(0, -1)) cur = cur[key] as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  if (Array.isArray(cur)) cur.splice(Number(last), 1);
  else delete cur[last];
  return copy;
}

/** JSON text of `root` with the value at `path` replaced by raw JSON text (numbers JSON.parse makes Infinity, -0, …). */
export function withRawAt(root: unknown, path: JsonPath, raw: string): string {
  const marker = '"__EDGE__"';
  return JSON.stringify(setAt(root, path, '__EDGE__')).replace(marker, raw);
}
