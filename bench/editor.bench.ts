// `npm run bench:editor`: the character editor in headless Chromium (the e2e harness: same Chromium,
// same launch flags, the built renderer over the real main-process handlers), with a Novitas
// character of 300 skills. Three figures, each against a baseline measured in the same run:
//   1. input event -> the derived value updated on screen: typing in "Power points (skill)" until the
//      pool in the sidebar shows the new sum. Measured in the page, from the input event's own time
//      stamp to the DOM change (MutationObserver) and to the next animation frame (when it is drawn).
//      Baseline: the same character with 1 skill. Target: median <= 16 ms.
//   2. cold load: a fresh browser profile (empty cache) loads the built renderer, which opens the
//      character given at start (as from the command line) until the editor is interactive (the
//      editor's `qm:editor-ready` mark, set when it has rendered and its effects run; the skills list
//      draws its first 40 rows then, the rest in an interruptible background render, also timed).
//      Baseline: a blank page from the same server in the same fresh browser. Target: median <= 500 ms.
//   3. the JavaScript the page loads at start, gzipped (level 9): the scripts and module preloads the
//      built index.html names; chunks loaded on first use (the desk view, the Games page, the budget
//      code with CEL for a pack that publishes costs) are counted apart. Baseline: React and ReactDOM
//      alone rendering one element (esbuild, minified). Target: <= 250 KB.
//   BENCH_INPUTS (default 80 keystrokes per character and round), BENCH_COLD (default 7 loads).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build as esbuild } from 'esbuild';
import type { Page } from 'playwright-core';
import { serializeCharacter } from '../core/format/save';
import type { Character } from '../core/model/character';
import buildRenderer from '../e2e/global-setup';
import { CHROMIUM_ARGS, startHarness } from '../e2e/harness';
import { RENDERER_DIST, ROOT } from '../e2e/paths';

const INPUTS = Number(process.env.BENCH_INPUTS ?? 80);
const COLD = Number(process.env.BENCH_COLD ?? 7);
const SKILLS = 300;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
const ms = (x: number) => `${x.toFixed(1)} ms`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function novitasCharacter(skills: number, name: string): Character {
  return {
    format: 'quartermaster-character',
    version: 2,
    id: skills === 1 ? '7d3c1c52-55c7-4d55-9c3a-2f7a0a6f0a01' : '7d3c1c52-55c7-4d55-9c3a-2f7a0a6f0a02',
    ruleset: 'novitas',
    name,
    player: 'Bench',
    notes: '',
    skills: [{ id: 'power-points', level: 12 }, ...Array.from({ length: skills - 1 }, (_, i) => ({ id: `custom-skill-${i + 1}`, name: `Custom skill ${i + 1}`, level: (i % 5) + 1 }))],
    armour: [],
    weapons: [],
    items: [],
    novitas: {
      sources: [{ name: 'Ring of Focus', points: 8, breaksCap: false }],
      spells: [
        { name: 'Revive', level: 5 },
        { name: 'Mend', level: 1 },
      ],
      reductions: [],
      plan: [{ spell: 'Revive', times: 2 }],
    },
  };
}

/** In the page: input event time stamp -> pool text changed, and -> the next animation frame. */
function installProbe(): void {
  type W = { __lat: { dom: number; frame: number }[] };
  const w = window as unknown as W;
  w.__lat = [];
  let t0: number | null = null;
  window.addEventListener('input', (e) => void (t0 = e.timeStamp), true);
  const target = document.querySelector('[data-summary="pool"]')!;
  new MutationObserver(() => {
    if (t0 === null) return;
    const start = t0;
    const dom = performance.now() - start;
    t0 = null;
    requestAnimationFrame(() => w.__lat.push({ dom, frame: performance.now() - start }));
  }).observe(target, { subtree: true, childList: true, characterData: true });
}

async function typeLatency(page: Page, name: string, inputs: number): Promise<{ dom: number[]; frame: number[] }> {
  await page.getByRole('button', { name: `Open ${name}`, exact: true }).click();
  const field = page.getByRole('spinbutton', { name: 'Power points (skill)' });
  await field.waitFor();
  await page.evaluate(installProbe);
  await field.focus();
  for (let i = 0; i < inputs / 2; i++) {
    await page.keyboard.press('Control+A');
    // Two keystrokes, two input events, each a new pool (10..89 never repeats the previous value).
    await page.keyboard.type(String(10 + (i % 80)));
  }
  await page.waitForTimeout(100);
  const lat = await page.evaluate(() => (window as unknown as { __lat: { dom: number; frame: number }[] }).__lat);
  await page.getByRole('button', { name: 'Back to the library' }).click();
  await page.getByRole('alertdialog', { name: 'Unsaved changes' }).getByRole('button', { name: 'Discard changes' }).click();
  return { dom: lat.map((l) => l.dom), frame: lat.map((l) => l.frame) };
}

async function inputBench() {
  const h = await startHarness();
  try {
    await writeFile(join(h.library, 'big.character.json'), serializeCharacter(novitasCharacter(SKILLS, 'Big')));
    await writeFile(join(h.library, 'small.character.json'), serializeCharacter(novitasCharacter(1, 'Small')));
    await h.page.goto(h.url);
    const all = { big: { dom: [] as number[], frame: [] as number[] }, small: { dom: [] as number[], frame: [] as number[] } };
    // A warm-up each, then two interleaved rounds.
    await typeLatency(h.page, 'Big', 10);
    await typeLatency(h.page, 'Small', 10);
    for (let round = 0; round < 2; round++) {
      for (const [key, name] of [['big', 'Big'], ['small', 'Small']] as const) {
        const r = await typeLatency(h.page, name, INPUTS / 2);
        all[key].dom.push(...r.dom);
        all[key].frame.push(...r.frame);
      }
    }
    if (h.problems.length > 0) throw new Error(`the page reported problems: ${h.problems.join('; ')}`);
    return all;
  } finally {
    await h.close();
  }
}

async function coldBench() {
  const blank = join(RENDERER_DIST, 'bench-blank.html');
  writeFileSync(blank, '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>blank</title><link rel="icon" href="data:,"></head><body><p>blank</p></body></html>\n');
  const app: number[] = [];
  const allRows: number[] = [];
  const baseline: number[] = [];
  for (let i = 0; i < COLD; i++) {
    const h = await startHarness();
    try {
      const path = join(h.library, 'big.character.json');
      await writeFile(path, serializeCharacter(novitasCharacter(SKILLS, 'Big')));
      await h.handlers.listLibrary();
      await h.openAtStart([path]);
      // Alternate which page the fresh browser loads first.
      const loadBlank = async () => {
        await h.page.goto(h.url.replace('index.html', 'bench-blank.html'), { waitUntil: 'load' });
        baseline.push(await h.page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventEnd));
      };
      const loadApp = async () => {
        await h.page.goto(h.url);
        await h.page.waitForFunction(() => performance.getEntriesByName('qm:editor-ready').length > 0, undefined, { timeout: 10_000 });
        app.push(await h.page.evaluate(() => performance.getEntriesByName('qm:editor-ready')[0]!.startTime));
        // The skills list draws its first rows with the editor and the rest just after.
        const done = await h.page.waitForFunction((n) => document.querySelectorAll('.skills-table tbody tr').length === n && performance.now(), SKILLS, { polling: 'raf', timeout: 10_000 });
        allRows.push((await done.jsonValue()) as number);
        if ((await h.page.locator('[data-summary="pool"]').textContent()) !== '20') throw new Error('the editor did not show the character');
      };
      if (i % 2 === 0) {
        await loadBlank();
        await loadApp();
      } else {
        await loadApp();
        await loadBlank();
      }
      if (h.problems.length > 0) throw new Error(`the page reported problems: ${h.problems.join('; ')}`);
    } finally {
      await h.close();
    }
  }
  return { app, allRows, baseline };
}

async function bundleBench() {
  const assets = join(RENDERER_DIST, 'assets');
  const html = readFileSync(join(RENDERER_DIST, 'index.html'), 'utf8');
  const files = [...html.matchAll(/(?:src|href)="\.?\/?assets\/([^"]+\.js)"/g)].map((m) => m[1]!);
  if (files.length === 0) throw new Error('index.html names no script');
  const later = readdirSync(assets).filter((f) => f.endsWith('.js') && !files.includes(f));
  const raw = files.reduce((n, f) => n + readFileSync(join(assets, f)).length, 0);
  const gz = files.reduce((n, f) => n + gzipSync(readFileSync(join(assets, f)), { level: 9 }).length, 0);
  const laterGz = later.reduce((n, f) => n + gzipSync(readFileSync(join(assets, f)), { level: 9 }).length, 0);
  const react = await esbuild({
    stdin: {
      contents: "import { createElement } from 'react'; import { createRoot } from 'react-dom/client'; createRoot(document.getElementById('root')).render(createElement('p', null, 'hello'));",
      resolveDir: ROOT,
      loader: 'js',
    },
    bundle: true,
    minify: true,
    write: false,
    format: 'esm',
    target: 'chrome140',
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
  });
  const baseline = gzipSync(react.outputFiles[0]!.contents, { level: 9 }).length;
  return { files: files.length, raw, gz, baseline, later: later.length, laterGz };
}

const line = (label: string, value: string, base: string, ratio: number, target: string, ok: boolean) =>
  console.log(`${label.padEnd(34)} ${value.padStart(10)}   baseline ${base.padStart(10)}   ratio ${ratio.toFixed(2).padStart(5)}   target ${target} ${ok ? 'met' : 'MISSED'}`);

await buildRenderer();
console.log(`bench:editor — Chromium ${CHROMIUM_ARGS.join(' ')}; a Novitas character with ${SKILLS} skills`);
const input = await inputBench();
const cold = await coldBench();
const bundle = await bundleBench();

const domBig = median(input.big.dom);
const frameBig = median(input.big.frame);
console.log(`input events measured: ${input.big.dom.length} (300 skills), ${input.small.dom.length} (1 skill)`);
line('input -> derived value in the DOM', ms(domBig), ms(median(input.small.dom)), domBig / median(input.small.dom), '<= 16 ms', domBig <= 16);
line('input -> next frame (drawn)', ms(frameBig), ms(median(input.small.frame)), frameBig / median(input.small.frame), '<= 16 ms', frameBig <= 16);
console.log(`  input -> DOM, 95th percentile: ${ms([...input.big.dom].sort((a, b) => a - b)[Math.floor(input.big.dom.length * 0.95)]!)}`);
const coldApp = median(cold.app);
line('cold load to interactive editor', ms(coldApp), ms(median(cold.baseline)), coldApp / median(cold.baseline), '<= 500 ms', coldApp <= 500);
console.log(`  all ${SKILLS} skill rows drawn (the rest after the first 40, in the background): median ${ms(median(cold.allRows))}`);
line(`JS bundle gzipped (${bundle.files} file)`, kb(bundle.gz), kb(bundle.baseline), bundle.gz / bundle.baseline, '<= 250 KB', bundle.gz <= 250 * 1024);
console.log(`  (${kb(bundle.raw)} before gzip; loaded on first use, not counted: ${bundle.later} chunks, ${kb(bundle.laterGz)} gzipped)`);
