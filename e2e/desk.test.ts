// End to end: the event desk in headless Chromium over the real main-process handlers. An event
// folder of 20 characters (10 players, two each), 3 of them breaking their game's rules: open it,
// create the event file, filter to problems, check two players in (with an undo on the way), export
// the check-in sheet as PDF and CSV, print everyone's cards, change one character on disk, and
// reprint only it, its old serials listed as voided. The desk is photographed into
// e2e/artifacts/desk.png (docs/screens/ with QM_UPDATE_SCREENS=1). Any console error, page error,
// failed request or CSP violation fails the test.
import { execFileSync } from 'node:child_process';
import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { EXAMPLES, fakeId } from '../core/desk/testing';
import { qrPayload } from '../core/pdf/qr';
import { serialFor } from '../core/pdf/serial';
import type { LedgerEntry, PrintedEntry } from '../core/desk/entries';
import { foldEvent } from '../core/desk/fold';
import { eventLines, readEventFile } from './event-file';
import { useHarness } from './use-harness';
import { ARTIFACTS, SCREENS } from './paths';

const h = useHarness();

type Example = keyof typeof EXAMPLES;
const json = (v: unknown) => `${JSON.stringify(v, null, 2)}\n`;

/** Brannoc without his padded gambeson under the jerkin (layered armour is a warning in Curious Pastimes). */
const brannoc = { ...EXAMPLES.brannoc, armour: EXAMPLES.brannoc.armour.filter((p) => p.name !== 'Padded gambeson') };

/**
 * The three that break the rules, worked out from the rule texts:
 * - Борислав (bg-magic): a battle mage with a shield and metal over metal: "No shield", and one armour;
 * - Aldric in mithril (Fortune's Landing): an armour type the game does not know, so the torso he
 *   chose as an armour area is not covered either;
 * - Elowen casting Revive six times (Novitas): 6 × 4 points is more than her 22 and over the 20-point cap.
 */
const BROKEN = {
  borislav: EXAMPLES.borislav,
  mithril: { ...EXAMPLES.aldric, armour: [{ name: 'Mithril coat', type: 'mithril', locations: ['torso'] }], fortunesLanding: { armourAreas: ['torso'] } },
  overCap: { ...EXAMPLES.elowen, novitas: { ...EXAMPLES.elowen.novitas, plan: [{ spell: 'Revive', times: 6 }] } },
};

const PLAYERS = ['Ana', 'Boris', 'Chen', 'Dana', 'Emil', 'Fatima', 'Georgi', 'Hana', 'Ivo', 'Jana'];
const NAMES = [
  'Aldric of the Vale', 'Dimitri', 'Elowen Marsh', 'Васил Вещера', 'Brannoc', 'Berin Ashdown', 'Cora Flint', 'Mirela Stone', 'Тодор Мъгла', 'Hal Rook',
  'Isolde Reed', 'Joran Pike', 'Kestrel', 'Лина Звезда', 'Maren Holt', 'Nils Cotter', 'Osric Vane', 'Борислав', 'Aldric in Mithril', 'Elowen the Reckless',
];
const TEMPLATES: (Example | keyof typeof BROKEN)[] = [
  'aldric', 'dimitri', 'elowen', 'vasil', 'brannoc', 'aldric', 'dimitri', 'elowen', 'vasil', 'brannoc',
  'aldric', 'dimitri', 'elowen', 'vasil', 'brannoc', 'dimitri', 'aldric', 'borislav', 'mithril', 'overCap',
];

/** The 20 characters of the event folder, two per player. */
function characters() {
  return NAMES.map((name, i) => {
    const key = TEMPLATES[i]!;
    const base = key === 'brannoc' ? brannoc : key in BROKEN ? BROKEN[key as keyof typeof BROKEN] : EXAMPLES[key as Example];
    return { ...structuredClone(base), id: fakeId(i + 1), name, player: PLAYERS[Math.floor(i / 2)]! };
  });
}

const fileOf = (i: number) => `c${String(i + 1).padStart(2, '0')}.character.json`;
const totals = (page: Page) => page.getByRole('list', { name: 'Totals' }).locator('li').allTextContents();

describe('event desk in Chromium', () => {
  it('opens a 20-character event folder, filters to its 3 problems, checks two players in, exports the sheet and reprints only the changed character', async () => {
    const { page } = h;
    const folder = join(dirname(h.library), 'Autumn Muster');
    await mkdir(folder);
    const all = characters();
    for (const [i, c] of all.entries()) await writeFile(join(folder, fileOf(i)), json(c));

    await page.goto(h.url);
    await page.getByRole('heading', { level: 1, name: 'Character library' }).waitFor();
    await page.getByRole('button', { name: /^Event desk/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Event desk' }).waitFor();
    h.dialogs.folder.push(folder);
    await page.getByRole('button', { name: 'Open event folder…' }).first().click();
    await page.getByRole('heading', { name: 'No event file yet' }).waitFor();

    // 20 characters; the three above have rule errors; nobody is checked in yet.
    expect(await totals(page)).toEqual(['20 characters', '17 clean', '3 with errors', '0 checked in']);
    // Nothing can be checked in before the event file exists.
    expect(await page.getByRole('button', { name: 'Check in Dimitri', exact: true }).isDisabled()).toBe(true);

    // The event file: name, game and dates are offered; the desk creates it beside the characters.
    const form = page.getByRole('region', { name: 'No event file yet' });
    expect(await form.getByRole('textbox', { name: 'Event name' }).inputValue()).toBe('Autumn Muster');
    await form.getByRole('combobox', { name: 'Game' }).selectOption({ label: "Fortune's Landing" });
    await form.getByLabel('First day').fill('2026-10-02');
    await form.getByLabel('Last day').fill('2026-10-04');
    await form.getByRole('button', { name: 'Create the event file' }).click();
    await page.getByText('Autumn Muster', { exact: true }).waitFor();
    const eventFile = join(folder, 'Autumn Muster.event.json');
    // A version 3 log: the header line alone, no entry yet.
    const made = await eventLines(eventFile);
    expect(made).toEqual([expect.objectContaining({ format: 'quartermaster-event', version: 3, name: 'Autumn Muster', game: 'fortunes-landing', dates: { start: '2026-10-02', end: '2026-10-04' } })]);
    expect(made[0]).not.toHaveProperty('entries');

    // Filter to problems: exactly the three, each with its rule.
    await page.getByRole('checkbox', { name: /^Only problems/ }).check();
    await expect.poll(() => page.locator('.desk-count').textContent()).toBe('3 of 20 files shown');
    const shownNames = await page.locator('.desk-table tbody th[scope="row"] .desk-character').allTextContents();
    expect(shownNames.sort()).toEqual(['Aldric in Mithril', 'Elowen the Reckless', 'Борислав']);
    const mithrilRow = page.getByRole('row').filter({ hasText: 'Aldric in Mithril' });
    expect(await mithrilRow.locator('.desk-problems').textContent()).toContain('has armour type "mithril", which Fortune\'s Landing does not know');
    await page.getByRole('checkbox', { name: /^Only problems/ }).uncheck();
    await expect.poll(() => page.locator('.desk-count').textContent()).toBe('20 files');

    // Check two players in, by keyboard and by mouse; an undo (Ctrl+Z) on the way takes one back.
    const ana = page.getByRole('button', { name: 'Check in all 2 characters of Ana' });
    await ana.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Check in all 2 characters of Boris' }).click();
    await expect.poll(() => totals(page)).toEqual(['20 characters', '17 clean', '3 with errors', '4 checked in']);
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('Control+Z');
    await expect.poll(() => totals(page)).toEqual(['20 characters', '17 clean', '3 with errors', '2 checked in']);
    await page.getByRole('button', { name: 'Check in Elowen Marsh' }).click();
    await page.getByRole('button', { name: 'Check in Васил Вещера' }).click();
    await expect.poll(() => totals(page)).toEqual(['20 characters', '17 clean', '3 with errors', '4 checked in']);
    await expect.poll(() => page.locator('.desk .save-state').textContent()).toBe('All check-ins saved');
    const saved = await readEventFile(eventFile);
    // Ana plays the first two characters, Boris the next two: check-ins (the undone ones cancelled by undo entries, never deleted).
    const folded = foldEvent(saved);
    expect([...folded.characters].filter(([, c]) => c.checkedInAt !== null).map(([id]) => id).sort()).toEqual([fakeId(1), fakeId(2), fakeId(3), fakeId(4)]);
    expect(saved.entries.some((e) => e.kind === 'undo')).toBe(true);
    for (const entry of saved.entries) expect(entry.at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?\+00:00$/);
    // Appended in the order made, each numbered by this desk: Ana's two, Boris's two, the two undos (Boris's, newest first), Elowen, Васил.
    const appended = (await eventLines(eventFile)).slice(1) as LedgerEntry[];
    expect(appended.map((e) => [e.kind, e.character, e.seq])).toEqual([
      ['check-in', fakeId(1), 1],
      ['check-in', fakeId(2), 2],
      ['check-in', fakeId(3), 3],
      ['check-in', fakeId(4), 4],
      ['undo', fakeId(4), 5],
      ['undo', fakeId(3), 6],
      ['check-in', fakeId(3), 7],
      ['check-in', fakeId(4), 8],
    ]);
    expect(new Set(appended.map((e) => e.deskId))).toEqual(new Set([h.settings.deskIdentity().id]));

    // The check-in sheet, as PDF and as CSV; the CSV has the check-in times of the four.
    const sheetPdf = join(folder, 'sheet.pdf');
    h.dialogs.pdf.push(sheetPdf);
    await page.getByRole('button', { name: 'Check-in sheet (PDF)…' }).click();
    await page.getByRole('status').filter({ hasText: `Check-in sheet saved to ${sheetPdf}.` }).waitFor();
    expect((await readFile(sheetPdf)).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const sheetCsv = join(folder, 'sheet.csv');
    h.dialogs.csv.push(sheetCsv);
    await page.getByRole('button', { name: 'Check-in sheet (CSV)…' }).click();
    await page.getByRole('status').filter({ hasText: `Check-in sheet (CSV) saved to ${sheetCsv}.` }).waitFor();
    const csv = (await readFile(sheetCsv, 'utf8')).replace(/^\ufeff/, '').trimEnd().split('\r\n');
    expect(csv[0]).toBe('Player,Character,Ruleset,Armour,Status,Checked in,Notes,Signature,File,Character id,Out of play');
    expect(csv).toHaveLength(21);
    const checkedInRows = csv.slice(1).filter((line) => /,\d{4}-\d{2}-\d{2} \d{2}:\d{2},/.test(line));
    expect(checkedInRows.map((line) => line.split(',')[1]).sort()).toEqual(['Aldric of the Vale', 'Dimitri', 'Elowen Marsh', 'Васил Вещера']);

    // The first print for this event: everyone (rule errors included, as `print` does), nothing voided.
    const first = join(folder, 'cards-1.pdf');
    h.dialogs.pdf.push(first);
    await page.getByRole('button', { name: 'Reprint changed…' }).click();
    // Asked first: everyone, how many cards and pages; every card group of the games ticked.
    let ask = page.getByRole('dialog', { name: 'Print changed cards' });
    await ask.getByRole('status').filter({ hasText: /^This prints everyone: nobody has been printed for this event yet\. 20 characters, \d+ cards on \d+ pages\.$/ }).waitFor();
    expect(await ask.getByRole('group', { name: 'Cards to print' }).getByRole('checkbox').evaluateAll((boxes) => boxes.every((b) => (b as HTMLInputElement).checked))).toBe(true);
    await ask.getByRole('button', { name: 'Print 20 characters…' }).click();
    const result = page.getByRole('region', { name: 'Reprint changed' });
    await result.getByText('None: these are first prints.').waitFor();
    // Opened when written, as Export PDF… is.
    expect(h.opened).toContain(first);
    expect(await result.locator('.desk-printed > li').count()).toBe(20);

    // Dimitri (c02) drinks his potion and trades his chain shirt for a hauberk, on disk.
    const dimitri = all[1]!;
    const printedBefore = (await readEventFile(eventFile)).entries.find((e): e is PrintedEntry => e.kind === 'printed' && e.character === dimitri.id)!;
    await writeFile(join(folder, fileOf(1)), json({ ...dimitri, items: [], armour: [{ name: 'Hauberk', type: 'heavy-chain', locations: ['torso'] }] }));
    await page.getByRole('button', { name: 'Reload' }).click();
    await page.getByRole('row').filter({ hasText: 'Dimitri' }).getByText('Changed since printed').waitFor();

    // His old card, scanned at the desk: changed, and what.
    const oldCard = qrPayload(dimitri.id, printedBefore.hash);
    await page.getByRole('textbox', { name: 'Card code' }).fill(oldCard);
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await page.getByText('Changed.', { exact: true }).waitFor();
    const changes = await page.getByRole('list', { name: 'What changed' }).locator('li').allTextContents();
    expect(changes).toContain('armour: "3 over torso" → "4 over torso"');
    expect(changes).toContain('items: removed Potion of Cure Light Wounds (potion), expires End of season: Heals any one limb Wound at once.');

    // Reprint changed: only Dimitri; his earlier serials are listed as voided.
    const second = join(folder, 'cards-2.pdf');
    h.dialogs.pdf.push(second);
    await page.getByRole('button', { name: 'Reprint changed…' }).click();
    ask = page.getByRole('dialog', { name: 'Print changed cards' });
    await ask.getByRole('status').filter({ hasText: /^1 character never printed for this event or changed since: 2 cards on 2 pages\.$/ }).waitFor();
    await ask.getByRole('button', { name: 'Print 1 character…' }).click();
    await result.getByRole('list', { name: 'Voided serials of Dimitri' }).waitFor();
    expect(await result.locator('.desk-printed > li').allTextContents()).toEqual([expect.stringMatching(/^Dimitri \(Ana\): changed since the print of \d{2}:\d{2} c02\.character\.json$/)]);
    const voided = await result.getByRole('list', { name: 'Voided serials of Dimitri' }).locator('li').allTextContents();
    // Editions: the first print was edition 1 of each serial (this desk made the event file).
    const potion = serialFor(dimitri.id, 'item', dimitri.items[0]!.id);
    expect(voided).toContain(`${potion}/1 withdrawn`);
    expect(voided).toContain(`${serialFor(dimitri.id, 'character', 0)}/1 reissued`);
    expect(voided.map((v) => v.split(' ')[0]).sort()).toEqual(printedBefore.cards.map((c) => `${c.serial}/${c.edition}`).sort());
    const recorded = foldEvent(await readEventFile(eventFile));
    expect(recorded.voids.filter((v) => v.character === dimitri.id).map((v) => v.label).sort()).toEqual(printedBefore.cards.map((c) => `${c.serial}/${c.edition}`).sort());

    // The PDF holds Dimitri's cards and nobody else's.
    const text = execFileSync('pdftotext', ['-layout', second, '-'], { encoding: 'utf8' });
    expect(text).toContain('Dimitri');
    expect(text).toContain('Hauberk');
    for (const other of NAMES.filter((n) => n !== 'Dimitri')) expect(text, other).not.toContain(other);
    const firstText = execFileSync('pdftotext', ['-layout', first, '-'], { encoding: 'utf8' });
    expect(firstText).toContain('Berin Ashdown');

    await screenshot(page);
  });
});

async function screenshot(page: Page) {
  await mkdir(ARTIFACTS, { recursive: true });
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
  });
  await page.mouse.move(0, 0);
  await page.screenshot({ path: join(ARTIFACTS, 'desk.png'), fullPage: true });
  if (process.env.QM_UPDATE_SCREENS === '1') {
    await mkdir(SCREENS, { recursive: true });
    await copyFile(join(ARTIFACTS, 'desk.png'), join(SCREENS, 'desk.png'));
  }
}
