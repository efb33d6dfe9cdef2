// The ledger's order: the same on every desk, whatever order the entries arrived in.
//
// By the instant of `at` (so different UTC offsets compare right); entries of one instant by the
// desk that made them, then that desk's own sequence number (`seq`: the order the desk made them
// in, so a check-in and the check-out made by a second Enter in the same second fold in that order),
// then the time as written, then the id. Entries made before desks numbered them have no `seq`
// (they sort by id within one desk and instant, as they always did).
import type { LedgerEntry } from './entries';

type Ordered = Pick<LedgerEntry, 'at' | 'id' | 'desk'> & { deskId?: string | undefined; seq?: number | undefined };

/** The key one desk's entries share: its id, or its name for entries made before desks had ids. */
export const deskKeyOf = (e: Pick<LedgerEntry, 'desk'> & { deskId?: string | undefined }): string => (e.deskId ? `id:${e.deskId.toLowerCase()}` : `name:${e.desk}`);

const text = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Compares two entries whose instants are known (`ta`, `tb`: milliseconds since the epoch). */
export function compareAt(a: Ordered, ta: number, b: Ordered, tb: number): number {
  return ta - tb || text(deskKeyOf(a), deskKeyOf(b)) || (a.seq ?? 0) - (b.seq ?? 0) || text(a.at, b.at) || text(a.id, b.id);
}

export function compareEntries(a: Ordered, b: Ordered): number {
  return compareAt(a, Date.parse(a.at), b, Date.parse(b.at));
}

/** The entries in ledger order (a new array); each instant parsed once, and an array already in order only checked. */
export function sortEntries<T extends Ordered>(entries: readonly T[]): T[] {
  const n = entries.length;
  const instants = new Float64Array(n);
  for (let i = 0; i < n; i++) instants[i] = Date.parse(entries[i]!.at);
  const compare = (i: number, j: number) => compareAt(entries[i]!, instants[i]!, entries[j]!, instants[j]!);
  let sorted = true;
  for (let i = 1; i < n && sorted; i++) if (compare(i - 1, i) > 0) sorted = false;
  if (sorted) return [...entries];
  return Array.from({ length: n }, (_, i) => i)
    .sort(compare)
    .map((i) => entries[i]!);
}

/** The instant `instant` (ms since the epoch) written with the UTC offset of `like`, to the millisecond. */
export function atInstant(like: string, instant: number): string {
  const zone = /(Z|[+-]\d\d:\d\d)$/.exec(like)?.[1] ?? 'Z';
  const offset = zone === 'Z' ? 0 : (zone[0] === '-' ? -1 : 1) * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(4, 6)));
  return `${new Date(instant + offset * 60_000).toISOString().slice(0, 23)}${zone}`;
}
