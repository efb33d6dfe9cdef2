// End to end: axe-core over every screen a player or desk volunteer uses, in headless Chromium over
// the real main-process handlers: the library, each game's editor (and a new bg-magic character with
// its prompt), both print dialogs, and the event desk with 20 characters (players with several).
// Rules: WCAG 2.0/2.1 A and AA, WCAG 2.2 AA, best practice and experimental (e2e/axe.ts); any
// violation fails the test and is listed with the element at fault.
import { writeFile, mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { EXAMPLES, fakeId } from '../core/desk/testing';
import { axeViolations, describeFindings } from './axe';
import { useHarness } from './use-harness';

const h = useHarness();
const json = (v: unknown) => `${JSON.stringify(v, null, 2)}\n`;

/** The shipped examples, one file each, in the library. */
async function putExamples() {
  for (const [name, c] of Object.entries(EXAMPLES)) await writeFile(join(h.library, `${name}.character.json`), json(c));
}

async function expectNoViolations(page: Page, where: string) {
  // Let transitions and deferred rows settle before looking.
  await page.waitForTimeout(150);
  const found = describeFindings(await axeViolations(page));
  expect(found, where).toEqual([]);
}

async function openFromLibrary(page: Page, name: string) {
  await page.getByRole('button', { name: `Open ${name}` }).click();
  await page.getByRole('heading', { level: 1, name }).waitFor();
}

async function backToLibrary(page: Page) {
  await page.getByRole('button', { name: 'Back to the library' }).click();
  await page.getByRole('heading', { level: 1, name: 'Character library' }).waitFor();
}

describe('accessibility (axe-core)', () => {
  it('the library and every game’s editor have no violations', async () => {
    const { page } = h;
    await putExamples();
    await page.goto(h.url);
    await page.getByRole('heading', { level: 1, name: 'Character library' }).waitFor();
    await page.getByRole('button', { name: `Open ${EXAMPLES.elowen.name}` }).waitFor();
    await expectNoViolations(page, 'library');

    for (const key of ['aldric', 'brannoc', 'elowen', 'borislav'] as const) {
      const name = EXAMPLES[key].name;
      await openFromLibrary(page, name);
      await expectNoViolations(page, `editor of ${name} (${EXAMPLES[key].ruleset})`);
      if (key === 'aldric') {
        await page.getByRole('button', { name: 'Show every choice' }).click();
        await expectNoViolations(page, `editor of ${name}, every choice shown`);
      }
      await backToLibrary(page);
    }

    // A new bg-magic character: the one prompt for the mage's path.
    await page.getByRole('button', { name: 'New character…' }).click();
    const dialog = page.getByRole('dialog', { name: 'New character' });
    await expectNoViolations(page, 'new character dialog');
    await dialog.getByRole('combobox', { name: 'Game' }).selectOption({ label: 'Bulgarian mage rules' });
    await dialog.getByRole('textbox', { name: 'Character name' }).fill('Нова');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await page.getByRole('heading', { level: 1, name: 'Нова' }).waitFor();
    await expectNoViolations(page, 'new bg-magic character');

    // The check can fail: a button named apart from its words (as "Check in all" was) is found.
    await page.evaluate(() => {
      const b = document.createElement('button');
      b.textContent = 'Check in all 2';
      b.setAttribute('aria-label', 'Check in every character of Ana');
      document.querySelector('main, body')!.appendChild(b);
    });
    const found = describeFindings(await axeViolations(page));
    expect(found.some((f) => f.startsWith('label-content-name-mismatch'))).toBe(true);
  });

  it('both print dialogs have no violations', async () => {
    const { page } = h;
    await putExamples();
    await page.goto(h.url);
    await openFromLibrary(page, EXAMPLES.aldric.name);
    await page.getByRole('button', { name: 'Export PDF…' }).click();
    const exportDialog = page.getByRole('dialog', { name: `Export PDF: ${EXAMPLES.aldric.name}` });
    await exportDialog.getByRole('img', { name: /^First page/ }).waitFor();
    await expectNoViolations(page, 'Export PDF dialog');
    await exportDialog.getByRole('button', { name: 'Cancel' }).click();
    await backToLibrary(page);

    await page.getByRole('checkbox', { name: `Select ${EXAMPLES.brannoc.name}` }).check();
    await page.getByRole('checkbox', { name: `Select ${EXAMPLES.vasil.name}` }).check();
    await page.getByRole('group', { name: 'Selected characters' }).getByRole('button', { name: 'Print event pack…' }).click();
    await page.getByRole('dialog', { name: 'Print event pack' }).waitFor();
    await expectNoViolations(page, 'Print event pack dialog');
  });

  it('the event desk with 20 characters, two per player, has no violations', async () => {
    const { page } = h;
    const folder = join(dirname(h.library), 'Autumn Muster');
    await mkdir(folder);
    const templates = ['aldric', 'dimitri', 'elowen', 'vasil', 'brannoc', 'borislav'] as const;
    for (let i = 0; i < 22; i++) {
      const base = EXAMPLES[templates[i % templates.length]!];
      await writeFile(join(folder, `c${i}.character.json`), json({ ...structuredClone(base), id: fakeId(i + 1), name: `${base.name} ${i + 1}`, player: `Player ${Math.floor(i / 2) + 1}` }));
    }
    await page.goto(h.url);
    await page.getByRole('button', { name: /^Event desk/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Event desk' }).waitFor();
    h.dialogs.folder.push(folder);
    await page.getByRole('button', { name: 'Open event folder…' }).first().click();
    await page.getByRole('heading', { name: 'No event file yet' }).waitFor();
    await expectNoViolations(page, 'desk without an event file');
    const form = page.getByRole('region', { name: 'No event file yet' });
    await form.getByLabel('First day').fill('2026-10-02');
    await form.getByLabel('Last day').fill('2026-10-04');
    await form.getByRole('button', { name: 'Create the event file' }).click();
    await page.getByText('Autumn Muster', { exact: true }).waitFor();
    // Players with rule problems come first: Player 3 plays Brannoc 5 and Борислав 6.
    await page.getByRole('button', { name: 'Check in all 2 characters of Player 3' }).click();
    await page.getByRole('button', { name: 'Undo check-in of Player 3' }).waitFor();
    await expectNoViolations(page, 'desk with an event file and a player checked in');
  });
});
