// The app's printer (Export PDF… preview, Print event pack…) and its handlers, against temp files
// and the real fonts. Page positions are worked out by hand from the layout table.
import { execFileSync } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultPrintChoice, type PrintChoice, type PrintProgress } from '../../core/ipc/contract';
import type { Character } from '../../core/model/character';
import { CARD_SECTIONS, FontMetrics, layoutBatch, printCards } from '../../core/pdf/index';
import { sampleCharacter, SAMPLE_RULESETS } from '../../core/pdf/sample-characters';
import { derive } from '../../core/rulesets/index';
import { nativeDeflate } from '../../node/fs/deflate';
import { RULESET_IDS } from '../../core/model/ids';
import { serializeCharacter } from '../../core/format/save';
import { SECTIONS_FOR_RULESET } from '../../renderer/print/print-options';
import { createPrinter } from './print-pack';
import { handlerFixture, tempFolder } from '../testing/handlers';

const root = join(import.meta.dirname, '../..');
const now = new Date('2025-06-01T10:00:00Z');
const printer = createPrinter(root, { now: () => now });
const PT = 72 / 25.4;

let dir: string;
let cleanup: () => Promise<void>;
beforeEach(async () => ({ dir, cleanup } = await tempFolder('qm-pack-')));
afterEach(() => cleanup());

const a4 = (over: Partial<PrintChoice> = {}): PrintChoice => ({ ...defaultPrintChoice('a4'), ...over });
const pdftotext = (bytes: Uint8Array, name: string) => {
  const file = join(dir, `${name}.pdf`);
  return writeFile(file, bytes).then(() => execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' '));
};

async function writeCharacter(name: string, c: Character): Promise<string> {
  const path = join(dir, `${name}.character.json`);
  await writeFile(path, serializeCharacter(c));
  return path;
}

describe('card groups offered per game', () => {
  it('are exactly the groups that give a sample character of the game any card', async () => {
    const fonts = { regular: await readFile(join(root, 'assets/fonts/DejaVuSans.ttf')), bold: await readFile(join(root, 'assets/fonts/DejaVuSans-Bold.ttf')) };
    const metrics = new FontMetrics(fonts);
    expect([...SAMPLE_RULESETS].sort()).toEqual([...RULESET_IDS].sort());
    for (const ruleset of SAMPLE_RULESETS) {
      // Samples 0 to 2 of a game between them have every game-specific card it can print; every
      // game's items get item cards, so each gets a potion too.
      const withCards = new Set<string>();
      for (const n of [0, 1, 2]) {
        const sample = sampleCharacter(ruleset, n);
        const c = { ...sample, items: [...sample.items, { id: '0b7d6a52-4a43-4c55-8e1a-3c1f6f0e0a01', name: 'Potion', kind: 'potion', text: 'Heals.' }] };
        for (const section of CARD_SECTIONS) {
          if (layoutBatch([{ character: c, derivation: derive(c), source: c.name }], { now, metrics, sections: [section] }).cards.length > 0) withCards.add(section);
        }
      }
      expect(SECTIONS_FOR_RULESET[ruleset], ruleset).toEqual(CARD_SECTIONS.filter((s) => withCards.has(s)));
    }
  });
});

describe('preview', () => {
  it("puts the first page's cards where the PDF does, in mm worked out from the layout table", async () => {
    // Fortune's Landing sample 0: character card (with a back), armour tag, one potion.
    const c = sampleCharacter('fortunes-landing', 0);
    const p = await printer.preview(c, '/lib/aldric.character.json', a4());
    // A4 is 210 × 297 mm. Credit cards (85.6 × 54) inside a 5 mm margin (200 × 287 usable): upright
    // 2 columns (2 × 85.6 = 171.2) × 5 rows (5 × 54 = 270) = 10 beats turned 3 × 3 = 9.
    expect(p.widthPt).toBeCloseTo(210 * PT, 3);
    expect(p.heightPt).toBeCloseTo(297 * PT, 3);
    expect(p.perPage).toBe(10);
    // Duplex: page 1 the character card's front with the tag and the potion beside it (their backs
    // blank), page 2 the character card's back.
    expect(p.cards).toBe(3);
    expect(p.pages).toBe(2);
    expect(p.faces).toHaveLength(3);
    // The grid is centred: left (210 − 171.2) / 2 = 19.4 mm; bottom (297 − 270) / 2 = 13.5 mm; the
    // first card sits in the top row: 13.5 + 270 − 54 = 229.5 mm from the bottom.
    const [a, b, cc, d, e, f] = p.faces[0]!.matrix;
    expect([a, b, cc, d]).toEqual([1, 0, 0, 1]);
    expect(e / PT).toBeCloseTo(19.4, 6);
    expect(f / PT).toBeCloseTo(229.5, 6);
    expect(p.faces[0]!.width / PT).toBeCloseTo(85.6, 6);
    expect(p.faces[0]!.height / PT).toBeCloseTo(54, 6);
    const text = p.faces[0]!.ops.flatMap((o) => (o.op === 'text' ? [o.text] : [])).join(' ');
    expect(text).toContain(c.name);
    // The QR code's runs reach the renderer as a plain array of [column, row, length] triples, the
    // same after JSON (as the e2e harness carries answers) as before.
    const cells = p.faces[0]!.ops.find((o) => o.op === 'cells')!;
    expect(Array.isArray(cells.runs)).toBe(true);
    expect(cells.runs.length % 3).toBe(0);
    expect((JSON.parse(JSON.stringify(cells)) as typeof cells).runs).toEqual(cells.runs);
    expect(p.cutMarks.length).toBeGreaterThan(0);
    expect(p.problems).toEqual([]);

    // Fronts only, 2 mm right and 1 mm down: all three cards on one page, moved by the offset.
    const q = await printer.preview(c, '/lib/aldric.character.json', a4({ backs: false, offsetMm: { x: 2, y: -1 } }));
    expect(q.pages).toBe(1);
    expect(q.faces).toHaveLength(3);
    expect(q.faces[0]!.matrix[4] / PT).toBeCloseTo(21.4, 6);
    expect(q.faces[0]!.matrix[5] / PT).toBeCloseTo(228.5, 6);
    // The second card is the next column: 21.4 + 85.6 = 107 mm.
    expect(q.faces[1]!.matrix[4] / PT).toBeCloseTo(107, 6);
  });

  it('prints only the chosen groups, and names a bad setting', async () => {
    const c = sampleCharacter('fortunes-landing', 0);
    const p = await printer.preview(c, 'x', a4({ sections: ['items'] }));
    expect(p.cards).toBe(1);
    expect(p.faces[0]!.ops.some((o) => o.op === 'text' && o.text.includes('Potion of Cure Light Wounds'))).toBe(true);
    await expect(printer.preview(c, 'x', a4({ marginMm: 60 }))).rejects.toThrow('print settings: margin must be between 0 and 50 mm');
  });
});

describe('event pack', () => {
  const three = () => [sampleCharacter('fortunes-landing', 0), sampleCharacter('curious-pastimes', 1), sampleCharacter('bg-magic', 3)];

  it('prints the readable files as the core prints them, and reports the unreadable, the missing and a repeated id', async () => {
    const [fl, cp, bg] = three();
    const files = [await writeCharacter('fl', fl!), await writeCharacter('cp', cp!), await writeCharacter('bg', bg!)];
    const broken = join(dir, 'broken.character.json');
    await writeFile(broken, '{ "format": "quartermaster-character", "version": 1, "name": "Tru');
    const missing = join(dir, 'gone.character.json');
    const again = await writeCharacter('fl-again', fl!);
    const progress: PrintProgress[] = [];
    const run = await printer.pack([files[0]!, broken, files[1]!, missing, files[2]!, again], a4(), { onProgress: (p) => progress.push(p) });
    expect(run.outcome).toBe('written');
    if (run.outcome !== 'written') return;
    expect(run.problems.map((p) => p.path)).toEqual([broken, missing, again]);
    expect(run.problems[0]!.message).toMatch(/broken\.character\.json: it is not valid JSON/);
    expect(run.problems[1]!.message).toMatch(/does not exist/);
    expect(run.problems[2]!.message).toMatch(/already printed from .*fl\.character\.json/);
    expect(run.characters).toBe(3);

    // The same PDF as the core's printCards of the three (same clock, same order by player, and
    // the main process's native zlib).
    const fonts = { regular: await readFile(join(root, 'assets/fonts/DejaVuSans.ttf')), bold: await readFile(join(root, 'assets/fonts/DejaVuSans-Bold.ttf')) };
    const core = await printCards(
      [fl!, cp!, bg!].map((c, i) => ({ character: c, derivation: derive(c), source: files[i]! })),
      { now, fonts, layout: { paper: 'a4' }, title: 'Quartermaster event pack', deflate: nativeDeflate },
    );
    expect(run.cards).toBe(core.cards.length);
    expect(run.pages).toBe(core.pages);
    expect(Buffer.from(run.bytes).equals(Buffer.from(core.bytes))).toBe(true);
    const text = await pdftotext(run.bytes, 'pack');
    for (const c of [fl!, cp!, bg!]) expect(text).toContain(c.name);

    // Progress: each of the 6 files read, each of the 3 characters laid out, each page written.
    expect(progress.filter((p) => p.phase === 'reading').map((p) => `${p.done}/${p.total}`)).toEqual(['1/6', '2/6', '3/6', '4/6', '5/6', '6/6']);
    expect(progress.filter((p) => p.phase === 'laying-out').map((p) => `${p.done}/${p.total}`)).toEqual(['1/3', '2/3', '3/3']);
    expect(progress.filter((p) => p.phase === 'writing').map((p) => p.done)).toEqual(Array.from({ length: core.pages }, (_, i) => i + 1));
    expect(progress.map((p) => p.phase)).toEqual([...progress.map((p) => p.phase)].sort((a, b) => ['reading', 'laying-out', 'writing'].indexOf(a) - ['reading', 'laying-out', 'writing'].indexOf(b)));
  });

  it('stops when cancelled, and says when nothing could be printed', async () => {
    const files = await Promise.all(three().map((c, i) => writeCharacter(`c${i}`, c)));
    let reads = 0;
    const run = await printer.pack(files, a4(), { onProgress: (p) => void (p.phase === 'reading' && reads++), cancelled: () => reads >= 2 });
    expect(run).toEqual({ outcome: 'cancelled', problems: [] });
    expect(reads).toBe(2);

    const broken = join(dir, 'broken.character.json');
    await writeFile(broken, 'not json');
    const nothing = await printer.pack([broken], a4());
    expect(nothing.outcome).toBe('nothing');
    expect(nothing.problems).toHaveLength(1);
    // A group none of them has: nothing to print either.
    expect((await printer.pack([files[0]!], a4({ sections: ['tracker'] }))).outcome).toBe('nothing');
  });
});

describe('printing handlers', () => {
  async function fixture() {
    const lib = join(dir, 'lib');
    await mkdir(lib);
    const opened: string[] = [];
    const progress: PrintProgress[] = [];
    const f = handlerFixture(lib, join(dir, 'examples'), { printer, onPrintProgress: (p) => void progress.push(p) });
    f.deps.shell.openPath = async (p) => (opened.push(p), '');
    return { ...f, lib, opened, progress };
  }

  it('printPack asks where, writes the PDF, opens it, and reports the unreadable file', async () => {
    const f = await fixture();
    const [fl, cp] = three2();
    await writeFile(join(f.lib, 'fl.character.json'), serializeCharacter(fl));
    await writeFile(join(f.lib, 'cp.character.json'), serializeCharacter(cp));
    await writeFile(join(f.lib, 'broken.character.json'), '{');
    const { entries } = await f.handlers.listLibrary();
    const paths = entries.map((e) => e.path);

    // Cancelling the save dialog prints nothing.
    expect(await f.handlers.printPack({ paths, print: a4() })).toBeNull();
    expect(f.progress).toEqual([]);

    const out = join(f.lib, 'pack');
    f.queue.pdf.push(out);
    const result = await f.handlers.printPack({ paths, print: a4() });
    expect(result).toMatchObject({ outcome: 'written', path: `${out}.pdf`, characters: 2, problems: [{ path: join(f.lib, 'broken.character.json') }] });
    expect(f.asked.at(-1)).toEqual({ kind: 'pdf', options: { defaultPath: join(f.lib, `Event pack ${new Date(1_700_000_000_000).toISOString().slice(0, 10)}.pdf`) } });
    expect(f.opened).toEqual([`${out}.pdf`]);
    const text = await pdftotext(await readFile(`${out}.pdf`), 'written');
    expect(text).toContain(fl.name);
    expect(text).toContain(cp.name);
    expect(f.progress.some((p) => p.phase === 'writing')).toBe(true);
  });

  it('printPack refuses paths the app did not give out, and one pack at a time; cancelPrint stops it', async () => {
    const f = await fixture();
    await writeFile(join(f.lib, 'fl.character.json'), serializeCharacter(three2()[0]));
    const outside = join(dir, 'outside.character.json');
    await writeFile(outside, serializeCharacter(three2()[1]));
    const { entries } = await f.handlers.listLibrary();
    await expect(f.handlers.printPack({ paths: [entries[0]!.path, outside], print: a4() })).rejects.toThrow(/was not given out by the app/);
    expect(f.asked).toEqual([]);

    f.queue.pdf.push(join(f.lib, 'a.pdf'), join(f.lib, 'b.pdf'));
    const first = f.handlers.printPack({ paths: [entries[0]!.path], print: a4() });
    // While the first runs, a second is refused, and cancelling stops the first.
    await expect(f.handlers.printPack({ paths: [entries[0]!.path], print: a4() })).rejects.toThrow(/already printing/);
    await f.handlers.cancelPrint();
    expect(await first).toEqual({ outcome: 'cancelled', problems: [] });
    expect(f.opened).toEqual([]);
    // After it, printing works again.
    expect(await f.handlers.printPack({ paths: [entries[0]!.path], print: a4() })).toMatchObject({ outcome: 'written', path: join(f.lib, 'b.pdf') });
  });

  it('previewPrint and exportPdf use the dialog’s choice; the exported PDF is opened', async () => {
    const f = await fixture();
    const c = three2()[0];
    await writeFile(join(f.lib, 'fl.character.json'), serializeCharacter(c));
    const { entries } = await f.handlers.listLibrary();
    const path = entries[0]!.path;
    const preview = await f.handlers.previewPrint({ path, character: c, print: a4({ sections: ['armour'], paper: 'letter' }) });
    // Letter is 8.5 × 11 in = 612 × 792 pt; the armour tag alone.
    expect([preview.widthPt, preview.heightPt]).toEqual([612, 792]);
    expect(preview.cards).toBe(1);
    f.queue.pdf.push(join(f.lib, 'tag.pdf'));
    expect(await f.handlers.exportPdf({ path, character: c, print: a4({ sections: ['armour'] }) })).toEqual({ path: join(f.lib, 'tag.pdf') });
    expect(f.exported).toEqual([c]);
    expect(f.opened).toEqual([join(f.lib, 'tag.pdf')]);
    await expect(f.handlers.previewPrint({ path, character: { ...c, name: 5 } as unknown as Character, print: a4() })).rejects.toThrow(/Cannot preview .*field "name"/);
  });
});

function three2(): [Character, Character] {
  return [sampleCharacter('fortunes-landing', 0), sampleCharacter('curious-pastimes', 1)];
}
