// End to end, in headless Chromium over the real main-process handlers: Alex plays three Curious
// Pastimes characters. Brannoc and Wren are checked in, Corin not yet. Brannoc dies (Record… →
// Death), then Corin: Alex's heading then counts Wren alone, "1 of 1 checked in", and offers no
// "Check in" for the dead Corin; the totals say 1 checked in. axe finds nothing on the desk.
// Screenshot to docs/screens/ with QM_UPDATE_SCREENS=1.
import { copyFile, mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXAMPLES, fakeId } from '../core/desk/testing';
import { axeViolations, describeFindings } from './axe';
import { ARTIFACTS, SCREENS } from './paths';
import { createEvent } from './desk-steps';
import { useHarness } from './use-harness';

const h = useHarness();
const json = (v: unknown) => `${JSON.stringify(v, null, 2)}\n`;

describe("a player's heading after a death, in Chromium", () => {
  it('counts neither a dead character who was checked in nor one who was not', async () => {
    const { page } = h;
    const folder = join(dirname(h.library), 'Spring Gathering');
    await mkdir(folder);
    await writeFile(join(folder, 'brannoc.character.json'), json(EXAMPLES.brannoc));
    await writeFile(join(folder, 'wren.character.json'), json({ ...EXAMPLES.brannoc, id: fakeId(71), name: 'Wren' }));
    await writeFile(join(folder, 'corin.character.json'), json({ ...EXAMPLES.brannoc, id: fakeId(72), name: 'Corin' }));
    await createEvent(h, folder, 'Curious Pastimes');
    const heading = page.locator('.desk-group-row').filter({ has: page.locator('.desk-group-name', { hasText: /^Alex$/ }) });
    await page.getByRole('button', { name: 'Check in Brannoc', exact: true }).click();
    await page.getByRole('button', { name: 'Check in Wren', exact: true }).click();
    await expect.poll(() => heading.locator('.desk-group-meta').textContent()).toBe('2 of 3 checked in');

    for (const name of ['Brannoc', 'Corin']) {
      await page.getByRole('button', { name: `Record… for ${name}` }).click();
      const dialog = page.getByRole('dialog', { name: `Record… for ${name}` });
      expect(await dialog.getByLabel('What happened').inputValue()).toBe('died');
      await dialog.getByRole('button', { name: 'Record', exact: true }).click();
      await dialog.waitFor({ state: 'detached' });
    }
    await expect.poll(() => heading.locator('.desk-group-meta').textContent()).toBe('1 of 1 checked in');
    expect(await heading.getByRole('button', { name: /^Check in/ }).count()).toBe(0);
    await expect.poll(() => page.locator('.desk .save-state').textContent()).toBe('All check-ins saved');
    const totals = await page.getByRole('list', { name: 'Totals' }).getByRole('listitem').allTextContents();
    expect(totals).toContain('1 checked in');
    expect(describeFindings(await axeViolations(page))).toEqual([]);
    await mkdir(ARTIFACTS, { recursive: true });
    await page.mouse.move(0, 0);
    await page.locator('.desk-group').filter({ has: heading }).screenshot({ path: join(ARTIFACTS, 'desk-dead-heading.png') });
    if (process.env.QM_UPDATE_SCREENS === '1') await copyFile(join(ARTIFACTS, 'desk-dead-heading.png'), join(SCREENS, 'desk-dead-heading.png'));
  }, 120_000);
});
