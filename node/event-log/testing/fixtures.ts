// Test support for node/event-log/ (not shipped): an event header, ledger entries with ids that
// say who made them, and a strict reading of an event file's bytes that the tests check against
// (independent of EventLog, so a bug there cannot hide itself).
import type { LedgerEntry } from '../../../core/desk/entries';
import { ledgerEntrySchema } from '../../../core/desk/entries';
import type { EventHeader } from '../../../core/desk/event';
import { eventHeaderSchema } from '../../../core/desk/event';

export const EVENT_ID = '3a1c2b4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
export const OTHER_EVENT_ID = '9b8a7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d';
export const CHARACTER = '7904bd13-6520-45b6-90dd-75f7a9b57850';

/** A version 3 header (the event "Autumn Muster" unless `id` or other fields are given). */
export function header(over: Partial<EventHeader> = {}): EventHeader {
  return eventHeaderSchema.parse({
    format: 'quartermaster-event',
    version: 3,
    id: EVENT_ID,
    name: 'Autumn Muster',
    game: 'fortunes-landing',
    dates: { start: '2026-10-02', end: '2026-10-04' },
    ...over,
  });
}

/** A lower-case UUID (version 4 shape) naming its maker (`source`, 0..0xffffffff) and a counter. */
export function entryId(source: number, n: number): string {
  return `${source.toString(16).padStart(8, '0')}-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
}

/** The desk ids the tests use: desk `k` gets its own UUID. */
export const deskUuid = (k: number) => `d35c0000-0000-4000-8000-${k.toString(16).padStart(12, '0')}`;

/** A note entry (the simplest kind) with any field overridden. */
export function note(over: Partial<LedgerEntry> & Record<string, unknown> & { id: string }): LedgerEntry {
  return { at: '2026-10-02T10:00:00+01:00', desk: 'Front desk', kind: 'note', text: 'a note', ...over } as LedgerEntry;
}

export type StrictRead = {
  header: unknown;
  /** Every whole line after the header, parsed (a line that is not an entry fails the test). */
  entries: LedgerEntry[];
  /** Bytes after the last newline. */
  tail: string;
};

/**
 * Reads an event file's bytes strictly: the header line, then every line an entry the schema
 * accepts; throws naming the line otherwise. `where` says which run and which kill, for the message.
 */
export function strictRead(bytes: Uint8Array, where: string): StrictRead {
  // Whole lines must be UTF-8; a torn tail may stop inside a character.
  const end = bytes.lastIndexOf(0x0a) + 1;
  const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, end));
  const lines = text.split('\n');
  lines.pop();
  if (lines.length === 0) throw new Error(`${where}: the file has no whole header line`);
  const headerValue = JSON.parse(lines[0]!) as unknown;
  const entries: LedgerEntry[] = [];
  lines.slice(1).forEach((line, i) => {
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      throw new Error(`${where}: line ${i + 2} is not JSON: ${JSON.stringify(line.slice(0, 200))}`);
    }
    const parsed = ledgerEntrySchema.safeParse(value);
    if (!parsed.success) throw new Error(`${where}: line ${i + 2} is not a ledger entry: ${parsed.error.issues[0]?.message} (${line.slice(0, 200)})`);
    entries.push(parsed.data);
  });
  return { header: headerValue, entries, tail: new TextDecoder().decode(bytes.subarray(end)) };
}

/** The ids that occur on more than one line. */
export function duplicateIds(entries: readonly LedgerEntry[]): string[] {
  const seen = new Set<string>();
  const dup = new Set<string>();
  for (const e of entries) (seen.has(e.id) ? dup : seen).add(e.id);
  return [...dup];
}

/**
 * Per desk key, checks that no two entries share a seq; returns the problems found (empty when none).
 * `key` groups entries as the log does (deskId, else desk name).
 */
export function sharedSeqs(entries: readonly LedgerEntry[]): string[] {
  const byDesk = new Map<string, Map<number, string>>();
  const problems: string[] = [];
  for (const e of entries) {
    const key = e.deskId ? `id:${e.deskId.toLowerCase()}` : `name:${e.desk}`;
    const seqs = byDesk.get(key) ?? new Map<number, string>();
    byDesk.set(key, seqs);
    if (e.seq === undefined) {
      problems.push(`${e.id} (${key}) has no seq`);
      continue;
    }
    const other = seqs.get(e.seq);
    if (other !== undefined) problems.push(`${key}: seq ${e.seq} on ${other} and ${e.id}`);
    else seqs.set(e.seq, e.id);
  }
  return problems;
}
