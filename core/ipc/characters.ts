// Character files' part of the IPC contract (core/ipc/contract.ts assembles the whole): creating,
// opening, saving, copying, renaming and deleting a character file, and giving it a new id.
import * as z from 'zod';
import type { Character } from '../model/character';
import { RULESET_IDS, type GameId } from '../model/ids';
import { packId } from '../packs/schema';
import type { LoadProblem } from '../format/load';
import { loose, path } from './args';

export type OpenedCharacter = {
  path: string;
  character: Character;
  /** SHA-256 of the file's bytes when it was read; sent back on save to detect changes on disk. */
  hash: string;
  readOnly: boolean;
  readOnlyReason?: string;
};

export type OpenResult = { ok: true; opened: OpenedCharacter } | { ok: false; problem: LoadProblem; path: string };

export type SaveResult =
  | { ok: true; path: string; hash: string }
  | { ok: false; reason: 'conflict'; message: string }
  | { ok: false; reason: 'read-only' | 'invalid' | 'io'; message: string };

/** A character file given a new id (giveNewId): the id it had, the one it has now, its new content hash. */
export type NewIdResult = { path: string; previousId: string; id: string; hash: string };

export interface CharactersApi {
  newCharacter(args: { ruleset: GameId; name: string; player: string }): Promise<OpenedCharacter>;
  openCharacter(args: { path: string }): Promise<OpenResult>;
  openCharacterDialog(): Promise<OpenResult | null>;
  saveCharacter(args: { path: string; character: Character; expectedHash: string; force?: boolean }): Promise<SaveResult>;
  saveCharacterAs(args: { character: Character }): Promise<SaveResult | null>;
  duplicateCharacter(args: { path: string }): Promise<OpenedCharacter>;
  renameCharacter(args: { path: string; fileName: string }): Promise<{ path: string }>;
  deleteCharacter(args: { path: string }): Promise<void>;
  /**
   * Gives a character file a new random id (a copy that shares its id with another file): validated,
   * the previous version backed up, written atomically; refused when the file changed since `expectedHash`.
   * `folder` is the granted event folder holding the file (files of the library need none).
   */
  giveNewId(args: { path: string; folder?: string }): Promise<NewIdResult>;
}

export const charactersArgs = {
  newCharacter: z.tuple([z.strictObject({ ruleset: z.union([z.enum(RULESET_IDS), packId]), name: z.string().max(200), player: z.string().max(200) })]),
  openCharacter: z.tuple([z.strictObject({ path })]),
  openCharacterDialog: z.tuple([]),
  saveCharacter: z.tuple([z.strictObject({ path, character: loose, expectedHash: z.string().max(128), force: z.boolean().optional() })]),
  saveCharacterAs: z.tuple([z.strictObject({ character: loose })]),
  duplicateCharacter: z.tuple([z.strictObject({ path })]),
  renameCharacter: z.tuple([z.strictObject({ path, fileName: z.string().min(1).max(200) })]),
  deleteCharacter: z.tuple([z.strictObject({ path })]),
  giveNewId: z.tuple([z.strictObject({ path, folder: path.optional() })]),
};
