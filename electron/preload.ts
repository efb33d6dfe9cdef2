// The preload script: puts `window.quartermaster` in the page through contextBridge. It exposes
// named methods only (never ipcRenderer, never a channel string, never the IPC event object), and
// the object satisfies the contract type. Bundled as CommonJS (sandboxed preloads cannot be ESM);
// it imports nothing at run time but electron, so zod and the core stay out of the page.
import { contextBridge, ipcRenderer, webUtils } from 'electron';
import type { DeskEntries, EventChannel, InvokeMethod, LibraryProgress, MenuCommand, PacksListing, PrintProgress, QuartermasterApi } from '../core/ipc/contract';

/** The same channel names as `channelOf` in the contract (a test checks they agree). */
export const channel = (name: InvokeMethod | EventChannel) => `qm:${name}` as const;

const invoke =
  <M extends InvokeMethod>(method: M) =>
  (...args: Parameters<QuartermasterApi[M]>) =>
    ipcRenderer.invoke(channel(method), ...args) as ReturnType<QuartermasterApi[M]>;

function subscribe<T extends unknown[]>(name: EventChannel, listener: (...args: T) => void): () => void {
  const handler = (_event: unknown, ...args: unknown[]) => listener(...(args as T));
  ipcRenderer.on(channel(name), handler);
  return () => void ipcRenderer.removeListener(channel(name), handler);
}

const MENU_COMMANDS: readonly MenuCommand[] = ['new', 'open', 'save', 'save-as', 'export-pdf', 'show-in-folder', 'undo', 'redo', 'print-event-pack', 'event-desk', 'games'];

// Files to open can arrive before the page subscribes (command line, double-click at start-up):
// they wait here and are delivered to the first subscriber.
const pendingOpens: string[] = [];
const openListeners = new Set<(path: string) => void>();
ipcRenderer.on(channel('openFile'), (_event: unknown, path: unknown) => {
  if (typeof path !== 'string') return;
  if (openListeners.size === 0) pendingOpens.push(path);
  else for (const l of openListeners) l(path);
});

// Paths read from dropped File objects (pathForFile). grantDropped passes on only these, so a page
// script cannot have a path granted that the user did not drop: a File made by a script has no path.
const droppedPaths = new Set<string>();

export const api = {
  listLibrary: invoke('listLibrary'),
  chooseLibraryFolder: invoke('chooseLibraryFolder'),
  newCharacter: invoke('newCharacter'),
  openCharacter: invoke('openCharacter'),
  openCharacterDialog: invoke('openCharacterDialog'),
  openExamples: invoke('openExamples'),
  saveCharacter: invoke('saveCharacter'),
  saveCharacterAs: invoke('saveCharacterAs'),
  duplicateCharacter: invoke('duplicateCharacter'),
  renameCharacter: invoke('renameCharacter'),
  deleteCharacter: invoke('deleteCharacter'),
  importCharacters: invoke('importCharacters'),
  listBackups: invoke('listBackups'),
  restoreBackup: invoke('restoreBackup'),
  showInFolder: invoke('showInFolder'),
  getSettings: invoke('getSettings'),
  setSettings: invoke('setSettings'),
  exportPdf: invoke('exportPdf'),
  saveDraft: invoke('saveDraft'),
  listDrafts: invoke('listDrafts'),
  discardDraft: invoke('discardDraft'),
  saveSession: invoke('saveSession'),
  loadSession: invoke('loadSession'),
  discardSession: invoke('discardSession'),
  previewPrint: invoke('previewPrint'),
  printPack: invoke('printPack'),
  printCalibration: invoke('printCalibration'),
  cancelPrint: invoke('cancelPrint'),
  openEventFolder: invoke('openEventFolder'),
  loadEventFolder: invoke('loadEventFolder'),
  createEvent: invoke('createEvent'),
  appendDeskEntries: invoke('appendDeskEntries'),
  exportCheckInSheet: invoke('exportCheckInSheet'),
  importBookings: invoke('importBookings'),
  exportCharacters: invoke('exportCharacters'),
  previewReprint: invoke('previewReprint'),
  reprintChanged: invoke('reprintChanged'),
  giveNewId: invoke('giveNewId'),
  verifyCard: invoke('verifyCard'),
  recordDesk: invoke('recordDesk'),
  transferItem: invoke('transferItem'),
  newCharacterAfterDeath: invoke('newCharacterAfterDeath'),
  closeEvent: invoke('closeEvent'),
  restoreEventBackup: invoke('restoreEventBackup'),
  approvalQueue: invoke('approvalQueue'),
  approvalDetail: invoke('approvalDetail'),
  approveCharacter: invoke('approveCharacter'),
  sendBackCharacter: invoke('sendBackCharacter'),
  addToInbox: invoke('addToInbox'),
  shareEvent: invoke('shareEvent'),
  joinEvent: invoke('joinEvent'),
  stopSync: invoke('stopSync'),
  syncStatus: invoke('syncStatus'),
  resolveSyncConflict: invoke('resolveSyncConflict'),
  lanAddresses: invoke('lanAddresses'),
  listPacks: invoke('listPacks'),
  openPacksFolder: invoke('openPacksFolder'),
  grantDropped(args) {
    const paths: unknown = args?.paths;
    if (!Array.isArray(paths) || !paths.every((p) => typeof p === 'string' && droppedPaths.has(p))) {
      return Promise.reject(new Error('grantDropped: only paths of files dropped on the window (pathForFile) can be granted'));
    }
    for (const p of paths) droppedPaths.delete(p);
    return invoke('grantDropped')(args);
  },
  pathForFile(file: File) {
    const path = webUtils.getPathForFile(file);
    if (path) droppedPaths.add(path);
    return path;
  },
  onLibraryChanged: (listener: () => void) => subscribe('libraryChanged', () => listener()),
  onMenuCommand: (listener: (command: MenuCommand) => void) =>
    subscribe<[unknown]>('menuCommand', (command) => {
      if (typeof command === 'string' && (MENU_COMMANDS as readonly string[]).includes(command)) listener(command as MenuCommand);
    }),
  onPrintProgress: (listener: (progress: PrintProgress) => void) =>
    subscribe<[unknown]>('printProgress', (p) => {
      const v = p as Partial<PrintProgress> | null;
      if (v && typeof v === 'object' && typeof v.phase === 'string' && typeof v.done === 'number' && typeof v.total === 'number') listener({ phase: v.phase, done: v.done, total: v.total });
    }),
  onLibraryProgress: (listener: (progress: LibraryProgress) => void) =>
    subscribe<[unknown]>('libraryProgress', (p) => {
      const v = p as Partial<LibraryProgress> | null;
      if (v && typeof v === 'object' && typeof v.folder === 'string' && typeof v.done === 'number' && typeof v.total === 'number') listener({ folder: v.folder, done: v.done, total: v.total });
    }),
  onDeskEntries: (listener: (update: DeskEntries) => void) =>
    subscribe<[unknown]>('deskEntries', (u) => {
      const v = u as Partial<DeskEntries> | null;
      if (v && typeof v === 'object' && typeof v.eventFile === 'string' && Array.isArray(v.entries)) listener({ eventFile: v.eventFile, entries: v.entries });
    }),
  onPacksChanged: (listener: (listing: PacksListing) => void) =>
    subscribe<[unknown]>('packsChanged', (l) => {
      const v = l as Partial<PacksListing> | null;
      if (v && typeof v === 'object' && Array.isArray(v.packs) && Array.isArray(v.problems)) listener(v as PacksListing);
    }),
  onOpenFile(listener: (path: string) => void) {
    openListeners.add(listener);
    for (const path of pendingOpens.splice(0)) listener(path);
    return () => void openListeners.delete(listener);
  },
} satisfies QuartermasterApi;

contextBridge.exposeInMainWorld('quartermaster', api);
