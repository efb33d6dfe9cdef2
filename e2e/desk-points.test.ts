// End to end, in headless Chromium over the real main-process handlers: a Curious Pastimes event.
// Brannoc and Wren are checked in, Corin not. "Close the event: award points" awards Brannoc and
// Wren 5 each ("After the first event a character attends in a year, they receive 5 experience
// points."), so their rows say "Points 25" (20 to start + 5) and Corin's "Points 20"; Brannoc's
// file holds the record. Closing again awards nobody. axe finds nothing on the desk.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXAMPLES, fakeId } from '../core/desk/testing';
import { axeViolations, describeFindings } from './axe';
import { createEvent } from './desk-steps';
import { useHarness } from './use-harness';

const h = useHarness();
const json = (v: unknown) => `${JSON.stringify(v, null, 2)}\n`;

describe('closing an event in the desk view, in Chromium', () => {
  it('awards the points to everyone checked in, once, and shows each balance', async () => {
    const { page } = h;
    const folder = join(dirname(h.library), 'Spring Gathering');
    await mkdir(folder);
    await writeFile(join(folder, 'brannoc.character.json'), json(EXAMPLES.brannoc));
    await writeFile(join(folder, 'wren.character.json'), json({ ...EXAMPLES.brannoc, id: fakeId(71), name: 'Wren' }));
    await writeFile(join(folder, 'corin.character.json'), json({ ...EXAMPLES.brannoc, id: fakeId(72), name: 'Corin' }));
    await createEvent(h, folder, 'Curious Pastimes');
    await page.getByRole('button', { name: 'Check in Brannoc', exact: true }).click();
    await page.getByRole('button', { name: 'Check in Wren', exact: true }).click();
    await expect.poll(() => page.locator('.desk .save-state').textContent()).toBe('All check-ins saved');
    const row = (name: string) => page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${name}`) }) });
    expect(await row('Brannoc').textContent()).toContain('Points 20');

    await page.getByRole('button', { name: 'Close the event: award points' }).click();
    await expect.poll(() => row('Brannoc').textContent()).toContain('Points 25');
    expect(await row('Wren').textContent()).toContain('Points 25');
    expect(await row('Corin').textContent()).toContain('Points 20');
    const file = JSON.parse(await readFile(join(folder, 'brannoc.character.json'), 'utf8'));
    expect(file.points.map((p: { kind: string; points: number }) => [p.kind, p.points])).toEqual([['start', 20], ['award', 5]]);

    await page.getByRole('button', { name: 'Close the event: award points' }).click();
    await expect.poll(() => page.getByText(/Characters awarded points: 0\./).count()).toBeGreaterThan(0);
    expect(await row('Brannoc').textContent()).toContain('Points 25');
    expect(describeFindings(await axeViolations(page))).toEqual([]);
  }, 120_000);
});
