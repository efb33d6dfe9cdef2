// Types the desk's handler files share (electron/desk/desk.ts and the files split from it).
import type { DeskEntries } from '../../core/ipc/contract';
import type { DeskRecordMethod } from './record';
import type { ApprovalMethod } from '../season/approval';
import type { DeskFonts, Dialogs, IpcHandlers } from '../ipc/types';
import type { PathGuard } from '../app/paths';
import type { SettingsStore } from '../app/settings';

/** The invoke methods the desk's handlers provide. */
export type DeskMethod = 'openEventFolder' | 'loadEventFolder' | 'createEvent' | 'appendDeskEntries' | 'exportCheckInSheet' | 'previewReprint' | 'reprintChanged' | 'verifyCard' | 'restoreEventBackup' | 'importBookings' | 'exportCharacters' | DeskRecordMethod | ApprovalMethod;

export type DeskHandlers = Pick<IpcHandlers, DeskMethod>;

export type DeskDeps = {
  guard: PathGuard;
  dialogs: Pick<Dialogs, 'chooseFolder' | 'savePdfFile' | 'saveCsvFile' | 'openCsvFile'>;
  settings: SettingsStore;
  /** Milliseconds since the epoch: print and backup times. */
  now: () => number;
  /** The card and sheet font; defaults to the shipped DejaVu Sans under the app's folder. */
  fonts?: DeskFonts;
  /** Told of entries that reached an open event file from elsewhere (main sends them to the window). */
  onDeskEntries?: (update: DeskEntries) => void;
};
