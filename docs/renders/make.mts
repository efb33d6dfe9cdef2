// Makes the PNGs in this folder: one card of each type, cut out of a printed sheet with pdftoppm.
// Run from the project root: npx tsx docs/renders/make.mts
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { characterSchema } from '../../core/model/character';
import { derive } from '../../core/rulesets/index';
import { printCards } from '../../core/pdf/print';
import { sampleCharacter } from '../../core/pdf/sample-characters';

const root = join(import.meta.dirname, '../..');
const out = join(root, 'docs/renders');
const fonts = { regular: readFileSync(join(root, 'assets/fonts/DejaVuSans.ttf')), bold: readFileSync(join(root, 'assets/fonts/DejaVuSans-Bold.ttf')) };
const DPI = 120;

const bg = sampleCharacter('bg-magic', 3);
const characters = [
  sampleCharacter('fortunes-landing', 0),
  sampleCharacter('curious-pastimes', 1),
  sampleCharacter('novitas', 2),
  characterSchema.parse({ ...bg, bgMagic: { ...bg.bgMagic, style: 'witcher' } }),
].map((c) => ({ character: c, derivation: derive(c), source: c.name }));

const printed = await printCards(characters, { now: new Date('2025-06-01T09:00:00Z'), fonts });
const tmp = mkdtempSync(join(tmpdir(), 'qm-renders-'));
const pdf = join(tmp, 'cards.pdf');
writeFileSync(pdf, printed.bytes);

const wanted: [string, (c: (typeof printed.cards)[number]) => boolean, 'front' | 'back'][] = [
  ['character-fortunes-landing', (c) => c.spec.type === 'character' && c.source.startsWith('Aldric'), 'front'],
  ['character-curious-pastimes', (c) => c.spec.type === 'character' && c.source.startsWith('Brannoc'), 'front'],
  ['character-novitas', (c) => c.spec.type === 'character' && c.source.startsWith('Elowen'), 'front'],
  ['character-bg-magic', (c) => c.spec.type === 'character' && c.source.startsWith('Цветан'), 'front'],
  ['character-back', (c) => c.spec.type === 'character' && c.source.startsWith('Aldric'), 'back'],
  ['armour-tag', (c) => c.spec.type === 'armour', 'front'],
  ['item', (c) => c.spec.type === 'item', 'front'],
  ['spell-card', (c) => c.spec.type === 'spell', 'front'],
  ['role-spell-slip', (c) => c.spec.type === 'slip', 'front'],
  ['scroll', (c) => c.spec.type === 'scroll', 'front'],
  ['power-point-tracker', (c) => c.spec.type === 'tracker', 'front'],
  ['body-development-token', (c) => c.spec.type === 'token', 'front'],
];
const px = (pt: number) => Math.round((pt * DPI) / 72);
for (const [name, pick, side] of wanted) {
  const card = printed.cards.find(pick)!;
  const face = side === 'front' ? card.front : card.back!;
  const sheetIndex = printed.sheets.findIndex((s) => s.faces.some((f) => f.face === face));
  const placed = printed.sheets[sheetIndex]!.faces.find((f) => f.face === face)!;
  const { x, y, width, height } = placed.slot;
  const pageH = printed.grid.paper.heightPt;
  execFileSync('pdftoppm', ['-r', String(DPI), '-f', String(sheetIndex + 1), '-l', String(sheetIndex + 1), '-x', String(px(x) - 2), '-y', String(px(pageH - y - height) - 2), '-W', String(px(width) + 4), '-H', String(px(height) + 4), '-png', '-singlefile', pdf, join(tmp, name)]);
  renameSync(join(tmp, `${name}.png`), join(out, `${name}.png`));
}
// One whole sheet, small, to show the grid and the cut marks.
execFileSync('pdftoppm', ['-r', '40', '-f', '3', '-l', '3', '-png', '-singlefile', pdf, join(tmp, 'sheet')]);
renameSync(join(tmp, 'sheet.png'), join(out, 'sheet-a4-credit.png'));
rmSync(tmp, { recursive: true, force: true });
console.log(`${wanted.length + 1} renders in ${out}`);
