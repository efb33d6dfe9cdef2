// End to end: a game defined only by its pack (Emberfall, core/packs/examples) in headless Chromium
// over the real main-process handlers and printer: the pack dropped into the app's packs folder, a
// character of it created, skills added from its catalogue with the budget and a prerequisite error
// in words, saved under the pack, and its cards exported. Values from emberfall.rules.md. axe-core
// finds nothing on the new-character dialog or the editor.
import { execFileSync } from 'node:child_process';
import { copyFile, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { axeViolations, describeFindings } from './axe';
import { ROOT } from './paths';
import { useHarness } from './use-harness';

const h = useHarness();

describe('a pack-only game in Chromium', () => {
  it('creates, edits, saves and prints an Emberfall character', async () => {
    const { page } = h;
    await copyFile(join(ROOT, 'core', 'packs', 'examples', 'emberfall.pack.json'), join(h.packsFolder, 'emberfall.pack.json'));
    await page.goto(h.url);

    await page.getByRole('button', { name: 'Create a character' }).click();
    const dialog = page.getByRole('dialog', { name: 'New character' });
    await dialog.getByRole('combobox', { name: 'Game' }).selectOption({ label: 'Emberfall' });
    await dialog.getByRole('textbox', { name: 'Character name' }).fill('Cato');
    expect(describeFindings(await axeViolations(page)), 'the new-character dialog').toEqual([]);
    await dialog.getByRole('button', { name: 'Create' }).click();
    await page.getByRole('heading', { level: 1, name: 'Cato' }).waitFor();

    // "The head takes 1 hit. The torso takes 3 hits. Each arm takes 2 hits."
    await expect.poll(() => page.locator('[data-summary="hits-torso"]').textContent()).toBe('3');
    expect(await page.locator('[data-summary="hits-head"]').textContent()).toBe('1');
    expect(await page.locator('[data-summary="hits-left-arm"]').textContent()).toBe('2');

    const skills = page.getByRole('region', { name: 'Skills' });
    await skills.getByRole('heading', { name: 'Emberfall catalogue' }).waitFor();
    // The catalogue says each skill's rules in words: "Shield has one level and costs 3 points. You must know Swordplay to learn Shield."
    const shieldEntry = skills.getByRole('listitem').filter({ hasText: 'Shield' });
    expect(await shieldEntry.textContent()).toContain('Levels: up to 1.');
    expect(await shieldEntry.textContent()).toContain('Cost by level: 3 character points.');
    expect(await shieldEntry.textContent()).toContain('You must know Swordplay to learn Shield.');
    // "Toughness has two levels. Each level costs three times its number: level 1 costs 3 points, level 2 costs 6."
    expect(await skills.getByRole('listitem').filter({ hasText: 'Toughness' }).textContent()).toContain('Cost by level: 3, 6 character points.');

    // Shield alone: its prerequisite is unmet, a rule error in words, live.
    await skills.getByRole('button', { name: 'Add the skill Shield' }).click();
    const rules = page.getByRole('region', { name: 'Rules check' });
    await rules.getByText('Shield: You must know Swordplay to learn Shield.').first().waitFor();
    const budget = skills.locator('.budget-figures');
    await expect.poll(() => budget.textContent()).toBe('Spent3 character pointsAvailable12 character pointsRemaining9 character points');

    // With Swordplay 1 (2 points) the prerequisite is met: 2 + 3 = 5 of 12.
    await skills.getByRole('button', { name: 'Add the skill Swordplay' }).click();
    await expect.poll(() => budget.textContent()).toBe('Spent5 character pointsAvailable12 character pointsRemaining7 character points');
    await rules.getByText('No problems: this character follows the rules.').waitFor();
    expect(describeFindings(await axeViolations(page)), 'the Emberfall editor').toEqual([]);

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => page.locator('.save-state').textContent()).toBe('All changes saved');
    const file = JSON.parse(await readFile(join(h.library, 'Cato.character.json'), 'utf8'));
    expect(file.ruleset).toBe('emberfall');
    expect(file.pack).toEqual({ id: 'emberfall', version: '1.0.0' });
    expect(file.skills.map((s: { id: string; level: number }) => [s.id, s.level])).toEqual([['shield', 1], ['swordplay', 1]]);

    await page.getByRole('button', { name: 'Export PDF…' }).click();
    const exportDialog = page.getByRole('dialog', { name: 'Export PDF: Cato' });
    await exportDialog.getByRole('img', { name: /^First page: / }).waitFor();
    expect(describeFindings(await axeViolations(page)), 'the export dialog').toEqual([]);
    const pdf = join(h.library, 'Cato cards.pdf');
    h.dialogs.pdf.push(pdf);
    await exportDialog.getByRole('button', { name: 'Save PDF…' }).click();
    await page.getByRole('status').filter({ hasText: `PDF saved to ${pdf} and opened.` }).waitFor();
    const text = execFileSync('pdftotext', [pdf, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    expect(text).toContain('Game: Emberfall');
    expect(text).toContain('Hits: head 1, torso 3, left arm 2');
    expect(text).toContain('5 of 12 character points spent');
    expect(text).toContain('Skills: Shield, Swordplay');
  });
});
