// Files dropped on the window's part of the IPC contract (core/ipc/contract.ts assembles the whole).
// A drop is a user's choice, like a file chosen in a dialog: the main process grants what was
// dropped, if it is of a kind the view takes, and says what each path is.
import * as z from 'zod';
import { path } from './args';

/** What a view takes from a drop: character files (the library), event files and folders (the desk). */
export type DropKind = 'character' | 'event';

/** One dropped path as the main process found it. */
export type DroppedPath =
  /** A `*.character.json` file, granted: open it with openCharacter. */
  | { path: string; granted: true; is: 'character' }
  /** A `*.event.json` file or a folder, its event folder granted: loadEventFolder with `folder` (and `eventFile` for an event file). */
  | { path: string; granted: true; is: 'event-file' | 'folder'; folder: string; eventFile?: string }
  /** Not granted: of a kind the view did not ask for, of no kind the app opens (`other`), or not there (`missing`). */
  | { path: string; granted: false; is: 'character' | 'event-file' | 'folder' | 'other' | 'missing' };

/** How many paths one drop may bring. */
export const MAX_DROPPED = 1_000;

export interface DropApi {
  /**
   * Grants the paths of files dropped on the window, as a file dialog's choice is granted, when
   * they are of a kind in `accept`; answers what each one is, in the order given. Nothing is read
   * but the file system's entry of each path (its type and name).
   */
  grantDropped(args: { paths: string[]; accept: DropKind[] }): Promise<DroppedPath[]>;
}

export const dropArgs = {
  grantDropped: z.tuple([z.strictObject({ paths: z.array(path).min(1).max(MAX_DROPPED), accept: z.array(z.enum(['character', 'event'])).max(2) })]),
};
