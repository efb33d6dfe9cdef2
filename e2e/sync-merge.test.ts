// End to end, a volunteer's sequence with two desks (two harness pages, each with the real
// main-process handlers and its own copy of the event folder) joined to one hub on 127.0.0.1: the
// hub goes away; Dimitri is edited differently at each desk (each laptop's editor saved his file:
// desk one a note, desk two the player's full name and another note); the hub is back and both
// desks flag him as edited at two desks, his cards held back from "Reprint changed"; the volunteer
// at desk one merges (the note from desk one, the player from desk two); both desks (and the hub)
// hold the merged character and his cards are printed again. Everything started is stopped.
import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { EXAMPLES, fakeId } from '../core/desk/testing';
import { axeViolations, describeFindings } from './axe';
import type { Harness } from './harness';
import { ARTIFACTS, SCREENS } from './paths';
import { linkLine, openDesk, sharedEvent } from './sync-desks';

const json = (v: unknown) => `${JSON.stringify(v, null, 2)}\n`;
const aldric = { ...structuredClone(EXAMPLES.aldric), id: fakeId(1), name: 'Aldric of the Vale', player: 'Ana' };
const dimitri = { ...structuredClone(EXAMPLES.dimitri), id: fakeId(2), name: 'Dimitri', player: 'Boris', notes: '' };
const DESK_ONE_NOTE = 'Lost his left hand at the ford';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

const conflictPanel = (page: Page) => page.getByRole('region', { name: /^Dimitri was edited at two desks/ });
const readJson = async (path: string) => JSON.parse(await readFile(path, 'utf8'));

/** "Reprint changed…" → the dialog's count and problems → print; the result's printed lines. */
async function reprint(h: Harness, folder: string, name: string, expectCount: RegExp): Promise<{ problems: string[]; printed: string[] }> {
  const { page } = h;
  h.dialogs.pdf.push(join(folder, name));
  await page.getByRole('button', { name: 'Reprint changed…' }).click();
  const ask = page.getByRole('dialog', { name: 'Print changed cards' });
  await ask.getByRole('status').filter({ hasText: expectCount }).waitFor();
  const problems = await ask.locator('.print-problems li').allTextContents();
  await ask.getByRole('button', { name: /^Print 1 character…$/ }).click();
  const result = page.getByRole('region', { name: 'Reprint changed' });
  await expect.poll(() => result.locator('.desk-path').textContent(), { timeout: 20_000 }).toBe(join(folder, name));
  return { problems, printed: await result.locator('.desk-printed > li').allTextContents() };
}

describe('a character edited at two desks while apart, merged in Chromium', () => {
  it('is flagged at both desks, merged field by field at one, the same everywhere after, and printed again', async () => {
    const { hub, hubFolder, code, port, desks } = await sharedEvent({ 'aldric.character.json': aldric, 'dimitri.character.json': dimitri }, cleanups);
    const [one, two] = desks;
    await openDesk(one.h, one.folder, code);
    await openDesk(two.h, two.folder, code);

    // Apart: the hub stops; each desk's editor saves Dimitri differently.
    await hub.hub!.close();
    hub.hub = null;
    for (const d of desks) await expect.poll(() => linkLine(d.h.page), { timeout: 10_000 }).toMatch(/Offline since \d\d:\d\d/);
    await writeFile(join(one.folder, 'dimitri.character.json'), json({ ...dimitri, notes: DESK_ONE_NOTE }));
    // Desk two also chose the left arm into his armour rating, where nothing covers it (a rule error the editor showed there).
    await writeFile(join(two.folder, 'dimitri.character.json'), json({ ...dimitri, player: 'Boris Petrov', notes: 'Owes the smith three crowns', fortunesLanding: { armourAreas: ['torso', 'left-arm'] } }));
    // Each desk takes its own edit in before they meet (its link line counts it as waiting).
    for (const d of desks) await expect.poll(() => linkLine(d.h.page), { timeout: 15_000 }).toMatch(/Offline since \d\d:\d\d, [1-9]\d* changes? waiting/);

    // They meet: both desks flag Dimitri, with what differs.
    await hub.serve('127.0.0.1', port);
    for (const d of desks) await conflictPanel(d.h.page).waitFor({ timeout: 20_000 });
    const panel = conflictPanel(one.h.page);
    const legends = await panel.locator('fieldset > legend').allTextContents();
    expect(legends).toEqual(['Player', 'Notes', "Fortune's Landing: Areas averaged into the rating"]);
    const notesRadios = await panel.getByRole('group', { name: 'Notes' }).getByRole('radio').evaluateAll((rs) => rs.map((r) => r.closest('label')!.textContent));
    // Which desk's is version 1 is CouchDB's choice of winner (the same at every desk); the panel says which desk saved which.
    const saved = await panel.getByRole('list', { name: 'The versions' }).locator('li').allTextContents();
    const fromOne = saved.findIndex((l) => l.includes('saved at Desk one')) + 1;
    const fromTwo = 3 - fromOne;
    expect(saved.map((l) => /^Version (\d): saved at (Desk one|Desk two), /.exec(l)?.slice(1))).toEqual(fromOne === 1 ? [['1', 'Desk one'], ['2', 'Desk two']] : [['1', 'Desk two'], ['2', 'Desk one']]);
    expect(notesRadios).toEqual(fromOne === 1 ? [`Version 1: ${DESK_ONE_NOTE}`, 'Version 2: Owes the smith three crowns'] : ['Version 1: Owes the smith three crowns', `Version 2: ${DESK_ONE_NOTE}`]);

    // Until it is resolved his cards are held back: the print takes Aldric alone and says why.
    const before = await reprint(one.h, one.folder, 'cards-1.pdf', /^This prints everyone|^1 character never printed/);
    expect(before.problems.some((p) => /dimitri\.character\.json: was edited at two desks while they were apart/.test(p))).toBe(true);
    expect(before.printed).toEqual([expect.stringMatching(/^Aldric of the Vale \(Ana\): first print for this event/)]);

    // The merge: the note from desk one, the player from desk two. The rules check follows each pick:
    // desk two's areas with the chain shirt on the torso alone break "Armor only protects a character
    // in areas where she is covered"; desk one's areas (the torso) are clean.
    const check = panel.getByRole('region', { name: 'Rules check of the merged character' });
    const areas = panel.getByRole('group', { name: "Fortune's Landing: Areas averaged into the rating" });
    const version = (n: number) => new RegExp(`^Version ${n}: `);
    await areas.getByRole('radio', { name: version(fromTwo) }).check();
    await expect.poll(() => check.textContent()).toMatch(/1 error.*include the left arm, but no armour covers it/);
    await areas.getByRole('radio', { name: version(fromOne) }).check();
    await expect.poll(() => check.textContent()).toBe('Rules check of the merged characterNo problems: this character follows the rules.');
    await panel.getByRole('group', { name: 'Notes' }).getByRole('radio', { name: version(fromOne) }).check();
    await panel.getByRole('group', { name: 'Player' }).getByRole('radio', { name: version(fromTwo) }).check();
    expect(await panel.getByRole('textbox', { name: 'Notes as merged' }).inputValue()).toBe(DESK_ONE_NOTE);
    // The page with the panel open passes axe (WCAG 2.2 AA and best practice).
    expect(describeFindings(await axeViolations(one.h.page))).toEqual([]);
    // The panel as the volunteer sees it: e2e/artifacts/desk-merge.png (docs/screens/ with QM_UPDATE_SCREENS=1).
    await mkdir(ARTIFACTS, { recursive: true });
    await panel.screenshot({ path: join(ARTIFACTS, 'desk-merge.png') });
    if (process.env.QM_UPDATE_SCREENS === '1') await copyFile(join(ARTIFACTS, 'desk-merge.png'), join(SCREENS, 'desk-merge.png'));
    await panel.getByRole('button', { name: 'Save the merge' }).click();

    // Both desks and the hub hold the merged character; neither desk flags him any more.
    const merged = { ...dimitri, player: 'Boris Petrov', notes: DESK_ONE_NOTE };
    for (const folder of [one.folder, two.folder, hubFolder]) await expect.poll(() => readJson(join(folder, 'dimitri.character.json')), { timeout: 20_000 }).toEqual(merged);
    for (const d of desks) await expect.poll(() => conflictPanel(d.h.page).count(), { timeout: 15_000 }).toBe(0);
    expect(await readFile(join(one.folder, 'dimitri.character.json'), 'utf8')).toBe(await readFile(join(two.folder, 'dimitri.character.json'), 'utf8'));

    // His cards can be printed again: Reprint changed at desk one takes him, and no longer holds anyone back.
    const after = await reprint(one.h, one.folder, 'cards-2.pdf', /^1 character never printed for this event or changed since/);
    expect(after.problems.filter((p) => /edited at two desks/.test(p))).toEqual([]);
    expect(after.printed).toEqual([expect.stringMatching(/^Dimitri \(Boris Petrov\): first print for this event/)]);
  }, 150_000);
});
