// End to end: the dates the renderer writes itself follow the locale chosen in Settings > "Dates,
// times and numbers", not the browser's: on a machine whose own locale is en-US, en-GB puts the day
// before the month in the library, the record of play, the recovered-draft prompt and the event
// desk; Bulgarian words write Bulgarian dates. (The system's en-GB with no setting: editor-review.)
import { copyFile, mkdir, readFile, utimes, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { serializeCharacter } from '../core/format/save';
import type { Character } from '../core/model/character';
import { axeViolations, describeFindings } from './axe';
import { useHarness } from './use-harness';
import { EXAMPLES } from './paths';

const h = useHarness({ locale: 'en-US' });

/** Aldric with one death in his record, his file saved at 14:05 UTC on 3 October 2026, and a draft. */
async function aldricWithDraft(): Promise<string> {
  const aldric = JSON.parse(await readFile(join(EXAMPLES, 'fl-aldric.character.json'), 'utf8')) as Character;
  const withHistory = { ...aldric, history: [{ kind: 'died', at: '2026-10-03T14:05:00+01:00', event: 'Autumn Muster', cause: 'killing-blow' }] } as Character;
  const path = join(h.library, 'aldric.character.json');
  await writeFile(path, serializeCharacter(withHistory));
  await h.handlers.listLibrary();
  await h.handlers.saveDraft({ path, character: { ...withHistory, player: 'Priya' } });
  const at = new Date(Date.UTC(2026, 9, 3, 14, 5));
  await utimes(path, at, at);
  return path;
}

/** An event folder with one character, and its event file made through the desk's form: 2–4 Oct 2026. */
async function openDesk(page: Page, words: { nav: RegExp; heading: string; open: string; none: string; first: string; last: string; create: string }) {
  const folder = join(dirname(h.library), 'Autumn Muster');
  await mkdir(folder);
  await copyFile(join(EXAMPLES, 'fl-dimitri.character.json'), join(folder, 'dimitri.character.json'));
  await page.getByRole('button', { name: words.nav }).click();
  await page.getByRole('heading', { level: 1, name: words.heading }).waitFor();
  h.dialogs.folder.push(folder);
  await page.getByRole('button', { name: words.open }).first().click();
  const form = page.getByRole('region', { name: words.none });
  await form.getByLabel(words.first).fill('2026-10-02');
  await form.getByLabel(words.last).fill('2026-10-04');
  await form.getByRole('button', { name: words.create }).click();
  await page.locator('.desk-event-line').waitFor();
}

async function expectNoViolations(page: Page, where: string) {
  await page.waitForTimeout(150);
  expect(describeFindings(await axeViolations(page)), where).toEqual([]);
}

describe('dates under the chosen locale, on an en-US machine', () => {
  it('en-GB: day before month in the draft prompt, the library, the record of play and the desk', async () => {
    const { page } = h;
    await aldricWithDraft();
    h.settings.update({ locale: 'en-GB' });
    await page.goto(h.url);
    expect(await page.evaluate(() => navigator.language)).toBe('en-US');
    // The draft was autosaved just now: "4 Dec 2026, 19:10", never "Dec 4, 2026, 7:10 PM".
    const prompt = page.getByRole('alertdialog', { name: 'Recover unsaved changes?' });
    const autosaved = (await prompt.getByText(/^Autosaved /).textContent())!;
    expect(autosaved).toMatch(/^Autosaved \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}\. The file was saved 3 Oct 2026, 14:05\.$/);
    await prompt.getByRole('button', { name: 'Decide later' }).click();

    const row = page.getByRole('row').filter({ hasText: 'Aldric of the Vale' });
    await expect.poll(() => row.locator('time').textContent()).toBe('3 Oct 2026, 14:05');
    await page.getByRole('button', { name: 'Open Aldric of the Vale' }).click();
    const history = page.getByRole('list', { name: 'Deaths, returns and retirements' });
    expect(await history.getByRole('listitem').first().textContent()).toBe('3 Oct 2026 Autumn Muster: Died (killing blow)');
    await page.getByRole('button', { name: 'Back to the library' }).click();

    await openDesk(page, { nav: /^Event desk/, heading: 'Event desk', open: 'Open event folder…', none: 'No event file yet', first: 'First day', last: 'Last day', create: 'Create the event file' });
    expect(await page.locator('.desk-event-line').textContent()).toContain('2 Oct 2026 – 4 Oct 2026');
    // Today is outside the event's dates on this machine's clock: the warning names them the same way.
    const outside = await page.locator('.desk-outside').textContent();
    if (outside !== null) expect(outside).toMatch(/^Today \(\d{1,2} [A-Z][a-z]{2} \d{4}\) is (before|after) the event \(2 Oct 2026 – 4 Oct 2026\)/);
    await expectNoViolations(page, 'desk under en-GB');
  });

  it('Bulgarian: the day first and Bulgarian month numbers, whatever the machine’s locale', async () => {
    const { page } = h;
    await aldricWithDraft();
    h.settings.update({ language: 'bg' });
    await page.goto(h.url);
    const prompt = page.getByRole('alertdialog', { name: 'Да се възстановят ли незапазените промени?' });
    expect(await prompt.textContent()).toContain('3.10.2026 г.');
    await prompt.getByRole('button', { name: 'Реши по-късно' }).click();
    const row = page.getByRole('row').filter({ hasText: 'Aldric of the Vale' });
    await expect.poll(() => row.locator('time').textContent()).toMatch(/^3\.10\.2026 г\., 14:05/);
    await page.getByRole('button', { name: 'Отвори Aldric of the Vale' }).click();
    const history = page.getByRole('list', { name: 'Смърти, връщания и оттегляния' });
    expect(await history.getByRole('listitem').first().textContent()).toMatch(/^3\.10\.2026 г\. Autumn Muster: /);
    await expectNoViolations(page, 'Bulgarian editor with a record of play');
    await page.getByRole('button', { name: 'Обратно към библиотеката' }).click();

    await openDesk(page, {
      nav: /^Регистрация за събитие/,
      heading: 'Регистрация за събитие',
      open: 'Отвори папка на събитие…',
      none: 'Още няма файл на събитието',
      first: 'Първи ден',
      last: 'Последен ден',
      create: 'Създай файла на събитието',
    });
    expect(await page.locator('.desk-event-line').textContent()).toContain('от 2.10.2026 г. до 4.10.2026 г.');
  });
});
