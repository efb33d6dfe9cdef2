// A `.quartermaster-backups` that is a link out of the event folder: a reprint that must migrate a
// version 2 event file (keeping the old one as a backup) refuses, naming the link, and writes
// nothing there; `desk merge` over an existing file likewise.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EXAMPLES, fakeId } from '../../../core/desk/testing';
import { backUpEvent } from '../../../node/fs/files';
import { runDesk } from './desk';
import { captureIo } from '../../testing/capture';

const NOW = new Date('2026-10-02T17:30:00Z');
const deps = {
  now: () => NOW,
  hostname: () => 'desk-laptop-1',
  fonts: async () => ({ regular: new Uint8Array(readFileSync(new URL('../../../assets/fonts/DejaVuSans.ttf', import.meta.url))), bold: new Uint8Array(readFileSync(new URL('../../../assets/fonts/DejaVuSans-Bold.ttf', import.meta.url))) }),
};

let dir: string;
let folder: string;
let elsewhere: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'qm-desk-links-'));
  folder = join(dir, 'event');
  elsewhere = join(dir, 'elsewhere');
  mkdirSync(folder);
  mkdirSync(elsewhere);
  symlinkSync(elsewhere, join(folder, '.quartermaster-backups'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const v2 = { format: 'quartermaster-event', version: 2, id: '3a1c2b4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d', name: 'Autumn Muster', game: 'fortunes-landing', dates: { start: '2026-10-02', end: '2026-10-04' }, entries: [] };

describe('a .quartermaster-backups link out of the event folder', () => {
  it('a reprint that must migrate the event file refuses, naming the link; nothing printed, recorded or written elsewhere', async () => {
    writeFileSync(join(folder, 'aldric.character.json'), JSON.stringify({ ...EXAMPLES.aldric, id: fakeId(1) }));
    const eventFile = join(folder, 'autumn.event.json');
    const v2Text = `${JSON.stringify(v2, null, 2)}\n`;
    writeFileSync(eventFile, v2Text);
    const io = captureIo();
    const code = await runDesk([folder, '--reprint-changed', '--out', join(dir, 'cards.pdf')], io, deps);
    expect(code).toBe(2);
    expect(io.stderr()).toContain(`quartermaster desk: ${eventFile}: the backups folder ${join(folder, '.quartermaster-backups', 'autumn.event.json')} points outside the folder ${folder} (to ${join(elsewhere, 'autumn.event.json')}); it is not used; nothing was printed or recorded.`);
    expect(readdirSync(elsewhere)).toEqual([]);
    expect(readFileSync(eventFile, 'utf8')).toBe(v2Text);
    expect(existsSync(join(dir, 'cards.pdf'))).toBe(false);
  });

  it('an event file backup (desk merge, a migration) is refused, naming the link', async () => {
    const eventFile = join(folder, 'autumn.event.json');
    writeFileSync(eventFile, 'x');
    await expect(backUpEvent(eventFile, folder, NOW.getTime())).rejects.toThrow(`the backups folder ${join(folder, '.quartermaster-backups', 'autumn.event.json')} points outside the folder ${folder}`);
    expect(readdirSync(elsewhere)).toEqual([]);
  });
});
