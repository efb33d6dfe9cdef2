// The packs handlers and the packs folders' watcher, in Node (no Electron).
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PacksListing } from '../../core/ipc/contract';
import { handlerFixture, tempFolder } from '../testing/handlers';
import { listPacksIn } from './packs';
import { watchPackFolders, type PackWatcher } from './watch';

const EMBERFALL = join(__dirname, '..', '..', 'core', 'packs', 'examples', 'emberfall.pack.json');

let dir: string;
let cleanup: () => Promise<void>;
let lib: string;
let appPacks: string;
let emberfall: Record<string, unknown> & { skills: { requires?: { expression: string } }[] };

beforeEach(async () => {
  ({ dir, cleanup } = await tempFolder('qm-packs-'));
  lib = join(dir, 'library');
  appPacks = join(dir, 'userData', 'packs');
  await mkdir(lib);
  emberfall = JSON.parse(await readFile(EMBERFALL, 'utf8'));
});
afterEach(async () => cleanup());

const withVersion = (version: string) => JSON.stringify({ ...emberfall, version }, null, 2);
/** Emberfall with Shield's prerequisite cut short: it no longer parses. */
const broken = () => {
  const pack = structuredClone(emberfall);
  pack.skills[1]!.requires!.expression = 'levels["swordplay"] >=';
  return JSON.stringify(pack, null, 2);
};

describe('listPacks and openPacksFolder', () => {
  it('lists the built-in packs, the app folder (created on first use) and the library packs folder; the newest version of an id is used', async () => {
    const { handlers } = handlerFixture(lib, join(dir, 'examples'), { packsFolder: appPacks });
    const first = await handlers.listPacks();
    expect(first.appFolder).toBe(appPacks);
    expect(first.gameFolder).toBe(join(lib, 'packs'));
    expect(first.packs.map((p) => `${p.pack.id} ${p.origin} ${p.used}`).sort()).toEqual([
      'bg-magic built-in true',
      'curious-pastimes built-in true',
      'fortunes-landing built-in true',
      'novitas built-in true',
    ]);
    expect(first.problems).toEqual([]);

    await writeFile(join(appPacks, 'emberfall.pack.json'), withVersion('1.1.0'));
    await mkdir(join(lib, 'packs'));
    await writeFile(join(lib, 'packs', 'emberfall.pack.json'), withVersion('1.0.0'));
    const second = await handlers.listPacks();
    const ember = second.packs.filter((p) => p.pack.id === 'emberfall').map((p) => ({ version: p.pack.version, origin: p.origin, used: p.used, file: p.file }));
    expect(ember).toEqual([
      { version: '1.1.0', origin: 'app', used: true, file: join(appPacks, 'emberfall.pack.json') },
      { version: '1.0.0', origin: 'game', used: false, file: join(lib, 'packs', 'emberfall.pack.json') },
    ]);
  });

  it('answers a hostile or broken pack with its file, JSON path and why, and still lists the rest', async () => {
    const { handlers } = handlerFixture(lib, join(dir, 'examples'), { packsFolder: appPacks });
    await mkdir(appPacks, { recursive: true });
    await writeFile(join(appPacks, 'emberfall.pack.json'), broken());
    await writeFile(join(appPacks, 'proto.pack.json'), '{"a": {"__proto__": {"x": 1}}}');
    const listing = await handlers.listPacks();
    expect(listing.packs).toHaveLength(4);
    expect(listing.problems).toEqual([
      { file: join(appPacks, 'emberfall.pack.json'), path: 'skills[1].requires.expression', message: expect.stringMatching(/does not parse/) },
      { file: join(appPacks, 'proto.pack.json'), path: expect.stringContaining('__proto__'), message: 'the keys __proto__, constructor and prototype are refused in a pack' },
    ]);
  });

  it('opens the app packs folder, creating it', async () => {
    const opened: string[] = [];
    const withShell = handlerFixture(lib, join(dir, 'examples'), {
      packsFolder: appPacks,
      shell: { showItemInFolder: () => undefined, trashItem: async () => undefined, openPath: async (p) => (opened.push(p), '') },
    });
    await withShell.handlers.openPacksFolder();
    expect(opened).toEqual([appPacks]);
    expect((await stat(appPacks)).isDirectory()).toBe(true);
  });

  it('fails clearly without a packs folder', async () => {
    const { handlers } = handlerFixture(lib, join(dir, 'examples'));
    await expect(handlers.listPacks()).rejects.toThrow(/no packs folder/);
  });
});

describe('watchPackFolders', () => {
  let watcher: PackWatcher | null = null;
  afterEach(() => watcher?.close());

  /** Lists the packs at every change, as the main process does, and resolves when one satisfies `test`. */
  function listings(gameFolder: string) {
    const waiting: { test: (l: PacksListing) => boolean; resolve: (l: PacksListing) => void }[] = [];
    watcher = watchPackFolders([appPacks, gameFolder], () => {
      void listPacksIn(appPacks, gameFolder).then((l) => {
        for (const w of waiting.splice(0)) {
          if (w.test(l)) w.resolve(l);
          else waiting.push(w);
        }
      });
    });
    return (test: (l: PacksListing) => boolean) =>
      new Promise<PacksListing>((resolve, reject) => {
        waiting.push({ test, resolve });
        // The Games page promises a problem within a second of the save.
        setTimeout(() => reject(new Error('no listing within 1 s')), 1000);
      });
  }

  it('a pack saved broken is listed with its problem within a second; fixed, the problem is gone', async () => {
    await mkdir(appPacks, { recursive: true });
    const next = listings(join(lib, 'packs'));
    const file = join(appPacks, 'emberfall.pack.json');

    const brokenSeen = next((l) => l.problems.length > 0);
    await writeFile(file, broken());
    const withProblem = await brokenSeen;
    expect(withProblem.problems).toEqual([{ file, path: 'skills[1].requires.expression', message: expect.stringMatching(/does not parse/) }]);

    const fixedSeen = next((l) => l.problems.length === 0);
    await writeFile(file, withVersion('1.0.0'));
    const fixed = await fixedSeen;
    expect(fixed.packs.find((p) => p.pack.id === 'emberfall')).toMatchObject({ file, used: true });
  });

  it('sees a library packs folder made after the watch began', async () => {
    await mkdir(appPacks, { recursive: true });
    const game = join(lib, 'packs');
    const next = listings(game);
    const seen = next((l) => l.packs.some((p) => p.origin === 'game'));
    await mkdir(game);
    // Give the new folder's watcher a moment to be set up before the file is written into it.
    await new Promise((r) => setTimeout(r, 50));
    await writeFile(join(game, 'emberfall.pack.json'), withVersion('2.0.0'));
    const listing = await seen;
    expect(listing.packs.find((p) => p.pack.id === 'emberfall')).toMatchObject({ origin: 'game', used: true });
  });
});
