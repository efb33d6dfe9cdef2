// Two desks over one hub for the sharing end-to-end tests: the hub a DeskSession serving the event
// on 127.0.0.1 (as `desk serve` does), each desk a harness page with its own copy of the folder
// (as handed out on a memory stick) joined through the desk view's "Join an event…".
import { copyFile, mkdir, mkdtemp, readdir, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { fakeId } from '../core/desk/testing';
import { newEvent } from '../core/desk/event';
import { serializeEvent } from '../core/desk/event-load';
import { parseJoinCode } from '../node/sync/join-code';
import { DeskSession } from '../node/sync/session';
import { startHarness, type Harness } from './harness';

export type Desk = { h: Harness; folder: string };
export type SharedEvent = { root: string; hub: DeskSession; hubFolder: string; code: string; port: number; desks: [Desk, Desk] };

const json = (v: unknown) => `${JSON.stringify(v, null, 2)}\n`;

/** The desk's sharing line (the region under the toolbar). */
export const linkLine = (page: Page) => page.getByRole('region', { name: 'Sharing this event with other desks' }).textContent();

/**
 * The event "Autumn Muster" (Fortune's Landing) with `characters` (file name → character) hosted by
 * a hub, and two desks ("Desk one", "Desk two") each with a copy of the folder, not yet joined.
 * Everything made is stopped and removed through `cleanups` (run last-in first-out).
 */
export async function sharedEvent(characters: Record<string, unknown>, cleanups: (() => Promise<void>)[]): Promise<SharedEvent> {
  const root = await realpath(await mkdtemp(join(tmpdir(), 'qm-e2e-sync-')));
  cleanups.push(() => rm(root, { recursive: true, force: true }));
  const hubFolder = join(root, 'hub');
  await mkdir(hubFolder);
  const event = newEvent({ name: 'Autumn Muster', game: 'fortunes-landing', start: '2026-10-02', end: '2026-10-04', id: fakeId(99) });
  await writeFile(join(hubFolder, 'Autumn Muster.event.json'), serializeEvent(event));
  for (const [file, c] of Object.entries(characters)) await writeFile(join(hubFolder, file), json(c));
  const hub = await DeskSession.open({ folder: hubFolder, pollMs: 300, settleMs: 20, desk: { id: fakeId(98), name: 'Gate' } }, event.id);
  cleanups.push(() => hub.close());
  const code = await hub.serve('127.0.0.1', 0);
  const desks: Desk[] = [];
  for (const name of ['one', 'two']) {
    const h = await startHarness();
    cleanups.push(async () => {
      const problems = [...h.problems];
      await h.close();
      expect(problems).toEqual([]);
    });
    h.settings.setDeskName(`Desk ${name}`);
    const folder = join(dirname(h.library), `Desk ${name}`);
    await mkdir(folder);
    for (const f of await readdir(hubFolder)) if (!f.startsWith('.')) await copyFile(join(hubFolder, f), join(folder, f));
    desks.push({ h, folder });
  }
  return { root, hub, hubFolder, code, port: parseJoinCode(code).port, desks: desks as [Desk, Desk] };
}

/** Opens the desk's folder in the desk view and joins the event with the join code. */
export async function openDesk(h: Harness, folder: string, code: string): Promise<void> {
  const { page } = h;
  await page.goto(h.url);
  await page.getByRole('button', { name: /^Event desk/ }).click();
  h.dialogs.folder.push(folder);
  await page.getByRole('button', { name: 'Open event folder…' }).first().click();
  await page.getByText('Autumn Muster', { exact: true }).waitFor();
  await page.getByRole('button', { name: 'Join an event…' }).click();
  await page.getByRole('textbox', { name: /Join code/ }).fill(code);
  await page.getByRole('button', { name: 'Join', exact: true }).click();
  await expect.poll(() => linkLine(page), { timeout: 10_000 }).toContain('Connected to the hub since');
}
