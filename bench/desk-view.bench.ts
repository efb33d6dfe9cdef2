// `npm run bench:desk-view`: the Event Desk view in Chromium through the e2e harness (built renderer,
// real main-process handlers, IPC carried as one serialised value as Electron does: see
// bench/ipc-transport.bench.ts), on generated event folders whose event file already holds a ledger
// (the state a desk is in: by default 2,000 characters with 6,000 entries — a check-in, a note and a
// check-out each, a Saturday morning — and 20,000 characters with 1,000 and with 100,000 entries),
// against a baseline measured in the same run: Node reading + JSON.parsing the same files (the
// characters and every line of the event file), plus Chromium painting a static table of the same
// rows (the same words in every cell, no script).
//   first rows:  click "Open event folder…" → the first character row painted
//   all rows:    … → the last row painted after jumping to the end of the table (every row reachable)
//   scroll:      frame times while scrolling the table 200 px a frame (p95)
//   check-in:    click "Check in" → appended to the event file and synced, its row and the totals
//                updated and painted (median)
//   memory:      the page's JS heap and DOM nodes after GC with the desk open; and across open/close
//                cycles of the desk (BENCH_CYCLES, default 100, at the smaller size)
// Each round starts a fresh harness (a fresh main process: nothing cached). Timings are wall clock
// in the page. Env: BENCH_CASES=2000:6000,20000:1000,20000:100000 (characters:entries)
// BENCH_ROUNDS=3  BENCH_CYCLES=100.
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { startHarness, type Harness } from '../e2e/harness';
// @ts-expect-error plain JavaScript helper
import { generate } from './generate.mjs';
// @ts-expect-error plain JavaScript helper
import { median, ms } from './stats.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const CASES = (process.env.BENCH_CASES ?? '2000:6000,20000:1000,20000:100000').split(',').map((c) => {
  const [characters, entries] = c.split(':').map(Number);
  return { characters: characters!, entries: entries ?? 0 };
});
const SIZES = CASES.map((c) => c.characters);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CYCLES = Number(process.env.BENCH_CYCLES ?? 100);
// The open/close cycles run at the smallest size unless BENCH_CYCLE_SIZE names another (20000: the
// renderer's peak memory with the largest desk); BENCH_ROUNDS=0 runs only the cycles.
const CYCLE_SIZE = Number(process.env.BENCH_CYCLE_SIZE ?? Math.min(...SIZES));
// BENCH_IPC_ONLY=1: each cycle only calls the desk's IPC method from the page (loadEventFolder, the
// same answer as opening the desk), drawing nothing: the harness transport's own memory.
const IPC_ONLY = process.env.BENCH_IPC_ONLY === '1';

type Round = { first: number; all: number; answered: number; staticP95: number; scrollP95: number; scrollMax: number; checkIn: number[]; heapMB: number; nodes: number };

/**
 * An event folder of `n` characters whose event file holds `entries` entries: for each character
 * in turn a check-in, a note and a check-out, a second apart, at two desks.
 */
function eventFolder(n: number, entries: number): string {
  const dir = join(root, `bench/.work/desk-view-${n}-${entries}`);
  generate(dir, n);
  const ids = readdirSync(dir)
    .filter((f) => f.endsWith('.character.json'))
    .map((f) => (JSON.parse(readFileSync(join(dir, f), 'utf8')) as { id: string }).id.toLowerCase());
  const desks = [
    { desk: 'Gate', deskId: randomUUID(), seq: 0 },
    { desk: 'Tavern', deskId: randomUUID(), seq: 0 },
  ];
  const start = Date.parse('2026-10-02T08:00:00Z');
  // The event is on today: the desk is at work during it (a date outside would add a warning to every check-in).
  const today = new Date().toISOString().slice(0, 10);
  const lines = [JSON.stringify({ format: 'quartermaster-event', version: 3, id: randomUUID(), name: 'Bench', game: 'fortunes-landing', dates: { start: today, end: today } })];
  for (let i = 0; i < entries; i++) {
    const d = desks[Math.floor(i / 3) % 2]!;
    const kind = (['check-in', 'note', 'check-out'] as const)[i % 3]!;
    lines.push(JSON.stringify({ id: randomUUID(), at: new Date(start + i * 1000).toISOString(), desk: d.desk, deskId: d.deskId, seq: ++d.seq, kind, character: ids[Math.floor(i / 3) % ids.length], ...(kind === 'note' ? { text: 'kit checked at the gate' } : {}) }));
  }
  writeFileSync(join(dir, 'Bench.event.json'), `${lines.join('\n')}\n`);
  return dir;
}

/** The baseline's Node half: read and parse every character file and every line of the event file. */
function readAndParse(dir: string): { ms: number; characters: { name: string; player: string; ruleset: string; file: string }[] } {
  const t0 = performance.now();
  const characters = readdirSync(dir)
    .filter((f) => f.endsWith('.character.json'))
    .map((f) => {
      const c = JSON.parse(readFileSync(join(dir, f), 'utf8'));
      return { name: c.name, player: c.player, ruleset: c.ruleset, file: f };
    });
  for (const line of readFileSync(join(dir, 'Bench.event.json'), 'utf8').split('\n')) if (line) JSON.parse(line);
  return { ms: performance.now() - t0, characters };
}

/** The baseline's Chromium half: a static table of the same rows, set at once and painted. */
async function paintStatic(page: Page, html: string): Promise<number> {
  return page.evaluate(async (markup) => {
    // The desk is opened next by loading the same address: it must not come back scrolled down.
    history.scrollRestoration = 'manual';
    document.body.innerHTML = '<div id="bench"></div>';
    const t0 = performance.now();
    document.getElementById('bench')!.innerHTML = markup;
    void document.body.offsetHeight;
    await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
    return performance.now() - t0;
  }, html);
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

async function openDesk(h: Harness, folder: string): Promise<{ first: number; all: number; answered: number }> {
  const { page } = h;
  page.on('crash', () => process.stderr.write('the page crashed\n'));
  await page.goto(h.url);
  await page.getByRole('heading', { level: 1, name: 'Character library' }).waitFor();
  await page.getByRole('button', { name: /^Event desk/ }).click();
  await page.getByRole('heading', { level: 1, name: 'Event desk' }).waitFor();
  h.dialogs.folder.push(folder);
  return page.evaluate(async () => {
    const painted = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
    // Gives up after two minutes, saying what the page shows (a bench that hangs says nothing).
    const until = async (test: () => boolean) => {
      const start = performance.now();
      while (!test()) {
        if (performance.now() - start > 120_000) throw new Error(`the desk did not show its rows; the page says: ${document.body.innerText.slice(-1500)}`);
        await new Promise((r) => setTimeout(r, 2));
      }
    };
    // From the top: the page may come back scrolled down where the baseline table was scrolled.
    window.scrollTo(0, 0);
    const button = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Open event folder…')!;
    const t0 = performance.now();
    button.click();
    await until(() => document.querySelector('.desk-row') !== null);
    await painted();
    const first = performance.now() - t0;
    // When the main process's answer had arrived (resource timing of the IPC call, e2e/static-server.ts).
    const call = performance.getEntriesByType('resource').filter((e) => e.name.includes('/__qm_ipc/openEventFolder')).at(-1) as PerformanceResourceTiming | undefined;
    const answered = call ? call.responseEnd - t0 : NaN;
    // Every row reachable: to the end of the table (again while measured rows make it longer), the
    // last row drawn and painted.
    const total = Number(document.querySelector('.desk-table')!.getAttribute('aria-rowcount'));
    // The table's end, not the page's: below the table the ledger panel grows with every round's
    // check-ins, and at the page's end the table is off screen (so its last row is never drawn).
    await until(() => {
      const table = document.querySelector('.desk-table')!;
      window.scrollTo(0, table.getBoundingClientRect().bottom + window.scrollY - window.innerHeight);
      return document.querySelector(`tr[aria-rowindex="${total}"]`) !== null;
    });
    await painted();
    const all = performance.now() - t0;
    window.scrollTo(0, 0);
    await painted();
    return { first, all, answered };
  });
}

async function scrollFrames(page: Page, selector: string): Promise<{ p95: number; max: number }> {
  return page.evaluate(async (which) => {
    const table = document.querySelector(which)!;
    window.scrollTo(0, table.getBoundingClientRect().top + window.scrollY);
    const gaps: number[] = [];
    let last = await new Promise<number>((r) => requestAnimationFrame(r));
    for (let i = 0; i < 150; i++) {
      window.scrollBy(0, 200);
      const now = await new Promise<number>((r) => requestAnimationFrame(r));
      gaps.push(now - last);
      last = now;
    }
    gaps.sort((a, b) => a - b);
    window.scrollTo(0, 0);
    return { p95: gaps[Math.floor(gaps.length * 0.95)]!, max: gaps[gaps.length - 1]! };
  }, selector);
}

async function checkIns(page: Page, count: number): Promise<number[]> {
  return page.evaluate(async (n) => {
    const painted = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
    const times: number[] = [];
    for (let i = 0; i < n; i++) {
      // The next row to check in; the table draws only the rows near the screen, so scroll on to find one.
      const table = document.querySelector('.desk-table')!;
      if (i === 0) window.scrollTo(0, table.getBoundingClientRect().top + window.scrollY);
      let button: HTMLButtonElement | undefined;
      for (let k = 0; k < 40 && !button; k++) {
        button = [...document.querySelectorAll<HTMLButtonElement>('.desk-row button')].find((b) => b.textContent === 'Check in' && !b.disabled && b.getBoundingClientRect().top >= 0);
        if (!button) {
          window.scrollBy(0, 300);
          await painted();
        }
      }
      if (!button) break;
      const key = CSS.escape(button.closest('tr')!.dataset.key!);
      const before = document.querySelectorAll('.desk-totals li')[3]!.textContent;
      performance.clearResourceTimings();
      const t0 = performance.now();
      button.click();
      // The row found afresh each time (it may be drawn anew); a click that never shows gives up after 3 s.
      while (!document.querySelector(`tr[data-key="${key}"] .desk-in`) || document.querySelectorAll('.desk-totals li')[3]!.textContent === before) {
        if (performance.now() - t0 > 3000) break;
        await new Promise((r) => setTimeout(r, 0));
      }
      await painted();
      const shown = performance.now() - t0;
      // And the entry durable on disk: the main process's answer to the append (given after fdatasync) has arrived.
      const answered = () => performance.getEntriesByType('resource').find((e) => e.name.includes('/__qm_ipc/appendDeskEntries')) as PerformanceResourceTiming | undefined;
      while (!answered() && performance.now() - t0 < 3000) await new Promise((r) => setTimeout(r, 1));
      times.push(Math.max(shown, (answered()?.responseEnd ?? Infinity) - t0));
      // Let the background save go, as a volunteer's next scan would.
      await new Promise((r) => setTimeout(r, 150));
    }
    return times;
  }, count);
}

/**
 * Resident memory of this process's Chromium renderer processes, in MB, read from /proc: the desk
 * view's page as the operating system sees it (heap, DOM, layout, compositor). `VmHWM` is the peak
 * so far, `VmRSS` what is resident now (the largest renderer's).
 */
function rendererMB(field: 'VmHWM' | 'VmRSS'): number {
  const parent = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      parent.set(Number(name), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      /* gone meanwhile */
    }
  }
  const ours = (pid: number): boolean => {
    for (let p = parent.get(pid); p !== undefined && p > 1; p = parent.get(p)) if (p === process.pid) return true;
    return false;
  };
  let peak = 0;
  for (const pid of parent.keys()) {
    try {
      if (!ours(pid) || !readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('--type=renderer')) continue;
      const hwm = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      if (hwm) peak = Math.max(peak, Number(hwm[1]) / 1024);
    } catch {
      /* gone meanwhile */
    }
  }
  return peak;
}

async function memory(page: Page): Promise<{ heapMB: number; nodes: number }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('Performance.enable');
  const { metrics } = await cdp.send('Performance.getMetrics');
  await cdp.detach();
  const get = (name: string) => metrics.find((m) => m.name === name)?.value ?? NaN;
  return { heapMB: get('JSHeapUsedSize') / 1e6, nodes: get('Nodes') };
}

async function cycles(folder: string, n: number): Promise<{ heaps: number[]; resident: number[]; rendererMB: number }> {
  const h = await startHarness();
  try {
    await openDesk(h, folder);
    // memory() collects garbage first: the resident figure beside each heap is after a GC.
    const heaps: number[] = [(await memory(h.page)).heapMB];
    const resident: number[] = [rendererMB('VmRSS')];
    for (let i = 1; i <= n; i++) {
      if (IPC_ONLY) {
        // The same answer fetched again with nothing drawn: what the transport alone keeps.
        await h.page.evaluate(async (f) => (await (window as unknown as { quartermaster: { loadEventFolder(a: { folder: string }): Promise<{ rows: unknown[] }> } }).quartermaster.loadEventFolder({ folder: f })).rows.length, folder);
      } else {
        await h.page.getByRole('button', { name: 'Back to the library' }).click();
        await h.page.getByRole('heading', { level: 1, name: 'Character library' }).waitFor();
        await h.page.getByRole('button', { name: /^Event desk/ }).click();
        await h.page.locator('.desk-row').first().waitFor();
      }
      if (i % 25 === 0) {
        heaps.push((await memory(h.page)).heapMB);
        resident.push(rendererMB('VmRSS'));
      }
    }
    // This harness shows only the desk (no baseline table): its renderer's peak is the desk view's.
    return { heaps, resident, rendererMB: rendererMB('VmHWM') };
  } finally {
    await h.close();
  }
}

// Keeps Node alive while the page works (Playwright does not hold the event loop open by itself).
const keepAlive = setInterval(() => undefined, 1000);
const report: string[] = [];
const checkInMedians = new Map<string, number>();
for (const { characters: n, entries } of ROUNDS > 0 ? CASES : []) {
  const folder = eventFolder(n, entries);
  const rounds: Round[] = [];
  const baselines: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const h = await startHarness();
    try {
      const node = readAndParse(folder);
      const html = `<table><tbody>${node.characters.map((c) => `<tr><th>${esc(c.name)}<br>${esc(c.file)}</th><td>${c.ruleset}</td><td>Clean</td><td>3 over torso</td><td>hits torso 4</td><td>Not printed for this event</td><td><button>Check in</button></td></tr>`).join('')}</tbody></table>`;
      await h.page.goto(h.url);
      const paint = await paintStatic(h.page, html);
      const staticScroll = await scrollFrames(h.page, 'table');
      if (process.env.BENCH_DEBUG) process.stderr.write(`static table painted in ${paint} ms\n`);
      baselines.push(node.ms + paint);
      const { first, all, answered } = await openDesk(h, folder);
      if (process.env.BENCH_DEBUG) process.stderr.write(`round ${r}: opened\n`);
      const scroll = await scrollFrames(h.page, '.desk-table');
      if (process.env.BENCH_DEBUG) process.stderr.write(`round ${r}: scrolled\n`);
      const checkIn = await checkIns(h.page, 15);
      if (process.env.BENCH_DEBUG) process.stderr.write(`round ${r}: checked in\n`);
      const mem = await memory(h.page);
      rounds.push({ first, all, answered, staticP95: staticScroll.p95, scrollP95: scroll.p95, scrollMax: scroll.max, checkIn, heapMB: mem.heapMB, nodes: mem.nodes });
    } finally {
      await h.close();
    }
  }
  const baseline = median(baselines);
  const first = median(rounds.map((r) => r.first));
  const all = median(rounds.map((r) => r.all));
  const checkIn = median(rounds.flatMap((r) => r.checkIn));
  checkInMedians.set(`${n}:${entries}`, checkIn);
  report.push(
    `${n.toLocaleString('en-GB')} characters, ${entries.toLocaleString('en-GB')} ledger entries (median of ${ROUNDS} fresh starts):`,
    `  baseline (Node read + parse, Chromium paints a static table of the rows): ${ms(baseline)}`,
    `  first rows: ${ms(first)} = ${(first / baseline).toFixed(2)}× baseline (target ≤ 1.0×); of which the main process's answer arrived at ${ms(median(rounds.map((r) => r.answered)))}, the page's own share ${ms(median(rounds.map((r) => r.first - r.answered)))}`,
    `  all rows ready: ${ms(all)} = ${(all / baseline).toFixed(2)}× baseline (target ≤ 1.5× at 2,000)`,
    `  scrolling: p95 frame ${ms(median(rounds.map((r) => r.scrollP95)))}, longest ${ms(median(rounds.map((r) => r.scrollMax)))} (target p95 ≤ 50 ms; the static table scrolls at p95 ${ms(median(rounds.map((r) => r.staticP95)))})`,
    `  one check-in, click to the entry on disk and its row and totals painted: median ${ms(checkIn)} over ${rounds.flatMap((r) => r.checkIn).length} (target ≤ 50 ms)`,
    `  desk open: JS heap ${median(rounds.map((r) => r.heapMB)).toFixed(1)} MB, ${median(rounds.map((r) => r.nodes)).toFixed(0)} DOM nodes`,
  );
  process.stdout.write(`${report.slice(-7).join('\n')}\n`);
}
// Flat: a check-in costs the same whatever the ledger holds (the largest ledger against the smallest, at one size).
for (const n of new Set(SIZES)) {
  const at = CASES.filter((c) => c.characters === n).sort((a, b) => a.entries - b.entries);
  if (at.length < 2) continue;
  const small = checkInMedians.get(`${n}:${at[0]!.entries}`)!;
  const large = checkInMedians.get(`${n}:${at.at(-1)!.entries}`)!;
  const line = `check-in at ${n.toLocaleString('en-GB')} characters: ${at.at(-1)!.entries.toLocaleString('en-GB')} entries ${ms(large)} against ${at[0]!.entries.toLocaleString('en-GB')} entries ${ms(small)}: ${(large / small).toFixed(2)}× (target ≤ 1.5×)`;
  report.push(line);
  process.stdout.write(`${line}\n`);
}
if (CYCLES > 0) {
  const n = CYCLE_SIZE;
  const cycleEntries = CASES.find((c) => c.characters === n)?.entries ?? 0;
  const { heaps, resident, rendererMB: peak } = await cycles(eventFolder(n, cycleEntries), CYCLES);
  const line = `${CYCLES} ${IPC_ONLY ? 'calls of loadEventFolder from the page, nothing drawn,' : 'open/close cycles of the desk'} at ${n.toLocaleString('en-GB')}: JS heap after GC ${heaps.map((x) => `${x.toFixed(1)}`).join(' → ')} MB, the renderer process resident after GC ${resident.map((x) => x.toFixed(0)).join(' → ')} MB (every 25 cycles); the page's renderer process peaked at ${peak.toFixed(0)} MB resident, this process (the main-process handlers, with Playwright) at ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB resident`;
  report.push(line);
  process.stdout.write(`${line}\n`);
}
for (const name of readdirSync(join(root, 'bench/.work'))) if (name.startsWith('desk-view-')) rmSync(join(root, 'bench/.work', name), { recursive: true, force: true });

clearInterval(keepAlive);
