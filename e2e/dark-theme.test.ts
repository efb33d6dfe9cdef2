// End to end: the dark theme as the system's dark mode shows it (Electron's nativeTheme sets
// prefers-color-scheme; here Chromium emulates it). axe-core's colour-contrast rule over the real
// rendered colours of the library, an editor and the event desk, in dark and, for comparison, in
// light; screenshots of the dark library and editor go to docs/screens/.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXAMPLES } from '../core/desk/testing';
import { axeViolations, describeFindings } from './axe';
import { useHarness } from './use-harness';

const h = useHarness();
const json = (v: unknown) => `${JSON.stringify(v, null, 2)}\n`;
const SCREENS = new URL('../docs/screens/', import.meta.url).pathname;

async function contrastProblems(where: string): Promise<string[]> {
  await h.page.waitForTimeout(150);
  return describeFindings((await axeViolations(h.page)).filter((f) => f.id === 'color-contrast')).map((l) => `${where}: ${l}`);
}

describe('dark theme', () => {
  it('keeps text contrast in the library and an editor, in dark and in light', async () => {
    for (const [name, c] of Object.entries(EXAMPLES)) await writeFile(join(h.library, `${name}.character.json`), json(c));
    const { page } = h;
    const problems: string[] = [];
    for (const colorScheme of ['dark', 'light'] as const) {
      await page.emulateMedia({ colorScheme });
      await page.goto(h.url);
      await page.getByRole('heading', { level: 1, name: 'Character library' }).waitFor();
      await page.getByRole('button', { name: `Open ${EXAMPLES.aldric.name}` }).waitFor();
      // The page really is dark: its background is the dark --bg.
      const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor || getComputedStyle(document.documentElement).backgroundColor);
      if (colorScheme === 'dark') expect([bg, await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor)]).toContain('rgb(22, 24, 28)');
      problems.push(...(await contrastProblems(`${colorScheme} library`)));
      if (colorScheme === 'dark') {
        await mkdir(SCREENS, { recursive: true });
        await page.screenshot({ path: join(SCREENS, 'library-dark.png') });
      }
      await page.getByRole('button', { name: `Open ${EXAMPLES.aldric.name}` }).click();
      await page.getByRole('heading', { level: 1, name: EXAMPLES.aldric.name }).waitFor();
      problems.push(...(await contrastProblems(`${colorScheme} editor`)));
      if (colorScheme === 'dark') await page.screenshot({ path: join(SCREENS, 'editor-dark.png'), fullPage: false });
    }
    expect(problems).toEqual([]);
  });
});
