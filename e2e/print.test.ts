// End to end: Export PDF… and Print event pack… in headless Chromium over the real main-process
// handlers and printer (fonts, layout, pdf-lib) and a temp library. The PDFs written are read back
// with pdftotext and pdfinfo. Screenshots of both dialogs go to e2e/artifacts/ (and docs/screens/
// with QM_UPDATE_SCREENS=1). Any console error, page error, failed request or CSP violation fails a test.
import { execFileSync } from 'node:child_process';
import { copyFile, mkdir, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { serializeCharacter } from '../core/format/save';
import { sampleCharacter } from '../core/pdf/sample-characters';
import { useHarness } from './use-harness';
import { ARTIFACTS, SCREENS } from './paths';

const h = useHarness();

const pdftotext = (file: string) => execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
const pdfinfo = (file: string) => {
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  const size = /Page size:\s+([\d.]+) x ([\d.]+) pts/.exec(info)!;
  return { pages: Number(/Pages:\s+(\d+)/.exec(info)![1]), size: [Math.round(Number(size[1])), Math.round(Number(size[2]))] };
};

async function screenshot(page: Page, name: string) {
  await mkdir(ARTIFACTS, { recursive: true });
  await page.mouse.move(0, 0);
  await page.screenshot({ path: join(ARTIFACTS, name) });
  if (process.env.QM_UPDATE_SCREENS === '1') {
    await mkdir(SCREENS, { recursive: true });
    await copyFile(join(ARTIFACTS, name), join(SCREENS, name));
  }
}

async function put(fileName: string, text: string): Promise<string> {
  const path = join(h.library, fileName);
  await writeFile(path, text);
  return path;
}

describe('printing in Chromium', () => {
  it("exports a character's cards through the dialog: groups of its game, a preview that follows the choices, the PDF written and opened", async () => {
    const { page } = h;
    // Fortune's Landing sample 0: character card (with a back), armour tag and a potion.
    const aldric = sampleCharacter('fortunes-landing', 0);
    await put('aldric.character.json', serializeCharacter(aldric));
    await page.goto(h.url);
    await page.getByRole('button', { name: `Open ${aldric.name}` }).click();
    await page.getByRole('heading', { level: 1, name: aldric.name }).waitFor();

    await page.getByRole('button', { name: 'Export PDF…' }).click();
    const dialog = page.getByRole('dialog', { name: `Export PDF: ${aldric.name}` });
    // Only the groups a Fortune's Landing character can have; all ticked.
    const groups = dialog.getByRole('group', { name: 'Cards to print' });
    expect(await groups.getByRole('checkbox').evaluateAll((boxes) => boxes.map((b) => `${b.parentElement!.textContent}:${(b as HTMLInputElement).checked}`))).toEqual([
      'Character card:true',
      'Armour tag:true',
      'Item and scroll cards:true',
    ]);
    expect(await dialog.getByRole('combobox', { name: 'Paper' }).inputValue()).toBe('a4');

    // With backs (duplex): page 1 holds all three fronts (the tag and the potion have blank backs),
    // page 2 the character card's back: 3 cards on 2 pages.
    const preview = dialog.getByRole('img', { name: 'First page: 3 cards on 2 pages in all' });
    await preview.waitFor();
    expect(await preview.locator('.preview-card').count()).toBe(3);
    expect(await preview.locator('text').allTextContents()).toContain(aldric.name);
    expect(await dialog.getByRole('status').first().textContent()).toBe('3 cards on 2 pages, up to 10 on a page.');

    // Fronts only: all three on one page. A margin that is not a number holds the export back.
    await dialog.getByRole('checkbox', { name: 'Print the backs of character cards (two-sided printing)' }).uncheck();
    await dialog.getByRole('img', { name: 'First page: 3 cards on 1 page in all' }).waitFor();
    const margin = dialog.getByRole('textbox', { name: 'Printer margin (mm)' });
    await margin.fill('five');
    await dialog.getByText('Printer margin (mm): type a number of millimetres, such as 5 or 2.5.').waitFor();
    expect(await dialog.getByRole('button', { name: 'Save PDF…' }).isDisabled()).toBe(true);
    await margin.fill('6');
    // A card text the preview draws, from the potion card.
    const cards = dialog.getByRole('img', { name: 'First page: 3 cards on 1 page in all' });
    await expect.poll(() => cards.locator('.preview-card').count()).toBe(3);
    expect((await cards.locator('text').allTextContents()).join(' ')).toContain('Potion of Cure Light Wounds');
    expect(await dialog.getByRole('button', { name: 'Save PDF…' }).isEnabled()).toBe(true);
    await screenshot(page, 'export-pdf.png');

    const pdf = join(h.library, 'Aldric cards.pdf');
    h.dialogs.pdf.push(pdf);
    await dialog.getByRole('button', { name: 'Save PDF…' }).click();
    await page.getByRole('status').filter({ hasText: `PDF saved to ${pdf} and opened.` }).waitFor();
    expect(await dialog.count()).toBe(0);
    expect(h.opened).toEqual([pdf]);
    // One A4 page (595 × 842 pt) with the three cards.
    expect(pdfinfo(pdf)).toEqual({ pages: 1, size: [595, 842] });
    const text = pdftotext(pdf);
    expect(text).toContain(aldric.name);
    expect(text).toContain('Potion of Cure Light Wounds');

    // The dialog offers the last choice again (fronts only), on Letter when chosen.
    await page.getByRole('button', { name: 'Export PDF…' }).click();
    expect(await dialog.getByRole('checkbox', { name: 'Print the backs of character cards (two-sided printing)' }).isChecked()).toBe(false);
    await dialog.getByRole('combobox', { name: 'Paper' }).selectOption('letter');
    await dialog.getByRole('img', { name: 'First page: 3 cards on 1 page in all' }).waitFor();
    await page.keyboard.press('Escape');
    expect(await dialog.count()).toBe(0);
  });

  it('prints an event pack of three ticked characters, one unreadable: it is reported, the other two are in the PDF', async () => {
    const { page } = h;
    const brannoc = sampleCharacter('curious-pastimes', 1);
    const vasil = sampleCharacter('bg-magic', 3);
    const elowen = sampleCharacter('novitas', 2);
    await put('brannoc.character.json', serializeCharacter(brannoc));
    await put('vasil.character.json', serializeCharacter(vasil));
    await put('elowen.character.json', serializeCharacter(elowen));
    await put('broken.character.json', '{ "format": "quartermaster-character", "version": 1, "name": "Tru');
    await page.goto(h.url);
    await page.getByRole('button', { name: `Open ${brannoc.name}` }).waitFor();

    await page.getByRole('checkbox', { name: `Select ${brannoc.name}` }).check();
    await page.getByRole('checkbox', { name: 'Select broken' }).check();
    // The third by keyboard: Space on its tick box.
    await page.getByRole('checkbox', { name: `Select ${vasil.name}` }).focus();
    await page.keyboard.press('Space');
    const toolbar = page.getByRole('group', { name: 'Selected characters' });
    expect(await toolbar.getByRole('status').textContent()).toBe('3 selected');
    await toolbar.getByRole('button', { name: 'Print event pack…' }).click();

    const dialog = page.getByRole('dialog', { name: 'Print event pack' });
    await dialog.getByText('1 selected file cannot be read (broken.character.json): it will be reported, and the others printed.').waitFor();
    // The groups of Curious Pastimes and bg-magic.
    expect(await dialog.getByRole('group', { name: 'Cards to print' }).getByRole('checkbox').evaluateAll((boxes) => boxes.map((b) => b.parentElement!.textContent))).toEqual([
      'Character card',
      'Item and scroll cards',
      'Spell cards',
      'Role-spell slips',
      'Body Development token',
    ]);
    const pdf = join(h.library, 'pack.pdf');
    h.dialogs.pdf.push(pdf);
    await dialog.getByRole('button', { name: 'Print…' }).click();
    await dialog.getByRole('status').filter({ hasText: `to ${pdf}. The PDF was opened.` }).waitFor();
    expect(await dialog.getByRole('status').filter({ hasText: 'Printed' }).textContent()).toMatch(/^Printed \d+ cards for 2 characters on \d+ pages to /);
    await dialog.getByRole('heading', { name: '1 file was not printed' }).waitFor();
    expect(await dialog.locator('.print-problems li').allTextContents()).toEqual([expect.stringMatching(/^broken\.character\.json: it is not valid JSON/)]);
    await screenshot(page, 'print-pack.png');

    expect(h.opened).toEqual([pdf]);
    const text = pdftotext(pdf);
    expect(text).toContain(brannoc.name);
    expect(text).toContain(vasil.name);
    expect(text).not.toContain(elowen.name);
    await dialog.getByRole('button', { name: 'Done' }).click();
    expect(await dialog.count()).toBe(0);
  });

  it('shows the progress of a large pack and cancels it: nothing is written', async () => {
    const { page } = h;
    const count = 600;
    for (let i = 0; i < count; i++) await put(`c${String(i).padStart(3, '0')}.character.json`, serializeCharacter(sampleCharacter('novitas', 1000 + i)));
    await page.goto(h.url);
    await page.getByRole('checkbox', { name: 'Select all shown characters' }).check();
    expect(await page.getByRole('group', { name: 'Selected characters' }).getByRole('status').textContent()).toBe(`${count} selected`);
    await page.getByRole('button', { name: 'Print event pack…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Print event pack' });
    const pdf = join(h.library, 'big.pdf');
    h.dialogs.pdf.push(pdf);
    await dialog.getByRole('button', { name: 'Print…' }).click();
    const bar = dialog.getByRole('progressbar', { name: 'Printing progress' });
    await expect.poll(() => bar.getAttribute('aria-valuetext')).toMatch(new RegExp(`^(Reading files:|Laying out cards: character) \\d+ of ${count}$`));
    expect(Number(await bar.getAttribute('max'))).toBe(count);
    // Keyboard focus is on Cancel while it prints.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Cancel printing');
    await page.keyboard.press('Enter');
    await dialog.getByText('Printing was cancelled; no PDF was written.').waitFor();
    expect((await readdir(h.library)).filter((f) => f.endsWith('.pdf') || f.endsWith('.tmp'))).toEqual([]);
    expect(h.opened).toEqual([]);
  });

  it("export a Fortune's Landing character, then a Curious Pastimes one, then a pack over all four games on Avery C32011: no card is dropped", async () => {
    const { page } = h;
    const aldric = sampleCharacter('fortunes-landing', 0);
    const brannoc = sampleCharacter('curious-pastimes', 1);
    const elowen = sampleCharacter('novitas', 2);
    const tsvetan = sampleCharacter('bg-magic', 3);
    for (const [file, c] of [['aldric', aldric], ['brannoc', brannoc], ['elowen', elowen], ['tsvetan', tsvetan]] as const) await put(`${file}.character.json`, serializeCharacter(c));
    await page.goto(h.url);
    const toolbar = page.getByRole('group', { name: 'Selected characters' });
    const ticks = async (dialog: ReturnType<Page['getByRole']>) => {
      // The dialog opens once the file is read.
      await dialog.getByRole('group', { name: 'Cards to print' }).getByRole('checkbox').first().waitFor();
      return dialog.getByRole('group', { name: 'Cards to print' }).getByRole('checkbox').evaluateAll((boxes) => boxes.map((b) => `${b.parentElement!.textContent}:${(b as HTMLInputElement).checked}`));
    };

    // 1. Aldric's PDF, with every group of his game.
    await page.getByRole('checkbox', { name: `Select ${aldric.name}` }).check();
    await toolbar.getByRole('button', { name: 'Export PDF…' }).click();
    let dialog = page.getByRole('dialog', { name: `Export PDF: ${aldric.name}` });
    expect(await ticks(dialog)).toEqual(['Character card:true', 'Armour tag:true', 'Item and scroll cards:true']);
    const first = join(h.library, 'aldric.pdf');
    h.dialogs.pdf.push(first);
    await dialog.getByRole('button', { name: 'Save PDF…' }).click();
    await page.getByRole('status').filter({ hasText: `PDF saved to ${first} and opened.` }).waitFor();
    expect(pdftotext(first)).toContain('Filled areas are not armoured');

    // 2. Brannoc next: his spell cards and Body Development token are ticked and printed.
    await page.getByRole('checkbox', { name: `Select ${aldric.name}` }).uncheck();
    await page.getByRole('checkbox', { name: `Select ${brannoc.name}` }).check();
    await toolbar.getByRole('button', { name: 'Export PDF…' }).click();
    dialog = page.getByRole('dialog', { name: `Export PDF: ${brannoc.name}` });
    expect(await ticks(dialog)).toEqual(['Character card:true', 'Item and scroll cards:true', 'Spell cards:true', 'Body Development token:true']);
    const second = join(h.library, 'brannoc.pdf');
    h.dialogs.pdf.push(second);
    await dialog.getByRole('button', { name: 'Save PDF…' }).click();
    await page.getByRole('status').filter({ hasText: `PDF saved to ${second} and opened.` }).waitFor();
    const cp = pdftotext(second);
    // Curious Pastimes: Body Development is +1 hit on every location; spell cards are torn to cast.
    expect(cp).toContain('+1 hit on every location');
    expect(cp).toContain('tear in half to cast');

    // 3. A pack over all four games, on C32011: every group ticked; every card type in the PDF.
    await page.getByRole('checkbox', { name: 'Select all shown characters' }).check();
    await toolbar.getByRole('button', { name: 'Print event pack…' }).click();
    dialog = page.getByRole('dialog', { name: 'Print event pack' });
    expect(await ticks(dialog)).toEqual([
      'Character card:true',
      'Armour tag:true',
      'Item and scroll cards:true',
      'Spell cards:true',
      'Role-spell slips:true',
      'Power-point tracker:true',
      'Body Development token:true',
    ]);
    await dialog.getByRole('combobox', { name: 'Sheet' }).selectOption('avery-c32011');
    await dialog.getByText('Cards go exactly where the sheet has them: 10 on A4, 85 × 54 mm each.', { exact: false }).waitFor();
    await dialog.getByRole('combobox', { name: 'Printer (your name for it)' }).fill('Desk laser');
    await dialog.getByRole('textbox', { name: 'Front: right (mm)' }).fill('1');
    await screenshot(page, 'print-pack-stock.png');
    const pack = join(h.library, 'pack-c32011.pdf');
    h.dialogs.pdf.push(pack);
    await dialog.getByRole('button', { name: 'Print…' }).click();
    await dialog.getByRole('status').filter({ hasText: `to ${pack}. The PDF was opened.` }).waitFor();
    const text = pdftotext(pack);
    for (const c of [aldric, brannoc, elowen, tsvetan]) expect(text).toContain(c.name);
    for (const s of ['Filled areas are not armoured', '+1 hit on every location', 'tear in half to cast', 'Counted against the 20-point daily cap', 'Ролева магия', 'Игра: Български правила за магове']) expect(text).toContain(s);
    expect(pdfinfo(pack).size).toEqual([595, 842]);
    await dialog.getByRole('button', { name: 'Done' }).click();

    // 4. The next print on this printer and sheet starts from the saved correction.
    await toolbar.getByRole('button', { name: 'Print event pack…' }).click();
    dialog = page.getByRole('dialog', { name: 'Print event pack' });
    expect(await dialog.getByRole('combobox', { name: 'Sheet' }).inputValue()).toBe('avery-c32011');
    expect(await dialog.getByRole('textbox', { name: 'Front: right (mm)' }).inputValue()).toBe('1');
    await page.keyboard.press('Escape');
  });
});
