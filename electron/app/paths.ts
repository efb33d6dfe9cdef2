// Which file paths the renderer may hand back to the main process.
// The renderer may only use a path it received from the library listing, the examples listing,
// a file dialog, the command line or the recent-files list. Every such path is "granted" here
// when the main process hands it out; every handler checks its path argument against this set and
// against where the path really points (symlinks resolved) before touching the disk.
import { realpath } from 'node:fs/promises';
import { basename, dirname, isAbsolute, normalize, sep } from 'node:path';
import { checkOwnFolder, isInside, PathError, realTargetDeep } from '../../node/fs/paths';

export { checkOwnFolder, isInside, PathError, realTargetDeep };

/** Why a path was handed out, which decides where it may really point. */
export type GrantKind =
  /** Listed inside the library folder: must really be inside the library folder. */
  | 'library'
  /** Listed inside the examples folder: must really be inside it (and opens read-only). */
  | 'example'
  /** Chosen by the user (dialog, command line, double-click, recent files): must still point where it did. */
  | 'chosen';

type Grant = { kind: GrantKind; real?: string };

export type PathGuardOptions = {
  libraryFolder(): string;
  examplesFolder: string;
};

export class PathGuard {
  private readonly grants = new Map<string, Grant>();

  constructor(private readonly options: PathGuardOptions) {}

  /** A path listed from the library or examples folder. */
  grantListed(path: string, kind: 'library' | 'example'): void {
    const existing = this.grants.get(path);
    // A user's explicit choice is never downgraded by a later listing.
    if (existing?.kind === 'chosen') return;
    this.grants.set(path, { kind });
  }

  /** A path the user chose; remembers where it really points now. */
  async grantChosen(path: string): Promise<string> {
    const clean = checkShape(path);
    this.grants.set(clean, { kind: 'chosen', real: await realTarget(clean) });
    return clean;
  }

  revoke(path: string): void {
    this.grants.delete(path);
  }

  /** Forgets every library grant (the library folder changed). */
  revokeLibrary(): void {
    for (const [p, g] of this.grants) if (g.kind === 'library') this.grants.delete(p);
  }

  kindOf(path: string): GrantKind | undefined {
    return this.grants.get(path)?.kind;
  }

  /**
   * Checks a path from the renderer; returns it when it may be used, throws a PathError otherwise.
   * `field` names the argument in the error message.
   */
  async check(path: unknown, field = 'path'): Promise<string> {
    const clean = checkShape(path, field);
    const grant = this.grants.get(clean);
    if (!grant) {
      throw new PathError(`${field} "${clean}" was not given out by the app: only files from the library list, the examples or a file dialog can be used`);
    }
    const real = await realTarget(clean);
    if (grant.kind === 'chosen') {
      if (real !== grant.real) throw new PathError(`${field} "${clean}" now points somewhere else (${real}) than when it was chosen`);
      return clean;
    }
    const root = grant.kind === 'library' ? this.options.libraryFolder() : this.options.examplesFolder;
    const realRoot = await realpath(root).catch(() => normalize(root));
    if (!isInside(realRoot, real)) {
      throw new PathError(`${field} "${clean}" points outside the ${grant.kind === 'library' ? 'library' : 'examples'} folder (to ${real})`);
    }
    return clean;
  }
}

/** An absolute, normalised path string with no traversal; throws a PathError otherwise. */
export function checkShape(path: unknown, field = 'path'): string {
  if (typeof path !== 'string' || path.length === 0) throw new PathError(`${field} must be a non-empty string`);
  if (path.includes('\0')) throw new PathError(`${field} contains a NUL character`);
  if (!isAbsolute(path)) throw new PathError(`${field} "${path}" is not an absolute path`);
  if (path.split(/[\\/]/).includes('..')) throw new PathError(`${field} "${path}" contains ".." (path traversal is not allowed)`);
  if (normalize(path) !== path) throw new PathError(`${field} "${path}" is not a normalised path`);
  return path;
}

/** Where a path really points: its real path, or for a file not yet created, its folder's real path plus its name. */
export async function realTarget(path: string): Promise<string> {
  try {
    return await realpath(path);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    const parent = await realpath(dirname(path)).catch(() => dirname(path));
    return `${parent}${parent.endsWith(sep) ? '' : sep}${basename(path)}`;
  }
}


