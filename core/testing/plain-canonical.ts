// The plain definition of canonical JSON that core/format/canonical-bytes.ts must match exactly
// (test support, not shipped): the hash on every printed card depends on it. An array's holes are
// the one difference (map skips them; canonical JSON writes null, as JSON.stringify does).
export function plainCanonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map((v) => plainCanonicalJson(v)).join(',')}]`;
  const obj = value as Record<string, unknown>;
  const keys = Object.keys(obj).filter((k) => obj[k] !== undefined).sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${plainCanonicalJson(obj[k])}`).join(',')}}`;
}
