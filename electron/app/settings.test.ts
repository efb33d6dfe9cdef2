import Conf from 'conf';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { calibrationFor, defaultPrintChoice, withCalibration } from '../../core/ipc/contract';
import { defaultSettings, MAX_RECENT_FILES, memoryBacking, migrateSettings, openSettings, readSettings } from './settings';
import { tempFolder } from '../testing/handlers';

let dir: string;
let cleanup: () => Promise<void>;
beforeEach(async () => ({ dir, cleanup } = await tempFolder('qm-settings-')));
afterEach(() => cleanup());

const confAt = (cwd: string) => new Conf<Record<string, unknown>>({ cwd, configName: 'settings' });

describe('settings on conf (what electron-store stores)', () => {
  it('starts from the defaults: library in Documents/Quartermaster, A4, English, no recent files, the system theme, spellchecking', () => {
    const s = openSettings(confAt(dir), '/home/ana/Documents');
    expect(s.get()).toEqual({ libraryFolder: '/home/ana/Documents/Quartermaster', recentFiles: [], paper: 'a4', language: 'en', locale: '', windowBounds: null, theme: 'system', spellcheck: true, calibrations: [], printer: '' });
  });

  it('keeps the theme and spellchecking choices, refusing values that are neither', () => {
    const s = openSettings(confAt(dir), '/docs');
    s.update({ theme: 'dark', spellcheck: false });
    expect(openSettings(confAt(dir), '/docs').get()).toMatchObject({ theme: 'dark', spellcheck: false });
    expect(() => s.update({ theme: 'sepia' as never })).toThrow(/field "theme" is invalid/);
    expect(() => s.update({ spellcheck: 'yes' as never })).toThrow(/field "spellcheck" is invalid/);
    // A hand-edited file with a bad theme falls back to the system's.
    expect(readSettings({ schemaVersion: 1, theme: 'Dark', spellcheck: 0 }, '/docs')).toMatchObject({ theme: 'system', spellcheck: true });
  });

  it('persists changes to the settings file and reads them back', async () => {
    const s = openSettings(confAt(dir), '/docs');
    s.update({ paper: 'letter', language: 'bg', windowBounds: { x: 10, y: 20, width: 1000, height: 700, maximized: true } });
    const stored = JSON.parse(await readFile(join(dir, 'settings.json'), 'utf8'));
    expect(stored).toMatchObject({ schemaVersion: 1, paper: 'letter', language: 'bg' });
    const again = openSettings(confAt(dir), '/docs');
    expect(again.get()).toMatchObject({ paper: 'letter', language: 'bg', windowBounds: { x: 10, y: 20, width: 1000, height: 700, maximized: true } });
  });

  it('migrates a schema-0 (pre-release) settings file and writes it back in the current shape', async () => {
    await writeFile(
      join(dir, 'settings.json'),
      JSON.stringify({ libraryPath: '/srv/larp', paperSize: 'Letter', locale: 'bg-BG', recent: ['/srv/larp/a.character.json'], window: { width: 900, height: 600 } }),
    );
    const s = openSettings(confAt(dir), '/docs');
    expect(s.get()).toEqual({
      libraryFolder: '/srv/larp',
      recentFiles: ['/srv/larp/a.character.json'],
      paper: 'letter',
      language: 'bg',
      locale: 'bg-BG',
      windowBounds: { width: 900, height: 600, maximized: false },
      theme: 'system',
      spellcheck: true,
      calibrations: [],
      printer: '',
    });
    const stored = JSON.parse(await readFile(join(dir, 'settings.json'), 'utf8'));
    expect(stored.schemaVersion).toBe(1);
    expect(stored).not.toHaveProperty('libraryPath');
    expect(stored).not.toHaveProperty('paperSize');
  });

  it('keeps printer corrections per printer and sheet, newest first, and drops a damaged list', async () => {
    const s = openSettings(confAt(dir), '/docs');
    const c32011 = { ...defaultPrintChoice('a4'), stock: 'avery-c32011' as const, printer: 'Office laser', offsetMm: { x: 1.5, y: -0.5 } };
    s.update({ calibrations: withCalibration(s.get().calibrations, c32011) });
    s.update({ calibrations: withCalibration(s.get().calibrations, { ...c32011, printer: 'Desk inkjet', offsetMm: { x: -2, y: 0 } }) });
    // The same printer (any case) and sheet again replaces its entry.
    s.update({ calibrations: withCalibration(s.get().calibrations, { ...c32011, printer: 'office LASER ', offsetMm: { x: 1, y: 0 } }) });
    const again = openSettings(confAt(dir), '/docs').get().calibrations;
    expect(again.map((c) => [c.printer, c.sheet, c.offsetMm.x])).toEqual([
      ['office LASER', 'avery-c32011', 1],
      ['Desk inkjet', 'avery-c32011', -2],
    ]);
    expect(calibrationFor(again, 'Office Laser', 'avery-c32011')?.offsetMm).toEqual({ x: 1, y: 0 });
    expect(calibrationFor(again, 'Office Laser', 'avery-5371')).toBeNull();
    expect(() => s.update({ calibrations: [{ printer: 'x', sheet: 'avery-c32011', offsetMm: { x: 50, y: 0 }, backOffsetMm: { x: 0, y: 0 } }] })).toThrow(/calibrations/);
    // The range the layout accepts (±20 mm on each axis), to the edge.
    expect(s.update({ calibrations: [{ printer: 'x', sheet: 'avery-c32011', offsetMm: { x: 20, y: -20 }, backOffsetMm: { x: -20, y: 20 } }] }).calibrations).toHaveLength(1);
    expect(() => s.update({ calibrations: [{ printer: 'x', sheet: 'avery-c32011', offsetMm: { x: 0, y: 0 }, backOffsetMm: { x: 0, y: -20.5 } }] })).toThrow(/calibrations/);
    expect(readSettings({ schemaVersion: 1, calibrations: [{ printer: 'x', sheet: 'nowhere' }] }, '/docs').calibrations).toEqual([]);
  });

  it('replaces each invalid stored field by its default and keeps the valid ones', () => {
    const s = readSettings({ schemaVersion: 1, libraryFolder: 42, paper: 'a3', language: 'bg', recentFiles: 'no', windowBounds: { width: 10, height: 10 } }, '/docs');
    expect(s).toEqual({ ...defaultSettings('/docs'), language: 'bg' });
  });

  it('keeps a locale for dates and numbers in its canonical spelling, and refuses one that is not a language tag', () => {
    const s = openSettings(memoryBacking({ schemaVersion: 1 }), '/docs');
    expect(s.update({ locale: 'en-gb' }).locale).toBe('en-GB');
    expect(s.update({ locale: '' }).locale).toBe('');
    expect(() => s.update({ locale: 'not a tag!' })).toThrow(/settings: field "locale" is invalid/);
    expect(s.get().locale).toBe('');
    // A stored value that is not a tag falls back to the system's.
    expect(openSettings(memoryBacking({ schemaVersion: 1, locale: 42 }), '/docs').get().locale).toBe('');
  });

  it('keeps at most 10 recent files, newest first, without duplicates', () => {
    const s = openSettings(confAt(dir), '/docs');
    for (let i = 1; i <= 12; i++) s.addRecent(`/f/${i}.character.json`);
    s.addRecent('/f/5.character.json');
    const recent = s.get().recentFiles;
    expect(recent).toHaveLength(MAX_RECENT_FILES);
    expect(recent[0]).toBe('/f/5.character.json');
    expect(recent[1]).toBe('/f/12.character.json');
    // 12, 11, …, 4 after 5 moved to the top: 3, 2 and 1 fell off.
    expect(recent.slice(1)).toEqual([12, 11, 10, 9, 8, 7, 6, 4, 3].map((n) => `/f/${n}.character.json`));
    s.replaceRecent('/f/12.character.json', '/f/twelve.character.json');
    s.removeRecent('/f/5.character.json');
    expect(s.get().recentFiles.slice(0, 2)).toEqual(['/f/twelve.character.json', '/f/11.character.json']);
  });

  it('refuses an invalid update, naming the field, and keeps the old value', () => {
    const s = openSettings(confAt(dir), '/docs');
    expect(() => s.update({ paper: 'a5' as never })).toThrow(/field "paper" is invalid/);
    expect(() => s.update({ colour: 'red' } as never)).toThrow(/unknown field "colour"/);
    expect(s.get().paper).toBe('a4');
  });

  it('tells subscribers about each change', () => {
    const s = openSettings(confAt(dir), '/docs');
    const seen: string[] = [];
    const off = s.subscribe((x) => seen.push(x.paper));
    s.update({ paper: 'letter' });
    off();
    s.update({ paper: 'a4' });
    expect(seen).toEqual(['letter']);
  });

  it('migration is idempotent on current settings', () => {
    const current = { schemaVersion: 1, libraryFolder: '/x', paper: 'a4' };
    expect(migrateSettings(current)).toEqual(current);
  });
});

describe("the desk's name", () => {
  const id = '3f2b9a4e-5d6c-4b7a-8e9f-0a1b2c3d4e5f';
  it('refuses control characters (they would reach terminals through ledger entries); a stored one keeps its id, made plain', () => {
    const s = openSettings(memoryBacking({ schemaVersion: 1, desk: { id, name: 'Gate\r\u001b[2K 2' } }), '/docs');
    expect(s.deskIdentity()).toEqual({ id, name: 'Gate  [2K 2' });
    expect(() => s.setDeskName('Gate\u001b[2K')).toThrow('settings: the desk name must be 1 to 60 characters, without control characters');
    expect(s.setDeskName('  Front gate ')).toEqual({ id, name: 'Front gate' });
    expect(openSettings(memoryBacking({ schemaVersion: 1 }), '/docs').deskIdentity().name).not.toMatch(/[\u0000-\u001f]/);
  });
});
