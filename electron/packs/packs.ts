// The packs the app reads: the built-in set, the app's packs folder (userData/packs, created on first
// use) and the open library's `packs/` folder, a game's own (docs/game-packs.md). Loading is
// node/packs/load.ts, which refuses a hostile pack with its problems and never throws for one.
import { mkdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { PacksListing } from '../../core/ipc/contract';
import { loadPacks } from '../../node/packs/load';

/** The name of a library's packs folder. */
export const GAME_PACKS_FOLDER = 'packs';

export const gamePacksFolder = (libraryFolder: string) => join(libraryFolder, GAME_PACKS_FOLDER);

/** Every pack of the two folders and the built-in set; the app folder is made when missing. */
export async function listPacksIn(appFolder: string, gameFolder: string): Promise<PacksListing> {
  await mkdir(appFolder, { recursive: true });
  // A library without a packs folder is the usual case, not a problem to show.
  const game = await folderExists(gameFolder);
  const { all, used, problems } = await loadPacks(game ? { app: appFolder, game: gameFolder } : { app: appFolder });
  const chosen = new Set(used.values());
  return {
    appFolder,
    gameFolder,
    packs: all.map((loaded) => ({ pack: loaded.pack, file: loaded.file, origin: loaded.origin, used: chosen.has(loaded) })),
    problems,
  };
}

async function folderExists(folder: string): Promise<boolean> {
  return stat(folder).then(
    (s) => s.isDirectory(),
    () => false,
  );
}
