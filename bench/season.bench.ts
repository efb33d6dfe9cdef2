// `npm run bench:season`: opening an event in the app's desk within a season of 10 events against
// opening the same event alone, in the same run. Target: the season within 1.5× of the event alone.
//
// The state measured: 2,000 generated characters (bench/generate.mjs, all four games) in two
// folders. "alone" holds the tenth event's file only; "season" holds all ten event files (a week
// apart). Each event's ledger holds what a desk has late in an event: a check-in, a note and a
// check-out for every character (6,000 entries), and 40 deaths (Novitas: Dead at the end of a
// shift and a convergence; Fortune's Landing: a death and a return with 2 Tiles of Fate cards), so
// the season's earlier events carry 54,000 entries of which 720 cross into the tenth. One round is
// what a volunteer does: a fresh main process's desk handlers (nothing cached) open the folder and
// then the tenth event (the season's own choice), rows and ledger sent, the files settled (settled
// once before timing, as after the first opening). Medians of BENCH_ROUNDS interleaved rounds.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync, copyFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// @ts-expect-error plain JavaScript helper
import { generate } from './generate.mjs';
// @ts-expect-error plain JavaScript helper
import { median } from './stats.mjs';
import { handlerFixture } from '../electron/testing/handlers';
import { forgetEventLog } from '../node/event-log/registry';

const N = Number(process.env.BENCH_CHARACTERS ?? 2000);
const EVENTS = 10;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const DEATHS = 40;

const hex = (n: number, w: number) => n.toString(16).padStart(w, '0');
const characterId = (i: number) => `00000000-0000-4000-8000-${hex(i + 1, 12)}`;
const dayOf = (k: number) => new Date(Date.UTC(2026, 0, 3 + 7 * k)).toISOString().slice(0, 10);

function eventText(k: number): string {
  const day = dayOf(k);
  const lines = [{ format: 'quartermaster-event', version: 3, id: `${hex(k + 1, 8)}-0000-4000-8000-000000000000`, name: `Event ${k + 1}`, game: 'novitas', dates: { start: day, end: day } }];
  let n = 0;
  const at = (minutes: number) => `${day}T${String(9 + Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}:00+00:00`;
  const entry = (minutes: number, kind: string, character: string, more: object = {}) => lines.push({ id: `${hex(k + 1, 8)}-0000-4000-8000-${hex(++n, 12)}`, at: at(minutes), desk: 'Front desk', seq: n, kind, character, ...more } as never);
  for (let i = 0; i < N; i++) entry(Math.floor(i / 100), 'check-in', characterId(i));
  for (let i = 0; i < N; i++) entry(60 + Math.floor(i / 100), 'note', characterId(i), { text: 'Arrived with a cart' });
  // Deaths: characters of Novitas (i % 4 == 2) and Fortune's Landing (i % 4 == 0), other ones each event.
  for (let d = 0; d < DEATHS; d++) {
    const i = (k * DEATHS * 4 + (d >> 1) * 4 + (d % 2 === 0 ? 0 : 2)) % N;
    const fl = i % 4 === 0;
    entry(120 + d, 'died', characterId(i), fl ? { cause: 'killing-blow' } : { shiftEnd: true });
    entry(180 + d, fl ? 'returned' : 'convergence', characterId(i), fl ? { cards: 2 } : {});
  }
  for (let i = 0; i < N; i++) entry(240 + Math.floor(i / 100), 'check-out', characterId(i));
  return lines.map((l) => `${JSON.stringify(l)}\n`).join('');
}

const dir = mkdtempSync(join(tmpdir(), 'qm-bench-season-'));
const alone = join(dir, 'alone');
const season = join(dir, 'season');
generate(alone, N);
mkdirSync(season);
for (const f of readdirSync(alone)) copyFileSync(join(alone, f), join(season, f));
for (let k = 0; k < EVENTS; k++) writeFileSync(join(season, `event-${k + 1}.event.json`), eventText(k));
const last = `event-${EVENTS}.event.json`;
copyFileSync(join(season, last), join(alone, last));
mkdirSync(join(dir, 'library'));
mkdirSync(join(dir, 'examples'));

/** One opening by a fresh main process's handlers: the folder, then the tenth event. */
async function open(folder: string): Promise<number> {
  forgetEventLog(join(folder, last));
  const f = handlerFixture(join(dir, 'library'), join(dir, 'examples'), { now: () => Date.UTC(2026, 2, 7, 12) });
  f.queue.folder.push(folder);
  const t0 = performance.now();
  const first = await f.handlers.openEventFolder();
  const desk = await f.handlers.loadEventFolder({ folder, eventFile: join(folder, last) });
  const ms = performance.now() - t0;
  if (!first || desk.eventFile.kind !== 'file' || desk.rows.length !== N) throw new Error(`${folder}: did not open the event (${desk.eventFile.kind}, ${desk.rows.length} rows)`);
  if (folder === season && desk.eventFile.season?.place.earlier.length !== EVENTS - 1) throw new Error('the season did not open within its season');
  return ms;
}

console.log(`bench:season — ${N} characters; the tenth event (${(6 * N) / 2000}k + ${DEATHS * 2} entries) alone, and within a season of ${EVENTS} such events; ${ROUNDS} rounds, medians`);
// Settles the files once (the deaths written into them) and warms the code, in both folders.
await open(alone);
await open(season);
const times: Record<'alone' | 'season', number[]> = { alone: [], season: [] };
for (let r = 0; r < ROUNDS; r++) {
  times.alone.push(await open(alone));
  times.season.push(await open(season));
}
const a = median(times.alone);
const s = median(times.season);
console.log(`  the event alone (baseline):     ${a.toFixed(0)} ms`);
console.log(`  within its season of ${EVENTS}:       ${s.toFixed(0)} ms  (${(s / a).toFixed(2)}× the event alone; target ≤ 1.5×)`);
rmSync(dir, { recursive: true, force: true });
process.exit(0);
