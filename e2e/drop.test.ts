// End to end: files dragged from the file manager onto the window, in headless Chromium over the
// real handlers. A character file dropped on the library opens (as a double-clicked one does, after
// the unsaved-changes prompt); a file of another kind and an event file are refused, named. On the desk an event file opens its
// folder, a folder opens as an event folder, a character of the open folder is found in the list,
// one from elsewhere and other files are refused in words. The drop hint shows while dragging; axe
// finds nothing with it on screen. Screenshots to docs/screens/ with QM_UPDATE_SCREENS=1.
import { randomUUID } from 'node:crypto';
import { copyFile, mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newEvent } from '../core/desk/event';
import { axeViolations, describeFindings } from './axe';
import { dragOver, dropFiles } from './drop-steps';
import { writeEventFile } from './event-file';
import { ARTIFACTS, EXAMPLES, SCREENS } from './paths';
import { useHarness } from './use-harness';

const h = useHarness();

/** A Downloads folder beside the library (outside it): a character, a photo, an event folder with two characters. */
async function downloads() {
  const root = join(dirname(dirname(h.library)), 'Downloads');
  const event = join(root, 'Autumn Muster');
  await mkdir(event, { recursive: true });
  await copyFile(join(EXAMPLES, 'cp-brannoc.character.json'), join(root, 'Brannoc.character.json'));
  await writeFile(join(root, 'photo.png'), 'not a character');
  for (const name of ['fl-dimitri', 'fl-aldric']) await copyFile(join(EXAMPLES, `${name}.character.json`), join(event, `${name}.character.json`));
  const eventFile = join(event, 'Autumn Muster.event.json');
  await writeEventFile(eventFile, newEvent({ id: randomUUID(), name: 'Autumn Muster', game: 'fortunes-landing', start: '2026-10-02', end: '2026-10-04' }));
  const file = (name: string, folder = root) => ({ name, path: join(folder, name) });
  return { root, event, eventFile, brannoc: file('Brannoc.character.json'), photo: file('photo.png'), eventDrop: file('Autumn Muster.event.json', event), dimitri: file('fl-dimitri.character.json', event) };
}

describe('dropping files on the window', () => {
  it('opens a character file dropped on the library, and refuses other files by name', async () => {
    const { page } = h;
    const d = await downloads();
    for (const name of ['nov-elowen', 'fl-aldric']) await copyFile(join(EXAMPLES, `${name}.character.json`), join(h.library, `${name}.character.json`));
    await page.goto(h.url);
    await page.getByRole('heading', { level: 1, name: 'Character library' }).waitFor();
    await page.getByRole('row', { name: /Elowen/ }).waitFor();
    const main = page.locator('main');

    // While the file is dragged over the window, the hint says what dropping does.
    const drag = await dragOver(main, [d.brannoc]);
    const hint = page.getByRole('status').filter({ hasText: 'Drop character files here to open them' });
    await hint.waitFor();
    expect(describeFindings(await axeViolations(page))).toEqual([]);
    await shot(page, 'drop.png');
    await main.dispatchEvent('drop', { dataTransfer: drag });
    await hint.waitFor({ state: 'detached' });
    // Opened as a double-clicked file is: a file outside the library, editable.
    await page.getByRole('heading', { level: 1, name: 'Brannoc' }).waitFor();
    await page.getByRole('button', { name: 'Back to the library' }).click();
    await page.getByRole('heading', { level: 1, name: 'Character library' }).waitFor();

    // Another kind of file, and an event file: refused, each named.
    await dropFiles(main, [d.photo, d.eventDrop]);
    const alert = page.getByRole('alert');
    await alert.filter({ hasText: 'Not a character file: photo.png. Only files ending in .character.json open here.' }).waitFor();
    await alert.filter({ hasText: 'Autumn Muster.event.json: event files and event folders open on the event desk, not here.' }).waitFor();
    await page.getByRole('heading', { level: 1, name: 'Character library' }).waitFor();

    // Several characters: the first opens, the others are named.
    await dropFiles(main, [d.dimitri, d.brannoc]);
    await page.getByRole('heading', { level: 1, name: 'Dimitri' }).waitFor();
    await page.getByRole('status').filter({ hasText: 'One character is shown at a time: fl-dimitri.character.json is open; not opened: Brannoc.character.json.' }).waitFor();

    // Unsaved changes: asked about first, as for a double-clicked file; a drop on the dialog does nothing.
    await page.getByRole('textbox', { name: 'Player' }).fill('Sam R.');
    await dropFiles(main, [d.brannoc]);
    const leave = page.getByRole('alertdialog', { name: 'Unsaved changes' });
    await leave.waitFor();
    await dropFiles(leave, [d.photo]);
    // (The page behind the dialog is hidden from roles: the notice is looked for by its text.)
    await page.waitForTimeout(500);
    expect(await page.getByText('Not a character file: photo.png', { exact: false }).count()).toBe(0);
    await leave.getByRole('button', { name: 'Discard changes' }).click();
    await page.getByRole('heading', { level: 1, name: 'Brannoc' }).waitFor();
  }, 120_000);

  it('opens an event file or a folder dropped on the desk, finds a dropped character of the open folder, puts one from elsewhere in the inbox, and refuses others in words', async () => {
    const { page } = h;
    const d = await downloads();
    await page.goto(h.url);
    await page.getByRole('button', { name: /^Event desk/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Event desk' }).waitFor();
    const main = page.locator('main');

    // No event folder open: a character file is not an event.
    await dropFiles(main, [d.brannoc]);
    await page.getByRole('alert').filter({ hasText: 'Brannoc.character.json: the desk shows the characters of an event folder.' }).waitFor();

    // The event file, dragged then dropped: its folder opens.
    const drag = await dragOver(main, [d.eventDrop]);
    const hint = page.getByRole('status').filter({ hasText: 'Drop an event folder or its event file here to open it' });
    await hint.waitFor();
    expect(describeFindings(await axeViolations(page))).toEqual([]);
    await shot(page, 'drop-desk.png');
    await main.dispatchEvent('drop', { dataTransfer: drag });
    await hint.waitFor({ state: 'detached' });
    await page.getByText(`Event folder: ${d.event}`).waitFor();
    const totals = () => page.getByRole('list', { name: 'Totals' }).locator('li').allTextContents();
    await expect.poll(totals).toEqual(['2 characters', '2 clean', '0 with errors', '0 checked in']);

    // A character of this folder: the search finds it (Enter would check it in).
    await dropFiles(main, [d.dimitri]);
    await page.getByRole('status').filter({ hasText: 'fl-dimitri.character.json is in this event: shown below.' }).waitFor();
    expect(await page.getByRole('searchbox', { name: 'Search by name, player, game or problem' }).inputValue()).toBe('fl-dimitri.character.json');
    await page.getByText('1 of 2 files shown').waitFor();

    // A character from elsewhere and a photo: refused, named, the folder unchanged.
    await dropFiles(main, [d.brannoc, d.photo]);
    const alert = page.getByRole('alert');
    await alert.filter({ hasText: 'Not an event file or folder: photo.png.' }).waitFor();
    // The character from elsewhere is a player's file: copied into the event's inbox, waiting for approval.
    await alert.filter({ hasText: 'Put in this event’s inbox, waiting for approval: Brannoc.character.json.' }).waitFor();
    await page.getByRole('region', { name: 'Approval' }).getByText('Waiting for approval: 1').waitFor();

    // Two events at once: nothing opens.
    const winter = join(d.root, 'Winter Court');
    await mkdir(winter);
    await dropFiles(main, [d.eventDrop, { name: 'Winter Court', path: winter }]);
    await alert.filter({ hasText: 'Drop one event at a time: Autumn Muster.event.json, Winter Court. Nothing was opened.' }).waitFor();
    await page.getByText(`Event folder: ${d.event}`).waitFor();

    // A folder: opened as an event folder (none yet: the form to make its event file).
    await dropFiles(main, [{ name: 'Winter Court', path: winter }]);
    await page.getByText(`Event folder: ${winter}`).waitFor();
    await page.getByRole('region', { name: 'No event file yet' }).waitFor();
  }, 120_000);
});

async function shot(page: Page, name: string) {
  await mkdir(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: join(ARTIFACTS, name) });
  if (process.env.QM_UPDATE_SCREENS === '1') {
    await mkdir(SCREENS, { recursive: true });
    await copyFile(join(ARTIFACTS, name), join(SCREENS, name));
  }
}
