// Path facts shared by the main process and the command line.
import { isAbsolute, relative, sep } from 'node:path';

/** True when `child` is `root` itself or inside it. Both must be real, normalised paths. */
export function isInside(root: string, child: string): boolean {
  const rel = relative(root, child);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel));
}
