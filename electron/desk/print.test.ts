// The desk's first print, as a volunteer takes it: open the event folder, ask what "reprint
// changed" would print (everyone: nobody printed yet), choose the sheet and the printer, print, and
// read the PDF back. Every card type each character's game needs is in the PDF's text; the counts
// asked before are the PDF's; the PDF is opened; the printer corrections are kept. A desk print of
// two cards takes two pages (one two-sided sheet), not three.
import { execFileSync } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultPrintChoice, type DeskFolder } from '../../core/ipc/contract';
import { sampleCharacter } from '../../core/pdf/sample-characters';
import { serializeCharacter } from '../../core/format/save';
import { facePlacements } from '../../node/testing/pdf-readback';
import { choiceFor } from '../../renderer/print/print-options';
import { handlerFixture, tempFolder } from '../testing/handlers';

let dir: string;
let cleanup: () => Promise<void>;
beforeEach(async () => ({ dir, cleanup } = await tempFolder('qm-desk-print-')));
afterEach(() => cleanup());

const pdftotext = (file: string) => execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
const MM = 72 / 25.4;

async function deskWith(characters: ReturnType<typeof sampleCharacter>[]) {
  const lib = join(dir, 'library');
  const folder = join(dir, 'Summer Gathering');
  await mkdir(lib);
  await mkdir(folder);
  for (const c of characters) await writeFile(join(folder, `${c.name.replace(/\W+/g, '-')}.character.json`), serializeCharacter(c));
  const opened: string[] = [];
  let clock = Date.UTC(2026, 6, 4, 12, 0);
  const f = handlerFixture(lib, join(dir, 'examples'), { now: () => (clock += 1000), shell: { showItemInFolder: () => undefined, trashItem: async () => undefined, openPath: async (p) => (opened.push(p), '') } });
  f.queue.folder.push(folder);
  const first = await f.handlers.openEventFolder();
  const desk = (await f.handlers.createEvent({ folder, name: 'Summer Gathering', game: 'mixed', start: '2026-07-04', end: '2026-07-05' })) as DeskFolder;
  if (desk.eventFile.kind !== 'file') throw new Error('no event file');
  return { ...f, folder, opened, first, eventFile: desk.eventFile };
}

describe("the desk's prints", () => {
  it('first print over all four games: asks before printing everyone, prints every card type each game needs, opens the PDF', async () => {
    // Sample 0 of Fortune's Landing wears armour (armour tag); Curious Pastimes 1 has Body
    // Development and spell cards; Novitas 2 is a caster (power-point tracker); bg-magic 3 is a role
    // mage with a role spell (slip) and a scroll.
    const chars = [sampleCharacter('fortunes-landing', 0), sampleCharacter('curious-pastimes', 1), sampleCharacter('novitas', 2), sampleCharacter('bg-magic', 3)];
    const f = await deskWith(chars);
    const eventFile = f.eventFile.path;
    // The dialog's first question: whom. Everyone, since nobody has been printed.
    const whom = await f.handlers.previewReprint({ folder: f.folder, eventFile });
    expect(whom).toMatchObject({ characters: 4, everyone: true, unchanged: 0, problems: [] });
    expect([...whom.rulesets].sort()).toEqual(['bg-magic', 'curious-pastimes', 'fortunes-landing', 'novitas']);
    // The choice the dialog starts from, for those games: every group ticked.
    const { choice } = choiceFor(null, 'a4', whom.rulesets);
    expect(choice.sections).toEqual(['character', 'armour', 'items', 'spells', 'slips', 'tracker', 'token']);
    const print = { ...choice, stock: 'avery-c32011' as const, printer: 'Desk laser', offsetMm: { x: 1, y: 0 } };
    const plan = await f.handlers.previewReprint({ folder: f.folder, eventFile, print });

    const out = join(dir, 'first print.pdf');
    f.queue.pdf.push(out);
    const done = await f.handlers.reprintChanged({ folder: f.folder, eventFile, print });
    if (done?.kind !== 'printed') throw new Error(`not printed: ${JSON.stringify(done)}`);
    // What the dialog said is what was printed.
    expect([done.cards, done.pages]).toEqual([plan.cards, plan.pages]);
    // Recorded: one print of each of the four characters, appended to the event file as answered.
    expect(done.entries.map((e) => e.kind)).toEqual(['printed', 'printed', 'printed', 'printed']);
    expect(new Set(done.entries.map((e) => e.character))).toEqual(new Set(done.printed.map((p) => p.id)));
    const lines = (await readFile(eventFile, 'utf8')).split('\n').slice(1, -1).map((l) => JSON.parse(l));
    expect(lines).toEqual(done.entries);
    // Each print lists the cards printed for that character: all of them together are the PDF's cards.
    expect(done.entries.reduce((n, e) => n + (e.kind === 'printed' ? e.cards.length : 0), 0)).toBe(done.cards);
    const bytes = new Uint8Array(await readFile(out));
    expect((await PDFDocument.load(bytes)).getPageCount()).toBe(plan.pages);
    expect(f.opened).toEqual([out]);

    const text = pdftotext(out);
    for (const c of chars) expect(text).toContain(c.name);
    // Fortune's Landing: the armour tag with its uncovered areas filled in.
    expect(text).toContain('Armour tag');
    expect(text).toContain('Filled areas are not armoured');
    // Curious Pastimes: spell cards (Rank, torn in half to cast) and the Body Development token (+1 on all).
    expect(text).toContain('tear in half to cast');
    expect(text).toContain('Rank 1');
    expect(text).toContain('+1 hit on every location');
    // Novitas: the tracker against the 20-point daily cap.
    expect(text).toContain('Counted against the 20-point daily cap');
    // bg-magic role mage: the slip its target accepts, in Bulgarian; the game named in Bulgarian.
    expect(text).toContain('Ролева магия');
    expect(text).toContain('приемете листа');
    expect(text).toContain('Игра: Български правила за магове');
    // On C32011, moved 1 mm right: the first card at 15 + 1 = 16 mm from the left, 13.5 mm from the top.
    const [page1] = await facePlacements(bytes);
    expect(Math.abs(page1![0]!.x / MM - 16)).toBeLessThan(0.2);
    expect(Math.abs(page1![0]!.y / MM - (297 - 13.5 - 54))).toBeLessThan(0.2);
    // The printer's correction is kept for the next print on this printer and sheet.
    expect(f.settings.get().calibrations).toEqual([{ printer: 'Desk laser', sheet: 'avery-c32011', offsetMm: { x: 1, y: 0 }, backOffsetMm: { x: 0, y: 0 } }]);
    expect(f.settings.get().printer).toBe('Desk laser');

    // Printed: nothing left to print, and the dialog says so before asking where.
    expect(await f.handlers.previewReprint({ folder: f.folder, eventFile, print })).toMatchObject({ characters: 0, everyone: false, unchanged: 4, cards: 0 });
  });

  it('prints two cards on one two-sided sheet: two pages, not three', async () => {
    // A Novitas caster: a character card (with a back) and a power-point tracker (none).
    const elowen = sampleCharacter('novitas', 2);
    const f = await deskWith([{ ...elowen, items: [] }]);
    const plan = await f.handlers.previewReprint({ folder: f.folder, eventFile: f.eventFile.path, print: defaultPrintChoice('a4') });
    expect([plan.cards, plan.pages]).toEqual([2, 2]);
    f.queue.pdf.push(join(dir, 'two.pdf'));
    const done = await f.handlers.reprintChanged({ folder: f.folder, eventFile: f.eventFile.path, print: defaultPrintChoice('a4') });
    expect(done).toMatchObject({ kind: 'printed', cards: 2, pages: 2 });
    const pages = await facePlacements(new Uint8Array(await readFile(join(dir, 'two.pdf'))));
    // Page 1: both fronts; page 2: the character card's back only.
    expect(pages.map((p) => p.length)).toEqual([2, 1]);
  });

  it('without a choice prints every group on the settings paper, as before', async () => {
    const f = await deskWith([sampleCharacter('curious-pastimes', 1)]);
    f.queue.pdf.push(join(dir, 'plain.pdf'));
    const done = await f.handlers.reprintChanged({ folder: f.folder, eventFile: f.eventFile.path });
    expect(done?.kind).toBe('printed');
    const text = pdftotext(join(dir, 'plain.pdf'));
    expect(text).toContain('+1 hit on every location');
    expect(text).toContain('tear in half to cast');
  });
});
