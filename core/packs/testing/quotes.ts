// Every quoted value in a pack with its JSON path, for the tests that look each quote up in its text.
export type FoundQuote = { path: string; quote: string; source: string };

export function quotesOf(value: unknown, path = ''): FoundQuote[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => quotesOf(v, `${path}[${i}]`));
  if (typeof value !== 'object' || value === null) return [];
  const record = value as Record<string, unknown>;
  const here: FoundQuote[] = typeof record.quote === 'string' && typeof record.source === 'string' ? [{ path: path || '(pack)', quote: record.quote, source: record.source }] : [];
  return [...here, ...Object.entries(record).flatMap(([k, v]) => quotesOf(v, path === '' ? k : `${path}.${k}`))];
}
