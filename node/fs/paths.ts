// Path facts shared by the main process and the command line.
import { realpath } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, relative, sep } from 'node:path';

/** True when `child` is `root` itself or inside it. Both must be real, normalised paths. */
export function isInside(root: string, child: string): boolean {
  const rel = relative(root, child);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel));
}

/** A path that would take a read or a write somewhere it must not go (named in the message). */
export class PathError extends Error {
  override name = 'PathError';
}

/**
 * Where a path really points even when it (or some of its parent folders) does not exist yet: the
 * real path of its nearest existing ancestor, plus the rest. So a folder about to be created inside a
 * symlinked folder is seen where it would really be created.
 */
export async function realTargetDeep(path: string): Promise<string> {
  const rest: string[] = [];
  let current = path;
  for (;;) {
    try {
      const real = await realpath(current);
      return rest.length === 0 ? real : join(real, ...rest.reverse());
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT' && code !== 'ENOTDIR') throw e;
      const parent = dirname(current);
      if (parent === current) return path;
      rest.push(basename(current));
      current = parent;
    }
  }
}

/**
 * Checks that a folder Quartermaster keeps for itself (backups, drafts) really lies inside `root`,
 * links resolved: a folder holding a link named like that folder must not make the app or the
 * command line read or write elsewhere. Returns the folder; throws a PathError naming `what` and
 * the path otherwise. `rootName` words the root ("the library folder", "the event folder …").
 */
export async function checkOwnFolder(root: string, folder: string, what: string, rootName = 'the library folder'): Promise<string> {
  const realRoot = await realTargetDeep(root);
  const real = await realTargetDeep(folder);
  if (!isInside(realRoot, real)) throw new PathError(`the ${what} folder ${folder} points outside ${rootName} (to ${real}); it is not used`);
  return folder;
}
