// The handler table's type and what it depends on, apart from the handlers themselves, so that the
// desk handlers (electron/desk/desk.ts) and the table (electron/ipc/handlers.ts) do not import each other.
import type { DeskEntries, InvokeMethod, LibraryProgress, Paper, PrintChoice, PrintProgress, QuartermasterApi } from '../../core/ipc/contract';
import type { Character } from '../../core/model/character';
import type { FontBytes, FontMetrics } from '../../core/pdf/index';
import type { DeriveFn, Library } from '../library/library';
import type { PathGuard } from '../app/paths';
import type { Printer } from '../print/print-pack';
import type { SettingsStore } from '../app/settings';

/** The native dialogs the handlers use. Each resolves to null (or []) when the user cancels. */
export type Dialogs = {
  openCharacterFiles(options: { multiple: boolean; defaultPath: string }): Promise<string[]>;
  saveCharacterFile(options: { defaultPath: string }): Promise<string | null>;
  savePdfFile(options: { defaultPath: string }): Promise<string | null>;
  /** The check-in sheet as CSV (the event desk). */
  saveCsvFile(options: { defaultPath: string }): Promise<string | null>;
  /** A booking list to import (the event desk). */
  openCsvFile(options: { defaultPath: string }): Promise<string | null>;
  /** A folder: the library (default) or an event folder for the desk. */
  chooseFolder(options: { defaultPath: string; purpose?: 'library' | 'event' }): Promise<string | null>;
};

/** The parts of Electron's `shell` the handlers use. */
export type ShellApi = {
  showItemInFolder(path: string): void;
  /** Moves a file to the system trash (never deletes it outright). */
  trashItem(path: string): Promise<void>;
  /** Opens a file with the system's default program (a printed PDF when done); optional for tests. */
  openPath?(path: string): Promise<string>;
};

/** Renders a character's printed sheet (the printing module provides it). */
export type PdfExporter = (character: Character, options: { paper: Paper } & Partial<PrintChoice>) => Uint8Array | Promise<Uint8Array>;

export type IpcDeps = {
  settings: SettingsStore;
  dialogs: Dialogs;
  shell: ShellApi;
  /** Milliseconds since the epoch (backup ids and times). */
  now: () => number;
  /** The bundled example characters (`assets/examples`); they open read-only. */
  examplesFolder: string;
  exportPdf: PdfExporter;
  /** Print previews and event packs (electron/print/print-pack.ts); without it those calls fail clearly. */
  printer?: Printer;
  /** Told of an event pack's progress (main sends it to the window). */
  onPrintProgress?: (progress: PrintProgress) => void;
  /** Told of ledger entries that reached an open event file from elsewhere (main sends them to the window). */
  onDeskEntries?: (update: DeskEntries) => void;
  /** Told how far a long library listing has got (main sends it to the window). */
  onLibraryProgress?: (progress: LibraryProgress) => void;
  /** How often progress is sent, and how long a listing runs before it is (default LIBRARY_PROGRESS_MS). */
  libraryProgressMs?: number;
  /** New character ids; defaults to crypto.randomUUID. */
  newId?: () => string;
  /** The rules check for library status; defaults to the core's `derive`. */
  derive?: DeriveFn;
  /** Shared library cache (main keeps one so the watcher and handlers agree). */
  library?: Library;
  /** Shared path guard (main grants paths from the command line and Open Recent through it). */
  guard?: PathGuard;
  /** Told when the user picks another library folder (main re-targets the watcher). */
  onLibraryFolderChanged?: (folder: string) => void;
  /** Where autosaved drafts go; defaults to a hidden folder in the library (see drafts.ts). */
  draftsFolder?: () => string;
  /** The shared-event sessions (electron/sync/handlers.ts); main keeps one to close them on quit. */
  sync?: import('../sync/handlers').SyncHandlers;
  /** The event desk's card and sheet font (electron/desk/desk.ts deskFonts); defaults to the shipped fonts. */
  deskFonts?: DeskFonts;
  /** The app's own game packs folder (userData/packs in the app); without it the packs calls fail clearly. */
  packsFolder?: string;
};

/** The handler table: exactly the invoke methods of the contract, with the same signatures. */
export type IpcHandlers = { [M in InvokeMethod]: QuartermasterApi[M] };

/** The card font, loaded once and kept (with its measured widths) for every print. */
export type DeskFonts = () => Promise<{ bytes: FontBytes; metrics: FontMetrics }>;
