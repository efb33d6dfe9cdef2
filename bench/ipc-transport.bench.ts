// How faithful the e2e harness's IPC transport is: the desk view's answer for N generated characters
// (electron/desk/desk.ts viewRows, ~1 MB per 1,000 rows) carried from Node into the page
//   - object:  Playwright's exposeFunction returning the object (what the harness did before)
//   - string:  exposeFunction returning one JSON string, JSON.parse in the page
//   - http:    one POST to the harness's server answered with one JSON string (the harness now,
//              e2e/static-server.ts + page-api.ts), JSON.parse in the page
// against what Electron does: structured clone of the value (v8 serialise in main, deserialise in the
// renderer), timed in Node as v8.serialize + v8.deserialize and as structuredClone.
// Run: npx tsx bench/ipc-transport.bench.ts   (BENCH_N=2000, BENCH_ROUNDS=7)
import { deserialize, serialize } from 'node:v8';
import { chromium } from 'playwright-core';
import { deskCharacterFromBytes } from '../core/desk/characters';
import { contentHash } from '../core/format/hash';
import { viewRows } from '../core/desk/view-rows';
import { CHROMIUM_ARGS, encodeAnswer } from '../e2e/harness';
import { CHROMIUM, RENDERER_DIST } from '../e2e/paths';
import { IPC_PATH, serveRenderer } from '../e2e/static-server';
// @ts-expect-error plain JavaScript helper
import { makeCharacter } from './generate.mjs';
// @ts-expect-error plain JavaScript helper
import { median, ms } from './stats.mjs';

const N = Number(process.env.BENCH_N ?? 2000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const encoder = new TextEncoder();
const list = Array.from({ length: N }, (_, i) => deskCharacterFromBytes(encoder.encode(JSON.stringify(makeCharacter(i))), `/event/c${i}.character.json`, contentHash));
const answer = { folder: '/event', rows: viewRows(list), eventFile: { kind: 'none', path: '/event/e.event.json', suggested: { name: 'e', game: '', start: '2026-10-02', end: '2026-10-02' } } };
const size = encodeAnswer(answer).length;

const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
const context = await browser.newContext();
await context.exposeFunction('__object', () => answer);
await context.exposeFunction('__string', () => encodeAnswer(answer));
const server = await serveRenderer(RENDERER_DIST, async () => encodeAnswer(answer));
const page = await context.newPage();
await page.goto(server.url);

const inPage = (kind: 'object' | 'string' | 'http') =>
  page.evaluate(async ([k, path]) => {
    const w = window as unknown as Record<string, () => Promise<unknown>>;
    const t0 = performance.now();
    const got =
      k === 'object' ? await w.__object!() : k === 'string' ? JSON.parse((await w.__string!()) as string) : JSON.parse(await (await fetch(`${path}loadEventFolder`, { method: 'POST', body: '[]' })).text());
    const rows = (got as { rows: unknown[] }).rows.length;
    return { ms: performance.now() - t0, rows };
  }, [kind, IPC_PATH] as const);

const times: Record<string, number[]> = { object: [], string: [], http: [], v8: [], structuredClone: [] };
await inPage('object');
await inPage('string');
await inPage('http');
for (let r = 0; r < ROUNDS; r++) {
  for (const kind of ['object', 'string', 'http'] as const) {
    const got = await inPage(kind);
    if (got.rows !== N) throw new Error(`${kind}: ${got.rows} rows arrived, not ${N}`);
    times[kind]!.push(got.ms);
  }
  let t0 = performance.now();
  deserialize(serialize(answer));
  times.v8!.push(performance.now() - t0);
  t0 = performance.now();
  structuredClone(answer);
  times.structuredClone!.push(performance.now() - t0);
}
await browser.close();
await server.close();

const m = Object.fromEntries(Object.entries(times).map(([k, v]) => [k, median(v)])) as Record<string, number>;
console.log(`IPC transport, desk answer for ${N} characters (${(size / 1e6).toFixed(2)} MB of JSON), median of ${ROUNDS}:`);
console.log(`  Playwright object marshalling (old harness): ${ms(m.object)}`);
console.log(`  one JSON string through exposeFunction:      ${ms(m.string)}`);
console.log(`  one JSON string over loopback HTTP (harness now): ${ms(m.http)}`);
console.log(`  Electron's way, in Node: v8 serialize+deserialize ${ms(m.v8)}, structuredClone ${ms(m.structuredClone)}`);
console.log(`  harness now / structuredClone: ${(m.http! / m.structuredClone!).toFixed(1)}×; old harness / structuredClone: ${(m.object! / m.structuredClone!).toFixed(1)}×`);
