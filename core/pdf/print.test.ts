// The printed PDF itself: page sizes, where the cards are, the text read back with pdftotext, and
// ink where the text is (rendered with pdftoppm at 50 dpi), Bulgarian included.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentHash } from '../format/hash';
import { characterSchema } from '../model/character';
import { derive } from '../rulesets/index';
import { faceMatrix } from './impose';
import { FontMetrics } from './fonts';
import { frontSlot, backSlot } from './layout';
import { layoutBatch, printCards, type PrintCharacter, type Printed } from './print';
import { sampleBatch, sampleCharacter, SAMPLE_RULESETS } from './sample-characters';

const root = join(import.meta.dirname, '../..');
const fonts = { regular: readFileSync(join(root, 'assets/fonts/DejaVuSans.ttf')), bold: readFileSync(join(root, 'assets/fonts/DejaVuSans-Bold.ttf')) };
const metrics = new FontMetrics(fonts);
const now = new Date('2025-06-01T09:00:00Z');
const PT = 72 / 25.4;
const DPI = 50;

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'qm-print-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const entry = (c: ReturnType<typeof sampleCharacter>, source = `${c.name}.character.json`): PrintCharacter => ({ character: c, derivation: derive(c), source });
/** One character of each game: samples 0..3. */
const fourGames = () => SAMPLE_RULESETS.map((r, i) => entry(sampleCharacter(r, i)));

function save(name: string, bytes: Uint8Array): string {
  const file = join(dir, name);
  writeFileSync(file, bytes);
  return file;
}

const pdftotext = (file: string, ...args: string[]) => execFileSync('pdftotext', [...args, file, '-'], { encoding: 'utf8' });
const squash = (s: string) => s.replace(/\s+/g, ' ');

/** The page rendered in grey at 50 dpi: a PGM read into rows of 0..255. */
function render(file: string, page: number): { width: number; height: number; px: Uint8Array } {
  const prefix = join(dir, `r${page}`);
  execFileSync('pdftoppm', ['-r', String(DPI), '-gray', '-f', String(page), '-l', String(page), file, prefix]);
  const out = readdirSync(dir).find((f) => f.startsWith(`r${page}-`) && f.endsWith('.pgm'))!;
  const data = readFileSync(join(dir, out));
  rmSync(join(dir, out));
  // "P5\n<w> <h>\n255\n" then the bytes.
  const header = data.subarray(0, 40).toString('latin1').split(/\s+/);
  const [w, h] = [Number(header[1]), Number(header[2])];
  return { width: w, height: h, px: data.subarray(data.length - w * h) };
}

/** Dark pixels (below 160 of 255) in a box given in PDF points from the page's bottom-left. */
function ink(img: ReturnType<typeof render>, pageHeightPt: number, box: { x: number; y: number; w: number; h: number }): number {
  const s = DPI / 72;
  const x0 = Math.max(0, Math.floor(box.x * s));
  const x1 = Math.min(img.width, Math.ceil((box.x + box.w) * s));
  const y0 = Math.max(0, Math.floor((pageHeightPt - box.y - box.h) * s));
  const y1 = Math.min(img.height, Math.ceil((pageHeightPt - box.y) * s));
  let n = 0;
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) if (img.px[y * img.width + x]! < 160) n++;
  return n;
}

/** Where each text operation of each card on a sheet lands on the page (upright cards only). */
function textBoxes(printed: Printed, sheetIndex: number) {
  const sheet = printed.sheets[sheetIndex]!;
  return sheet.faces.flatMap((placed) => {
    const [, , , , e, f] = faceMatrix(placed);
    return placed.face.ops.flatMap((o) => (o.op === 'text' ? [{ text: o.text, size: o.size, box: { x: e + o.x, y: f + o.y - 0.24 * o.size, w: o.width, h: 1.17 * o.size } }] : []));
  });
}

describe('page sizes', () => {
  it('A4 is 595.276 × 841.890 pt and Letter 612 × 792 pt', async () => {
    // 210 mm × 72/25.4 = 595.2756 pt; 297 mm → 841.8898 pt. Letter 8.5 × 11 in × 72.
    for (const [paper, w, h] of [
      ['a4', 595.2756, 841.8898],
      ['letter', 612, 792],
    ] as const) {
      const printed = await printCards([entry(sampleCharacter('novitas', 2))], { now, fonts, metrics, layout: { paper } });
      const doc = await PDFDocument.load(printed.bytes);
      for (const page of doc.getPages()) {
        expect(page.getWidth()).toBeCloseTo(w, 3);
        expect(page.getHeight()).toBeCloseTo(h, 3);
      }
    }
  });
});

describe('a batch of one character of each game', () => {
  let printed: Printed;
  let file: string;
  beforeAll(async () => {
    printed = await printCards(fourGames(), { now, fonts, metrics });
    file = save('four.pdf', printed.bytes);
  });

  it('puts character cards with their backs first, the other cards in the free slots and then on a sheet of their own: 3 pages', () => {
    // 4 character cards (with backs): 1 sheet of fronts + 1 of backs. The rest: FL armour tag and
    // potion; CP poison, 3 spell cards, token; Novitas tracker; bg scroll and slip = 10. The first 6
    // fill slots 4 to 9 of the two-sided sheet (blank backs); the other 4 go on a third page.
    expect(printed.pages).toBe(3);
    expect(printed.sheets.map((s) => [s.side, s.faces.length])).toEqual([
      ['front', 10],
      ['back', 4],
      ['front', 4],
    ]);
  });

  it('reads back the text of every card type', () => {
    const all = squash(pdftotext(file));
    for (const s of [
      // character cards, every game
      'Aldric 0', 'Armour rating: 3 · Threshold: 0', 'Brannoc 1', 'Hits: head 5', 'Elowen 2', 'Power points: 20', 'Цветан 3', 'Енергия: 6',
      // backs
      'Event desk', 'Регистрация', 'Printed: 2025-06-01',
      // armour tag
      'Armour tag', 'Filled areas are not armoured',
      // items
      'Potion of Cure Light Wounds', 'Vial of Nightshade', 'Effect: Target loses one hit from the torso.',
      // spell cards
      'Rank 1', 'Rank 2', 'Corporeal', 'Day: Saturday', 'tear in half to cast',
      // slip and scroll
      'Ролева магия', 'Заспивате дълбоко за 5 минути.', 'Магически свитък', 'Трае: само тази игра',
      // tracker and token
      'Counted against the 20-point daily cap', 'Break cap (not counted against the cap)', '+1 hit on every location',
    ]) {
      expect(all, s).toContain(s);
    }
  });

  it('puts each card where the grid says, in mm', () => {
    // pdftotext -bbox gives word boxes in points from the top-left. The first sheet holds the
    // character cards in print order, by player: Aldric 0 (Alex), Brannoc 1 (Dana), Elowen 2 (Priya),
    // Цветан 3 (Sam). Slot 0 is 19.4 mm from the left and 13.5 mm from the top; its title starts at
    // the 3 mm padding: x = 22.4 mm, top 16.5 mm. Slot 1 (column 1): x = 105 + 3 = 108 mm. Slots 2
    // and 3 are one card (54 mm) lower.
    const xml = execFileSync('pdftotext', ['-bbox', '-f', '1', '-l', '2', file, '-'], { encoding: 'utf8' });
    const pages = xml.split('<page ').slice(1);
    const word = (page: string, w: string) => {
      const m = new RegExp(`<word xMin="([\\d.]+)" yMin="([\\d.]+)" xMax="[\\d.]+" yMax="[\\d.]+">${w}</word>`).exec(page);
      expect(m, w).not.toBeNull();
      return { x: Number(m![1]) / PT, y: Number(m![2]) / PT };
    };
    const titles = [
      ['Aldric', 22.4, 13.5 + 3],
      ['Brannoc', 108, 13.5 + 3],
      ['Elowen', 22.4, 13.5 + 54 + 3],
      ['Цветан', 108, 13.5 + 54 + 3],
    ] as const;
    for (const [name, x, top] of titles) {
      const at = word(pages[0]!, name);
      expect(at.x, name).toBeCloseTo(x, 0);
      // The glyph box top sits a little under the padding line (the font's line gap).
      expect(at.y - top, name).toBeGreaterThanOrEqual(-0.2);
      expect(at.y - top, name).toBeLessThan(1.5);
    }
    // Backs mirror the columns: the backs of Aldric (slot 0) and Elowen (slot 2) are in column 1 at
    // 108 mm, Brannoc's (slot 1) in column 0 at 22.4 mm. Each back repeats the name under its title.
    for (const [name, x] of [
      ['Aldric', 108],
      ['Brannoc', 22.4],
      ['Elowen', 108],
    ] as const) {
      expect(word(pages[1]!, name).x, name).toBeCloseTo(x, 0);
    }
    const laidBack = backSlot(printed.grid, printed.settings, 0);
    expect(laidBack.x / PT).toBeCloseTo(105, 6);
    expect(frontSlot(printed.grid, printed.settings, 0).x / PT).toBeCloseTo(19.4, 6);
  });

  it('has ink where the text is on every card, Bulgarian included, and none in an empty slot', () => {
    const pageH = printed.grid.paper.heightPt;
    for (const sheet of [0, 1, 2]) {
      const img = render(file, sheet + 1);
      const boxes = textBoxes(printed, sheet).filter((b) => b.size >= 6 && b.box.w >= 15 && /\p{L}/u.test(b.text));
      expect(boxes.length).toBeGreaterThan(10);
      for (const b of boxes) {
        // A 6 pt line at 50 dpi is about 4 px high; 15 pt of it is ~10 px wide.
        expect(ink(img, pageH, b.box), `"${b.text}" on sheet ${sheet + 1}`).toBeGreaterThanOrEqual(3);
      }
      const cyrillic = boxes.filter((b) => /[А-Яа-я]/.test(b.text));
      if (sheet !== 1) expect(cyrillic.length, `Bulgarian on sheet ${sheet + 1}`).toBeGreaterThan(3);
      for (const b of cyrillic) {
        const area = (b.box.w * b.box.h * DPI * DPI) / (72 * 72);
        // Dark pixels cover a real part of the line's box, as for Latin text.
        expect(ink(img, pageH, b.box) / area, `"${b.text}"`).toBeGreaterThan(0.08);
      }
      if (sheet === 2) {
        // Slots 4 to 9 are empty on the third page: no ink inside slot 9, away from its edges.
        const s9 = frontSlot(printed.grid, printed.settings, 9);
        expect(ink(img, pageH, { x: s9.x + 10, y: s9.y + 10, w: s9.width - 20, h: s9.height - 20 })).toBe(0);
      }
    }
  });

  it('is the same bytes for the same characters and time', async () => {
    const again = await printCards(fourGames(), { now, fonts, metrics });
    expect(Buffer.from(again.bytes).equals(Buffer.from(printed.bytes))).toBe(true);
  });
});

describe('long text', () => {
  it('continues on a second card marked 1/2 and 2/2 in the PDF', async () => {
    const base = sampleCharacter('curious-pastimes', 1);
    const effect = Array.from({ length: 12 }, (_, i) => `Clause ${i + 1}: the drinker may not be healed by magic until dawn and must tell any healer so.`).join(' ');
    const c = characterSchema.parse({ ...base, items: [{ name: 'Draught of Long Words', kind: 'potion', text: effect }] });
    const printed = await printCards([entry(c)], { now, fonts, metrics, sections: ['items'] });
    expect(printed.cards.map((x) => [x.part, x.parts])).toEqual([
      [1, 2],
      [2, 2],
    ]);
    const text = squash(pdftotext(save('long.pdf', printed.bytes)));
    expect(text).toContain('1/2');
    expect(text).toContain('2/2');
    expect(text).toContain('Clause 1: the drinker');
    expect(text).toContain('Clause 12: the drinker');
  });
});

describe('a 200-character batch', () => {
  it('gives the page count worked out from the grid', async () => {
    // sampleBatch(200): the games in turn, 50 each. Cards per character:
    //   Fortune's Landing: character, armour tag, potion = 3 (all FL samples have even numbers, so a potion)
    //   Curious Pastimes: character, poison, 3 spell cards (2 + 1), token = 6
    //   Novitas: character, tracker = 2
    //   bg-magic: character, scroll, slip = 3
    // Character cards have backs: 200 / 10 a page = 20 sheets of fronts + 20 of backs = 40 pages.
    // The rest: 50 × (2 + 5 + 1 + 2) = 500 cards / 10 = 50 pages. In all 90.
    const batch = sampleBatch(200).map((c) => entry(c));
    const printed = await printCards(batch, { now, fonts, metrics });
    expect(printed.cards).toHaveLength(700);
    expect(printed.pages).toBe(90);
    expect((await PDFDocument.load(printed.bytes)).getPageCount()).toBe(90);
    // On Letter, credit cards go 3 × 3 turned (9 a page): ceil(200/9) = 23 → 46 pages with backs,
    // the last front holding 200 − 22 × 9 = 2 character cards and 7 of the rest; ceil(493/9) = 55.
    // In all 101.
    expect(layoutBatch(batch, { now, metrics, layout: { paper: 'letter' } }).sheets).toHaveLength(101);
    // Without backs, all 700 in one run: ceil(700/10) = 70 pages.
    expect(layoutBatch(batch, { now, metrics, backs: false }).sheets).toHaveLength(70);
  });
});

describe('characters the card font lacks', () => {
  it('prints the cards and warns once per character, naming each missing character once', () => {
    const han = sampleCharacter('novitas', 2);
    han.name = '漢字 漢';
    const fine = sampleCharacter('novitas', 6);
    const laid = layoutBatch([entry(han, 'han.character.json'), entry(fine, 'fine.character.json')], { now, metrics });
    expect(laid.cards.filter((c) => c.source === 'han.character.json').length).toBeGreaterThan(0);
    expect(laid.warnings).toEqual([{ source: 'han.character.json', message: 'han.character.json: the card font has no "漢" "字"; those characters print as empty boxes' }]);
  });

  it('warns for every character whose cards carry the same missing character, whoever came first', () => {
    // The same name on two characters, between them one without: strings found complete once are
    // not looked at again in the batch, strings with a missing character are, for each character.
    const first = sampleCharacter('novitas', 2);
    first.name = 'Ōkami 漢';
    first.player = 'Aa';
    const between = sampleCharacter('novitas', 6);
    between.player = 'Bb';
    const second = sampleCharacter('fortunes-landing', 3);
    second.name = 'Ōkami 漢';
    second.player = 'Cc';
    const laid = layoutBatch([entry(first, 'a.character.json'), entry(between, 'b.character.json'), entry(second, 'c.character.json')], { now, metrics });
    const message = (f: string) => `${f}: the card font has no "漢"; those characters print as empty boxes`;
    expect(laid.warnings).toEqual([
      { source: 'a.character.json', message: message('a.character.json') },
      { source: 'c.character.json', message: message('c.character.json') },
    ]);
  });
});

describe('the content hash a caller already has', () => {
  it('prints a given hash, else the hasher in the options, else the pure one, on the character card back', () => {
    const c = sampleCharacter('novitas', 2);
    const given = 'ab'.repeat(32);
    const backText = (laid: ReturnType<typeof layoutBatch>) => laid.cards[0]!.back!.ops.flatMap((o) => (o.op === 'text' ? [o.text] : [])).join('');
    const withGiven = layoutBatch([{ ...entry(c), hash: given }], { now, metrics, contentHash: () => 'cd'.repeat(32) });
    expect(backText(withGiven)).toContain(given.slice(0, 20));
    const hashed: string[] = [];
    const viaOption = layoutBatch([entry(c)], { now, metrics, contentHash: (x) => (hashed.push(x.id), 'cd'.repeat(32)) });
    expect(hashed).toEqual([c.id]);
    expect(backText(viaOption)).toContain('cd'.repeat(10));
    expect(backText(layoutBatch([entry(c)], { now, metrics }))).toContain(contentHash(c).slice(0, 20));
  });
});
