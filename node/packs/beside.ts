// The game packs a command line finds for the characters it is given: the built-in set and the
// `packs/` folders beside them (./folders.ts), read as the app reads a library's `packs/` (./load.ts).
import type { GamePack } from '../../core/packs/schema';
import { builtinPacks, newestById, readPackFolder, type LoadedPack, type PackFileProblem } from './load';

/** Built-in packs, then each folder's (in order); the newest of each game used. */
export async function packsIn(folders: readonly string[]): Promise<{ used: Map<string, GamePack>; all: LoadedPack[]; problems: PackFileProblem[] }> {
  const all = builtinPacks();
  const problems: PackFileProblem[] = [];
  for (const folder of folders) {
    const read = await readPackFolder(folder, 'game');
    all.push(...read.packs);
    problems.push(...read.problems);
  }
  const used = new Map([...newestById(all)].map(([id, loaded]) => [id, loaded.pack]));
  return { used, all, problems };
}
