// End to end: approval at the desk, in headless Chromium over the real handlers. A player's changed
// file in the event folder's inbox/ waits; the referee sees what differs (a shield added) and the
// rule error ("No shield.", rule text 004, section 6), sends it back with a reason (the ledger and
// the player's file get it), then the player's fixed file is approved and "Reprint changed" offers
// it. axe finds nothing on the desk with the approval detail open. Screenshot: docs/screens/desk-approval.png.
import { copyFile, mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { EXAMPLES, fakeId } from '../core/desk/testing';
import { axeViolations, describeFindings } from './axe';
import { createEvent } from './desk-steps';
import { readEventFile } from './event-file';
import { ARTIFACTS, SCREENS } from './paths';
import { useHarness } from './use-harness';

const h = useHarness();
const json = (v: unknown) => `${JSON.stringify(v, null, 2)}\n`;
const vasil = EXAMPLES.vasil;
const shielded = { ...vasil, weapons: [...vasil.weapons, { name: 'Кръгъл щит', kind: 'shield' }] };

describe('approval at the desk, in Chromium', () => {
  it('a player’s changed file in inbox/ waits with its diff; sent back with a reason; the fixed file approved joins the reprint', async () => {
    const { page } = h;
    const folder = join(dirname(h.library), 'Spring Court');
    await mkdir(join(folder, 'inbox'), { recursive: true });
    await writeFile(join(folder, 'bg-vasil.character.json'), json(vasil));
    await writeFile(join(folder, 'bg-zlatan.character.json'), json({ ...vasil, id: fakeId(77), name: 'Златан' }));

    await createEvent(h, folder, 'Bulgarian mage rules');
    // Everyone's first print.
    h.dialogs.pdf.push(join(folder, 'cards-1.pdf'));
    await page.getByRole('button', { name: 'Reprint changed…' }).click();
    await page.getByRole('dialog', { name: 'Print changed cards' }).getByRole('button', { name: 'Print 2 characters…' }).click();
    await page.getByRole('region', { name: 'Reprint changed' }).getByText('None: these are first prints.').waitFor();

    // The player's changed file arrives in the inbox; the desk reads the folder again.
    await writeFile(join(folder, 'inbox', 'vasil.character.json'), json(shielded));
    await page.getByRole('button', { name: 'Reload' }).click();
    const panel = page.getByRole('region', { name: 'Approval' });
    await panel.getByText('Waiting for approval: 1').waitFor();
    const listed = panel.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Васил Вещера' }) });
    expect(await listed.locator('td').allTextContents()).toEqual(['Георги', 'changed', '1', 'Review']);
    await listed.getByRole('button', { name: 'Review Васил Вещера' }).click();
    const detail = panel.getByRole('region', { name: 'Васил Вещера (Георги)' });
    const diff = detail.getByRole('table', { name: 'What differs' });
    // The diff is asked for when the character is opened.
    await diff.getByRole('row').nth(1).waitFor();
    expect(await diff.getByRole('row').count()).toBe(2);
    expect(await diff.getByRole('row').nth(1).textContent()).toContain('Кръгъл щит');
    expect(await detail.getByRole('list', { name: 'Rule errors' }).textContent()).toContain('shield');
    expect(describeFindings(await axeViolations(page))).toEqual([]);
    await shot(page, 'desk-approval.png', panel);

    // Send back… needs a reason.
    await detail.getByRole('button', { name: 'Send back…' }).click();
    await detail.getByRole('button', { name: 'Send back', exact: true }).click();
    await detail.getByRole('alert').getByText('Write the reason').waitFor();
    await detail.getByLabel('Reason (the player reads it)').fill('No shield for a mage (section 6).');
    expect(describeFindings(await axeViolations(page))).toEqual([]);
    await detail.getByRole('button', { name: 'Send back', exact: true }).click();
    await panel.getByText(/^Nobody is waiting for approval/).waitFor();
    await panel.getByText('Васил Вещера: No shield for a mage (section 6).').waitFor();
    const eventFile = join(folder, (await readdir(folder)).find((f) => f.endsWith('.event.json'))!);
    expect((await readEventFile(eventFile)).entries.filter((e) => e.kind === 'sent-back').map((e) => (e as { reason: string }).reason)).toEqual(['No shield for a mage (section 6).']);
    const returned = JSON.parse(await readFile(join(folder, 'inbox', '.sent-back', 'vasil.character.json'), 'utf8'));
    expect(returned.history.at(-1)).toMatchObject({ kind: 'sent-back', reason: 'No shield for a mage (section 6).' });

    // The fixed file (no shield, a longer dagger) is approved and joins the reprint.
    await writeFile(join(folder, 'inbox', 'vasil-fixed.character.json'), json({ ...returned, weapons: [{ name: 'Кама', kind: 'short', lengthCm: 45 }] }));
    await page.getByRole('button', { name: 'Reload' }).click();
    await panel.getByText('Waiting for approval: 1').waitFor();
    await panel.getByRole('button', { name: 'Review Васил Вещера' }).click();
    await detail.getByText(/^Sent back before/).waitFor();
    await detail.getByText('No rule errors.').waitFor();
    await detail.getByRole('button', { name: 'Approve' }).click();
    await panel.getByText(/^Nobody is waiting for approval/).waitFor();
    expect(JSON.parse(await readFile(join(folder, 'bg-vasil.character.json'), 'utf8')).weapons).toEqual([{ name: 'Кама', kind: 'short', lengthCm: 45 }]);
    await page.getByRole('button', { name: 'Reprint changed…' }).click();
    await page.getByRole('dialog', { name: 'Print changed cards' }).getByRole('button', { name: 'Print 1 character…' }).waitFor();
  }, 120_000);
});

async function shot(page: Page, name: string, only?: ReturnType<Page['locator']>) {
  await mkdir(ARTIFACTS, { recursive: true });
  await page.mouse.move(0, 0);
  if (only) await only.screenshot({ path: join(ARTIFACTS, name) });
  else await page.screenshot({ path: join(ARTIFACTS, name), fullPage: true });
  if (process.env.QM_UPDATE_SCREENS === '1') {
    await mkdir(SCREENS, { recursive: true });
    await copyFile(join(ARTIFACTS, name), join(SCREENS, name));
  }
}
