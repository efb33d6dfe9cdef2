// End to end: the built renderer in headless Chromium over the real main-process handlers and a temp
// library folder. Any console error, page error, failed request or CSP violation fails the test.
import { copyFile, mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { serializeCharacter } from '../core/format/save';
import type { Character } from '../core/model/character';
import { CHARACTER_FILE_SUFFIX } from '../core/model/ids';
import { useHarness } from './use-harness';
import { ARTIFACTS, SCREENS } from './paths';

const h = useHarness();

function character(over: Partial<Character> & Pick<Character, 'ruleset' | 'name' | 'id'>): Character {
  return { format: 'quartermaster-character', version: 2, player: '', notes: '', skills: [], armour: [], weapons: [], items: [], ...over };
}

async function characterFiles(folder: string): Promise<string[]> {
  return (await readdir(folder)).filter((f) => f.endsWith(CHARACTER_FILE_SUFFIX)).sort();
}

describe('library and character view in Chromium', () => {
  it('creates a character, renames and saves it, and finds it again after a reload', async () => {
    const { page } = h;
    await page.goto(h.url);
    await page.getByRole('heading', { level: 1, name: 'Character library' }).waitFor();
    await page.getByRole('heading', { name: 'Your library is empty' }).waitFor();

    // New character, by keyboard: Tab to the empty state's button (its focus ring shows), Enter.
    for (let i = 0; i < 10 && (await page.evaluate(() => document.activeElement?.textContent)) !== 'Create a character'; i++) await page.keyboard.press('Tab');
    const ring = await page.evaluate(() => {
      const style = getComputedStyle(document.activeElement!);
      return { text: document.activeElement!.textContent, outline: `${style.outlineStyle} ${style.outlineWidth}` };
    });
    expect(ring).toEqual({ text: 'Create a character', outline: 'solid 3px' });
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'New character' });
    await dialog.getByRole('combobox', { name: 'Game' }).selectOption({ label: "Fortune's Landing" });
    await dialog.getByRole('textbox', { name: 'Character name' }).fill('Ayla');
    await dialog.getByRole('textbox', { name: 'Player' }).fill('Ben Carter');
    await dialog.getByRole('textbox', { name: 'Player' }).press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Ayla' }).waitFor();

    const [fileName] = await characterFiles(h.library);
    expect(fileName).toBe('Ayla.character.json');
    const file = join(h.library, fileName!);
    expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({ ruleset: 'fortunes-landing', name: 'Ayla', player: 'Ben Carter' });

    // Rename and save with the keyboard shortcut.
    await page.getByRole('textbox', { name: 'Character name' }).fill('Ayla of the Marsh');
    await expect.poll(() => page.locator('.save-state').textContent()).toBe('Unsaved changes');
    await page.screenshot({ path: join(ARTIFACTS, 'character.png'), fullPage: true });
    // A save drops the file's draft afterwards, without waiting (a draft older than its file is
    // never offered): let that call finish, or the reload below aborts it.
    const draftDropped = page.waitForResponse((r) => r.url().endsWith('/__qm_ipc/discardDraft'));
    await page.keyboard.press('Control+S');
    await expect.poll(() => page.locator('.save-state').textContent()).toBe('All changes saved');
    expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({ name: 'Ayla of the Marsh', player: 'Ben Carter' });
    await draftDropped;

    // Reload the page: the library lists it; open it again.
    await page.reload();
    const open = page.getByRole('button', { name: 'Open Ayla of the Marsh' });
    await open.waitFor();
    const row = page.getByRole('row').filter({ has: open });
    expect(await row.getByRole('cell').allTextContents()).toEqual(['Ben Carter', "Fortune's Landing", 'Clean', expect.stringMatching(/\d{4}/)]);
    await open.click();
    await page.getByRole('heading', { level: 1, name: 'Ayla of the Marsh' }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Character name' }).inputValue()).toBe('Ayla of the Marsh');
    expect(await page.getByRole('textbox', { name: 'Player' }).inputValue()).toBe('Ben Carter');
    expect(await characterFiles(h.library)).toEqual(['Ayla.character.json']);

    // Export PDF… through the printing core, to the file the (scripted) save dialog names.
    const pdf = join(h.library, 'Ayla.pdf');
    h.dialogs.pdf.push(pdf);
    await page.getByRole('button', { name: 'Export PDF…' }).click();
    await page.getByRole('dialog', { name: 'Export PDF: Ayla of the Marsh' }).getByRole('button', { name: 'Save PDF…' }).click();
    await page.getByRole('status').filter({ hasText: `PDF saved to ${pdf} and opened.` }).waitFor();
    expect((await readFile(pdf)).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('lists a corrupted file as unreadable with its reason and leaves its bytes alone', async () => {
    const { page } = h;
    await mkdir(h.library, { recursive: true });
    await writeFile(
      join(h.library, 'aldric.character.json'),
      serializeCharacter(
        character({
          id: '81add851-0525-459a-a24d-968779dde557',
          ruleset: 'fortunes-landing',
          name: 'Aldric of the Vale',
          player: 'Priya',
          armour: [{ name: 'Breastplate', type: 'plate', locations: ['torso'] }],
        }),
      ),
    );
    // The Bulgarian magic rules: "No shield." for any mage, so this one is listed with a violation.
    await writeFile(
      join(h.library, 'vasil.character.json'),
      serializeCharacter(
        character({
          id: '5d0c4f9e-8a51-4a8e-9d77-3f7f0f6b2c10',
          ruleset: 'bg-magic',
          name: 'Васил',
          player: 'Georgi',
          weapons: [{ name: 'Round shield', kind: 'shield' }],
          bgMagic: { path: 'role', entitlement: 'leather', order: 'Order of the Ash', style: 'witcher' },
        }),
      ),
    );
    const broken = join(h.library, 'broken.character.json');
    const brokenBytes = Buffer.from('{\n  "format": "quartermaster-character",\n  "version": 1,\n  "name": "Tru', 'utf8');
    await writeFile(broken, brokenBytes);
    const before = await stat(broken);

    await page.goto(h.url);
    const brokenOpen = page.getByRole('button', { name: 'Open broken' });
    await brokenOpen.waitFor();
    const brokenRow = page.getByRole('row').filter({ has: brokenOpen });
    await brokenRow.getByText('Unreadable', { exact: true }).waitFor();
    // The core's reason, without the path the row already shows.
    expect(await brokenRow.locator('.status-reason').textContent()).toMatch(/^It is not valid JSON \(.+\)$/);
    expect(await brokenRow.locator('.file-name').textContent()).toBe('broken.character.json');

    const vasilRow = page.getByRole('row').filter({ has: page.getByRole('button', { name: 'Open Васил' }) });
    expect(await vasilRow.locator('.status').textContent()).toBe('Breaks the rules1 error');

    await page.screenshot({ path: join(ARTIFACTS, 'library.png'), fullPage: true });
    if (process.env.QM_UPDATE_SCREENS === '1') {
      await mkdir(SCREENS, { recursive: true });
      await copyFile(join(ARTIFACTS, 'library.png'), join(SCREENS, 'library.png'));
    }

    // Opening it shows the reason and offers no editing.
    await brokenOpen.click();
    await page.getByRole('heading', { level: 1, name: 'This file cannot be opened' }).waitFor();
    expect(await page.locator('.problem').textContent()).toMatch(/: it is not valid JSON \(.+\)$/);
    expect((await page.locator('.problem').textContent())?.startsWith(`${broken}: `)).toBe(true);
    expect(await page.getByRole('textbox').count()).toBe(0);
    await page.getByRole('button', { name: 'Back to the library' }).click();
    await brokenOpen.waitFor();

    // A change on disk by another program shows up without a reload.
    await copyFile(join(h.library, 'aldric.character.json'), join(h.library, 'aldric-copy.character.json'));
    await expect.poll(() => page.getByRole('button', { name: 'Open Aldric of the Vale' }).count(), { timeout: 10_000 }).toBe(2);

    expect(Buffer.compare(await readFile(broken), brokenBytes)).toBe(0);
    const after = await stat(broken);
    expect(after.mtimeMs).toBe(before.mtimeMs);
    expect(await characterFiles(h.library)).toEqual(['aldric-copy.character.json', 'aldric.character.json', 'broken.character.json', 'vasil.character.json']);
  });

  it('asks before overwriting a file changed on disk, and restores a backup', async () => {
    const { page } = h;
    const file = join(h.library, 'aldric.character.json');
    const aldric = character({ id: '81add851-0525-459a-a24d-968779dde557', ruleset: 'fortunes-landing', name: 'Aldric', player: 'Priya' });
    await writeFile(file, serializeCharacter(aldric));

    await page.goto(h.url);
    await page.getByRole('button', { name: 'Open Aldric', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Aldric', exact: true }).waitFor();

    // Another program changes the file while it is open; our save must not overwrite it silently.
    await writeFile(file, serializeCharacter({ ...aldric, notes: 'Edited elsewhere.' }));
    await page.getByRole('textbox', { name: 'Character name' }).fill('Aldric the Elder');
    await page.keyboard.press('Control+S');
    const conflict = page.getByRole('alertdialog', { name: 'The file changed on disk' });
    await conflict.waitFor();
    expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({ name: 'Aldric', notes: 'Edited elsewhere.' });
    await conflict.getByRole('button', { name: 'Reload it and discard my changes' }).click();
    await page.getByRole('heading', { level: 1, name: 'Aldric', exact: true }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Notes' }).inputValue()).toBe('Edited elsewhere.');

    // Now a save goes through, keeping the version it replaced as a backup.
    await page.getByRole('textbox', { name: 'Character name' }).fill('Aldric the Elder');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => page.locator('.save-state').textContent()).toBe('All changes saved');
    expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({ name: 'Aldric the Elder', notes: 'Edited elsewhere.' });

    await page.getByRole('button', { name: 'Show backups' }).click();
    const restore = page.getByRole('button', { name: /^Restore the backup from / });
    await expect.poll(() => restore.count()).toBe(1);
    await restore.click();
    await page.getByRole('heading', { level: 1, name: 'Aldric', exact: true }).waitFor();
    expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({ name: 'Aldric', notes: 'Edited elsewhere.' });
    await page.getByRole('status').filter({ hasText: /Backup from .+ restored\./ }).waitFor();
  });
});
