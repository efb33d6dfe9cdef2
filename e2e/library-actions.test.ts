// End to end: the library's file actions in headless Chromium over the real main-process handlers and
// a temp library: duplicate, rename, move to the (injected) trash, import, Save As…, by mouse and by
// keyboard. Any console error, page error, failed request or CSP violation fails a test.
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { serializeCharacter } from '../core/format/save';
import { CHARACTER_FILE_SUFFIX } from '../core/model/ids';
import { sampleCharacter } from '../core/pdf/sample-characters';
import { useHarness } from './use-harness';

const h = useHarness();

async function characterFiles(): Promise<string[]> {
  return (await readdir(h.library)).filter((f) => f.endsWith(CHARACTER_FILE_SUFFIX)).sort();
}

const notice = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text }).waitFor();

/** Presses Tab until the focused element's text is `text` (at most 40 times). */
async function tabTo(page: Page, text: string) {
  for (let i = 0; i < 40; i++) {
    if ((await page.evaluate(() => document.activeElement?.textContent?.trim())) === text) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached "${text}"`);
}

describe('library file actions in Chromium', () => {
  it('duplicates, renames, moves to the trash and imports; Save As… copies a row', async () => {
    const { page } = h;
    const aldric = sampleCharacter('fortunes-landing', 0);
    const original = serializeCharacter(aldric);
    await writeFile(join(h.library, 'aldric.character.json'), original);
    await page.goto(h.url);
    const toolbar = page.getByRole('group', { name: 'Selected characters' });
    await toolbar.getByRole('status').filter({ hasText: 'None selected' }).waitFor();
    // Actions on one character are off until exactly one is ticked.
    expect(await toolbar.getByRole('button', { name: 'Duplicate' }).isDisabled()).toBe(true);

    // Duplicate: a new file with a new id, ticked in the list.
    await page.getByRole('checkbox', { name: `Select ${aldric.name}` }).check();
    await toolbar.getByRole('button', { name: 'Duplicate' }).click();
    await notice(page, `${aldric.name} was copied to aldric (copy).character.json.`);
    expect(await characterFiles()).toEqual(['aldric (copy).character.json', 'aldric.character.json']);
    const copy = JSON.parse(await readFile(join(h.library, 'aldric (copy).character.json'), 'utf8'));
    expect(copy).toMatchObject({ name: `${aldric.name} (copy)`, player: aldric.player, armour: aldric.armour });
    expect(copy.id).not.toBe(aldric.id);
    await expect.poll(() => toolbar.getByRole('status').textContent()).toBe('1 selected');
    expect(await page.getByRole('checkbox', { name: `Select ${aldric.name} (copy)` }).isChecked()).toBe(true);

    // Rename the copy, by keyboard: Tab to Rename…, Enter, type, Enter.
    await page.getByRole('checkbox', { name: `Select ${aldric.name} (copy)` }).focus();
    await tabTo(page, 'Rename…');
    await page.keyboard.press('Enter');
    const rename = page.getByRole('dialog', { name: 'Rename aldric (copy).character.json' });
    const field = rename.getByRole('textbox', { name: 'New file name' });
    expect(await field.inputValue()).toBe('aldric (copy)');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('text');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('Aldric the Second');
    await page.keyboard.press('Enter');
    await notice(page, 'aldric (copy).character.json was renamed to Aldric the Second.character.json.');
    expect(await characterFiles()).toEqual(['Aldric the Second.character.json', 'aldric.character.json']);

    // A name that is taken is refused in the dialog, and nothing changes.
    await toolbar.getByRole('button', { name: 'Rename…' }).click();
    await page.getByRole('dialog', { name: 'Rename Aldric the Second.character.json' }).getByRole('textbox', { name: 'New file name' }).fill('aldric');
    await page.getByRole('dialog').getByRole('button', { name: 'Rename', exact: true }).click();
    await page.getByRole('dialog').getByRole('alert').filter({ hasText: 'already exists' }).waitFor();
    // The focus is back in the name, to change it; Escape closes the dialog.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('text');
    await page.keyboard.press('Escape');
    expect(await characterFiles()).toEqual(['Aldric the Second.character.json', 'aldric.character.json']);

    // Move to trash: asks first, Cancel has the focus; the file goes to the trash folder whole.
    const second = await readFile(join(h.library, 'Aldric the Second.character.json'), 'utf8');
    await toolbar.getByRole('button', { name: 'Move to trash…' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Move 1 character to the trash?' });
    expect(await confirm.textContent()).toContain('Aldric the Second.character.json');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Cancel');
    await confirm.getByRole('button', { name: 'Move to trash' }).click();
    await notice(page, '1 character was moved to the trash.');
    expect(await characterFiles()).toEqual(['aldric.character.json']);
    expect(h.trashed).toHaveLength(1);
    expect(await readFile(h.trashed[0]!, 'utf8')).toBe(second);
    expect(await page.getByRole('button', { name: `Open ${aldric.name} (copy)` }).count()).toBe(0);

    // Import: copied in from elsewhere, the original left where it was.
    const elsewhere = join(dirname(h.library), 'from-a-friend');
    await mkdir(elsewhere);
    const brannoc = sampleCharacter('curious-pastimes', 1);
    const source = join(elsewhere, 'brannoc.character.json');
    await writeFile(source, serializeCharacter(brannoc));
    h.dialogs.open.push([source]);
    await page.getByRole('button', { name: 'Import…' }).click();
    await notice(page, '1 character was imported (copied into the library).');
    expect(await characterFiles()).toEqual(['aldric.character.json', 'brannoc.character.json']);
    expect(await readFile(join(h.library, 'brannoc.character.json'), 'utf8')).toBe(serializeCharacter(brannoc));
    expect(await readdir(elsewhere)).toEqual(['brannoc.character.json']);
    await page.getByRole('button', { name: `Open ${brannoc.name}` }).waitFor();
    expect(await page.getByRole('checkbox', { name: `Select ${brannoc.name}` }).isChecked()).toBe(true);

    // Save As… on a row: a copy where the save dialog says; the original is untouched.
    const saveAs = join(elsewhere, 'brannoc-backup.character.json');
    h.dialogs.save.push(saveAs);
    await toolbar.getByRole('button', { name: 'Save as…' }).click();
    await notice(page, `A copy was saved to ${saveAs}.`);
    expect(JSON.parse(await readFile(saveAs, 'utf8'))).toMatchObject({ id: brannoc.id, name: brannoc.name });
    expect(await readFile(join(h.library, 'aldric.character.json'), 'utf8')).toBe(original);
  });
});
