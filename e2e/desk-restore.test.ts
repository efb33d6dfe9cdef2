// End to end: an event file that breaks during the day, restored from the desk in one step, in
// headless Chromium over the real handlers. The event already holds Aldric's check-in when the desk
// opens it (the desk keeps a copy then); Dimitri and Vasil are checked in; the file's first line and
// Dimitri's line are then garbled. Reload: the desk says which file and field is wrong, and offers
// the copy (1 entry), saying that Vasil's line still reads and is kept and that line 3 is lost. One
// click: the event opens with Aldric and Vasil checked in, Dimitri not, and the broken file is kept,
// byte for byte, in the backups folder. axe finds nothing on the error screen or after.
import { copyFile, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newEvent } from '../core/desk/event';
import { namedDesk } from '../core/desk/editions';
import { EXAMPLES } from '../core/desk/testing';
import { axeViolations, describeFindings } from './axe';
import { eventLines, writeEventFile } from './event-file';
import { ARTIFACTS, SCREENS } from './paths';
import { useHarness } from './use-harness';

const h = useHarness();
const json = (v: unknown) => `${JSON.stringify(v, null, 2)}\n`;
const GATE = namedDesk('Gate');

async function expectNoViolations(page: Page, where: string) {
  await page.waitForTimeout(150);
  expect(describeFindings(await axeViolations(page)), where).toEqual([]);
}

/** A screenshot into e2e/artifacts, and into docs/screens with QM_UPDATE_SCREENS=1. */
async function screenshot(page: Page, name: string) {
  await mkdir(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: join(ARTIFACTS, name), fullPage: true });
  if (process.env.QM_UPDATE_SCREENS === '1') await copyFile(join(ARTIFACTS, name), join(SCREENS, name));
}

describe('a broken event file restored at the desk in Chromium', () => {
  it('offers the newest backup that opens, restores it in one click with the lines that still read, and keeps the broken file', { timeout: 120_000 }, async () => {
    const { page } = h;
    const folder = join(h.library, 'Harvest Moot');
    await mkdir(folder);
    for (const w of ['aldric', 'dimitri', 'vasil'] as const) await writeFile(join(folder, `${w}.character.json`), json(EXAMPLES[w]));
    // The event as yesterday's desk left it: Aldric checked in.
    const eventFile = join(folder, 'Harvest Moot.event.json');
    const today = new Date().toISOString().slice(0, 10);
    const event = newEvent({ name: 'Harvest Moot', game: 'fortunes-landing', start: today, end: today, id: '6a7b8c9d-1e2f-4a3b-8c4d-5e6f7a8b9c0d', homeDesk: GATE.id });
    const aldric = { id: 'a1d41c00-0000-4000-8000-000000000001', at: `${today}T08:00:00+00:00`, desk: GATE.name, deskId: GATE.id, seq: 1, kind: 'check-in' as const, character: EXAMPLES.aldric.id };
    await writeEventFile(eventFile, { ...event, entries: [aldric] });

    await page.goto(h.url);
    await page.getByRole('button', { name: /^Event desk/ }).click();
    h.dialogs.folder.push(folder);
    await page.getByRole('button', { name: 'Open event folder…' }).first().click();
    await page.getByText('Harvest Moot', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Check out Aldric of the Vale' }).waitFor();

    // Two more check-ins, on the file once the desk has saved them.
    await page.getByRole('button', { name: 'Check in Dimitri', exact: true }).click();
    await expect.poll(async () => (await eventLines(eventFile)).length).toBe(3);
    await page.getByRole('button', { name: 'Check in Васил Вещера', exact: true }).click();
    await expect.poll(async () => (await eventLines(eventFile)).length).toBe(4);

    // Something garbles the file: its first line cut short, and Dimitri's line (line 3) overwritten.
    const lines = (await readFile(eventFile, 'utf8')).split('\n');
    expect(JSON.parse(lines[2]!)).toMatchObject({ kind: 'check-in', character: EXAMPLES.dimitri.id });
    lines[0] = lines[0]!.slice(0, 60);
    lines[2] = `${lines[2]!.slice(0, 30)}${'#'.repeat(lines[2]!.length - 30)}`;
    await writeFile(eventFile, lines.join('\n'));
    const broken = await readFile(eventFile);

    // Reload: which file and what is wrong, and the offer.
    await page.getByRole('button', { name: 'Reload', exact: true }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'The event file cannot be used.' });
    await alert.waitFor();
    expect(await alert.textContent()).toContain(`${eventFile}: `);
    const backups = join(folder, '.quartermaster-backups', encodeURIComponent('Harvest Moot.event.json'));
    const text = (await alert.textContent())!;
    expect(text).toMatch(/Its newest backup that opens was saved on .+ and holds 1 entry\./);
    expect(text).toContain('1 entry of the broken file still reads and is not in the backup: it is kept too.');
    expect(text).toContain('Line 3 of the broken file cannot be read: what it held is lost, unless the backup has it.');
    expect(text).toContain(`The broken file is not deleted: it is moved to ${backups}.`);
    const restore = alert.getByRole('button', { name: /^Restore the backup of .+ \(1 entry\)$/ });
    await restore.waitFor();
    await expectNoViolations(page, 'the broken event file with the restore offer');
    await screenshot(page, 'desk-restore.png');

    // One click: the event opens again.
    await restore.click();
    const done = page.getByText(/^Restored the backup of .+ \(1 entry\), with 1 more read from the broken file\. The broken file is kept as /);
    await done.waitFor();
    await page.getByRole('button', { name: 'Check out Aldric of the Vale' }).waitFor();
    await page.getByRole('button', { name: 'Check out Васил Вещера' }).waitFor();
    await page.getByRole('button', { name: 'Check in Dimitri', exact: true }).waitFor();
    expect(await page.getByRole('alert').filter({ hasText: 'The event file cannot be used.' }).count()).toBe(0);

    // The broken file kept beside the backups, byte for byte; the event file a clean log again.
    const kept = (await readdir(backups)).filter((n) => n.includes('-broken'));
    expect(kept).toHaveLength(1);
    expect(Buffer.compare(await readFile(join(backups, kept[0]!)), broken)).toBe(0);
    expect(await done.textContent()).toContain(join(backups, kept[0]!));
    const restored = await eventLines(eventFile);
    expect(restored[0]).toMatchObject({ id: event.id, name: 'Harvest Moot' });
    expect(restored.slice(1).map((e) => ('character' in e ? e.character : null))).toEqual([EXAMPLES.aldric.id, EXAMPLES.vasil.id]);
    await expectNoViolations(page, 'the event after the restore');

    // The desk carries on: Dimitri checked in again, appended to the restored file.
    await page.getByRole('button', { name: 'Check in Dimitri', exact: true }).click();
    await expect.poll(async () => (await eventLines(eventFile)).length).toBe(4);
  });
});
