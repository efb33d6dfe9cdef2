import { mkdir, rm, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { character, characterText, handlerFixture, tempFolder } from '../../testing/handlers';

let dir: string;
let cleanup: () => Promise<void>;
let lib: string;
let outside: string;

beforeEach(async () => {
  ({ dir, cleanup } = await tempFolder('qm-drop-'));
  lib = join(dir, 'library');
  outside = join(dir, 'Downloads');
  await mkdir(lib);
  await mkdir(join(outside, 'Autumn Muster'), { recursive: true });
  await writeFile(join(outside, 'Ayla.character.json'), characterText(character({ name: 'Ayla' })));
  await writeFile(join(outside, 'Autumn Muster', 'Autumn Muster.event.json'), '{}\n');
  await writeFile(join(outside, 'photo.png'), 'not a character');
});
afterEach(() => cleanup());

describe('grantDropped: a dropped file is granted as a file chosen in a dialog', () => {
  it('grants a dropped character file outside the library, which then opens and saves like a chosen one', async () => {
    const { handlers } = handlerFixture(lib, join(dir, 'examples'));
    const file = join(outside, 'Ayla.character.json');
    // Not given out by the app before the drop.
    await expect(handlers.openCharacter({ path: file })).rejects.toThrow(/was not given out by the app/);
    expect(await handlers.grantDropped({ paths: [file], accept: ['character'] })).toEqual([{ path: file, granted: true, is: 'character' }]);
    const opened = await handlers.openCharacter({ path: file });
    expect(opened.ok && opened.opened.character.name).toBe('Ayla');
    expect(opened.ok && opened.opened.readOnly).toBe(false);
    if (!opened.ok) return;
    const saved = await handlers.saveCharacter({ path: file, character: { ...opened.opened.character, notes: 'dropped' }, expectedHash: opened.opened.hash });
    expect(saved.ok).toBe(true);
  });

  it('grants the folder of a dropped event file, and a dropped folder, for the desk', async () => {
    const { handlers } = handlerFixture(lib, join(dir, 'examples'));
    const folder = join(outside, 'Autumn Muster');
    const eventFile = join(folder, 'Autumn Muster.event.json');
    await expect(handlers.loadEventFolder({ folder })).rejects.toThrow(/was not given out by the app/);
    expect(await handlers.grantDropped({ paths: [eventFile], accept: ['event'] })).toEqual([{ path: eventFile, granted: true, is: 'event-file', folder, eventFile }]);
    expect((await handlers.loadEventFolder({ folder, eventFile })).folder).toBe(folder);

    const other = join(outside, 'Winter Court');
    await mkdir(other);
    expect(await handlers.grantDropped({ paths: [other], accept: ['event'] })).toEqual([{ path: other, granted: true, is: 'folder', folder: other }]);
    expect((await handlers.loadEventFolder({ folder: other })).eventFile.kind).toBe('none');
  });

  it('grants nothing the view did not ask for, nor files of other kinds, nor missing paths; says what each one is', async () => {
    const { handlers } = handlerFixture(lib, join(dir, 'examples'));
    const file = join(outside, 'Ayla.character.json');
    const folder = join(outside, 'Autumn Muster');
    const eventFile = join(folder, 'Autumn Muster.event.json');
    const photo = join(outside, 'photo.png');
    const gone = join(outside, 'gone.character.json');
    // The library takes character files only; the desk event files and folders only.
    expect(await handlers.grantDropped({ paths: [eventFile, folder, photo, gone], accept: ['character'] })).toEqual([
      { path: eventFile, granted: false, is: 'event-file' },
      { path: folder, granted: false, is: 'folder' },
      { path: photo, granted: false, is: 'other' },
      { path: gone, granted: false, is: 'missing' },
    ]);
    expect(await handlers.grantDropped({ paths: [file, photo], accept: ['event'] })).toEqual([
      { path: file, granted: false, is: 'character' },
      { path: photo, granted: false, is: 'other' },
    ]);
    await expect(handlers.openCharacter({ path: file })).rejects.toThrow(/was not given out by the app/);
    await expect(handlers.loadEventFolder({ folder })).rejects.toThrow(/was not given out by the app/);
    await expect(handlers.openCharacter({ path: photo })).rejects.toThrow(/was not given out by the app/);
  });

  it('refuses relative, traversing and unnormalised paths, granting none of the call', async () => {
    const { handlers } = handlerFixture(lib, join(dir, 'examples'));
    const file = join(outside, 'Ayla.character.json');
    for (const bad of ['Ayla.character.json', `${lib}/../Downloads/Ayla.character.json`, `${outside}//Ayla.character.json`, `${file}\0.png`]) {
      await expect(handlers.grantDropped({ paths: [bad], accept: ['character'] }), bad).rejects.toThrow(/dropped file/);
    }
    await expect(handlers.grantDropped({ paths: [file, `${lib}/../x.character.json`], accept: ['character'] })).rejects.toThrow(/contains "\.\."/);
    await expect(handlers.openCharacter({ path: file })).rejects.toThrow(/was not given out by the app/);
  });

  it('holds a dropped file to where it pointed when dropped, as a chosen one', async () => {
    const { handlers } = handlerFixture(lib, join(dir, 'examples'));
    const link = join(outside, 'Link.character.json');
    await symlink(join(outside, 'Ayla.character.json'), link);
    await handlers.grantDropped({ paths: [link], accept: ['character'] });
    expect((await handlers.openCharacter({ path: link })).ok).toBe(true);
    await writeFile(join(outside, 'Other.character.json'), characterText(character({ name: 'Other' })));
    await rm(link);
    await symlink(join(outside, 'Other.character.json'), link);
    await expect(handlers.openCharacter({ path: link })).rejects.toThrow(/now points somewhere else/);
  });
});
