// The settings folder moved with the app's new name ("quartermaster" -> "Quartermaster"): the first
// start under the new name carries the settings and the spellchecker's words over, once.
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { carryOverSettings } from './carry-over';
import { memoryBacking, openSettings } from './settings';
import { tempFolder } from '../testing/handlers';

let dir: string;
let cleanup: () => Promise<void>;
beforeEach(async () => ({ dir, cleanup } = await tempFolder('qm-carry-')));
afterEach(() => cleanup());

const OLD_SETTINGS = { schemaVersion: 1, libraryFolder: '/media/sam/STICK/Characters', recentFiles: ['/media/sam/STICK/Characters/Ayla.character.json'], paper: 'letter', language: 'bg', windowBounds: null };

describe('carrying settings over from the old app name', () => {
  it('copies settings.json and the custom dictionary into the new folder, and the app reads them', async () => {
    await mkdir(join(dir, 'quartermaster'));
    await writeFile(join(dir, 'quartermaster', 'settings.json'), JSON.stringify(OLD_SETTINGS));
    await writeFile(join(dir, 'quartermaster', 'Custom Dictionary.txt'), 'Borislav\nFortune\n');
    const userData = join(dir, 'Quartermaster');
    expect(carryOverSettings(dir, userData)).toEqual(['settings.json', 'Custom Dictionary.txt']);
    expect(await readFile(join(userData, 'Custom Dictionary.txt'), 'utf8')).toBe('Borislav\nFortune\n');
    const stored = JSON.parse(await readFile(join(userData, 'settings.json'), 'utf8'));
    const settings = openSettings(memoryBacking(stored), join(dir, 'Documents')).get();
    expect(settings).toMatchObject({ libraryFolder: '/media/sam/STICK/Characters', paper: 'letter', language: 'bg', recentFiles: ['/media/sam/STICK/Characters/Ayla.character.json'] });
    // The old folder is left as it was (an older version still finds its settings).
    expect((await readdir(join(dir, 'quartermaster'))).sort()).toEqual(['Custom Dictionary.txt', 'settings.json']);
    expect((await readdir(userData)).sort()).toEqual(['Custom Dictionary.txt', 'settings.json']);
  });

  it('never replaces settings the new folder already has, so it happens once', async () => {
    await mkdir(join(dir, 'quartermaster'));
    await writeFile(join(dir, 'quartermaster', 'settings.json'), JSON.stringify(OLD_SETTINGS));
    const userData = join(dir, 'Quartermaster');
    await mkdir(userData);
    await writeFile(join(userData, 'settings.json'), '{"paper":"a4"}');
    expect(carryOverSettings(dir, userData)).toEqual([]);
    expect(await readFile(join(userData, 'settings.json'), 'utf8')).toBe('{"paper":"a4"}');
  });

  it('does nothing without an old folder, or when the old folder is the new one (case-insensitive disks)', async () => {
    expect(carryOverSettings(dir, join(dir, 'Quartermaster'))).toEqual([]);
    expect(await readdir(dir)).toEqual([]);
    await mkdir(join(dir, 'quartermaster'));
    await writeFile(join(dir, 'quartermaster', 'settings.json'), '{}');
    expect(carryOverSettings(dir, join(dir, 'quartermaster'))).toEqual([]);
  });

  it('reports a file it cannot copy and carries on', async () => {
    await mkdir(join(dir, 'quartermaster', 'settings.json'), { recursive: true }); // a folder, not a file
    await writeFile(join(dir, 'quartermaster', 'Custom Dictionary.txt'), 'Vasil\n');
    const warnings: string[] = [];
    expect(carryOverSettings(dir, join(dir, 'Quartermaster'), (m) => warnings.push(m))).toEqual(['Custom Dictionary.txt']);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/could not carry .*settings\.json over/);
  });
});
