// `npm run bench:print`: every card for 1,000 characters into one PDF (credit cards on A4), against
// the floor of that work measured in the same run: the same finished page content streams (captured
// from a Quartermaster run, uncompressed), deflated with native zlib and saved with pdf-lib, with the
// same two fonts embedded and subset to the same glyphs. The floor writes byte for byte the PDF
// Quartermaster writes (checked below), so the ratio is exactly the cost of everything Quartermaster
// does on top of writing its bytes: deriving values, laying out and measuring text, the QR codes,
// hashes and serials, imposition and making the content. Targets: ratio <= 2, file <= 2 MB, cost
// per card flat from 100 to 1,000 characters.
// Wall time is quoted with the process's CPU time beside it: on a shared machine the wall clock
// also counts time waiting for a core, the CPU time does not.
//   BENCH_N (default 1000), BENCH_ROUNDS (default 5) change the run.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import type { Character } from '../core/model/character';
import { derive } from '../core/rulesets/index';
import { cardDocument } from '../core/pdf/emit';
import { FontMetrics, type Face } from '../core/pdf/fonts';
import type { Sheet } from '../core/pdf/impose';
import { layoutBatch, printCards, type PrintCharacter } from '../core/pdf/print';
import { sampleBatch } from '../core/pdf/sample-characters';
import { nativeContentHash } from '../node/fs/sha256';
import { nativeDeflate } from '../node/fs/deflate';

const root = join(import.meta.dirname, '..');
const fonts = { regular: readFileSync(join(root, 'assets/fonts/DejaVuSans.ttf')), bold: readFileSync(join(root, 'assets/fonts/DejaVuSans-Bold.ttf')) };
const N = Number(process.env.BENCH_N ?? 1000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const SMALL = Math.max(1, Math.round(N / 10));
const now = new Date('2025-06-01T09:00:00Z');
const title = 'Quartermaster cards';

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

const entriesOf = (characters: readonly Character[]): PrintCharacter[] => characters.map((c) => ({ character: c, derivation: derive(c), source: c.name }));

/**
 * Quartermaster as the command line runs it (cli/commands/print.ts): loaded characters to PDF bytes, fresh
 * font metrics, native deflate and native SHA-256 for the content hashes.
 */
async function quartermaster(characters: readonly Character[], deflate = nativeDeflate) {
  return printCards(entriesOf(characters), { now, fonts, title, deflate, contentHash: nativeContentHash });
}

/** What the floor is handed: each page's finished content, and the glyphs in first-use order. */
type Finished = { width: number; height: number; contents: Uint8Array[]; glyphs: Record<Face, string> };

async function finishedContent(characters: readonly Character[]): Promise<Finished> {
  const contents: Uint8Array[] = [];
  const printed = await quartermaster(characters, (data) => {
    contents.push(data.slice());
    return deflateSync(data);
  });
  return { width: printed.grid.paper.widthPt, height: printed.grid.paper.heightPt, contents, glyphs: glyphOrder(printed.sheets) };
}

/** The characters of each face in the order the writer first encodes them (sheet, face, op order). */
function glyphOrder(sheets: readonly Sheet[]): Record<Face, string> {
  const seen: Record<Face, Set<string>> = { regular: new Set(), bold: new Set() };
  for (const sheet of sheets) for (const placed of sheet.faces) for (const o of placed.face.ops) if (o.op === 'text') for (const ch of o.text) seen[o.face].add(ch);
  return { regular: [...seen.regular].join(''), bold: [...seen.bold].join('') };
}

/** The floor: the same empty document (fonts, metadata), each page's content deflated natively, a pdf-lib save. */
async function floor(f: Finished): Promise<Uint8Array> {
  const { doc, regular, bold } = await cardDocument(fonts, { title, now });
  // One encode per character registers the glyphs with the subset in the writer's order.
  for (const ch of f.glyphs.regular) regular.encodeText(ch);
  for (const ch of f.glyphs.bold) bold.encodeText(ch);
  for (const content of f.contents) {
    const page = doc.addPage([f.width, f.height]);
    page.node.newFontDictionary(regular.name, regular.ref);
    page.node.newFontDictionary(bold.name, bold.ref);
    page.node.addContentStream(doc.context.register(doc.context.stream(deflateSync(content), { Filter: 'FlateDecode' })));
  }
  return doc.save({ useObjectStreams: true });
}

/** Wall time and this process's CPU time (all its threads: the garbage collector's too), in ms. */
async function timeIt(fn: () => Promise<unknown>): Promise<{ wall: number; cpu: number }> {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  await fn();
  const wall = performance.now() - t0;
  const c = process.cpuUsage(c0);
  return { wall, cpu: (c.user + c.system) / 1000 };
}

const big = sampleBatch(N);
const small = big.slice(0, SMALL);
const finished = await finishedContent(big);

// Warm-up, the sizes, and the check that the floor writes the very same file.
const mineOut = await quartermaster(big);
const floorOut = await floor(finished);
const smallOut = await quartermaster(small);
const same = floorOut.length === mineOut.bytes.length && floorOut.every((b, i) => b === mineOut.bytes[i]);
if (!same) throw new Error('bench:print: the floor did not write the same PDF as Quartermaster; the comparison would not be fair');
const cards = mineOut.cards.length;
const smallCards = smallOut.cards.length;

type Times = { wall: number; cpu: number }[];
const t = { mine: [] as Times, floor: [] as Times, small: [] as Times, layout: [] as Times };
for (let r = 0; r < ROUNDS; r++) {
  t.floor.push(await timeIt(() => floor(finished)));
  t.mine.push(await timeIt(() => quartermaster(big)));
  t.small.push(await timeIt(() => quartermaster(small)));
  t.layout.push(await timeIt(async () => layoutBatch(entriesOf(big), { now, metrics: new FontMetrics(fonts), contentHash: nativeContentHash })));
}
const wall = (xs: Times) => median(xs.map((x) => x.wall));
const cpu = (xs: Times) => median(xs.map((x) => x.cpu));
const m = { mine: wall(t.mine), floor: wall(t.floor), small: wall(t.small), layout: wall(t.layout) };
const c = { mine: cpu(t.mine), floor: cpu(t.floor), layout: cpu(t.layout) };
const mb = (n: number) => `${(n / (1024 * 1024)).toFixed(2)} MB`;
const perCardSmall = m.small / smallCards;
const perCardBig = m.mine / cards;

console.log(`bench:print  ${N} characters: ${cards} cards on ${mineOut.pages} A4 pages (credit cards, 10 a page), ${ROUNDS} rounds, medians`);
console.log(`  floor: same content streams, native deflate, pdf-lib save : ${m.floor.toFixed(0)} ms   (CPU ${c.floor.toFixed(0)} ms; writes the identical PDF)`);
console.log(`  quartermaster print (derive, lay out, write PDF)          : ${m.mine.toFixed(0)} ms   (CPU ${c.mine.toFixed(0)} ms; of which derive + lay out: ${m.layout.toFixed(0)} ms, CPU ${c.layout.toFixed(0)} ms)`);
console.log(`  ratio                                                     : ${(m.mine / m.floor).toFixed(2)}  (target <= 2; CPU time ${(c.mine / c.floor).toFixed(2)})`);
console.log(`  file size                                                 : ${mb(mineOut.bytes.length)}  (target <= 2 MB)`);
console.log(`  cost per card, ${String(SMALL).padStart(4)} characters (${smallCards} cards)         : ${perCardSmall.toFixed(3)} ms`);
console.log(`  cost per card, ${String(N).padStart(4)} characters (${cards} cards)        : ${perCardBig.toFixed(3)} ms   (ratio ${(perCardBig / perCardSmall).toFixed(2)}; flat is about 1)`);
// The small run carries the same fixed start-up (font parsing and embedding) over fewer cards; the
// cost of each card added between the two runs shows whether the per-card cost grows with the batch.
console.log(`  cost of each card added from ${SMALL} to ${N} characters        : ${((m.mine - m.small) / (cards - smallCards)).toFixed(3)} ms`);
