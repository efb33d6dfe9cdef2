// End to end, in headless Chromium over the real main-process handlers: an event of Dimitri (Sam)
// and Aldric of the Vale (Priya). Aldric is checked in. A semicolon booking list with a quoted
// delimiter books Sam for Dimitri (paid) and Kit for a character not in the folder (unpaid). After
// "Import bookings…" the desk lists Kit's booking without a character, Aldric checked in without a
// booking, and Kit unpaid; the booking filter shows Aldric alone; Undo takes the import back. axe finds nothing on the desk.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXAMPLES } from '../core/desk/testing';
import { axeViolations, describeFindings } from './axe';
import { createEvent } from './desk-steps';
import { useHarness } from './use-harness';

const h = useHarness();
const json = (v: unknown) => `${JSON.stringify(v, null, 2)}\n`;

describe('bookings at the desk, in Chromium', () => {
  it('imports a booking list and shows who is booked without a character and who is in without a booking', async () => {
    const { page } = h;
    const folder = join(dirname(h.library), 'Autumn Muster');
    await mkdir(folder);
    await writeFile(join(folder, 'dimitri.character.json'), json(EXAMPLES.dimitri));
    await writeFile(join(folder, 'aldric.character.json'), json(EXAMPLES.aldric));
    const list = join(dirname(h.library), 'bookings.csv');
    await writeFile(list, '\ufeffTicket;Name;Character;Payment\r\nT1;Sam;dimitri;25,00 €\r\nT2;"Kit; the Younger";Wren;no\r\n');
    await createEvent(h, folder, "Fortune's Landing");
    await page.getByRole('button', { name: 'Check in Aldric of the Vale', exact: true }).click();

    h.dialogs.openCsv.push(list);
    await page.getByRole('button', { name: 'Import bookings…' }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Imported bookings.csv' }).first().textContent()).toContain('Imported bookings.csv: 2 new, 0 changed, 0 already in the ledger.');
    const panel = page.getByRole('region', { name: 'Bookings' });
    await expect.poll(() => panel.locator('p').first().textContent()).toBe('2 bookings: 1 with a character, 1 paid, 1 unpaid.');
    expect(await panel.getByRole('list', { name: 'Booked without a character' }).getByRole('listitem').allTextContents()).toEqual(['T2 Kit; the Younger (Wren): no character of that name']);
    expect(await panel.getByRole('list', { name: 'Checked in without a booking' }).getByRole('listitem').allTextContents()).toEqual(['Aldric of the Vale (Priya)']);
    expect(await panel.getByRole('list', { name: 'Unpaid' }).getByRole('listitem').allTextContents()).toEqual(['T2 Kit; the Younger (Wren)']);
    expect(describeFindings(await axeViolations(page))).toEqual([]);

    // The booking filter: only the rows checked in without a booking, then only the booked and unpaid (none: Kit's booking has no character).
    const filter = page.getByRole('combobox', { name: 'Bookings' });
    await filter.selectOption({ label: 'Checked in without a booking' });
    await expect.poll(() => page.getByRole('button', { name: 'Check out Aldric of the Vale', exact: true }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Check in Dimitri', exact: true }).count()).toBe(0);
    await filter.selectOption({ label: 'Everyone' });
    await expect.poll(() => page.getByRole('button', { name: 'Check in Dimitri', exact: true }).count()).toBe(1);

    await page.getByRole('button', { name: /^Undo import of 2 booking entries/ }).click();
    await expect.poll(() => panel.count()).toBe(0);
  }, 120_000);
});
