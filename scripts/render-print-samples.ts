// Renders the sample sheets docs/printing.md shows: a full Avery C32011 sheet (A4) and a full Avery
// 5371 sheet (Letter) of the sample characters' cards, and the C32011 calibration page (with a
// correction of 1.5 mm right, 0.5 mm down, as a user would have typed it). PDFs go to a temp
// folder; pdftoppm PNGs (100 dpi) to docs/renders/. Run: npx tsx scripts/render-print-samples.ts
import { execFileSync } from 'node:child_process';
import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { printCalibration } from '../core/pdf/calibration';
import { FontMetrics, printCards } from '../core/pdf/index';
import { sampleCharacter } from '../core/pdf/sample-characters';
import { derive } from '../core/rulesets/index';
import { nativeDeflate } from '../node/fs/deflate';

const root = join(import.meta.dirname, '..');
const out = join(root, 'docs/renders');
const fonts = { regular: new Uint8Array(await readFile(join(root, 'assets/fonts/DejaVuSans.ttf'))), bold: new Uint8Array(await readFile(join(root, 'assets/fonts/DejaVuSans-Bold.ttf'))) };
const metrics = new FontMetrics(fonts);
const now = new Date('2026-07-04T10:00:00Z');
// One character of each game: Aldric (Fortune's Landing), Brannoc (Curious Pastimes), Elowen (Novitas), Цветан (bg-magic).
const chars = (['fortunes-landing', 'curious-pastimes', 'novitas', 'bg-magic'] as const).map((r, i) => sampleCharacter(r, i));
const tmp = await mkdtemp(join(tmpdir(), 'qm-renders-'));
await mkdir(out, { recursive: true });
const png = (pdf: string, name: string, page = 1) => execFileSync('pdftoppm', ['-r', '100', '-png', '-singlefile', '-f', String(page), '-l', String(page), pdf, join(out, name)]);
try {
  for (const [stock, name] of [['avery-c32011', 'sheet-c32011'], ['avery-5371', 'sheet-5371']] as const) {
    const printed = await printCards(chars.map((c) => ({ character: c, derivation: derive(c), source: c.name })), { now, fonts, metrics, layout: { stock }, deflate: nativeDeflate });
    const pdf = join(tmp, `${name}.pdf`);
    await writeFile(pdf, printed.bytes);
    png(pdf, name);
    png(pdf, `${name}-back`, 2);
    process.stdout.write(`${name}: ${printed.cards.length} cards on ${printed.pages} pages\n`);
  }
  const cal = await printCalibration({ layout: { stock: 'avery-c32011', offsetMm: { x: 1.5, y: -0.5 } }, backs: true, language: 'en', metrics, printer: 'Desk laser', fonts, now, deflate: nativeDeflate });
  const pdf = join(tmp, 'calibration.pdf');
  await writeFile(pdf, cal.bytes);
  png(pdf, 'calibration-c32011');
  process.stdout.write(`calibration: ${cal.pages} pages\n`);
} finally {
  await rm(tmp, { recursive: true, force: true });
}
