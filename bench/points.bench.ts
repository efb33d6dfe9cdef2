// `npm run bench:points`: "Close the event" for 20,000 Curious Pastimes characters checked in.
//
// State measured: an event file whose ledger holds one check-in per character (BENCH_CHARACTERS,
// default 20,000), opened by the desk; every character file read, each with a points record of one
// earlier event this year (so each award is the second of the year: 1 point) and none of this one.
// Measured, each from a fresh copy of the event file:
//   - award: core/season/points-desk.ts awardEntries over every character (the ledger folded
//     afresh, each one's award worked out from its pack and record) and the 20,000 award entries
//     appended to the event file through node/event-log/ (validated, locked, written, fdatasync'd);
//   - settle: the files' points records made from the ledger in memory (settlePoints), not written;
// baseline in the same run: folding the same ledger without awarding (foldEvent on a fresh copy of
// the event). Medians of BENCH_ROUNDS (5) rounds, interleaved. Target: award <= 2 s.
// Not measured: writing the 20,000 character files (a backup and an atomic write each), which is
// the file system's cost, the same as any settling of the folder.
import { randomUUID } from 'node:crypto';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkIn } from '../core/desk/checkin';
import { newEvent, type DeskEvent } from '../core/desk/event';
import { serializeEvent } from '../core/desk/event-load';
import { foldEvent } from '../core/desk/fold';
import { example, fakeId, stampAt } from '../core/desk/testing';
import type { Character } from '../core/model/character';
import { awardEntries, settlePoints } from '../core/season/points-desk';
import { builtinPackOf } from '../core/season/points-record';
import { withEntries } from '../core/desk/ledger';
import { EventLog } from '../node/event-log/event-log';
// @ts-expect-error: a plain JavaScript helper without types
import { median, ms } from './stats.mjs';

const N = Number(process.env.BENCH_CHARACTERS ?? 20_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const EVENT_ID = '3a1c2b4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';

const base = example('brannoc');
const characters: Character[] = Array.from({ length: N }, (_, i) => ({
  ...structuredClone(base),
  id: fakeId(i + 1),
  points: [
    { at: '2026-01-01', kind: 'start', points: 20, why: 'Starting points' },
    { at: '2026-03-08T22:00:00+00:00', kind: 'award', points: 5, why: 'First main event in a year', eventId: fakeId(10_000_000), eventDate: '2026-03-06', rule: 'first-main-event' },
  ],
}));
let event: DeskEvent = newEvent({ name: 'Summer Gathering', game: 'curious-pastimes', start: '2026-06-05', id: EVENT_ID });
const stamp = stampAt('2026-06-05T18:00:00+01:00');
const ins = characters.map((c) => checkIn(event, c.id, stamp).entries[0]!);
event = withEntries(event, ins, {}).event;

const dir = mkdtempSync(join(tmpdir(), 'qm-bench-points-'));
const master = join(dir, 'master.event.json');
writeFileSync(master, serializeEvent(event));
let round = 0;
// The desk's own ids (random UUIDs), as the app and the command line make them.
const closeStamp = { ...stampAt('2026-06-07T17:00:00+01:00'), newId: randomUUID };

const closed = withEntries(event, awardEntries(event, characters, builtinPackOf, closeStamp).entries, {}).event;
const appendTimes: number[] = [];
const runs = {
  baseline: async () => {
    const t0 = performance.now();
    foldEvent({ ...event });
    return performance.now() - t0;
  },
  award: async () => {
    const path = join(dir, `round-${round++}.event.json`);
    copyFileSync(master, path);
    // Opening the file is the desk's state before the close, not the close: left out of the time.
    const log = await EventLog.open(path, { folder: dir });
    const t0 = performance.now();
    const { entries } = awardEntries({ ...log.event }, characters, builtinPackOf, closeStamp);
    const t1 = performance.now();
    await log.append(entries);
    const took = performance.now() - t0;
    appendTimes.push(performance.now() - t1);
    if (entries.length !== N) throw new Error(`expected ${N} awards, got ${entries.length}`);
    return took;
  },
  settle: async () => {
    const t0 = performance.now();
    for (const c of characters) settlePoints(c, closed);
    return performance.now() - t0;
  },
};
try {
  const all: Record<keyof typeof runs, number[]> = { baseline: [], award: [], settle: [] };
  for (const fn of Object.values(runs)) await fn();
  for (let r = 0; r < ROUNDS; r++) for (const [name, fn] of Object.entries(runs)) all[name as keyof typeof runs].push(await fn());
  const times = { baseline: median(all.baseline), award: median(all.award), settle: median(all.settle) };
  console.log(`bench:points — ${N.toLocaleString('en')} characters checked in, medians of ${ROUNDS} rounds`);
  console.log(`  baseline: fold the ledger        ${ms(times.baseline)}`);
  console.log(`  award (entries + append, synced) ${ms(times.award)}  (${(times.award / times.baseline).toFixed(1)}× the fold; target <= 2,000 ms)`);
  console.log(`    of which the append               ${ms(median(appendTimes))}`);
  console.log(`  settle records in memory         ${ms(times.settle)}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
