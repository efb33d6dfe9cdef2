// `npm run bench:approval`: the desk's approval queue in Chromium through the e2e harness (built
// renderer, real main-process handlers, IPC carried as one serialised value as Electron does), in
// the desk-view bench's style. State: an event folder of 2,000 characters (bench/generate.mjs) with
// an event file holding its header, and 2,000 players' files waiting in its inbox/, each the
// folder's character with its notes changed (so each is read, validated, derived, hashed and
// compared field by field with the folder's file).
//   desk first rows:      click "Open event folder…" → the first character row painted (the
//                         baseline, measured in the same round: what bench:desk-view times)
//   approval first rows:  the approval panel's request → its first waiting row painted
// Each round starts a fresh harness (a fresh main process: nothing cached). Target: approval first
// rows ≤ 1.0× desk first rows (medians). Env: BENCH_ROUNDS=3, BENCH_CHARACTERS=2000.
import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startHarness, type Harness } from '../e2e/harness';
// @ts-expect-error plain JavaScript helper
import { generate } from './generate.mjs';
// @ts-expect-error plain JavaScript helper
import { median, ms } from './stats.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const N = Number(process.env.BENCH_CHARACTERS ?? 2000);

function seasonFolder(n: number): string {
  const dir = join(root, `bench/.work/approval-${n}`);
  generate(dir, n);
  mkdirSync(join(dir, 'inbox'));
  for (const f of readdirSync(dir).filter((x) => x.endsWith('.character.json'))) {
    const c = JSON.parse(readFileSync(join(dir, f), 'utf8'));
    writeFileSync(join(dir, 'inbox', f), `${JSON.stringify({ ...c, notes: `${c.notes ?? ''} (changed by the player)` }, null, 2)}\n`);
  }
  const today = new Date().toISOString().slice(0, 10);
  writeFileSync(join(dir, 'Bench.event.json'), `${JSON.stringify({ format: 'quartermaster-event', version: 3, id: randomUUID(), name: 'Bench', game: 'fortunes-landing', dates: { start: today, end: today } })}\n`);
  return dir;
}

async function open(h: Harness, folder: string): Promise<{ desk: number; approval: number; waiting: string }> {
  const { page } = h;
  await page.goto(h.url);
  await page.getByRole('button', { name: /^Event desk/ }).click();
  await page.getByRole('heading', { level: 1, name: 'Event desk' }).waitFor();
  h.dialogs.folder.push(folder);
  return page.evaluate(async () => {
    const painted = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
    const until = async (test: () => boolean) => {
      const start = performance.now();
      while (!test()) {
        if (performance.now() - start > 120_000) throw new Error(`gave up; the page says: ${document.body.innerText.slice(-1500)}`);
        await new Promise((r) => setTimeout(r, 2));
      }
    };
    const button = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Open event folder…')!;
    const t0 = performance.now();
    button.click();
    await until(() => document.querySelector('.desk-row') !== null);
    await painted();
    const desk = performance.now() - t0;
    await until(() => document.querySelector('.approval-list tbody tr') !== null);
    await painted();
    const end = performance.now();
    // From the panel's request (resource timing of the IPC call, e2e/static-server.ts).
    const call = performance.getEntriesByType('resource').filter((e) => e.name.includes('/__qm_ipc/approvalQueue')).at(-1)!;
    const waiting = document.querySelector('.desk-approval > p')?.textContent ?? '';
    return { desk, approval: end - call.startTime, waiting };
  });
}

const keepAlive = setInterval(() => undefined, 1000);
const folder = seasonFolder(N);
const desks: number[] = [];
const approvals: number[] = [];
for (let r = 0; r < ROUNDS; r++) {
  const h = await startHarness();
  try {
    const t = await open(h, folder);
    if (r === 0) process.stdout.write(`${t.waiting}\n`);
    desks.push(t.desk);
    approvals.push(t.approval);
  } finally {
    await h.close();
  }
}
clearInterval(keepAlive);
const ratio = median(approvals) / median(desks);
process.stdout.write(
  `bench:approval, ${N.toLocaleString('en-GB')} characters and ${N.toLocaleString('en-GB')} waiting inbox files, ${ROUNDS} rounds (medians):\n` +
    `  desk first rows (baseline, same run): ${ms(median(desks))}\n` +
    `  approval first rows: ${ms(median(approvals))}  = ${ratio.toFixed(2)}× the desk's (target ≤ 1.0×) ${ratio <= 1 ? 'MET' : 'NOT MET'}\n`,
);
