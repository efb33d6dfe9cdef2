// Drafts' and play sessions' part of the IPC contract (core/ipc/contract.ts assembles the whole).
import * as z from 'zod';
import type { Character } from '../model/character';
import type { SessionState } from '../session/session';
import { loose, path } from './args';

/** Unsaved edits of one character file, autosaved by the renderer (see electron/library/drafts.ts). */
export type Draft = {
  path: string;
  savedMs: number;
  character: Character;
  /** The character file's modified time now, or null when it no longer exists. */
  fileModifiedMs: number | null;
};

export interface DraftsApi {
  /** Autosaves the unsaved edits of the open character (never touches the file itself). */
  saveDraft(args: { path: string; character: Character }): Promise<{ savedMs: number }>;
  /** Every draft left from earlier sessions, newest first. */
  listDrafts(): Promise<Draft[]>;
  discardDraft(args: { path: string }): Promise<void>;
  /**
   * The play session of a character file (undo history, condition trackers), kept beside its draft
   * and never in the file; the oldest undo steps are dropped when it would be too large.
   */
  saveSession(args: { path: string; session: SessionState }): Promise<{ savedMs: number; steps: number }>;
  loadSession(args: { path: string }): Promise<(SessionState & { savedMs: number }) | null>;
  /** The day is over: the session of the file is removed. */
  discardSession(args: { path: string }): Promise<void>;
}

export const draftsArgs = {
  saveDraft: z.tuple([z.strictObject({ path, character: loose })]),
  listDrafts: z.tuple([]),
  discardDraft: z.tuple([z.strictObject({ path })]),
  saveSession: z.tuple([z.strictObject({ path, session: loose })]),
  loadSession: z.tuple([z.strictObject({ path })]),
  discardSession: z.tuple([z.strictObject({ path })]),
};
