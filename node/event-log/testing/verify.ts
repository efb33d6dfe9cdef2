// What must hold of an event file after processes appended to it (and perhaps were killed): the
// checks node/event-log/concurrency.test.ts and crash.test.ts share (test support, not shipped).
import { readFile } from 'node:fs/promises';
import { EventLog } from '../event-log';
import { duplicateIds, sharedSeqs, strictRead } from './fixtures';
import type { Ack } from './procs';

export type Run = { name: string; acks: readonly Ack[] };

export type Verdict = { entries: number; bytes: number; /** What trails the last newline. */ tailText: string; problems: string[] };

/**
 * Checks the file against what the runs acknowledged; returns the failures (empty when all hold).
 * - every whole line is an entry (JSON the schema accepts), no id on two lines;
 * - every acknowledged entry is there exactly as acknowledged (seq and time);
 * - `exact` (nobody was killed): nothing else is there and nothing trails the last line;
 * - no two entries of one desk share a seq; each run's seqs rise in the order it made them, and
 *   each desk's times never go back as its seqs rise;
 * - a fresh EventLog opens it with no problems, holding every entry, and sees the same tail.
 */
export async function verifyLog(file: string, runs: readonly Run[], where: string, exact: boolean): Promise<Verdict> {
  const failures: string[] = [];
  const fail = (what: string) => failures.push(`${where}: ${what}`);
  const bytes = new Uint8Array(await readFile(file));
  let read;
  try {
    read = strictRead(bytes, file);
  } catch (e) {
    return { entries: 0, bytes: bytes.length, tailText: '', problems: [`${where}: ${(e as Error).message}`] };
  }
  const byId = new Map(read.entries.map((e) => [e.id, e]));
  for (const id of duplicateIds(read.entries)) fail(`entry ${id} is on more than one line`);
  const acked = new Set<string>();
  for (const run of runs) {
    let lastSeq = 0;
    for (const a of run.acks) {
      acked.add(a.id);
      const e = byId.get(a.id);
      if (!e) fail(`${run.name}: acknowledged entry ${a.id} (seq ${a.seq}) is not in the file`);
      else if (e.seq !== a.seq || e.at !== a.at) fail(`${run.name}: entry ${a.id} was acknowledged as seq ${a.seq} at ${a.at}, the file has seq ${e.seq} at ${e.at}`);
      if (!(a.seq > lastSeq)) fail(`${run.name}: entry ${a.id} has seq ${a.seq} after seq ${lastSeq} (made later, numbered lower)`);
      lastSeq = a.seq;
    }
  }
  if (exact) {
    for (const e of read.entries) if (!acked.has(e.id)) fail(`entry ${e.id} is in the file but was never acknowledged`);
    if (read.tail !== '') fail(`${read.tail.length} bytes trail the last line: ${JSON.stringify(read.tail.slice(0, 100))}`);
  }
  for (const p of sharedSeqs(read.entries)) fail(p);
  // One desk's entries in seq order never go back in time.
  const desks = new Map<string, { seq: number; at: number; id: string }[]>();
  for (const e of read.entries) {
    const key = e.deskId ? `id:${e.deskId}` : `name:${e.desk}`;
    desks.set(key, [...(desks.get(key) ?? []), { seq: e.seq ?? 0, at: Date.parse(e.at), id: e.id }]);
  }
  for (const [key, list] of desks) {
    list.sort((a, b) => a.seq - b.seq);
    for (let i = 1; i < list.length; i++) if (list[i]!.at < list[i - 1]!.at) fail(`${key}: entry ${list[i]!.id} (seq ${list[i]!.seq}) is earlier than seq ${list[i - 1]!.seq}`);
  }
  let log: EventLog;
  try {
    log = await EventLog.open(file);
  } catch (e) {
    fail(`a fresh EventLog does not open the file: ${(e as Error).message}`);
    return { entries: read.entries.length, bytes: bytes.length, tailText: read.tail, problems: failures };
  }
  for (const p of log.problems) fail(`a fresh open lists a problem: line ${p.line}: ${p.message}`);
  if (log.ledger.size !== read.entries.length) fail(`a fresh open holds ${log.ledger.size} entries, the file ${read.entries.length}`);
  for (const id of acked) if (!log.ledger.get(id)) fail(`a fresh open lacks acknowledged entry ${id}`);
  if ((log.torn === null) !== (read.tail === '')) fail(`a fresh open says torn ${JSON.stringify(log.torn)}, but ${read.tail.length} bytes trail the last line`);
  return { entries: read.entries.length, bytes: bytes.length, tailText: read.tail, problems: failures };
}
