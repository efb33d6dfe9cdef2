// The library's part of the IPC contract (core/ipc/contract.ts assembles the whole): listing the
// library folder and the examples, importing files, a file's backups.
import * as z from 'zod';
import type { GameId } from '../model/ids';
import type { OpenResult } from './characters';
import { path } from './args';

export type LibraryStatus = 'clean' | 'violations' | 'unreadable';

export type LibraryEntry = {
  path: string;
  fileName: string;
  name: string;
  player: string;
  ruleset: GameId | null;
  status: LibraryStatus;
  errors: number;
  warnings: number;
  /** Why an unreadable file could not be read. */
  reason?: string;
  /** The character's id (lower case), for flagging two files with the same id; absent when unreadable. */
  id?: string;
  modifiedMs: number;
  size: number;
};

export type LibraryListing = { folder: string; entries: LibraryEntry[] };

/** How far a listing has got (sent while a long one runs: a big library cold, files arriving). */
export type LibraryProgress = { folder: string; done: number; total: number };

export type Backup = { id: string; savedMs: number; size: number };

export interface LibraryApi {
  listLibrary(): Promise<LibraryListing>;
  chooseLibraryFolder(): Promise<LibraryListing | null>;
  openExamples(): Promise<LibraryListing>;
  importCharacters(): Promise<string[]>;
  listBackups(args: { path: string }): Promise<Backup[]>;
  restoreBackup(args: { path: string; backupId: string }): Promise<OpenResult>;
  showInFolder(args: { path: string }): Promise<void>;
}

export const libraryArgs = {
  listLibrary: z.tuple([]),
  chooseLibraryFolder: z.tuple([]),
  openExamples: z.tuple([]),
  importCharacters: z.tuple([]),
  listBackups: z.tuple([z.strictObject({ path })]),
  restoreBackup: z.tuple([z.strictObject({ path, backupId: z.string().min(1).max(200) })]),
  showInFolder: z.tuple([z.strictObject({ path })]),
};
