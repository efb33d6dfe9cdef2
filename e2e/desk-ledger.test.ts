// End to end: the desk over an event whose file already holds a long ledger, in headless Chromium
// over the real handlers. 2,000 characters, each checked in, given a note and checked out at the
// gate (6,000 entries, written as a version 3 log with serializeEvent): the desk view opens it,
// a check-in made here is on the file's last line (appended, numbered by this desk), a second desk
// (an EventLog of its own in this process, as `quartermaster desk` would be) appends to the same
// file and the first desk shows it once main pushes it (when it notices the file grew, or at the
// window's next refresh: the window getting the focus back), and undo of the check-in appends an
// undo entry. The window never asks for the ledger whole again after opening.
import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { LedgerEntry } from '../core/desk/entries';
import { newEvent } from '../core/desk/event';
import { namedDesk } from '../core/desk/editions';
import { atInstant } from '../core/desk/order';
import { EXAMPLES, fakeId, idSequence } from '../core/desk/testing';
import { EventLog } from '../node/event-log/event-log';
import { eventLines, lastEntry, readEventFile, writeEventFile } from './event-file';
import { useHarness } from './use-harness';

const h = useHarness();

const CHARACTERS = 2_000;
const TEMPLATES = ['aldric', 'dimitri', 'elowen', 'vasil'] as const;
const GATE = namedDesk('Gate');
const FIELD = namedDesk('Field desk');
const name = (i: number) => `Character ${String(i).padStart(4, '0')}`;
const utc = (ms: number) => atInstant('+00:00', ms);
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The gate's ledger before the desk opens: per character a check-in, a note and a check-out, a second apart, ending an hour ago. */
function gateLedger(now: number): LedgerEntry[] {
  const ids = idSequence('long-ledger');
  const start = now - 3_600_000 - CHARACTERS * 3_000;
  const entries: LedgerEntry[] = [];
  let seq = 0;
  for (let i = 0; i < CHARACTERS; i++) {
    const character = fakeId(i + 1);
    const at = (k: number) => ({ id: ids(), at: utc(start + (i * 3 + k) * 1_000), desk: GATE.name, deskId: GATE.id, seq: ++seq });
    entries.push({ ...at(0), kind: 'check-in', character }, { ...at(1), kind: 'note', character, text: `Bow checked for ${name(i)}` }, { ...at(2), kind: 'check-out', character });
  }
  return entries;
}

const totals = (page: Page) => page.getByRole('list', { name: 'Totals' }).locator('li').allTextContents();
const checkedIn = async (page: Page) => (await totals(page))[3];
const shownNames = (page: Page) => page.locator('.desk-row .desk-character').allTextContents();
const row = (page: Page, who: string) => page.getByRole('row').filter({ has: page.locator('.desk-character', { hasText: new RegExp(`^${who}$`) }) });

describe('a long ledger at the desk in Chromium', () => {
  it('opens an event of 6,000 entries, appends a check-in, shows a second desk’s entry once main pushes it (watch or refresh), and undoes the check-in', { timeout: 180_000 }, async () => {
    const { page } = h;
    const folder = join(dirname(h.library), 'Long Muster');
    await mkdir(folder);
    const now = Date.now();
    for (let i = 0; i < CHARACTERS; i++) {
      const template = EXAMPLES[TEMPLATES[i % TEMPLATES.length]!];
      await writeFile(join(folder, `c${String(i).padStart(4, '0')}.character.json`), `${JSON.stringify({ ...structuredClone(template), id: fakeId(i + 1), name: name(i), player: `Player ${String(i).padStart(4, '0')}` }, null, 2)}\n`);
    }
    const eventFile = join(folder, 'Long Muster.event.json');
    const event = newEvent({ name: 'Long Muster', game: 'fortunes-landing', start: day(now - 86_400_000), end: day(now + 86_400_000), id: '5d6e7f80-1a2b-4c3d-8e9f-0a1b2c3d4e5f', homeDesk: GATE.id });
    await writeEventFile(eventFile, { ...event, entries: gateLedger(now) });
    expect(await eventLines(eventFile)).toHaveLength(1 + 3 * CHARACTERS);

    // Every read of the folder the page asks for, to see that the ledger is sent whole only on opening.
    const loads: { ledger?: boolean }[] = [];
    const load = h.handlers.loadEventFolder;
    h.handlers.loadEventFolder = async (args) => (loads.push(args), load(args));

    await page.goto(h.url);
    await page.getByRole('button', { name: /^Event desk/ }).click();
    h.dialogs.folder.push(folder);
    await page.getByRole('button', { name: 'Open event folder…' }).first().click();
    await page.getByText('Long Muster', { exact: true }).waitFor({ timeout: 60_000 });
    await expect.poll(() => totals(page), { timeout: 30_000 }).toEqual(['2,000 characters', '2,000 clean', '0 with errors', '0 checked in']);
    expect(await page.getByRole('region', { name: 'Ledger' }).getByRole('heading').textContent()).toBe('Ledger (6,000 entries)');

    // A check-in here: on the file's last line once the desk says it is saved, the first of this desk's seqs.
    // (The table draws only the rows on screen: the search finds the character.)
    const me = h.settings.deskIdentity();
    const search = page.getByRole('searchbox', { name: /^Search/ });
    await search.fill(name(7));
    await page.getByRole('button', { name: `Check in ${name(7)}`, exact: true }).click();
    await expect.poll(() => checkedIn(page)).toBe('1 checked in');
    await expect.poll(() => page.locator('.desk .save-state').textContent()).toBe('All check-ins saved');
    const mine = await lastEntry(eventFile);
    expect(mine).toMatchObject({ kind: 'check-in', character: fakeId(8), desk: me.name, deskId: me.id, seq: 1 });
    expect(await eventLines(eventFile)).toHaveLength(1 + 3 * CHARACTERS + 1);

    // A second desk appends to the same file (under its lock): Character 0008 checked in at the field desk.
    const other = await EventLog.open(eventFile);
    const theirs = await other.append([{ id: randomUUID(), at: utc(Date.now()), desk: FIELD.name, deskId: FIELD.id, kind: 'check-in', character: fakeId(9) }]);
    expect(theirs.added).toEqual([expect.objectContaining({ character: fakeId(9), seq: 1 })]);
    // The other desk read this desk's check-in when it opened the file: nothing else was appended meanwhile.
    expect(other.ledger.get(mine.id)).toMatchObject({ seq: 1, deskId: me.id });
    expect(theirs.external).toEqual([]);
    expect(await lastEntry(eventFile)).toMatchObject({ desk: FIELD.name, character: fakeId(9) });

    // Main pushes what the file gained: as soon as it notices (it watches the open event file), or at the
    // latest when the window, getting the focus back, reads the folder again (without the ledger).
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await expect.poll(() => checkedIn(page), { timeout: 15_000 }).toBe('2 checked in');
    // The refresh the focus asked for (a quarter second later) has read the folder before anything
    // else starts: a refresh that finds the desk busy (an undo under way) is skipped.
    await expect.poll(() => loads.length, { timeout: 15_000 }).toBeGreaterThan(0);
    // Only those checked in: this desk's and the field desk's.
    await search.fill('');
    await page.getByRole('combobox', { name: 'Show' }).selectOption('in');
    await expect.poll(() => shownNames(page)).toEqual([name(7), name(8)]);
    await row(page, name(8)).getByRole('button', { name: `Check out ${name(8)}`, exact: true }).waitFor();
    expect(await page.getByRole('region', { name: 'Ledger' }).getByRole('heading').textContent()).toBe('Ledger (6,002 entries)');

    // Undo (Ctrl+Z) takes back this desk's check-in only, with an undo entry appended after it.
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('Control+Z');
    await expect.poll(() => checkedIn(page)).toBe('1 checked in');
    await expect.poll(() => page.locator('.desk .save-state').textContent()).toBe('All check-ins saved');
    await expect.poll(() => shownNames(page)).toEqual([name(8)]);
    expect(await lastEntry(eventFile)).toMatchObject({ kind: 'undo', target: mine.id, character: fakeId(8), deskId: me.id, seq: 2 });
    const lines = await eventLines(eventFile);
    expect(lines).toHaveLength(1 + 3 * CHARACTERS + 3);
    // The file reads back whole: 6,003 entries, only the field desk's check-in still counting.
    const final = await readEventFile(eventFile);
    expect(final.entries).toHaveLength(3 * CHARACTERS + 3);

    // After opening, the page only ever asked for the folder without the ledger: it held it whole.
    expect(loads.every((a) => a.ledger === false)).toBe(true);
  });
});
