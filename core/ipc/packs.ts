// Game packs' part of the IPC contract (core/ipc/contract.ts assembles the whole): the packs the app
// reads (built in, its own packs folder, the library's `packs/` folder), which one of each game is
// used, and what is wrong with the ones refused (node/packs/load.ts). docs/game-packs.md.
import * as z from 'zod';
import type { GamePack } from '../packs/schema';

export type PackOriginName = 'built-in' | 'app' | 'game';

/** One pack that loaded. `used`: the one of its id the app uses (the newest version). */
export type PackEntry = { pack: GamePack; file: string; origin: PackOriginName; used: boolean };

/** A pack refused: its file, the JSON path and why. */
export type PackFileIssue = { file: string; path: string; message: string };

export type PacksListing = {
  /** The app's own packs folder (created on first use). */
  appFolder: string;
  /** The open library's `packs/` folder (a game's own folder); it need not exist. */
  gameFolder: string;
  packs: PackEntry[];
  problems: PackFileIssue[];
};

export interface PacksApi {
  /** Every pack, and the problems of those refused. */
  listPacks(): Promise<PacksListing>;
  /** Opens the app's packs folder in the file manager (creating it first). */
  openPacksFolder(): Promise<void>;
}

export const packsArgs = {
  listPacks: z.tuple([]),
  openPacksFolder: z.tuple([]),
};
