// The one IPC contract between the renderer and the main process.
// Each method of `QuartermasterApi` is one channel (`qm:<method>`); `ipcArgs` validates its
// arguments in the main process. The preload exposes exactly these named methods
// (`satisfies QuartermasterApi`); the renderer never sees a channel string.
//
// The contract is split by area (library.ts, characters.ts, settings.ts, print.ts, drafts.ts, desk.ts,
// sync.ts, packs.ts, approval.ts, each with its types, its methods and their argument schemas); this file assembles the one
// method → signature map and the one argument table, and re-exports every area's types.
import type { z } from 'zod';
import { libraryArgs, type LibraryApi, type LibraryProgress } from './library';
import { charactersArgs, type CharactersApi } from './characters';
import { settingsArgs, type SettingsApi } from './settings';
import { printArgs, type PrintApi, type PrintProgress } from './print';
import { draftsArgs, type DraftsApi } from './drafts';
import { deskArgs, type DeskApi, type DeskEntries } from './desk';
import { syncArgs, type SyncApi } from './sync';
import { dropArgs, type DropApi } from './drop';
import { packsArgs, type PacksApi, type PacksListing } from './packs';
import { bookingsArgs, type BookingsApi } from './bookings';
import { approvalArgs, type ApprovalApi } from './approval';

export * from './library';
export * from './characters';
export * from './settings';
export * from './print';
export * from './drafts';
export * from './desk';
export * from './sync';
export * from './drop';
export * from './packs';
export * from './bookings';
export * from './approval';

export type MenuCommand = 'new' | 'open' | 'save' | 'save-as' | 'export-pdf' | 'show-in-folder' | 'undo' | 'redo' | 'print-event-pack' | 'event-desk' | 'games';

export interface QuartermasterApi extends LibraryApi, CharactersApi, SettingsApi, PrintApi, DraftsApi, DeskApi, SyncApi, DropApi, PacksApi, BookingsApi, ApprovalApi {
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
  /** Progress of a running printPack. Optional for test doubles; the preload always has it. */
  onPrintProgress?(listener: (progress: PrintProgress) => void): () => void;
  /** Progress of a long library listing. Optional for test doubles; the preload always has it. */
  onLibraryProgress?(listener: (progress: LibraryProgress) => void): () => void;
  /** Ledger entries that reached an open event file from elsewhere (sharing, another program). Optional for test doubles; the preload always has it. */
  onDeskEntries?(listener: (update: DeskEntries) => void): () => void;
  /** The packs again, after a pack file in a watched packs folder changed. Optional for test doubles; the preload always has it. */
  onPacksChanged?(listener: (listing: PacksListing) => void): () => void;
  /**
   * The file system path of a File the page took from a drop (Electron's webUtils.getPathForFile),
   * '' for a File made by a script. Only paths read here can be passed to `grantDropped`. Optional
   * for test doubles; the preload always has it.
   */
  pathForFile?(file: File): string;
}

/** The request/response methods (the subscriptions are events, not requests). */
export type InvokeMethod = Exclude<keyof QuartermasterApi, 'onLibraryChanged' | 'onMenuCommand' | 'onOpenFile' | 'onPrintProgress' | 'onLibraryProgress' | 'onDeskEntries' | 'onPacksChanged' | 'pathForFile'>;

/** The events the main process sends to the window. */
export type EventChannel = 'libraryChanged' | 'menuCommand' | 'openFile' | 'printProgress' | 'libraryProgress' | 'deskEntries' | 'packsChanged';

export const channelOf = (method: InvokeMethod | EventChannel) => `qm:${method}` as const;

/** Argument schemas, one per invoke method: the main process validates every call with these. */
export const ipcArgs = {
  ...libraryArgs,
  ...charactersArgs,
  ...settingsArgs,
  ...printArgs,
  ...draftsArgs,
  ...deskArgs,
  ...syncArgs,
  ...dropArgs,
  ...packsArgs,
  ...bookingsArgs,
  ...approvalArgs,
} satisfies Record<InvokeMethod, z.ZodTuple>;
