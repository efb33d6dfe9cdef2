// End to end, the steps a desk volunteer takes when a Curious Pastimes character dies, in headless
// Chromium over the real main-process handlers: Brannoc is checked in and printed; Record… → Death;
// his row then says Dead since … (retired), never "Checked in"; Record… for him again does not
// offer Death; Reprint changed… leaves him out, names him and the cards to collect, and the PDF
// holds none of his cards; his old card and a card made from his file now both verify as not
// valid, in words. axe finds nothing on the Record… dialog or the desk. Screenshots to docs/screens/
// with QM_UPDATE_SCREENS=1.
import { execFileSync } from 'node:child_process';
import { copyFile, mkdir, readdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { foldEvent } from '../core/desk/fold';
import { EXAMPLES } from '../core/desk/testing';
import { cardCodePayload } from '../core/pdf/card-code';
import { qrPayload } from '../core/pdf/qr';
import { axeViolations, describeFindings } from './axe';
import { readEventFile } from './event-file';
import { ARTIFACTS, SCREENS } from './paths';
import { createEvent } from './desk-steps';
import { useHarness } from './use-harness';

const h = useHarness();
const json = (v: unknown) => `${JSON.stringify(v, null, 2)}\n`;

describe('a dead character at the desk, in Chromium', () => {
  it('Curious Pastimes: check in, Record… Death, reprint leaves him out, his cards verify as not valid, the row says Dead', async () => {
    const { page } = h;
    const folder = join(dirname(h.library), 'Spring Gathering');
    await mkdir(folder);
    await writeFile(join(folder, 'brannoc.character.json'), json(EXAMPLES.brannoc));
    await writeFile(join(folder, 'aldric.character.json'), json(EXAMPLES.aldric));

    await createEvent(h, folder, 'Curious Pastimes');
    await page.getByRole('button', { name: 'Check in Brannoc', exact: true }).click();
    await expect.poll(() => page.locator('.desk .save-state').textContent()).toBe('All check-ins saved');

    // Everyone's first print.
    h.dialogs.pdf.push(join(folder, 'cards-1.pdf'));
    await page.getByRole('button', { name: 'Reprint changed…' }).click();
    await page.getByRole('dialog', { name: 'Print changed cards' }).getByRole('button', { name: 'Print 2 characters…' }).click();
    const result = page.getByRole('region', { name: 'Reprint changed' });
    await result.getByText('None: these are first prints.').waitFor();
    const eventFile = join(folder, (await readdir(folder)).find((f) => f.endsWith('.event.json'))!);
    const firstPrint = foldEvent(await readEventFile(eventFile)).characters.get(EXAMPLES.brannoc.id)!.current!;
    const characterCard = firstPrint.cards.find((c) => c.serial.startsWith('CH-'))!;
    const oldCard = cardCodePayload(EXAMPLES.brannoc.id, firstPrint.hash, `${characterCard.serial}/${characterCard.edition}`);

    // Record… → Death (offered first to the living), and Record.
    await page.getByRole('button', { name: 'Record… for Brannoc' }).click();
    let dialog = page.getByRole('dialog', { name: 'Record… for Brannoc' });
    expect(await dialog.getByLabel('What happened').inputValue()).toBe('died');
    await dialog.getByLabel('Note', { exact: true }).fill('Slain by the wyrm at the ford');
    await dialog.getByRole('button', { name: 'Record', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });

    // The row says Dead since …, retired; it never says checked in, and offers no check-in or check-out.
    const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: /^Brannoc\b/ }) });
    await row.locator('.desk-out').filter({ hasText: /^Dead since .*\(retired\)$/ }).waitFor();
    expect(await row.getByText(/Checked in/).count()).toBe(0);
    expect(await row.getByRole('button', { name: /^Check (in|out) Brannoc/ }).count()).toBe(0);

    // Record… for him again: Death is not offered, a note is the choice offered first.
    await page.getByRole('button', { name: 'Record… for Brannoc' }).click();
    dialog = page.getByRole('dialog', { name: 'Record… for Brannoc' });
    const what = dialog.getByLabel('What happened');
    expect(await what.inputValue()).not.toBe('died');
    expect(await what.locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value))).not.toContain('died');
    // Each label is tied to its control and sits above it, apart from it.
    const label = dialog.locator('label', { hasText: 'What happened' });
    const [l, c] = [await label.boundingBox(), await what.boundingBox()];
    expect(c!.y).toBeGreaterThanOrEqual(l!.y + l!.height);
    expect(describeFindings(await axeViolations(page))).toEqual([]);
    await shot(page, 'desk-record-dead.png', dialog);
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // Aldric changes, so there is something to print: the reprint leaves Brannoc out and names him.
    await writeFile(join(folder, 'aldric.character.json'), json({ ...EXAMPLES.aldric, notes: 'Sworn to the Vale.' }));
    h.dialogs.pdf.push(join(folder, 'cards-2.pdf'));
    await page.getByRole('button', { name: 'Reprint changed…' }).click();
    const printDialog = page.getByRole('dialog', { name: 'Print changed cards' });
    await printDialog.getByText(/^Left out, dead or retired \(their cards are not valid\): Brannoc$/).waitFor();
    await printDialog.getByRole('button', { name: 'Print 1 character…' }).click();
    await result.getByRole('heading', { name: 'Not printed: dead or retired' }).waitFor();
    const outList = result.locator('.desk-out-of-play > li');
    expect(await outList.count()).toBe(1);
    expect(await outList.first().textContent()).toMatch(/^Brannoc \(Alex\): dead since .*\(retired\)/);
    const collect = await result.getByRole('list', { name: 'Cards of Brannoc to collect' }).locator('li').allTextContents();
    expect(collect.sort()).toEqual(firstPrint.cards.map((x) => `${x.serial}/${x.edition}`).sort());
    const text = execFileSync('pdftotext', ['-layout', join(folder, 'cards-2.pdf'), '-'], { encoding: 'utf8' });
    expect(text).toContain('Aldric');
    expect(text).not.toContain('Brannoc');

    // His old card, and a card made from his file as it is now: not valid, in words, never JSON.
    const desk = await h.handlers.loadEventFolder({ folder });
    const nowHash = desk.rows.find((r) => r.id === EXAMPLES.brannoc.id)!.hash!;
    const panel = page.getByRole('region', { name: 'Verify a card' });
    const box = page.getByRole('textbox', { name: 'Card code' });
    for (const code of [oldCard, qrPayload(EXAMPLES.brannoc.id, nowHash)]) {
      await box.fill(code);
      await box.press('Enter');
      const verdict = panel.locator('.desk-verdict');
      await verdict.filter({ hasText: /^Not valid\. Brannoc \(Alex\) is dead since .* \(retired\): no card of theirs is valid\.$/ }).waitFor();
      const said = await panel.locator('.desk-verify-result').textContent();
      expect(said).toContain('take this card back');
      expect(said).not.toMatch(/[{}[\]"]|Matches|Already checked in|Check in Brannoc/);
    }
    // The ledger says what the death's entry holds: its note.
    await page.getByRole('region', { name: 'Ledger' }).locator('.desk-ledger-list li').filter({ hasText: /death Brannoc: note: Slain by the wyrm at the ford/ }).waitFor();
    expect(describeFindings(await axeViolations(page))).toEqual([]);
    await shot(page, 'desk-dead.png');
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
