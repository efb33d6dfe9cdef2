// End to end: the desk's queue in headless Chromium over the real handlers. Players checked in one
// after another from the search box (names typed, a card scanned, each with Enter; Enter twice
// never checks anyone out); several matches ask which; a row's Check in sends the focus back to the
// search; "Join an event…" from the empty desk; another folder starts with an empty search; a
// folder whose games tie asks for the event's game. axe finds nothing on each screen.
import { copyFile, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { EXAMPLES } from '../core/desk/testing';
import type { LedgerEntry } from '../core/desk/entries';
import { qrPayload } from '../core/pdf/qr';
import { axeViolations, describeFindings } from './axe';
import { eventLines } from './event-file';
import { ARTIFACTS, SCREENS } from './paths';
import { useHarness } from './use-harness';

const h = useHarness();
const json = (v: unknown) => `${JSON.stringify(v, null, 2)}\n`;
type Example = keyof typeof EXAMPLES;

async function folderOf(name: string, who: readonly Example[]): Promise<string> {
  const folder = join(h.library, name);
  await mkdir(folder);
  for (const w of who) await writeFile(join(folder, `${w}.character.json`), json(EXAMPLES[w]));
  return folder;
}

async function openDesk(page: Page) {
  await page.goto(h.url);
  await page.getByRole('button', { name: /^Event desk/ }).click();
}

async function openFolder(page: Page, folder: string) {
  h.dialogs.folder.push(folder);
  await page.getByRole('button', { name: 'Open event folder…' }).first().click();
  await page.getByText(`Folder: ${folder}`).waitFor();
}

async function createEvent(page: Page, name: string) {
  const form = page.getByRole('region', { name: 'No event file yet' });
  await form.getByRole('textbox', { name: 'Event name' }).fill(name);
  await form.getByRole('button', { name: 'Create the event file' }).click();
  await page.getByText(name, { exact: true }).waitFor();
}

async function expectNoViolations(page: Page, where: string) {
  await page.waitForTimeout(150);
  expect(describeFindings(await axeViolations(page)), where).toEqual([]);
}

/** A screenshot into e2e/artifacts, and into docs/screens with QM_UPDATE_SCREENS=1. */
async function screenshot(page: Page, name: string) {
  await mkdir(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: join(ARTIFACTS, name) });
  if (process.env.QM_UPDATE_SCREENS === '1') await copyFile(join(ARTIFACTS, name), join(SCREENS, name));
}

const kinds = async (path: string) => (await eventLines(path)).slice(1).map((e) => [(e as LedgerEntry).kind, (e as LedgerEntry).character]);

describe('the desk queue in Chromium', () => {
  it('checks players in one after another from the search box: names and a scanned card, Enter twice checks nobody out', async () => {
    const { page } = h;
    const folder = await folderOf('Queue Night', ['dimitri', 'aldric', 'elowen', 'brannoc']);
    await openDesk(page);
    await openFolder(page, folder);
    await createEvent(page, 'Queue Night');
    const search = page.getByRole('searchbox', { name: 'Search by name, player, game or problem' });
    const focused = () => search.evaluate((el) => el === document.activeElement);
    const checkedIn = () => page.getByRole('list', { name: 'Totals' }).locator('li').nth(3).textContent();

    // Name, Enter; at once the next name, Enter; then Enter again in the empty box.
    await search.focus();
    await page.keyboard.type('Dimitri');
    await page.keyboard.press('Enter');
    await page.getByText('Dimitri checked in. Next, please.').waitFor();
    expect(await search.inputValue()).toBe('');
    expect(await focused()).toBe(true);
    await page.keyboard.type('Elowen');
    await page.keyboard.press('Enter');
    await page.getByText('Elowen Marsh checked in. Next, please.').waitFor();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    expect(await checkedIn()).toBe('2 checked in');

    // The same player again: said, not checked out.
    await page.keyboard.type('Dimitri');
    await page.keyboard.press('Enter');
    await page.getByText(/^Dimitri is already checked in/).waitFor();

    // A card scanned into the search box (the scanner types its code, then Enter).
    await search.fill('');
    const desk = await h.handlers.loadEventFolder({ folder });
    const brannoc = desk.rows.find((r) => r.id === EXAMPLES.brannoc.id.toLowerCase())!;
    await page.keyboard.type(qrPayload(EXAMPLES.brannoc.id, brannoc.hash!));
    await page.keyboard.press('Enter');
    await page.getByText('Brannoc checked in. Next, please.').waitFor();
    expect(await search.inputValue()).toBe('');
    expect(await focused()).toBe(true);
    await page.keyboard.press('Enter');
    expect(await checkedIn()).toBe('3 checked in');
    await expectNoViolations(page, 'the desk after a queue of check-ins');
    await screenshot(page, 'desk-queue.png');

    // A row's own Check in: the focus goes back to the search, so Enter does not check him out.
    await page.getByRole('button', { name: 'Check in Aldric of the Vale' }).click();
    expect(await focused()).toBe(true);
    await page.waitForTimeout(900);
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.getByText('All check-ins saved').waitFor();
    expect(await checkedIn()).toBe('4 checked in');
    expect(await kinds(join(folder, 'Queue Night.event.json'))).toEqual([
      ['check-in', EXAMPLES.dimitri.id],
      ['check-in', EXAMPLES.elowen.id],
      ['check-in', EXAMPLES.brannoc.id],
      ['check-in', EXAMPLES.aldric.id],
    ]);
  });

  it('asks which player when several waiting match, picked with the arrows and Enter', async () => {
    const { page } = h;
    const folder = await folderOf('Fortune Fair', ['dimitri', 'aldric', 'elowen']);
    await openDesk(page);
    await openFolder(page, folder);
    await createEvent(page, 'Fortune Fair');
    const search = page.getByRole('searchbox', { name: 'Search by name, player, game or problem' });
    await search.focus();
    await page.keyboard.type('fortunes-landing');
    await page.keyboard.press('Enter');
    const list = page.getByRole('listbox', { name: 'Several players waiting match “fortunes-landing”: which one is here?' });
    await list.waitFor();
    expect(await list.getByRole('option').allTextContents()).toEqual(["Aldric of the Vale · Priya · Fortune's Landing", "Dimitri · Sam · Fortune's Landing"]);
    expect(await list.evaluate((el) => el === document.activeElement)).toBe(true);
    await expectNoViolations(page, 'the desk asking which player');
    await screenshot(page, 'desk-queue-which.png');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.getByText('Dimitri checked in. Next, please.').waitFor();
    expect(await list.count()).toBe(0);
    expect(await search.evaluate((el) => el === document.activeElement)).toBe(true);
    // Only Aldric waits now: the same search checks him in at once.
    await page.keyboard.type('fortunes-landing');
    await page.keyboard.press('Enter');
    await page.getByText('Aldric of the Vale checked in. Next, please.').waitFor();
    await page.getByText('All check-ins saved').waitFor();
    expect(await kinds(join(folder, 'Fortune Fair.event.json'))).toEqual([
      ['check-in', EXAMPLES.dimitri.id],
      ['check-in', EXAMPLES.aldric.id],
    ]);
    await expectNoViolations(page, 'the desk after the queue');
  });

  it('joins an event from the empty desk: the folder is asked for, then the join code', async () => {
    const { page } = h;
    const folder = join(h.library, 'Joined Event');
    await mkdir(folder);
    await openDesk(page);
    const empty = page.getByRole('heading', { name: 'Open an event folder' });
    await empty.waitFor();
    h.dialogs.folder.push(folder);
    await page.getByRole('button', { name: 'Join an event…' }).click();
    const code = page.getByRole('textbox', { name: 'Join code (or a CouchDB address):' });
    await code.waitFor();
    expect(await code.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.getByText(`Folder: ${folder}`).waitFor();
    // The event file comes from the desk that shares it: no form to make a new one meanwhile.
    expect(await page.getByRole('region', { name: 'No event file yet' }).count()).toBe(0);
    await expectNoViolations(page, 'the join form opened from the empty desk');
    await screenshot(page, 'desk-join-empty.png');
    // Cancelled: the folder is an ordinary one again.
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('region', { name: 'No event file yet' }).waitFor();
  });

  it('starts another folder with an empty search and nothing said about the last one', async () => {
    const { page } = h;
    const first = await folderOf('First Muster', ['dimitri']);
    const second = await folderOf('Second Muster', ['elowen']);
    await openDesk(page);
    await openFolder(page, first);
    await createEvent(page, 'First Muster');
    const search = page.getByRole('searchbox', { name: 'Search by name, player, game or problem' });
    await search.fill('Dimitri');
    await openFolder(page, second);
    expect(await search.inputValue()).toBe('');
    await createEvent(page, 'Second Muster');
    await search.fill('nobody here');
    await search.press('Enter');
    await page.getByText('Nobody matches “nobody here”.').waitFor();
    await openFolder(page, first);
    expect(await search.inputValue()).toBe('');
    expect(await page.getByText('Nobody matches').count()).toBe(0);
    await page.getByRole('button', { name: 'Check in Dimitri' }).waitFor();
  });

  it('asks for the game when a folder has as many characters of two games', async () => {
    const { page } = h;
    const folder = await folderOf('Mixed Moot', ['elowen', 'brannoc']);
    await openDesk(page);
    await openFolder(page, folder);
    const form = page.getByRole('region', { name: 'No event file yet' });
    await form.getByText("This folder has as many characters of each of these games: Curious Pastimes, Novitas. Choose the event’s game.").waitFor();
    const game = form.getByRole('combobox', { name: 'Game' });
    expect(await game.inputValue()).toBe('');
    await expectNoViolations(page, 'the new event form on a tie');
    await screenshot(page, 'desk-games-tie.png');
    await form.getByRole('button', { name: 'Create the event file' }).click();
    await form.getByText('Choose the event’s game.', { exact: true }).waitFor();
    await game.selectOption('novitas');
    await form.getByRole('button', { name: 'Create the event file' }).click();
    await page.getByText('Mixed Moot', { exact: true }).waitFor();
    expect((await eventLines(join(folder, 'Mixed Moot.event.json')))[0]).toMatchObject({ name: 'Mixed Moot', game: 'novitas' });
  });
});
