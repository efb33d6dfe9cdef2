// `npm run bench:sync`: three desks and a hub (all in this process, over HTTPS on 127.0.0.1),
// 2,000 characters, an event whose ledger already holds BENCH_LEDGER entries (default 6,000: a
// check-in, a note and a check-out per character, a Saturday morning), then 600 check-ins and 200
// reprints spread over BENCH_SECONDS (default 60 s; BENCH_SECONDS=20 compresses it threefold, same
// number of writes), each appended to a desk's event file as the app does. Reported: replication lag
// from a write at one desk to its arrival at each other desk (median and p95), against a baseline
// of the same documents replicated by bare PouchDB (express-pouchdb over HTTPS, no secret, no
// checks, no file mirror, the same batch size) in the same run; catch-up of 1,000 entries written while apart (an hour
// of desk work); memory per desk. Targets: median <= 1 s, p95 <= 3 s, catch-up <= 5 s.
//   BENCH_CHARACTERS (2000), BENCH_LEDGER (6000), BENCH_CHECKINS (600), BENCH_REPRINTS (200), BENCH_SECONDS (60), BENCH_APART (1000).
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import expressPouchDB from 'express-pouchdb';
import { sampleBatch } from '../core/pdf/sample-characters';
import { hubIdentity } from '../node/sync/hub-identity';
import { parseJoinCode } from '../node/sync/join-code';
import { eventFileText, type LedgerEntry } from '../node/sync/ledger-api';
import { PouchDB, pouchIn } from '../node/sync/pouch';
import { PinnedAgent } from '../node/sync/remote';
import { BATCH_SIZE } from '../node/sync/replicate';
import { DeskSession } from '../node/sync/session';
import { entry } from '../node/sync/testing/helpers';

// PouchDB's HTTP replication can leave a rejected request unhandled when a connection resets;
// it retries by itself, so that is noted rather than allowed to end the run.
let unhandled = 0;
process.on('unhandledRejection', () => void unhandled++);
const N = Number(process.env.BENCH_CHARACTERS ?? 2000);
const CHECKINS = Number(process.env.BENCH_CHECKINS ?? 600);
const REPRINTS = Number(process.env.BENCH_REPRINTS ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const APART = Number(process.env.BENCH_APART ?? 1000);
const LEDGER = Number(process.env.BENCH_LEDGER ?? 6000);

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? NaN;
};
const f = (x: number) => `${x.toFixed(0)} ms`;
const mb = (x: number) => `${(x / 1048576).toFixed(0)} MB`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const root = await mkdtemp(join(tmpdir(), 'qm-bench-sync-'));
const eventId = randomUUID();
const characters = sampleBatch(N).map((c) => ({ ...c, id: randomUUID() }));
const header = { format: 'quartermaster-event', version: 3, id: eventId, name: 'Bench Muster', game: 'fortunes-landing', dates: { start: '2026-10-02', end: '2026-10-04' } } as const;

let clock = Date.parse('2026-10-02T09:00:00Z');
const entryAt = (kind: 'check-in' | 'printed', desk: string, at = new Date((clock += 1000)).toISOString()): LedgerEntry => {
  const c = characters[Math.floor(Math.random() * characters.length)]!;
  return { ...entry(kind, c.id, desk), at };
};

/** The write schedule: CHECKINS + REPRINTS entries at random desks, evenly over SECONDS. */
const schedule = () => {
  const kinds: ('check-in' | 'printed')[] = [...Array<'check-in'>(CHECKINS).fill('check-in'), ...Array<'printed'>(REPRINTS).fill('printed')].sort(() => Math.random() - 0.5);
  return kinds.map((kind, i) => ({ at: (i * SECONDS * 1000) / kinds.length, desk: i % 3, kind }));
};

/** Records arrival times of entry documents at each desk database. */
function watchArrivals(dbs: PouchDatabase[]) {
  const arrived = dbs.map(() => new Map<string, number>());
  const feeds = dbs.map((db, i) => {
    const feed = db.changes({ live: true, since: 'now' });
    feed.on('change', (c: { id: string }) => {
      if (c.id.startsWith('entry:') && !arrived[i]!.has(c.id)) arrived[i]!.set(c.id, performance.now());
    });
    return feed;
  });
  return { arrived, stop: () => feeds.forEach((fd) => fd.cancel()) };
}

async function runSchedule(write: (desk: number, e: LedgerEntry) => Promise<void>, dbs: PouchDatabase[]) {
  const { arrived, stop } = watchArrivals(dbs);
  const written: { id: string; desk: number; t: number }[] = [];
  const start = performance.now();
  for (const step of schedule()) {
    const wait = start + step.at - performance.now();
    if (wait > 0) await sleep(wait);
    const e = entryAt(step.kind, `D${step.desk}`);
    const t = performance.now();
    await write(step.desk, e);
    written.push({ id: `entry:${e.id}`, desk: step.desk, t });
  }
  const all = () => written.every((w) => dbs.every((_, i) => i === w.desk || arrived[i]!.has(w.id)));
  const deadline = performance.now() + 60_000;
  while (!all() && performance.now() < deadline) await sleep(50);
  stop();
  const lags: number[] = [];
  let missing = 0;
  for (const w of written) for (let i = 0; i < dbs.length; i++) if (i !== w.desk) {
    const a = arrived[i]!.get(w.id);
    if (a === undefined) missing++;
    else lags.push(a - w.t);
  }
  return { lags, missing };
}

/** Stalls seen (a replication that never delivered), printed with the figures. */
const stalls: string[] = [];

/** Time until `check` holds; after `limitMs`, NaN, and the stall is reported with the document counts. */
async function timeUntil(check: () => Promise<boolean>, what: string, counts: () => Promise<number[]>, limitMs = 120_000) {
  const t0 = performance.now();
  while (!(await check())) {
    if (performance.now() - t0 > limitMs) {
      stalls.push(`${what}: not done after ${limitMs / 1000} s (document counts ${(await counts()).join(', ')})`);
      return NaN;
    }
    await sleep(25);
  }
  return performance.now() - t0;
}
const countsOf = (dbs: PouchDatabase[]) => async () => (await Promise.all(dbs.map((d) => d.info()))).map((i) => i.doc_count);

// ---- Quartermaster: hub + three desks -----------------------------------------------------------
const hubFolder = join(root, 'hub');
await mkdir(hubFolder);
for (const c of characters) await writeFile(join(hubFolder, `${c.name.replace(/[^\p{L}\p{N} ]/gu, '')} ${c.id.slice(0, 4)}.character.json`), `${JSON.stringify(c, null, 2)}\n`);
// The ledger so far: a check-in, a note and a check-out per character, a second apart, before the schedule's first write.
const earlier = Date.parse('2026-10-02T06:00:00Z');
const ledger = Array.from({ length: LEDGER }, (_, i): LedgerEntry => {
  const c = characters[Math.floor(i / 3) % characters.length]!;
  const kind = (['check-in', 'note', 'check-out'] as const)[i % 3]!;
  return { ...entry(kind, c.id, 'Gate', kind === 'note' ? { text: 'kit checked' } : {}), at: new Date(earlier + i * 1000).toISOString() };
});
await writeFile(join(hubFolder, 'Bench Muster.event.json'), eventFileText({ ...header, entries: ledger }));
const mem0 = process.memoryUsage();
const hub = await DeskSession.open({ folder: hubFolder }, eventId);
const code = parseJoinCode(await hub.serve('127.0.0.1', 0));
const target = { kind: 'hub' as const, code };
const desks: DeskSession[] = [];
for (const i of [0, 1, 2]) {
  await mkdir(join(root, `desk${i}`));
  desks.push(await DeskSession.open({ folder: join(root, `desk${i}`), link: { backoffMs: 200, maxBackoffMs: 2000, heartbeatMs: 1000 } }, eventId));
}
const memOpen = process.memoryUsage();
const tJoin = performance.now();
desks.forEach((d) => d.join(target));
await timeUntil(async () => (await Promise.all(desks.map((d) => d.store.db.info()))).every((i) => i.doc_count >= N + 1 + LEDGER), 'first join', countsOf(desks.map((d) => d.store.db)));
const joinMs = performance.now() - tJoin;
const tFiles = performance.now();
await Promise.all(desks.map((d) => d.pass()));
const filesMs = performance.now() - tFiles;

console.error(`joined in ${f(joinMs)}, files ${f(filesMs)}`);
const qm = await runSchedule((desk, e) => desks[desk]!.record([e]).then(() => undefined), desks.map((d) => d.store.db));

console.error(`schedule done`);
// An hour apart: every link cut, APART entries written across the three desks, then healed.
for (const d of desks) await d.link!.stop();
const before = (await desks[0]!.store.db.info()).doc_count;
const hourStart = Date.parse('2026-10-03T14:00:00Z');
for (let k = 0; k < APART; k++) await desks[k % 3]!.record([entryAt('check-in', `D${k % 3}`, new Date(hourStart + (k * 3600_000) / APART).toISOString())]);
const expectedDocs = before + APART;
const tHeal = performance.now();
desks.forEach((d) => d.join(target));
const catchUpMs = await timeUntil(async () => (await Promise.all(desks.map((d) => d.store.db.info()))).every((i) => i.doc_count >= expectedDocs), `catch-up to ${expectedDocs} documents`, countsOf(desks.map((d) => d.store.db)));
void tHeal;
console.error(`catch-up ${f(catchUpMs)}`);
const memEnd = process.memoryUsage();
await Promise.all(desks.map((d) => d.close()));
await hub.close();

// ---- Baseline: bare PouchDB, the same documents ------------------------------------------------
const baseFolder = join(root, 'baseline');
await mkdir(baseFolder, { recursive: true });
const identity = await hubIdentity(baseFolder, 'base', ['127.0.0.1']);
const BasePouch = pouchIn(join(baseFolder, 'server'));
const app = expressPouchDB(BasePouch, { mode: 'minimumForPouchDB' });
const server = createServer({ key: identity.key, cert: identity.cert }, (req, res) => app(req, res, () => res.end()));
await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
const port = (server.address() as AddressInfo).port;
const seed = new BasePouch('bench');
await seed.bulkDocs([{ _id: 'header', kind: 'header', event: header }, ...characters.map((c) => ({ _id: `character:${c.id}`, kind: 'character', file: `${c.name}.character.json`, character: c })), ...ledger.map((e) => ({ _id: `entry:${e.id}`, kind: 'entry', entry: e }))]);
const agent = new PinnedAgent(identity.fingerprint);
const remote = () => new PouchDB(`https://127.0.0.1:${port}/bench`, { fetch: (u: string, o: Record<string, unknown>) => PouchDB.fetch(u, { ...o, agent }) });
// The desks' own retry schedule (PouchDB's default backs off for up to ten minutes).
const backOff = (delay: number) => (delay === 0 ? 200 : Math.min(2000, delay * 2));
const bases = [0, 1, 2].map((i) => new PouchDB(join(baseFolder, `desk${i}`)));
const syncs = bases.map((db) => db.sync(remote(), { live: true, retry: true, batch_size: BATCH_SIZE, back_off_function: backOff }));
await timeUntil(async () => (await Promise.all(bases.map((d) => d.info()))).every((i) => i.doc_count >= N + 1 + LEDGER), 'baseline first join', countsOf(bases));
console.error('baseline joined');
const base = await runSchedule((desk, e) => bases[desk]!.put({ _id: `entry:${e.id}`, kind: 'entry', entry: e }).then(() => undefined), bases);
syncs.forEach((s) => s.cancel());
const baseBefore = (await bases[0]!.info()).doc_count;
for (let k = 0; k < APART; k++) {
  const e = entryAt('check-in', `D${k % 3}`, new Date(hourStart + (k * 3600_000) / APART).toISOString());
  await bases[k % 3]!.put({ _id: `entry:${e.id}`, kind: 'entry', entry: e });
}
const baseExpected = baseBefore + APART;
console.error('baseline schedule done');
const baseSyncs = bases.map((db) => db.sync(remote(), { live: true, retry: true, batch_size: BATCH_SIZE, back_off_function: backOff }));
const baseCatchUpMs = await timeUntil(async () => (await Promise.all(bases.map((d) => d.info()))).every((i) => i.doc_count >= baseExpected), `baseline catch-up to ${baseExpected} documents`, countsOf(bases));
baseSyncs.forEach((s) => s.cancel());
await Promise.all(bases.map((d) => d.close()));
agent.destroy();
server.closeAllConnections();
server.close();
await rm(root, { recursive: true, force: true });

const med = quantile(qm.lags, 0.5);
const p95 = quantile(qm.lags, 0.95);
const bmed = quantile(base.lags, 0.5);
const bp95 = quantile(base.lags, 0.95);
console.log(`bench:sync — ${N} characters, a ledger of ${LEDGER} entries, then ${CHECKINS} check-ins + ${REPRINTS} reprints over ${SECONDS} s, three desks + hub over HTTPS on 127.0.0.1`);
console.log(`  first join: ${N} characters and ${LEDGER} entries to three desks in ${f(joinMs)}, their files written in ${f(filesMs)}`);
console.log(`  lag, write at one desk to arrival at each other (${qm.lags.length} arrivals, ${qm.missing} missing): median ${f(med)}, p95 ${f(p95)}  (target <= 1000 / <= 3000)`);
console.log(`  bare PouchDB baseline, same documents (${base.lags.length} arrivals, ${base.missing} missing): median ${f(bmed)}, p95 ${f(bp95)}; ratio median ${(med / bmed).toFixed(2)}, p95 ${(p95 / bp95).toFixed(2)}`);
console.log(`  catch-up after an hour apart (${APART} entries): ${f(catchUpMs)} (target <= 5000); baseline ${f(baseCatchUpMs)}; ratio ${(catchUpMs / baseCatchUpMs).toFixed(2)}`);
for (const s of stalls) console.log(`  STALLED ${s}`);
if (unhandled) console.log(`  (${unhandled} unhandled network rejections inside PouchDB were retried)`);
console.log(`  memory: heap per desk ~${mb((memOpen.heapUsed - mem0.heapUsed) / 4)} after opening, ${mb((memEnd.heapUsed - mem0.heapUsed) / 4)} after the run (hub and three desks in one process: RSS ${mb(memEnd.rss)})`);
