// Real processes appending to one event file at once (node/event-log/testing/append-child.ts, run
// with `node --import tsx`): two, then four, each 300+ entries in batches of 1 to 3, desks of their
// own and two processes writing as the same desk (one desk id). Afterwards the file holds every
// acknowledged entry exactly once, every line is whole JSON, no two entries of one desk share a seq,
// each desk's seqs follow the order its process made them, and a fresh open finds no problem.
// On this machine's disk (a temp folder) and on a FAT image mounted through FUSE (fusefat).
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { tempFolder } from '../testing/temp';
import { EventLog } from './event-log';
import { deskUuid, header } from './testing/fixtures';
import { useFatImage } from './testing/fat';
import { fatUnavailable, killAll, startChild, TSX_RUNNER, type Child } from './testing/procs';
import { verifyLog } from './testing/verify';

/** Entries each process appends. */
const PER_PROCESS = 320;
/** The most a race may take before it counts as hung: generous, since the children share two cores. */
const RACE_LIMIT_MS = 240_000;

type Writer = { desk: string; deskId?: string };
const A: Writer = { desk: 'Front desk', deskId: deskUuid(1) };
const B: Writer = { desk: 'Back desk' }; // no id: one desk by its name
const C: Writer = { desk: 'Gate', deskId: deskUuid(3) };
const C2: Writer = { desk: 'Gate (second window)', deskId: deskUuid(3) }; // the same desk id as C

const SCENARIOS: { name: string; writers: Writer[] }[] = [
  { name: 'two processes, two desks', writers: [A, B] },
  { name: 'two processes, one desk id', writers: [C, C2] },
  { name: 'four processes, three desks (two share a desk id)', writers: [A, B, C, C2] },
];

let seedBase = Number(process.env.QM_TEST_SEED ?? Date.now() % 1_000_000);

afterEach(() => killAll());

/** Starts one child per writer on `file`, lets them go at once, waits until all are done; returns a summary. */
async function race(file: string, writers: Writer[], label: string) {
  await EventLog.create(file, header());
  const seed = seedBase++;
  const where = `${label} (seed ${seed}; rerun with QM_TEST_SEED=${seed})`;
  const started = Date.now();
  const children: Child[] = writers.map((w, i) =>
    startChild(TSX_RUNNER, { file, desk: w.desk, ...(w.deskId ? { deskId: w.deskId } : {}), source: 0x100 + i, count: PER_PROCESS, batchMax: 3, seed: seed * 10 + i, waitGo: true, longEvery: 50 }),
  );
  try {
    await Promise.all(children.map((c) => c.line('loaded', 60_000)));
    for (const c of children) c.proc.stdin!.write('go\n');
    const deadline = new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${where}: not done in ${RACE_LIMIT_MS} ms; acknowledged so far: ${children.map((c) => c.acks.length).join(', ')}`)), RACE_LIMIT_MS));
    await Promise.race([Promise.all(children.map((c) => c.line('done', RACE_LIMIT_MS))), deadline]);
    const exits = await Promise.all(children.map((c) => c.exited));
    expect(exits, `${where}: ${children.map((c) => c.stderr()).join('\n')}`).toEqual(children.map(() => ({ code: 0, signal: null })));
  } finally {
    await killAll();
  }
  const elapsed = Date.now() - started;
  for (const c of children) expect(c.acks.length, where).toBeGreaterThanOrEqual(PER_PROCESS);
  const verdict = await verifyLog(file, children.map((c, i) => ({ name: `process ${i} (${c.config.desk})`, acks: c.acks })), where, true);
  expect(verdict.problems).toEqual([]);
  expect(verdict.entries).toBe(children.reduce((s, c) => s + c.acks.length, 0));
  const summary = { label, seed, ms: elapsed, entries: verdict.entries, appends: children.map((c) => c.lines.filter((l) => l.startsWith('ack ')).length), busy: children.map((c) => c.busy) };
  console.log(`event log race: ${JSON.stringify(summary)}`);
  return summary;
}

describe('processes appending to one event file at once, on this disk', () => {
  let dir: string;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    ({ dir, cleanup } = await tempFolder('qm-event-race-'));
  });
  afterAll(async () => {
    await killAll();
    await cleanup?.();
  });

  SCENARIOS.forEach(({ name, writers }, i) => {
    it(name, async () => {
      await race(join(dir, `race-${i}.event.json`), writers, `disk: ${name}`);
    }, RACE_LIMIT_MS + 60_000);
  });
});

const unavailable = fatUnavailable();
if (unavailable) console.log(`event log races on FAT skipped: ${unavailable}`);

describe.skipIf(unavailable !== null)('processes appending to one event file at once, on a FAT image', () => {
  const fat = useFatImage('qm-event-race-fat-', killAll);

  SCENARIOS.forEach(({ name, writers }, i) => {
    it(name, async () => {
      const folder = join(fat.dir(), `race-${i}`);
      await mkdir(folder);
      await race(join(folder, 'Autumn Muster.event.json'), writers, `FAT: ${name}`);
    }, RACE_LIMIT_MS + 60_000);
  });
});
