// End to end, in headless Chromium over the real main-process handlers: a season folder of two
// Novitas events sharing Elowen. Spring recorded her Dead at the end of a shift and one convergence
// passed while Dead; summer records the second. The desk offers the season's events newest first;
// summer, opened within its season, shows her permanently dead ("If the Dead condition lasts for 2
// convergences the condition can no longer be removed: the character is permanently dead",
// /work/shared/rules/000_…txt), and her file is settled so. axe finds nothing.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXAMPLES } from '../core/desk/testing';
import { axeViolations, describeFindings } from './axe';
import { useHarness } from './use-harness';

const h = useHarness();
const line = (v: unknown) => `${JSON.stringify(v)}\n`;
const ELOWEN = EXAMPLES.elowen.id.toLowerCase();
const header = (id: string, name: string, start: string, end: string) => line({ format: 'quartermaster-event', version: 3, id, name, game: 'novitas', dates: { start, end } });
const entry = (n: number, at: string, kind: string, more: object = {}) => line({ id: `e0000000-0000-4000-8000-${String(n).padStart(12, '0')}`, at, desk: 'Front desk', seq: n, kind, character: ELOWEN, ...more });

describe('a season folder at the desk, in Chromium', () => {
  it('opens the second event of the season: Elowen, Dead since spring, is permanently dead at summer’s convergence', async () => {
    const { page } = h;
    const folder = join(dirname(h.library), 'Season 2026');
    await mkdir(folder);
    await writeFile(join(folder, 'elowen.character.json'), `${JSON.stringify(EXAMPLES.elowen, null, 2)}\n`);
    await writeFile(join(folder, 'spring.event.json'), header('11111111-1111-4111-8111-111111111111', 'Spring Muster', '2026-04-10', '2026-04-12') + entry(1, '2026-04-11T17:00:00+01:00', 'died', { shiftEnd: true }) + entry(2, '2026-04-11T18:00:00+01:00', 'convergence'));
    await writeFile(join(folder, 'summer.event.json'), header('22222222-2222-4222-8222-222222222222', 'Summer Court', '2026-06-12', '2026-06-14') + entry(1, '2026-06-13T18:00:00+01:00', 'convergence'));

    await page.goto(h.url);
    await page.getByRole('button', { name: /^Event desk/ }).click();
    h.dialogs.folder.push(folder);
    await page.getByRole('button', { name: 'Open event folder…' }).first().click();

    // The chooser: the season's events, newest first.
    const chooser = page.getByRole('region', { name: 'The events of this season' });
    const buttons = chooser.getByRole('button');
    await buttons.first().waitFor();
    expect(await buttons.allTextContents()).toEqual([expect.stringMatching(/^Open Summer Court \(/), expect.stringMatching(/^Open Spring Muster \(/)]);
    expect(describeFindings(await axeViolations(page))).toEqual([]);
    await buttons.first().click();

    // Summer, within its season: permanently dead, retired; the plot marshal to be told.
    const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: /^Elowen\b/ }) });
    await row.locator('.desk-out').filter({ hasText: /^Permanently dead since .*tell the plot marshal/ }).waitFor();
    expect(await row.getByRole('button', { name: /^Check (in|out) Elowen/ }).count()).toBe(0);
    const season = page.getByRole('combobox', { name: 'Event of this season' });
    expect(await season.inputValue()).toBe(join(folder, 'summer.event.json'));
    expect(await season.locator('option').allTextContents()).toEqual([expect.stringMatching(/^Summer Court/), expect.stringMatching(/^Spring Muster/)]);
    expect(describeFindings(await axeViolations(page))).toEqual([]);

    // The file was settled from the season's ledger: retired, read-only.
    const file = JSON.parse(await readFile(join(folder, 'elowen.character.json'), 'utf8'));
    expect([file.status, file.statusReason]).toEqual(['retired', 'Permanently dead: Dead for 2 convergences']);

    // Spring chosen from the season's list: Dead there, one of two convergences.
    await season.selectOption({ label: (await season.locator('option').nth(1).textContent())! });
    await row.locator('.desk-out').filter({ hasText: /1 of 2 convergences/ }).waitFor();
  });
});
