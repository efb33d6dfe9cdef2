// Reading an event file from disk in pieces (core/desk/event-load.ts reads the lines): a season's
// ledger of a million entries is a quarter of a gigabyte, so the file is never held whole, only a
// few megabytes of it at a time, each piece cut at its last newline.
import { promises as fsp } from 'node:fs';
import type { LedgerEntry } from '../../core/desk/entries';
import type { DeskEvent } from '../../core/desk/event';
import { MAX_ENTRY_CHARS } from '../../core/desk/event-format';
import { loadLegacyBytes, readEntryLines, readHeader, type LineProblem, type TornTail } from '../../core/desk/event-load';
import { MAX_EVENT_FILE_BYTES } from '../../core/format/limits';
import { EventLogError } from './errors';

/** How much of the file is read at a time. */
const PIECE_BYTES = 8 * 1024 * 1024;

export type LogRead = {
  /** The event, its entries in the order the file holds them (not yet in ledger order). */
  event: DeskEvent;
  problems: LineProblem[];
  torn: TornTail | null;
  /** Bytes of whole lines. */
  end: number;
  /** Whole lines read, the header's included (0 for a version 1 or 2 document). */
  lines: number;
  /** What identifies the file read: its inode and its header line's bytes. */
  mark: { ino: number; header: Uint8Array };
  /** Set when the file is a version 1 or 2 document (nothing was written). */
  migratedFrom?: number;
};

/** Reads an event file; a file whose header cannot be read is an EventLogError naming the file and field. */
export async function readLog(path: string): Promise<LogRead> {
  const fh = await fsp.open(path, 'r');
  try {
    const info = await fh.stat();
    const start = Buffer.alloc(Math.min(info.size, 4 * MAX_ENTRY_CHARS + 1));
    const first = start.subarray(0, (await fh.read(start, 0, start.length, 0)).bytesRead);
    const head = readHeader(first, path);
    if (head.ok === 'legacy') {
      if (info.size > MAX_EVENT_FILE_BYTES) throw new EventLogError(`${path}: it is not an event file of this version, and at ${Math.round(info.size / 2 ** 20)} MB too large to be one of an older version`);
      const loaded = loadLegacyBytes(await fh.readFile(), path);
      if (!loaded.ok) throw new EventLogError(loaded.problem.message, loaded.problem.field);
      return { event: loaded.event, problems: [], torn: null, end: info.size, lines: 0, mark: { ino: info.ino, header: new Uint8Array() }, migratedFrom: loaded.migratedFrom ?? 2 };
    }
    if (!head.ok) throw new EventLogError(head.problem.message, head.problem.field);
    const entries: LedgerEntry[] = [];
    const problems: LineProblem[] = [];
    const known = new Map<string, LedgerEntry>();
    let position = head.end;
    let line = 2;
    let carry: Buffer = Buffer.alloc(0);
    let torn: TornTail | null = null;
    while (position < info.size) {
      const piece = Buffer.alloc(Math.min(PIECE_BYTES, info.size - position));
      const { bytesRead } = await fh.read(piece, 0, piece.length, position);
      if (bytesRead === 0) break;
      position += bytesRead;
      const bytes = carry.length > 0 ? Buffer.concat([carry, piece.subarray(0, bytesRead)]) : piece.subarray(0, bytesRead);
      const read = readEntryLines(bytes, path, line, (id) => known.get(id));
      for (const e of read.entries) {
        known.set(e.id, e);
        entries.push(e);
      }
      problems.push(...read.problems);
      line += read.lines;
      carry = bytes.subarray(read.end);
      torn = read.torn;
      // A line longer than a piece is read whole with the next piece (it is refused for its length).
    }
    const end = info.size - carry.length;
    return { event: { ...head.header, entries }, problems, torn: carry.length > 0 ? torn : null, end, lines: line - 1, mark: { ino: info.ino, header: new Uint8Array(first.subarray(0, head.end)) } };
  } finally {
    await fh.close();
  }
}
