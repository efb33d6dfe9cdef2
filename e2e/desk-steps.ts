// Steps the desk e2e sequences share (not a test): what a volunteer does to start an event.
import type { Harness } from './harness';

/** Opens the desk on `folder` (no event file yet) and creates its event for `game` on 2–4 October 2026. */
export async function createEvent(h: Harness, folder: string, game: string): Promise<void> {
  const { page } = h;
  await page.goto(h.url);
  await page.getByRole('button', { name: /^Event desk/ }).click();
  h.dialogs.folder.push(folder);
  await page.getByRole('button', { name: 'Open event folder…' }).first().click();
  const form = page.getByRole('region', { name: 'No event file yet' });
  await form.getByRole('combobox', { name: 'Game' }).selectOption({ label: game });
  await form.getByLabel('First day').fill('2026-10-02');
  await form.getByLabel('Last day').fill('2026-10-04');
  await form.getByRole('button', { name: 'Create the event file' }).click();
}
