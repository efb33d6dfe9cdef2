// The `packs/` folders beside the characters a command line is given: in a folder named, or in the
// folder of a file named (as the app reads a library's `packs/` folder). Only stats: nothing is read.
import { stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';

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

/** Each existing packs/ folder beside the paths, once, in the order of the paths. */
export async function packsFolders(paths: readonly string[]): Promise<string[]> {
  const found: string[] = [];
  for (const path of paths) {
    const folder = await packsFolderOf(path);
    if (folder !== null && !found.includes(folder)) found.push(folder);
  }
  return found;
}
