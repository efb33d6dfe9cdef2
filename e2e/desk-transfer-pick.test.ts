// End to end, the steps a desk volunteer takes to hand an item from one character to another, in
// headless Chromium over the real main-process handlers: a folder of characters whose file names are
// not in name order, one of them (Brannoc) dead by a death recorded at the desk and one retired in
// his file at an earlier event. Record… for Dimitri → Item transferred: the "To" picker lists only
// who can receive, by name (not Dimitri, not Brannoc, not the retired Old Tomas); typing narrows it
// by name or player, case and accents ignored; a search that finds only the dead says so and names
// him; ↑ ↓ and Enter pick, and so does a click; Record hands the potion to the one picked, whose
// file then holds it, and the ledger names him. axe finds nothing on the dialog, in light and dark.
// Screenshot to docs/screens/ with QM_UPDATE_SCREENS=1.
import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { EXAMPLES, fakeId } from '../core/desk/testing';
import { axeViolations, describeFindings } from './axe';
import { createEvent } from './desk-steps';
import { ARTIFACTS, SCREENS } from './paths';
import { useHarness } from './use-harness';

const h = useHarness();
const json = (v: unknown) => `${JSON.stringify(v, null, 2)}\n`;

/** A copy of Aldric (no items) under another name, player and id. */
const other = (n: number, name: string, player: string, extra: Record<string, unknown> = {}) => ({ ...EXAMPLES.aldric, id: fakeId(n), name, player, items: [], ...extra });

describe('the transfer picker in Chromium', () => {
  it('Record… → Item transferred: find the receiver by typing, only who can receive, by name; the ledger names him', async () => {
    const { page } = h;
    const folder = join(dirname(h.library), 'Spring Gathering');
    await mkdir(folder);
    await writeFile(join(folder, 'a-brannoc.character.json'), json(EXAMPLES.brannoc));
    await writeFile(join(folder, 'b-dimitri.character.json'), json(EXAMPLES.dimitri));
    await writeFile(join(folder, 'c-zed.character.json'), json(other(21, 'Zed Wren', 'Mira')));
    await writeFile(join(folder, 'd-elodie.character.json'), json(other(22, 'Élodie Marsh', 'Oskar')));
    await writeFile(join(folder, 'e-beatrix.character.json'), json(other(23, 'beatrix Holt', 'Ana')));
    await writeFile(join(folder, 'f-tomas.character.json'), json(other(24, 'Old Tomas', 'Petra', { status: 'retired', statusReason: 'Left the game' })));
    await writeFile(join(folder, 'g-aldric.character.json'), json(EXAMPLES.aldric));
    // Enough characters that the list scrolls: "Character 1" … "Character 10", in number order.
    for (let i = 1; i <= 10; i++) await writeFile(join(folder, `h-${11 - i}.character.json`), json(other(30 + i, `Character ${i}`, 'Lee')));

    await createEvent(h, folder, 'Curious Pastimes');

    // Brannoc dies (Curious Pastimes: the death retires him).
    await page.getByRole('button', { name: 'Record… for Brannoc' }).click();
    let dialog = page.getByRole('dialog', { name: 'Record… for Brannoc' });
    await dialog.getByRole('button', { name: 'Record', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: /^Brannoc\b/ }) }).locator('.desk-out').filter({ hasText: /^Dead since / }).waitFor();

    // Record… for Dimitri → Item transferred.
    await page.getByRole('button', { name: 'Record… for Dimitri' }).click();
    dialog = page.getByRole('dialog', { name: 'Record… for Dimitri' });
    await dialog.getByLabel('What happened').selectOption('item-transferred');
    const to = dialog.getByRole('combobox', { name: 'To' });
    const options = dialog.getByRole('listbox', { name: 'To' }).getByRole('option');
    const names = async () => (await options.locator('strong').allTextContents()).map((s) => s.trim());

    // Everyone who can receive, by name; not the giver, not the dead, not the retired.
    const everyone = ['Aldric of the Vale', 'beatrix Holt', ...Array.from({ length: 10 }, (_, i) => `Character ${i + 1}`), 'Élodie Marsh', 'Zed Wren'];
    expect(await names()).toEqual(everyone);
    expect(describeFindings(await axeViolations(page))).toEqual([]);

    // A search for the dead finds nobody, and says why he is not there.
    await to.fill('bran');
    expect(await options.count()).toBe(0);
    const said = dialog.getByRole('status');
    await said.filter({ hasText: 'Nobody who can receive it matches “bran”. Not offered, dead or retired: Brannoc (Alex).' }).waitFor();
    expect(await to.getAttribute('aria-expanded')).toBe('false');

    // By player, then by part of a name: ↓ ↓ moves through the list, the text box keeps the focus.
    await to.fill('OSKAR');
    expect(await names()).toEqual(['Élodie Marsh']);
    await to.fill('char');
    expect(await names()).toEqual(everyone.filter((n) => n.startsWith('Character')));
    await to.press('ArrowDown');
    await to.press('ArrowDown');
    const active = await to.getAttribute('aria-activedescendant');
    expect(await dialog.locator(`[id="${active}"] strong`).textContent()).toBe('Character 3');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('combobox');
    expect(describeFindings(await axeViolations(page))).toEqual([]);

    // Accents ignored: "elo" finds Élodie; Enter picks her (and does not record).
    await to.fill('elo');
    expect(await names()).toEqual(['Élodie Marsh']);
    await to.press('Enter');
    await expect.poll(() => options.and(dialog.getByRole('option', { selected: true })).locator('strong').textContent()).toBe('Élodie Marsh');
    await said.filter({ hasText: 'Chosen: Élodie Marsh (Oskar).' }).waitFor();
    expect(await to.inputValue()).toBe('Élodie Marsh');
    expect(await dialog.isVisible()).toBe(true);
    expect(describeFindings(await axeViolations(page))).toEqual([]);

    // Typing again drops the choice (Record waits for a pick); a click picks, and so do ↓ and Enter.
    const recordButton = dialog.getByRole('button', { name: 'Record', exact: true });
    await to.fill('o');
    expect(await names()).toEqual(['Aldric of the Vale', 'beatrix Holt', 'Élodie Marsh']);
    expect(await recordButton.isDisabled()).toBe(true);
    await options.filter({ hasText: 'beatrix Holt' }).click();
    await said.filter({ hasText: 'Chosen: beatrix Holt (Ana).' }).waitFor();
    await to.fill('o');
    await to.press('ArrowDown');
    await to.press('ArrowDown');
    await shot(page, 'desk-transfer-pick.png', dialog);
    // In the dark theme too (the system's dark mode).
    await page.emulateMedia({ colorScheme: 'dark' });
    expect(describeFindings(await axeViolations(page))).toEqual([]);
    await page.emulateMedia({ colorScheme: 'light' });
    await to.press('Enter');
    await said.filter({ hasText: 'Chosen: Élodie Marsh (Oskar).' }).waitFor();

    // Record: the potion is Élodie's, and the ledger says so.
    const potion = EXAMPLES.dimitri.items[0]!;
    await recordButton.click();
    await dialog.waitFor({ state: 'detached' });
    const elodie = JSON.parse(await readFile(join(folder, 'd-elodie.character.json'), 'utf8'));
    expect(elodie.items.map((i: { id: string }) => i.id)).toEqual([potion.id]);
    const ledger = page.getByRole('region', { name: 'Ledger' });
    await ledger.locator('.desk-ledger-list li').filter({ hasText: `item transferred Dimitri: ${potion.name} to Élodie Marsh` }).waitFor();
  }, 120_000);
});

async function shot(page: Page, name: string, only: Locator) {
  await mkdir(ARTIFACTS, { recursive: true });
  await page.mouse.move(0, 0);
  await only.screenshot({ path: join(ARTIFACTS, name) });
  if (process.env.QM_UPDATE_SCREENS === '1') {
    await mkdir(SCREENS, { recursive: true });
    await copyFile(join(ARTIFACTS, name), join(SCREENS, name));
  }
}
