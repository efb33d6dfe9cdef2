// End to end: the record of play in headless Chromium over the real main-process handlers. A Curious
// Pastimes event folder: check Brannoc in, print everyone, record his death (the file is retired),
// make Alex's new character (19 points: "One point is deducted from your starting total each time
// you die and create a new character at an event"), transfer Dimitri's potion to Aldric (both files
// rewritten), reprint changed and see the potion's old card in the void list.
import { readFile, mkdir, readdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXAMPLES } from '../core/desk/testing';
import { serialFor } from '../core/pdf/serial';
import { createEvent } from './desk-steps';
import { useHarness } from './use-harness';

const h = useHarness();
const json = (v: unknown) => `${JSON.stringify(v, null, 2)}\n`;

describe('the record of play in Chromium', () => {
  it('check in, a Curious Pastimes death, the new character at 19, an item transfer, and the void list', async () => {
    const { page } = h;
    const folder = join(dirname(h.library), 'Spring Gathering');
    await mkdir(folder);
    const brannoc = { ...EXAMPLES.brannoc, armour: EXAMPLES.brannoc.armour.filter((p) => p.name !== 'Padded gambeson') };
    await writeFile(join(folder, 'brannoc.character.json'), json(brannoc));
    await writeFile(join(folder, 'dimitri.character.json'), json(EXAMPLES.dimitri));
    await writeFile(join(folder, 'aldric.character.json'), json(EXAMPLES.aldric));

    await createEvent(h, folder, 'Curious Pastimes');
    await page.getByRole('button', { name: 'Check in Brannoc', exact: true }).click();
    await expect.poll(() => page.locator('.desk .save-state').textContent()).toBe('All check-ins saved');

    // Everyone's first print.
    h.dialogs.pdf.push(join(folder, 'cards-1.pdf'));
    await page.getByRole('button', { name: 'Reprint changed…' }).click();
    await page.getByRole('dialog', { name: 'Print changed cards' }).getByRole('button', { name: 'Print 3 characters…' }).click();
    const result = page.getByRole('region', { name: 'Reprint changed' });
    await result.getByText('None: these are first prints.').waitFor();

    // Brannoc dies: retired, read-only, kept.
    await page.getByRole('button', { name: 'Record… for Brannoc' }).click();
    let dialog = page.getByRole('dialog', { name: 'Record… for Brannoc' });
    await dialog.getByRole('button', { name: 'Record', exact: true }).click();
    await page.getByRole('row').filter({ hasText: 'Brannoc' }).locator('.desk-out').filter({ hasText: /^Dead since .*\(retired\)$/ }).waitFor();
    const retired = JSON.parse(await readFile(join(folder, 'brannoc.character.json'), 'utf8'));
    expect([retired.status, retired.history.map((x: { kind: string }) => x.kind)]).toEqual(['retired', ['died']]);

    // Alex's new character: 20 less one death = 19.
    await page.getByRole('button', { name: 'Record… for Brannoc' }).click();
    dialog = page.getByRole('dialog', { name: 'Record… for Brannoc' });
    await dialog.getByLabel("New character's name").fill('Brannoc the Younger');
    await dialog.getByRole('button', { name: 'New character' }).click();
    await page.getByRole('row').filter({ hasText: 'Brannoc the Younger' }).waitFor();
    const young = JSON.parse(await readFile(join(folder, 'Brannoc the Younger.character.json'), 'utf8'));
    expect([young.player, young.curiousPastimes.startingPoints]).toEqual(['Alex', 19]);

    // Dimitri's potion goes to Aldric.
    const potion = EXAMPLES.dimitri.items[0]!;
    await page.getByRole('button', { name: 'Record… for Dimitri' }).click();
    dialog = page.getByRole('dialog', { name: 'Record… for Dimitri' });
    await dialog.getByLabel('What happened').selectOption('item-transferred');
    const to = dialog.getByRole('combobox', { name: 'To' });
    await to.fill('aldric');
    await to.press('Enter');
    await dialog.getByRole('button', { name: 'Record', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    const aldric = JSON.parse(await readFile(join(folder, 'aldric.character.json'), 'utf8'));
    const dimitri = JSON.parse(await readFile(join(folder, 'dimitri.character.json'), 'utf8'));
    expect([aldric.items.map((i: { id: string }) => i.id), dimitri.items]).toEqual([[potion.id], []]);
    expect((await readdir(folder)).filter((f) => f.endsWith('.character.json')).sort()).toEqual(['Brannoc the Younger.character.json', 'aldric.character.json', 'brannoc.character.json', 'dimitri.character.json']);

    // Reprint changed: Dimitri and Aldric (the potion moved) and the new character; Brannoc is dead
    // (retired), so he is left out and named; the potion's old card is void.
    h.dialogs.pdf.push(join(folder, 'cards-2.pdf'));
    await page.getByRole('button', { name: 'Reprint changed…' }).click();
    await page.getByRole('dialog', { name: 'Print changed cards' }).getByRole('button', { name: 'Print 3 characters…' }).click();
    await result.getByRole('list', { name: 'Voided serials of Dimitri' }).waitFor();
    await result.getByRole('list', { name: 'Cards of Brannoc to collect' }).waitFor();
    const voided = await result.getByRole('list', { name: 'Voided serials of Dimitri' }).locator('li').allTextContents();
    expect(voided.some((v) => v.startsWith(`${serialFor(EXAMPLES.dimitri.id, 'item', potion.id)}/1`))).toBe(true);
    // The ledger panel lists what happened.
    const ledger = page.getByRole('region', { name: 'Ledger' });
    for (const kind of ['death', 'new character', 'item transferred', 'voided']) await ledger.locator('.desk-ledger-list li').filter({ hasText: new RegExp(`\\b${kind}\\b`) }).first().waitFor();
  }, 120_000);
});
