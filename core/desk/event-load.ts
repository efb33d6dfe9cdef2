// Reading and writing the event file (format version 3): the header on the first line, then one
// ledger entry a line, each line JSON ending in a newline. Pure: bytes in, the event and what was
// wrong with it out; the caller reads and appends the bytes (node/event-log/).
//
// - A file whose first line is not a version 3 header is read as one JSON document of version 1
//   or 2 (core/desk/event-legacy.ts) and comes back with `migratedFrom`.
// - The header must be valid, or the file is refused (its problem names the file and the field). A
//   first line of JSON in another format is not an event file; a file of a newer version (a header
//   line or one document) is refused saying to update.
// - A bad entry line (not JSON, too long, too deep, a `__proto__` key, a field the schema refuses,
//   or the id of an earlier entry with other content) is left out and listed in `problems` with its
//   line number; the rest of the ledger still opens. The line stays in the file.
// - Bytes after the last newline are a torn line (an append cut short by a crash, never
//   acknowledged): `torn` says how many; they are never read as an entry.
import { canonicalJson } from '../format/hash';
import { inspectJson, parseGuardedJson } from '../format/json-guard';
import { MAX_EVENT_FILE_BYTES } from '../format/limits';
import { fieldPath } from '../format/paths';
import { describeIssue, type FileProblem, type FileProblemCode } from '../format/versioned';
import { ledgerEntrySchema, type LedgerEntry } from './entries';
import { eventHeaderSchema, type DeskEvent, type EventHeader } from './event';
import { EVENT_FILE_FORMAT, EVENT_VERSION, MAX_ENTRY_CHARS } from './event-format';
import { loadLegacyEvent } from './event-legacy';
import { sortEntries } from './order';

export type EventProblemCode = Exclude<FileProblemCode, 'not-character'>;
export type EventProblem = FileProblem & { code: EventProblemCode };

/** An entry line left out of the ledger: its line number (the header is line 1) and why. */
export type LineProblem = { line: number; message: string; field?: string };

/** Bytes after the last newline: an append a crash cut short. */
export type TornTail = { line: number; bytes: number };

export type EventLoadResult =
  | {
      ok: true;
      event: DeskEvent;
      /** Entry lines left out. */
      problems: LineProblem[];
      torn: TornTail | null;
      /** Bytes of whole lines read (where the next append goes once a torn tail is set aside). */
      end: number;
      /** Complete lines read, the header's included. */
      lines: number;
      /** The version the file was written in, when it was not the current one (then it is one JSON document). */
      migratedFrom?: number;
    }
  | { ok: false; problem: EventProblem };

const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const NEWLINE = 0x0a;

/** The header line, validated (nothing invalid is ever written). */
export function headerLine(header: EventHeader): string {
  return `${JSON.stringify(eventHeaderSchema.parse(header))}\n`;
}

/** An entry's line. The caller has validated the entry. */
export function entryLine(entry: LedgerEntry): string {
  return `${JSON.stringify(entry)}\n`;
}

/** The whole file's text for an event (header, then its entries in ledger order). */
export function serializeEvent(event: DeskEvent): string {
  const { entries, season: _season, ...header } = event;
  let text = headerLine(header as EventHeader);
  for (const e of entries) text += entryLine(ledgerEntrySchema.parse(e));
  return text;
}

/** What the first line of an event file says: a version 3 header (and where the entries start), a refusal, or an older document. */
export type HeaderRead = { ok: true; header: EventHeader; end: number } | { ok: false; problem: EventProblem } | { ok: 'legacy' };

/** Reads the header line from the file's first bytes (at least the whole first line, when it is within the limit). */
export function readHeader(bytes: Uint8Array, source: string): HeaderRead {
  const firstEnd = bytes.indexOf(NEWLINE);
  const first = firstEnd < 0 ? null : decode(bytes.subarray(0, firstEnd));
  const header = first === null ? undefined : parseJson(first);
  // A first line that is JSON of another kind (a character file on one line, a list): no event file of any version starts so.
  if (header !== undefined && (header === null || typeof header !== 'object' || Array.isArray(header))) return refused(source, 'not-event', 'it is not a Quartermaster event file (expected a JSON object)');
  const h = header as { format?: unknown; version?: unknown } | undefined;
  if (h !== undefined && h.format !== EVENT_FILE_FORMAT) return refused(source, 'not-event', `it is not a Quartermaster event file (field "format" must be "${EVENT_FILE_FORMAT}")`, 'format');
  if (h === undefined || h.version !== EVENT_VERSION) {
    const future = futureVersion(header);
    if (future !== null) return newer(source, future);
    return { ok: 'legacy' };
  }
  if (first!.length > MAX_ENTRY_CHARS) return refused(source, 'too-large', `its header (line 1) is longer than ${MAX_ENTRY_CHARS} characters`);
  const structure = inspectJson(header);
  if (structure) return refused(source, structure.code, `line 1: ${structure.message}`, structure.field);
  const parsed = eventHeaderSchema.safeParse(header);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = fieldPath(issue.path);
    return refused(source, 'invalid', `field "${field || '(header)'}": ${describeIssue(issue)}`, field);
  }
  return { ok: true, header: parsed.data, end: firstEnd + 1 };
}

/** Reads an event file's bytes: the current log, or a version 1 or 2 document migrated. */
export function loadEventBytes(bytes: Uint8Array, source: string): EventLoadResult {
  const head = readHeader(bytes, source);
  if (head.ok === 'legacy') return loadLegacyBytes(bytes, source);
  if (!head.ok) return head;
  const read = readEntryLines(bytes.subarray(head.end), source, 2, () => undefined);
  return { ok: true, event: { ...head.header, entries: sortEntries(read.entries) }, problems: read.problems, torn: read.torn, end: head.end + read.end, lines: 1 + read.lines };
}

export type EntryLines = { entries: LedgerEntry[]; problems: LineProblem[]; torn: TornTail | null; end: number; lines: number };

/**
 * Entry lines (bytes starting at a line's beginning), numbered from `firstLine`. `earlier` finds an
 * entry read before these bytes: a line repeating an entry is skipped when it is the same entry,
 * and listed as a problem when it is not (the first stays).
 */
export function readEntryLines(bytes: Uint8Array, source: string, firstLine: number, earlier: (id: string) => LedgerEntry | undefined): EntryLines {
  const known = new Map<string, LedgerEntry>();
  const end = bytes.lastIndexOf(NEWLINE) + 1;
  const torn = end < bytes.length ? { bytes: bytes.length - end, line: 0 } : null;
  const entries: LedgerEntry[] = [];
  const problems: LineProblem[] = [];
  const strings = new Map<string, string>();
  const take = (text: string | null, at: number) => {
    if (text === null) {
      problems.push({ line: at, message: `${source}: line ${at} is not UTF-8 text; it is left out` });
      return;
    }
    if (text.trim() === '') return;
    const r = parseEntryLine(text, source, at, strings);
    if (!r.ok) {
      problems.push(r.problem);
      return;
    }
    const same = known.get(r.entry.id) ?? earlier(r.entry.id);
    if (same) {
      if (canonicalJson(same) !== canonicalJson(r.entry)) problems.push({ line: at, field: 'id', message: `${source}: line ${at} has the id ${r.entry.id} of an earlier entry with other content (entries are never changed); the earlier one is kept` });
      return;
    }
    known.set(r.entry.id, r.entry);
    entries.push(r.entry);
  };
  // One decode for the whole text when it is all UTF-8 (the usual case); line by line otherwise, to name the bad line.
  const whole = decode(bytes.subarray(0, end));
  let n = 0;
  if (whole !== null) {
    const lines = whole.split('\n');
    n = lines.length - 1;
    for (let i = 0; i < n; i++) take(lines[i]!, firstLine + i);
  } else {
    for (let start = 0; start < end; n++) {
      const stop = bytes.indexOf(NEWLINE, start);
      take(decode(bytes.subarray(start, stop)), firstLine + n);
      start = stop + 1;
    }
  }
  if (torn) torn.line = firstLine + n;
  return { entries, problems, torn, end, lines: n };
}

/** Fields whose values repeat from entry to entry (a handful of desks, a few thousand characters): kept once each. */
const SHARED_FIELDS = ['desk', 'deskId', 'kind', 'character'] as const;

/**
 * One entry line: JSON, within the limits, and an entry the schema accepts. The entry is the parsed
 * value itself (the entry schemas have no defaults or transforms, so zod's copy would be equal):
 * with `strings`, values that repeat across lines are kept once (a season's ledger of a million
 * entries holds each desk's name a million times otherwise).
 */
export function parseEntryLine(text: string, source: string, line: number, strings?: Map<string, string>): { ok: true; entry: LedgerEntry } | { ok: false; problem: LineProblem } {
  const bad = (message: string, field?: string) => ({ ok: false as const, problem: field === undefined ? { line, message: `${source}: line ${line}: ${message}; it is left out` } : { line, field, message: `${source}: line ${line}: field "${field}": ${message}; it is left out` } });
  if (text.length > MAX_ENTRY_CHARS) return bad(`it is longer than ${MAX_ENTRY_CHARS} characters`);
  const value = parseJson(text);
  if (value === undefined) return bad('it is not valid JSON');
  const structure = inspectJson(value);
  if (structure) return structure.field === undefined ? bad(structure.message) : { ok: false, problem: { line, field: structure.field, message: `${source}: line ${line}: ${structure.message}; it is left out` } };
  const parsed = ledgerEntrySchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return bad(describeIssue(issue), fieldPath(issue.path) || '(entry)');
  }
  const entry = value as Record<string, unknown>;
  if (strings) {
    for (const field of SHARED_FIELDS) {
      const v = entry[field];
      if (typeof v !== 'string') continue;
      const kept = strings.get(v);
      if (kept === undefined) strings.set(v, v);
      else entry[field] = kept;
    }
  }
  return { ok: true, entry: entry as LedgerEntry };
}

/** A version 1 or 2 file: one JSON document. */
export function loadLegacyBytes(bytes: Uint8Array, source: string): EventLoadResult {
  const parsed = parseGuardedJson(bytes, MAX_EVENT_FILE_BYTES);
  if (!parsed.ok) return refused(source, parsed.failure.code, parsed.failure.message, parsed.failure.field);
  const value = parsed.value as { format?: unknown; version?: unknown } | null;
  const future = futureVersion(value);
  if (future !== null) return newer(source, future);
  if (value !== null && typeof value === 'object' && !Array.isArray(value) && value.format === EVENT_FILE_FORMAT && value.version === EVENT_VERSION) {
    return refused(source, 'invalid', 'its header must be the first line, alone (a version 3 event file is one JSON value a line)');
  }
  const r = loadLegacyEvent(parsed.value, source);
  if (!r.ok) return { ok: false, problem: r.problem as EventProblem };
  return { ok: true, event: r.event, problems: [], torn: null, end: bytes.length, lines: 0, migratedFrom: r.migratedFrom };
}

/** The version of a header line from a newer Quartermaster, else null. */
function futureVersion(header: unknown): number | null {
  if (header === null || typeof header !== 'object' || Array.isArray(header)) return null;
  const h = header as { format?: unknown; version?: unknown };
  return h.format === EVENT_FILE_FORMAT && typeof h.version === 'number' && h.version > EVENT_VERSION ? h.version : null;
}

/** The refusal of a file from a newer Quartermaster, whether its first line is a header or it is one document. */
function newer(source: string, version: number): { ok: false; problem: EventProblem } {
  return {
    ok: false,
    problem: { code: 'future-version', message: `${source}: it was saved by a newer Quartermaster (event file version ${version}); this version reads up to ${EVENT_VERSION}. Update Quartermaster to use it.`, field: 'version', version },
  };
}

function refused(source: string, code: EventProblemCode, message: string, field?: string): { ok: false; problem: EventProblem } {
  return { ok: false, problem: field === undefined ? { code, message: `${source}: ${message}` } : { code, message: `${source}: ${message}`, field } };
}

function decode(bytes: Uint8Array): string | null {
  try {
    return UTF8.decode(bytes);
  } catch {
    return null;
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
