// End to end: the desk's loop in headless Chromium over the real handlers, with the event folder
// inside the library (so the library watcher sees changes on disk). Two card codes typed as a
// scanner types them (text, then Enter), each checked in with Enter; a character changed on disk
// shows its new name without Reload; an event file named after the event.
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXAMPLES } from '../core/desk/testing';
import type { LedgerEntry } from '../core/desk/entries';
import { qrPayload } from '../core/pdf/qr';
import { eventLines } from './event-file';
import { useHarness } from './use-harness';

const h = useHarness();
const json = (v: unknown) => `${JSON.stringify(v, null, 2)}\n`;

describe('the desk loop in Chromium', () => {
  it('scans two cards in a row, checks each in with Enter, and follows a file changed on disk', async () => {
    const { page } = h;
    const folder = join(h.library, 'Autumn Muster');
    await mkdir(folder);
    for (const name of ['dimitri', 'aldric', 'vasil'] as const) await writeFile(join(folder, `${name}.character.json`), json(EXAMPLES[name]));
    await page.goto(h.url);
    await page.getByRole('button', { name: /^Event desk/ }).click();
    h.dialogs.folder.push(folder);
    await page.getByRole('button', { name: 'Open event folder…' }).first().click();
    const form = page.getByRole('region', { name: 'No event file yet' });
    await form.getByRole('textbox', { name: 'Event name' }).fill('Winter Court 2026');
    await form.getByRole('button', { name: 'Create the event file' }).click();
    await page.getByText('Winter Court 2026', { exact: true }).waitFor();
    expect((await readdir(folder)).filter((f) => f.endsWith('.event.json'))).toEqual(['Winter Court 2026.event.json']);

    // The codes on the current cards: id and content hash, as the main process computes them.
    const desk = await h.handlers.loadEventFolder({ folder });
    const code = (id: string) => qrPayload(id, desk.rows.find((r) => r.id === id.toLowerCase())!.hash!);
    const box = page.getByRole('textbox', { name: 'Card code' });
    const panel = page.getByRole('region', { name: 'Verify a card' });
    const totals = () => page.getByRole('list', { name: 'Totals' }).locator('li').allTextContents();
    for (const [i, who] of (['dimitri', 'aldric'] as const).entries()) {
      await box.focus();
      await page.keyboard.type(code(EXAMPLES[who].id));
      await page.keyboard.press('Enter');
      await panel.getByText('Matches.').waitFor();
      expect(await box.inputValue()).toBe('');
      expect(await box.evaluate((el) => el === document.activeElement)).toBe(true);
      await page.keyboard.press('Enter');
      await expect.poll(totals).toEqual(['3 characters', '3 clean', '0 with errors', `${i + 1} checked in`]);
      await panel.getByText(/^Already checked in at /).waitFor();
    }
    await page.getByText('All check-ins saved').waitFor();
    // The event file is a log: its header, then the two check-ins appended one a line, numbered by this desk.
    const lines = await eventLines(join(folder, 'Winter Court 2026.event.json'));
    expect(lines[0]).toMatchObject({ format: 'quartermaster-event', version: 3, name: 'Winter Court 2026' });
    expect(lines.slice(1).map((e) => [(e as LedgerEntry).kind, (e as LedgerEntry).character, (e as LedgerEntry).seq])).toEqual([
      ['check-in', EXAMPLES.dimitri.id, 1],
      ['check-in', EXAMPLES.aldric.id, 2],
    ]);

    // Vasil renamed on disk (another program): the row follows, no Reload.
    await writeFile(join(folder, 'vasil.character.json'), json({ ...EXAMPLES.vasil, name: 'Васил Вещера Стари' }));
    await page.getByRole('button', { name: 'Check in Васил Вещера Стари' }).waitFor();
    expect(await totals()).toEqual(['3 characters', '3 clean', '0 with errors', '2 checked in']);
  });
});
