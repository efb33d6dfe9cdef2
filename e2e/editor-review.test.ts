// End to end: editor and card fixes a player or desk volunteer would notice, in headless Chromium
// over the real main-process handlers: the body diagram's arrow keys, Body Development's one level,
// a Novitas source that needs a name, a Fortune's Landing tie for the best rating, the Export PDF
// dialog's buttons at the default and a small window, and dates in day-month order under en-GB with
// no setting (the system's locale). Every changed screen is checked with axe-core and photographed
// into e2e/artifacts/ (docs/screens/ with QM_UPDATE_SCREENS=1).
import { copyFile, mkdir, readFile, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { serializeCharacter } from '../core/format/save';
import type { Character } from '../core/model/character';
import { axeViolations, describeFindings } from './axe';
import { useHarness } from './use-harness';
import { ARTIFACTS, EXAMPLES, SCREENS } from './paths';

const h = useHarness();

/** A picture of the page, or of one part of it, kept in e2e/artifacts/ and, when asked, docs/screens/. */
async function photograph(page: Page, name: string, part?: Locator) {
  await mkdir(ARTIFACTS, { recursive: true });
  await page.mouse.move(0, 0);
  // Panels out of view skip rendering (content-visibility: auto): a picture of one needs it drawn.
  await page.evaluate(() => {
    for (const panel of document.querySelectorAll<HTMLElement>('.panel')) panel.style.contentVisibility = 'visible';
  });
  const path = join(ARTIFACTS, name);
  if (part) {
    await part.scrollIntoViewIfNeeded();
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    await part.screenshot({ path });
  }
  else await page.screenshot({ path });
  if (process.env.QM_UPDATE_SCREENS === '1') {
    await mkdir(SCREENS, { recursive: true });
    await copyFile(path, join(SCREENS, name));
  }
}

async function expectNoViolations(page: Page, where: string) {
  await page.waitForTimeout(150);
  expect(describeFindings(await axeViolations(page)), where).toEqual([]);
}

async function example(file: string): Promise<Character> {
  return JSON.parse(await readFile(join(EXAMPLES, file), 'utf8')) as Character;
}

async function put(name: string, character: Character): Promise<string> {
  const path = join(h.library, `${name}.character.json`);
  await writeFile(path, serializeCharacter(character));
  return path;
}

async function open(page: Page, name: string) {
  await page.getByRole('button', { name: `Open ${name}` }).click();
  await page.getByRole('heading', { level: 1, name }).waitFor();
}

const focusedLabel = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');
const saved = (page: Page) => expect.poll(() => page.locator('.save-state').textContent()).toBe('All changes saved');

describe('editor and card fixes in Chromium', () => {
  it('the body diagram’s arrow keys move between locations as they are drawn', async () => {
    const { page } = h;
    // Curious Pastimes has all six locations, the head too.
    await copyFile(join(EXAMPLES, 'cp-brannoc.character.json'), join(h.library, 'cp-brannoc.character.json'));
    await page.goto(h.url);
    await open(page, 'Brannoc');
    const diagram = page.getByRole('group', { name: 'Body diagram' });
    await diagram.getByRole('checkbox', { name: /^Torso[,.]/ }).focus();
    // A front view: the character's right arm and leg are on the viewer's left. Down from the torso
    // is a leg (both lie under it; the viewer's left one first), never the arm beside it.
    const steps: [string, RegExp][] = [
      ['ArrowDown', /^Right leg[,.]/],
      ['ArrowRight', /^Left leg[,.]/],
      ['ArrowUp', /^Torso[,.]/],
      ['ArrowLeft', /^Right arm[,.]/],
      ['ArrowRight', /^Torso[,.]/],
      ['ArrowRight', /^Left arm[,.]/],
      ['ArrowDown', /^Left leg[,.]/],
      ['ArrowLeft', /^Right leg[,.]/],
      ['ArrowLeft', /^Right arm[,.]/],
      ['ArrowUp', /^Head[,.]/],
      ['ArrowDown', /^Torso[,.]/],
      ['ArrowUp', /^Head[,.]/],
      // Nothing above the head: the focus stays.
      ['ArrowUp', /^Head[,.]/],
    ];
    for (const [key, where] of steps) {
      await page.keyboard.press(key);
      expect(await focusedLabel(page), key).toMatch(where);
    }
  });

  it('Body Development has one level: 3 is refused beside the field; a file holding 3 shows the rule error', async () => {
    const { page } = h;
    const brannoc = await example('cp-brannoc.character.json');
    // "The skill Body Development increases all locations by a further one point": no levels.
    await put('brannoc', { ...brannoc, skills: brannoc.skills.map((s) => (s.id === 'body-development' ? { ...s, level: 3 } : s)) });
    await page.goto(h.url);
    await open(page, 'Brannoc');
    const skills = page.getByRole('region', { name: 'Skills' });
    const level = skills.getByRole('spinbutton', { name: 'Level of Body Development' });
    expect(await level.getAttribute('aria-invalid')).toBe('true');
    const rule = page.locator(`[id="${await level.getAttribute('aria-describedby')}"]`);
    expect(await rule.textContent()).toContain('Body Development is at level 3, but Curious Pastimes has no levels of it');
    // The rules check lists it too, as an error.
    await page.getByRole('region', { name: 'Rules check' }).getByText(/Body Development is at level 3/).waitFor();
    await expectNoViolations(page, 'skills with a level the rules do not have');
    await photograph(page, 'skills-level-error.png', skills.getByRole('table', { name: 'The character’s skills' }));

    // The editor takes 1 (and 0, not held), never 3 again.
    await level.fill('1');
    await expect.poll(() => level.getAttribute('aria-invalid')).toBeNull();
    await level.fill('3');
    await skills.getByText('Level of Body Development: enter a whole number from 0 to 1.').waitFor();
    await level.blur();
    expect(await level.inputValue()).toBe('1');
    await page.keyboard.press('Control+S');
    await saved(page);
    const file = JSON.parse(await readFile(join(h.library, 'brannoc.character.json'), 'utf8')) as Character;
    expect(file.skills.find((s) => s.id === 'body-development')).toEqual({ id: 'body-development', level: 1 });
  });

  it('Novitas: a source with no name is not added, and the reason is beside the field', async () => {
    const { page } = h;
    await copyFile(join(EXAMPLES, 'nov-elowen.character.json'), join(h.library, 'nov-elowen.character.json'));
    await page.goto(h.url);
    await open(page, 'Elowen Marsh');
    const magic = page.getByRole('region', { name: 'Magic' });
    const sources = () => magic.getByRole('textbox', { name: 'Source', exact: true }).count();
    expect(await sources()).toBe(2);
    const name = magic.getByRole('textbox', { name: 'Name of the new source' });
    await magic.getByRole('button', { name: 'Add a source' }).click();
    const why = 'Type the name of the item or ability that gives the points first: a source with no name is not added, as it could not be checked.';
    await magic.getByText(why).waitFor();
    expect(await sources()).toBe(2);
    expect(await name.getAttribute('aria-invalid')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('novitas-new-source-name');
    expect(await page.locator('.save-state').textContent()).toBe('All changes saved');
    await expectNoViolations(page, 'Novitas magic with a source refused');
    const box = await magic.locator('h3', { hasText: 'Other sources of power points' }).boundingBox();
    const end = await magic.locator('.add-source-form').boundingBox();
    await page.screenshot({ path: join(ARTIFACTS, 'novitas-source-refused.png'), clip: { x: box!.x - 12, y: box!.y - 8, width: end!.x + end!.width - box!.x + 24, height: end!.y + end!.height - box!.y + 16 } });
    if (process.env.QM_UPDATE_SCREENS === '1') await copyFile(join(ARTIFACTS, 'novitas-source-refused.png'), join(SCREENS, 'novitas-source-refused.png'));

    // Named, it is added with 1 point: pool 12 + 8 + 1 = 21.
    await name.fill('Crystal of Dawn');
    await magic.getByRole('button', { name: 'Add a source' }).click();
    await expect.poll(sources).toBe(3);
    expect(await magic.getByText(why).count()).toBe(0);
    expect(await page.locator('[data-summary="pool"]').textContent()).toBe('21');
  });

  it("Fortune's Landing: two choices tying for the best are both marked, the arm left out is named, and the player picks", async () => {
    const { page } = h;
    // Plate 5 on the torso, heavy chain 4 on each arm. Torso and one arm: (5 + 4) / 2 = 4.5, halves
    // round up: 5, with either arm. Torso alone is 5 over fewer areas; all three 13 / 3 -> 4.
    const dimitri = await example('fl-dimitri.character.json');
    await put('dimitri', {
      ...dimitri,
      armour: [
        { name: 'Breastplate', type: 'plate', locations: ['torso'] },
        { name: 'Vambraces', type: 'heavy-chain', locations: ['left-arm', 'right-arm'] },
      ],
      fortunesLanding: {},
    });
    await page.goto(h.url);
    await open(page, 'Dimitri');
    const choices = page.getByRole('group', { name: 'Areas averaged into the rating' });
    const items = choices.getByRole('listitem');
    expect((await items.allTextContents()).slice(0, 4)).toEqual([
      'No choice: the first of the tied best (5)',
      'Torso, Left armrating 5Tied best',
      'Torso, Right armrating 5Tied best',
      'Torsorating 5',
    ]);
    await choices.getByText('2 choices tie for the best rating (5): torso and left arm, or torso and right arm').waitFor();
    expect(await choices.textContent()).toContain('it leaves the armour on the right arm out, and the tag fills it in as not protected');
    await expectNoViolations(page, 'Fortune’s Landing armour with a tie');
    await photograph(page, 'fortunes-landing-tie.png', choices);

    await items.filter({ hasText: /^Torso, Right arm/ }).getByRole('radio').check();
    expect(await items.filter({ hasText: /^Torso, Right arm/ }).textContent()).toBe('Torso, Right armrating 5Tied bestChosen');
    expect(await page.locator('[data-summary="rating"]').textContent()).toBe('5');
    expect(await choices.getByText(/tie for the best/).count()).toBe(0);
    await page.keyboard.press('Control+S');
    await saved(page);
    const file = JSON.parse(await readFile(join(h.library, 'dimitri.character.json'), 'utf8')) as Character;
    expect(file.fortunesLanding).toEqual({ armourAreas: ['torso', 'right-arm'] });
  });

  it('Export PDF: Save and Cancel are in view at 1200 × 800 and at 1024 × 700; the dialog’s body scrolls instead', async () => {
    const { page } = h;
    await copyFile(join(EXAMPLES, 'fl-aldric.character.json'), join(h.library, 'fl-aldric.character.json'));
    await page.goto(h.url);
    await open(page, 'Aldric of the Vale');
    for (const size of [
      { width: 1200, height: 800 },
      { width: 1024, height: 700 },
    ]) {
      await page.setViewportSize(size);
      await page.getByRole('button', { name: 'Export PDF…' }).click();
      const dialog = page.getByRole('dialog', { name: 'Export PDF: Aldric of the Vale' });
      await dialog.getByRole('img', { name: /^First page/ }).waitFor();
      const where = `${size.width} × ${size.height}`;
      for (const name of ['Save PDF…', 'Cancel']) {
        const box = (await dialog.getByRole('button', { name, exact: true }).boundingBox())!;
        expect(box.y, `${name} at ${where}`).toBeGreaterThanOrEqual(0);
        expect(box.y + box.height, `${name} at ${where}`).toBeLessThanOrEqual(size.height);
        expect(box.x + box.width, `${name} at ${where}`).toBeLessThanOrEqual(size.width);
      }
      // Nothing was scrolled to see them: not the page, not the dialog.
      expect(await page.evaluate(() => [window.scrollY, document.querySelector('.modal')!.scrollTop])).toEqual([0, 0]);
      expect(await dialog.getByRole('button', { name: 'Save PDF…' }).isEnabled()).toBe(true);
      // The options and the preview are taller than the window: their part of the dialog scrolls.
      const body = await page.evaluate(() => {
        const b = document.querySelector('.modal-body')!;
        return { scrolls: b.scrollHeight > b.clientHeight, overflow: getComputedStyle(b).overflowY };
      });
      expect(body, where).toEqual({ scrolls: true, overflow: 'auto' });
      await expectNoViolations(page, `Export PDF dialog at ${where}`);
      if (size.width === 1024) await photograph(page, 'export-pdf-1024x700.png');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
    }
  });

  it('dates follow the system’s en-GB with no setting: day before month in the library and the record of play', async () => {
    const { page } = h;
    expect(h.settings.get().locale).toBe('');
    const aldric = await example('fl-aldric.character.json');
    const path = await put('aldric', { ...aldric, history: [{ kind: 'died', at: '2026-10-03T14:05:00+01:00', event: 'Autumn Muster', cause: 'killing-blow' }] } as Character);
    // Saved at 14:05 UTC on 3 October 2026 (the harness's time zone is UTC).
    const at = new Date(Date.UTC(2026, 9, 3, 14, 5));
    await utimes(path, at, at);
    await page.goto(h.url);
    const row = page.getByRole('row').filter({ hasText: 'Aldric of the Vale' });
    await expect.poll(() => row.locator('time').textContent()).toBe('3 Oct 2026, 14:05');
    await open(page, 'Aldric of the Vale');
    const history = page.getByRole('list', { name: 'Deaths, returns and retirements' });
    expect(await history.getByRole('listitem').first().textContent()).toBe('3 Oct 2026 Autumn Muster: Died (killing blow)');
    await expectNoViolations(page, 'editor with a record of play');
    await photograph(page, 'record-of-play-en-gb.png', page.locator('section.panel', { has: page.getByRole('heading', { name: 'Record of play' }) }));
  });
});
