// The one IPC contract between the renderer and the main process.
// Each method of `QuartermasterApi` is one channel (`qm:<method>`); `ipcArgs` validates its
// arguments in the main process. The preload exposes exactly these named methods
// (`satisfies QuartermasterApi`); the renderer never sees a channel string.
import { z } from 'zod';
import type { Character } from '../model/character';
import { RULESET_IDS, type RulesetId } from '../model/ids';
import type { LoadProblem } from '../format/load';

export type LibraryStatus = 'clean' | 'violations' | 'unreadable';

export type LibraryEntry = {
  path: string;
  fileName: string;
  name: string;
  player: string;
  ruleset: RulesetId | null;
  status: LibraryStatus;
  errors: number;
  warnings: number;
  /** Why an unreadable file could not be read. */
  reason?: string;
  modifiedMs: number;
  size: number;
};

export type LibraryListing = { folder: string; entries: LibraryEntry[] };

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

export type Backup = { id: string; savedMs: number; size: number };

/** Unsaved edits of one character file, autosaved by the renderer (see electron/drafts.ts). */
export type Draft = {
  path: string;
  savedMs: number;
  character: Character;
  /** The character file's modified time now, or null when it no longer exists. */
  fileModifiedMs: number | null;
};

export type Paper = 'a4' | 'letter';
export type Language = 'en' | 'bg';

export type Settings = {
  libraryFolder: string;
  recentFiles: string[];
  paper: Paper;
  language: Language;
};

export type MenuCommand = 'new' | 'open' | 'save' | 'save-as' | 'export-pdf' | 'show-in-folder' | 'undo' | 'redo' | 'print-event-pack';

export interface QuartermasterApi {
  listLibrary(): Promise<LibraryListing>;
  chooseLibraryFolder(): Promise<LibraryListing | null>;
  newCharacter(args: { ruleset: RulesetId; name: string; player: string }): Promise<OpenedCharacter>;
  openCharacter(args: { path: string }): Promise<OpenResult>;
  openCharacterDialog(): Promise<OpenResult | null>;
  openExamples(): Promise<LibraryListing>;
  saveCharacter(args: { path: string; character: Character; expectedHash: string; force?: boolean }): Promise<SaveResult>;
  saveCharacterAs(args: { character: Character }): Promise<SaveResult | null>;
  duplicateCharacter(args: { path: string }): Promise<OpenedCharacter>;
  renameCharacter(args: { path: string; fileName: string }): Promise<{ path: string }>;
  deleteCharacter(args: { path: string }): Promise<void>;
  importCharacters(): Promise<string[]>;
  listBackups(args: { path: string }): Promise<Backup[]>;
  restoreBackup(args: { path: string; backupId: string }): Promise<OpenResult>;
  showInFolder(args: { path: string }): Promise<void>;
  getSettings(): Promise<Settings>;
  setSettings(args: Partial<Pick<Settings, 'paper' | 'language'>>): Promise<Settings>;
  exportPdf(args: { path: string; character: Character }): Promise<{ path: string } | null>;
  /** Autosaves the unsaved edits of the open character (never touches the file itself). */
  saveDraft(args: { path: string; character: Character }): Promise<{ savedMs: number }>;
  /** Every draft left from earlier sessions, newest first. */
  listDrafts(): Promise<Draft[]>;
  discardDraft(args: { path: string }): Promise<void>;
  /** Subscribes to library changes on disk and menu commands; returns an unsubscribe function. */
  onLibraryChanged(listener: () => void): () => void;
  onMenuCommand(listener: (command: MenuCommand) => void): () => void;
  /**
   * Files to open that come from outside the window: the command line, a double-click in the file
   * manager (open-file / second instance) and File > Open Recent. The main process has already
   * granted the path, so the renderer passes it to `openCharacter` (after its unsaved-changes prompt).
   * Optional so that test doubles of the API need not provide it; the preload always does.
   */
  onOpenFile?(listener: (path: string) => void): () => void;
}

/** The request/response methods (the subscriptions are events, not requests). */
export type InvokeMethod = Exclude<keyof QuartermasterApi, 'onLibraryChanged' | 'onMenuCommand' | 'onOpenFile'>;

/** The events the main process sends to the window. */
export type EventChannel = 'libraryChanged' | 'menuCommand' | 'openFile';

export const channelOf = (method: InvokeMethod | EventChannel) => `qm:${method}` as const;

const path = z.string().min(1).max(4096);
const loose = z.looseObject({});

/** Argument schemas, one per invoke method: the main process validates every call with these. */
export const ipcArgs = {
  listLibrary: z.tuple([]),
  chooseLibraryFolder: z.tuple([]),
  newCharacter: z.tuple([z.strictObject({ ruleset: z.enum(RULESET_IDS), name: z.string().max(200), player: z.string().max(200) })]),
  openCharacter: z.tuple([z.strictObject({ path })]),
  openCharacterDialog: z.tuple([]),
  openExamples: z.tuple([]),
  saveCharacter: z.tuple([z.strictObject({ path, character: loose, expectedHash: z.string().max(128), force: z.boolean().optional() })]),
  saveCharacterAs: z.tuple([z.strictObject({ character: loose })]),
  duplicateCharacter: z.tuple([z.strictObject({ path })]),
  renameCharacter: z.tuple([z.strictObject({ path, fileName: z.string().min(1).max(200) })]),
  deleteCharacter: z.tuple([z.strictObject({ path })]),
  importCharacters: z.tuple([]),
  listBackups: z.tuple([z.strictObject({ path })]),
  restoreBackup: z.tuple([z.strictObject({ path, backupId: z.string().min(1).max(200) })]),
  showInFolder: z.tuple([z.strictObject({ path })]),
  getSettings: z.tuple([]),
  setSettings: z.tuple([z.strictObject({ paper: z.enum(['a4', 'letter']).optional(), language: z.enum(['en', 'bg']).optional() })]),
  exportPdf: z.tuple([z.strictObject({ path, character: loose })]),
  saveDraft: z.tuple([z.strictObject({ path, character: loose })]),
  listDrafts: z.tuple([]),
  discardDraft: z.tuple([z.strictObject({ path })]),
} satisfies Record<InvokeMethod, z.ZodTuple>;
