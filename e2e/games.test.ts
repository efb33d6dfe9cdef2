// End to end: the Games page in headless Chromium over the real main-process handlers and the real
// packs watcher: the four built-in packs, a pack saved broken into the app's packs folder shown with
// its file, JSON path and why, and gone once fixed; axe-core finds no violation on the page.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { axeViolations, describeFindings } from './axe';
import { ROOT } from './paths';
import { useHarness } from './use-harness';

const h = useHarness();

describe('the Games page in Chromium', () => {
  it('lists the built-in packs, shows a broken pack’s problem within a second of saving, and clears it when fixed', async () => {
    const { page } = h;
    await page.goto(h.url);
    await page.getByRole('button', { name: /^Games: the game packs/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Games' }).waitFor();
    const table = page.getByRole('table', { name: 'Packs: 4' });
    await table.waitFor();
    for (const file of ['bg-magic', 'curious-pastimes', 'fortunes-landing', 'novitas']) {
      const row = table.getByRole('row').filter({ hasText: `(built in) ${file}.pack.json` });
      expect(await row.getByRole('cell').last().textContent()).toBe('Used');
    }

    const pack = JSON.parse(await readFile(join(ROOT, 'core', 'packs', 'examples', 'emberfall.pack.json'), 'utf8'));
    const file = join(h.packsFolder, 'emberfall.pack.json');
    const broken = structuredClone(pack);
    broken.skills[1].requires.expression = 'levels["swordplay"] >=';
    await writeFile(file, JSON.stringify(broken, null, 2));
    const problem = page.getByRole('listitem').filter({ hasText: file });
    await problem.waitFor({ timeout: 1_000 });
    expect(await problem.textContent()).toBe(`${file}: skills[1].requires.expression: the expression does not parse: Unexpected token: EOF`);
    expect(await page.getByRole('heading', { name: 'Packs refused: 1' }).count()).toBe(1);

    const found = describeFindings(await axeViolations(page));
    expect(found, 'the Games page with a refused pack').toEqual([]);

    await writeFile(file, JSON.stringify(pack, null, 2));
    await page.getByRole('table', { name: 'Packs: 5' }).waitFor({ timeout: 1_000 });
    expect(await page.getByRole('heading', { name: 'Packs refused: 0' }).count()).toBe(1);
    const emberfall = page.getByRole('row').filter({ hasText: file });
    expect(await emberfall.getByRole('cell').last().textContent()).toBe('Used');
  });

  it('opens from the menu’s View > Games, also over the event desk, and Back returns to the library', async () => {
    const { page } = h;
    await page.goto(h.url);
    await page.getByRole('button', { name: /^Games: the game packs/ }).waitFor();
    await h.menu('event-desk');
    await page.getByRole('heading', { level: 1, name: 'Event desk' }).waitFor();
    await h.menu('games');
    await page.getByRole('heading', { level: 1, name: 'Games' }).waitFor();
    expect(await page.getByRole('heading', { level: 1, name: 'Event desk' }).count()).toBe(0);
    await page.getByRole('button', { name: /Back/ }).first().click();
    await page.getByRole('button', { name: /^Games: the game packs/ }).waitFor();
  });
});
