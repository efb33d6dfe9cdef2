// End to end: the desk's one undo history in headless Chromium over the real main-process handlers.
// A Curious Pastimes event: check Brannoc in, record his death; Undo names the death (not the
// check-in) and brings him back, checked in; Redo kills him again; two undos leave him not checked
// in; Ctrl+Shift+Z and Ctrl+Y do them again. Then the death again, his player's new character (19
// points: "One point is deducted from your starting total each time you die and create a new
// character at an event"), the death undone from the ledger: the desk says the new character was
// made after it and offers to undo it too (retired, its file kept); Redo brings both back.
import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { EXAMPLES } from '../core/desk/testing';
import { axeViolations, describeFindings } from './axe';
import { createEvent } from './desk-steps';
import { ARTIFACTS, SCREENS } from './paths';
import { useHarness } from './use-harness';

const h = useHarness();
const json = (v: unknown) => `${JSON.stringify(v, null, 2)}\n`;

describe('undo and redo at the desk in Chromium', () => {
  it('check in, a death, Undo names the death, Redo, undo both; a death whose new character was made offers to undo it too', async () => {
    const { page } = h;
    const folder = join(dirname(h.library), 'Spring Gathering');
    await mkdir(folder);
    const brannoc = { ...EXAMPLES.brannoc, armour: EXAMPLES.brannoc.armour.filter((p) => p.name !== 'Padded gambeson') };
    await writeFile(join(folder, 'brannoc.character.json'), json(brannoc));
    await writeFile(join(folder, 'aldric.character.json'), json(EXAMPLES.aldric));
    const file = async (name: string) => JSON.parse(await readFile(join(folder, name), 'utf8')) as { status?: string; curiousPastimes?: { startingPoints?: number } };

    await createEvent(h, folder, 'Curious Pastimes');
    const row = page.getByRole('row').filter({ has: page.getByRole('button', { name: 'Record… for Brannoc', exact: true }) });
    const button = (name: string) => page.getByRole('button', { name, exact: true });
    // Undo and Redo (the ledger's own Undo buttons name their line in other words).
    const tool = (name: string) => page.getByRole('group', { name: 'Undo and redo' }).getByRole('button', { name, exact: true });
    const dead = row.locator('.desk-out').filter({ hasText: /^Dead since .*\(retired\)$/ });

    await button('Check in Brannoc').click();
    await expect.poll(() => page.locator('.desk .save-state').textContent()).toBe('All check-ins saved');
    await page.getByRole('button', { name: 'Record… for Brannoc' }).click();
    await page.getByRole('dialog', { name: 'Record… for Brannoc' }).getByRole('button', { name: 'Record', exact: true }).click();
    await dead.waitFor();

    // Undo names the death, the last thing done, not the check-in before it.
    await tool('Undo death of Brannoc').click();
    await button('Check out Brannoc').waitFor();
    await expect.poll(async () => (await file('brannoc.character.json')).status).toBeUndefined();
    await tool('Undo check-in of Brannoc').waitFor();
    // Redo: dead again, the file retired again.
    await tool('Redo death of Brannoc').click();
    await dead.waitFor();
    await expect.poll(async () => (await file('brannoc.character.json')).status).toBe('retired');
    // Undo twice (the button, then Ctrl+Z): alive and not checked in.
    await tool('Undo death of Brannoc').click();
    await button('Check out Brannoc').waitFor();
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('Control+z');
    await button('Check in Brannoc').waitFor();
    await tool('Redo check-in of Brannoc').waitFor();
    expect(await tool('Undo').isDisabled()).toBe(true);
    // Ctrl+Shift+Z does the check-in again, Ctrl+Y the death.
    await page.keyboard.press('Control+Shift+Z');
    await button('Check out Brannoc').waitFor();
    await tool('Redo death of Brannoc').waitFor();
    await page.keyboard.press('Control+y');
    await dead.waitFor();
    expect(await tool('Redo').isDisabled()).toBe(true);

    // His player's new character starts at 19; Undo now names it.
    await page.getByRole('button', { name: 'Record… for Brannoc' }).click();
    const dialog = page.getByRole('dialog', { name: 'Record… for Brannoc' });
    await dialog.getByLabel("New character's name").fill('Brannoc the Younger');
    await dialog.getByRole('button', { name: 'New character' }).click();
    await button('Record… for Brannoc the Younger').waitFor();
    const younger = 'Brannoc the Younger.character.json';
    expect((await file(younger)).curiousPastimes?.startingPoints).toBe(19);
    await tool('Undo new character Brannoc the Younger').waitFor();

    // The death undone from the ledger: the desk names what was made after it and offers to undo it.
    const ledger = page.getByRole('region', { name: 'Ledger' });
    await ledger.locator('.desk-ledger-list li').filter({ hasText: /\bdeath Brannoc\b/ }).filter({ hasNot: page.locator('.is-cancelled') }).last().getByRole('button', { name: 'Undo death Brannoc' }).click();
    const offer = page.getByRole('alert').filter({ has: page.getByRole('heading', { name: 'Made after the death just undone' }) });
    await offer.getByText('Brannoc the Younger was made after this death, starting at 19 points; without the death a new character starts at 20.').waitFor();
    await expect.poll(async () => (await file('brannoc.character.json')).status).toBeUndefined();
    await tool('Redo death of Brannoc').waitFor();
    expect(describeFindings(await axeViolations(page))).toEqual([]);
    // The screenshot shows Undo and Redo and the offer below them.
    await page.getByRole('search', { name: 'Filter the characters' }).evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await shot(page, 'desk-undo.png');

    await offer.getByRole('button', { name: 'Undo new character Brannoc the Younger too' }).click();
    await offer.waitFor({ state: 'detached' });
    const youngerRow = page.getByRole('row').filter({ has: button('Record… for Brannoc the Younger') });
    await youngerRow.locator('.desk-out').filter({ hasText: /^Retired since/ }).waitFor();
    await expect.poll(async () => (await file(younger)).status).toBe('retired');
    expect((await file('brannoc.character.json')).status).toBeUndefined();

    // Redo brings back the death and the new character together.
    await tool('Redo death of Brannoc').click();
    await dead.waitFor();
    await expect.poll(async () => (await file(younger)).status).toBeUndefined();
    expect((await file('brannoc.character.json')).status).toBe('retired');
    await youngerRow.locator('.desk-out').waitFor({ state: 'detached' });
    expect(describeFindings(await axeViolations(page))).toEqual([]);
  }, 180_000);
});

async function shot(page: Page, name: string) {
  await mkdir(ARTIFACTS, { recursive: true });
  await page.mouse.move(0, 0);
  await page.screenshot({ path: join(ARTIFACTS, name), fullPage: false });
  if (process.env.QM_UPDATE_SCREENS === '1') {
    await mkdir(SCREENS, { recursive: true });
    await copyFile(join(ARTIFACTS, name), join(SCREENS, name));
  }
}
