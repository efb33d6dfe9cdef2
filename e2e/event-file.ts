// The event file as the end-to-end tests read and write it: format version 3, an append-only log
// (core/desk/event-load.ts: the header on the first line, then one ledger entry a line).
import { readFile, writeFile } from 'node:fs/promises';
import type { LedgerEntry } from '../core/desk/entries';
import type { DeskEvent } from '../core/desk/event';
import { loadEventBytes, serializeEvent } from '../core/desk/event-load';

/**
 * The event file read as the desk reads it; a file that is not a clean version 3 log fails the test.
 * `writing`: the file may be read while another desk appends to it (a last line not yet whole is left out).
 */
export async function readEventFile(path: string, options: { writing?: boolean } = {}): Promise<DeskEvent> {
  const r = loadEventBytes(new Uint8Array(await readFile(path)), path);
  if (!r.ok) throw new Error(r.problem.message);
  if (r.migratedFrom !== undefined) throw new Error(`${path}: version ${r.migratedFrom}, not a version 3 log`);
  const torn = r.torn && !options.writing ? [`a torn last line of ${r.torn.bytes} bytes`] : [];
  if (r.problems.length > 0 || torn.length > 0) throw new Error(`${path}: ${[...r.problems.map((p) => p.message), ...torn].join('; ')}`);
  return r.event;
}

/** The file's lines, each parsed: the header first, then the entries in the order they were appended. */
export async function eventLines(path: string): Promise<[Record<string, unknown>, ...LedgerEntry[]]> {
  const text = await readFile(path, 'utf8');
  if (!text.endsWith('\n')) throw new Error(`${path} does not end with a whole line`);
  return text
    .slice(0, -1)
    .split('\n')
    .map((line) => JSON.parse(line) as unknown) as [Record<string, unknown>, ...LedgerEntry[]];
}

/** The entry on the file's last line (the last one appended). */
export async function lastEntry(path: string): Promise<LedgerEntry> {
  const lines = await eventLines(path);
  if (lines.length < 2) throw new Error(`${path} holds no entry`);
  return lines[lines.length - 1] as LedgerEntry;
}

/** Writes an event file (version 3) holding `event`. */
export async function writeEventFile(path: string, event: DeskEvent): Promise<void> {
  await writeFile(path, serializeEvent(event));
}
