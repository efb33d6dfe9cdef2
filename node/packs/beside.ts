// The game packs a command line finds for the characters it is given: the built-in set and the
// `packs/` folder beside them (in a folder named, or in the folder of a file named), as the app reads
// a library's `packs/` folder (./load.ts). A folder without `packs/` adds nothing.
import { stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import type { GamePack } from '../../core/packs/schema';
import { builtinPacks, newestById, readPackFolder, type LoadedPack, type PackFileProblem } from './load';

export const PACKS_FOLDER = 'packs';

async function packsFolderOf(path: string): Promise<string | null> {
  let folder: string;
  try {
    folder = (await stat(path)).isDirectory() ? path : dirname(path);
  } catch {
    return null;
  }
  const packs = join(folder, PACKS_FOLDER);
  try {
    return (await stat(packs)).isDirectory() ? resolve(packs) : null;
  } catch {
    return null;
  }
}

/** Built-in packs, then each `packs/` folder beside the paths (in order); the newest of each game used. */
export async function packsBeside(paths: readonly string[]): Promise<{ used: Map<string, GamePack>; all: LoadedPack[]; problems: PackFileProblem[] }> {
  const all = builtinPacks();
  const problems: PackFileProblem[] = [];
  const seen = new Set<string>();
  for (const path of paths) {
    const folder = await packsFolderOf(path);
    if (folder === null || seen.has(folder)) continue;
    seen.add(folder);
    const read = await readPackFolder(folder, 'game');
    all.push(...read.packs);
    problems.push(...read.problems);
  }
  const used = new Map([...newestById(all)].map(([id, loaded]) => [id, loaded.pack]));
  return { used, all, problems };
}
