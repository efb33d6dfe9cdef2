// `npm run bench:ledger`: what one append costs through the event log service (node/event-log/, the
// main process's one write path) as the ledger grows, at 1,000 / 10,000 / 100,000 / 1,000,000 entries
// already in the event file (a check-in, a note and a check-out per character, 2,000 characters,
// several desks), and what opening that file costs. Each size runs in a fresh process.
//
// State measured: the event file already holds N entries and is open (the desk late on Sunday);
// each append is one check-in made now, written, synced and answered.
// Baselines, in the same process: an append is compared with the least the same work can be — open
// the file for appending, write the line, fdatasync, close; opening with reading the file and
// JSON.parse of every line (no validation, no fold). Figures are medians over BENCH_APPENDS appends.
// Targets: an append <= 5 ms at 1,000 and at 1,000,000 entries; memory reported, not asserted.
//   BENCH_SIZES (1000,10000,100000,1000000), BENCH_APPENDS (200).
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { closeSync, fdatasyncSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const SIZES = (process.env.BENCH_SIZES ?? '1000,10000,100000,1000000').split(',').map(Number);
const APPENDS = Number(process.env.BENCH_APPENDS ?? 200);

type Result = { size: number; openMs: number; parseMs: number; appendMedian: number; appendP95: number; baseMedian: number; baseP95: number; rssAfterOpen: number; peakRss: number; fileMB: number };

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.95))]!;

/** A version 3 event file of `n` entries, written line by line (a million entries is ~230 MB). */
function writeLedger(path: string, n: number): void {
  const header = { format: 'quartermaster-event', version: 3, id: randomUUID(), name: 'Bench Season', game: 'curious-pastimes', dates: { start: '2026-01-01', end: '2026-12-31' } };
  const characters = Array.from({ length: 2000 }, () => randomUUID());
  const desks = Array.from({ length: 5 }, (_, i) => ({ desk: `Desk ${i + 1}`, deskId: randomUUID(), seq: 0 }));
  const fd = openSync(path, 'w');
  let chunk = `${JSON.stringify(header)}\n`;
  const start = Date.parse('2026-01-01T08:00:00Z');
  for (let i = 0; i < n; i++) {
    const d = desks[i % desks.length]!;
    const kind = (['check-in', 'note', 'check-out'] as const)[i % 3]!;
    const e = { id: randomUUID(), at: new Date(start + i * 1000).toISOString(), desk: d.desk, deskId: d.deskId, kind, character: characters[Math.floor(i / 3) % characters.length], seq: ++d.seq, ...(kind === 'note' ? { text: 'kit checked at the gate' } : {}) };
    chunk += `${JSON.stringify(e)}\n`;
    if (chunk.length > 1 << 20) {
      writeSync(fd, chunk);
      chunk = '';
    }
  }
  writeSync(fd, chunk);
  closeSync(fd);
}

async function child(size: number): Promise<Result> {
  const { EventLog } = await import('../node/event-log/event-log');
  const dir = mkdtempSync(join(tmpdir(), 'qm-bench-ledger-'));
  try {
    const path = join(dir, 'Bench Season.event.json');
    writeLedger(path, size);
    const fileMB = readFileSync(path).length / 2 ** 20;
    // Baseline of opening: read the file and parse every line.
    let t = performance.now();
    const text = readFileSync(path, 'utf8');
    let lines = 0;
    for (const line of text.split('\n')) if (line) JSON.parse(line), lines++;
    const parseMs = performance.now() - t;
    void lines;
    t = performance.now();
    const log = await EventLog.open(path);
    const openMs = performance.now() - t;
    global.gc?.();
    const rssAfterOpen = process.memoryUsage().rss;
    const desk = { desk: 'Front desk', deskId: randomUUID() };
    const character = randomUUID();
    const times: number[] = [];
    const base: number[] = [];
    const basePath = join(dir, 'baseline.log');
    writeFileSync(basePath, '');
    for (let i = 0; i < APPENDS; i++) {
      const entry = { id: randomUUID(), at: new Date(Date.parse('2026-12-31T10:00:00Z') + i * 1000).toISOString(), ...desk, kind: i % 2 === 0 ? 'check-in' : 'check-out', character } as const;
      let s = performance.now();
      await log.append([entry]);
      times.push(performance.now() - s);
      // The least an append can be: open, write the line, fdatasync, close.
      s = performance.now();
      const fd = openSync(basePath, 'a');
      writeSync(fd, `${JSON.stringify({ ...entry, seq: i + 1 })}\n`);
      fdatasyncSync(fd);
      closeSync(fd);
      base.push(performance.now() - s);
    }
    return { size, openMs, parseMs, appendMedian: median(times), appendP95: p95(times), baseMedian: median(base), baseP95: p95(base), rssAfterOpen, peakRss: process.resourceUsage().maxRSS * 1024, fileMB };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const mine = fileURLToPath(import.meta.url);
if (process.argv[2] === '--size') {
  process.stdout.write(`${JSON.stringify(await child(Number(process.argv[3])))}\n`);
} else {
  const ms = (x: number) => `${x.toFixed(2)} ms`;
  const mb = (x: number) => `${(x / 2 ** 20).toFixed(0)} MB`;
  console.log(`bench:ledger — one check-in appended through the event log service, ${APPENDS} appends per size, the event file already holding N entries (2,000 characters, 5 desks)`);
  for (const size of SIZES) {
    const run = spawnSync(process.execPath, ['--expose-gc', '--max-old-space-size=8192', '--import', 'tsx', mine, '--size', String(size)], { encoding: 'utf8', maxBuffer: 1 << 20 });
    if (run.status !== 0) {
      console.log(`  ${size}: failed\n${run.stderr}`);
      continue;
    }
    const r = JSON.parse(run.stdout.trim().split('\n').pop()!) as Result;
    console.log(
      `  ${String(size).padStart(9)} entries (${r.fileMB.toFixed(0)} MB): append median ${ms(r.appendMedian)} (p95 ${ms(r.appendP95)}), bare append+fdatasync ${ms(r.baseMedian)} (p95 ${ms(r.baseP95)}), ratio ${(r.appendMedian / r.baseMedian).toFixed(2)}; ` +
        `open ${ms(r.openMs)} against read+parse ${ms(r.parseMs)} (${(r.openMs / r.parseMs).toFixed(2)}x); RSS after open ${mb(r.rssAfterOpen)}, peak ${mb(r.peakRss)}`,
    );
  }
}
