// The Electron main process: one locked-down window, the menus, the IPC handlers, the library
// watcher, and files opened from outside (command line, double-click, second instance).
// Security settings and where each is enforced are listed in docs/security.md.
import { app, BrowserWindow, crashReporter, dialog, ipcMain, Menu, nativeTheme, protocol, session, shell, type WebContents } from 'electron';
import ElectronStore from 'electron-store';
import { mkdirSync, renameSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { channelOf, type EventChannel, type MenuCommand } from '../core/ipc/contract';
import { filesFromArgv } from './app/argv';
import { DEV_CONTENT_SECURITY_POLICY } from './app/csp';
import { deskFonts } from './desk/desk';
import { sweepStaleTemps } from '../node/fs/files';
import { createIpcHandlers, type Dialogs } from './ipc/handlers';
import { createSyncHandlers } from './sync/handlers';
import { registerIpcHandlers } from './ipc/register';
import { Library, watchLibrary } from './library/library';
import { menuTemplate } from './app/menu';
import { PathGuard } from './app/paths';
import { createPdfExporter } from './print/pdf-export';
import { lazyPrinter } from './print/lazy-printer';
import { APP_SCHEME, APP_URL, serveAppRequest } from './app/protocol';
import { openSettings, type SettingsStore } from './app/settings';
import { carryOverSettings } from './app/carry-over';
import { showCrashReports, startCrashReports } from './app/crash-reports';
import { configureSpelling } from './app/spelling';
import { applyTheme, themeBackground } from './app/theme';
import { createWindow } from './app/window';
import { gamePacksFolder, listPacksIn } from './packs/packs';
import { appGames } from './packs/games';
import { watchPackFolders } from './packs/watch';

const here = dirname(fileURLToPath(import.meta.url));
const appRoot = app.getAppPath();
const rendererRoot = join(appRoot, 'dist', 'renderer');
const examplesFolder = join(appRoot, 'assets', 'examples');
/** `npm run dev` sets this to the Vite dev server; it is ignored in packaged builds. */
const devServerUrl = !app.isPackaged ? process.env.QUARTERMASTER_DEV_SERVER_URL : undefined;
const appUrl = devServerUrl ?? APP_URL;

export const UNSANDBOXED_TITLE = 'Quartermaster needs the sandbox';
export const UNSANDBOXED_MESSAGE =
  'Quartermaster was started with --no-sandbox and does not run without the sandbox.\n\n' +
  'On Ubuntu 24.04 and later this happens when AppArmor has no profile for it: install the .deb ' +
  '(it brings its profile), or install the profile in the README section "Ubuntu 24.04" once, then start it again.';

// Every renderer is sandboxed, whatever its webPreferences say.
app.enableSandbox();
// Minidumps of a crash are written to the crash folder only, never uploaded (electron/app/crash-reports.ts).
startCrashReports(crashReporter);

// codeCache: V8 keeps compiled code of the app's scripts between starts (faster start-up).
protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true } }]);

if (app.commandLine.hasSwitch('no-sandbox')) {
  // Chromium's sandbox is off (the AppImage's launcher adds --no-sandbox where the system refuses
  // user namespaces, as Ubuntu 24.04's AppArmor does): the renderer's protections rest on it, so
  // say what to do instead and stop.
  void app.whenReady().then(() => {
    dialog.showErrorBox(UNSANDBOXED_TITLE, UNSANDBOXED_MESSAGE);
    app.quit();
  });
} else if (!app.requestSingleInstanceLock()) {
  // Another instance is running: it receives our argv through 'second-instance'.
  app.quit();
} else {
  start();
}

function start(): void {
  let window: BrowserWindow | null = null;
  let rendererReady = false;
  const pendingOpens: string[] = [];

  const settings = openStoredSettings();
  // Chromium's own controls (date and time boxes, number inputs) write dates the way of its UI
  // locale, which is fixed at start: the setting reaches them from the next start (the page's own
  // dates follow it at once). The tag was checked and made canonical when the settings were read.
  const { locale } = settings.get();
  if (locale) app.commandLine.appendSwitch('lang', locale);
  // The listing's cache survives restarts; a new version (new rules) checks every file again.
  const library = new Library({ cacheFile: join(app.getPath('userData'), 'library-cache.json'), cacheKey: app.getVersion() });
  const guard = new PathGuard({ libraryFolder: () => settings.get().libraryFolder, examplesFolder });

  const send = (name: EventChannel, ...args: unknown[]) => {
    if (window && !window.isDestroyed()) window.webContents.send(channelOf(name), ...args);
  };

  // Game packs: the app's folder and the library's `packs/`, listed again and sent when a pack file changes.
  const packsFolder = join(app.getPath('userData'), 'packs');
  // Made at start, so that it can be watched (and opened) from the first moment.
  try {
    mkdirSync(packsFolder, { recursive: true });
  } catch {
    /* listPacks says why the folder cannot be made */
  }
  // The games printing knows: the packs used now, listed at start and again with every change.
  const games = appGames();
  const listGames = () => listPacksIn(packsFolder, gamePacksFolder(settings.get().libraryFolder)).then((listing) => (games.update(listing), listing));
  void listGames().catch(() => undefined);
  const packWatcher = watchPackFolders([packsFolder, gamePacksFolder(settings.get().libraryFolder)], () => {
    void listGames().then(
      (listing) => send('packsChanged', listing),
      (e: unknown) => console.warn(`quartermaster: cannot list the game packs: ${(e as Error).message}`),
    );
  });

  let stopWatching = () => undefined as void;
  const watch = (folder: string) => {
    stopWatching();
    packWatcher.retarget([packsFolder, gamePacksFolder(folder)]);
    void listGames().catch(() => undefined);
    // The default library folder does not exist before the first start; a folder must exist to be watched.
    try {
      mkdirSync(folder, { recursive: true });
    } catch {
      /* listLibrary reports why the folder cannot be created */
    }
    library.stopWarming();
    // The files a copy brings are read ahead as they come, so the listing after it is quick.
    stopWatching = watchLibrary(folder, () => send('libraryChanged'), { onFile: (path) => library.warm(path) });
  };

  /** Grants a path from outside the window and hands it to the renderer (queued until it has loaded). */
  const openFromOutside = async (path: string) => {
    try {
      const granted = await guard.grantChosen(path);
      if (rendererReady) send('openFile', granted);
      else pendingOpens.push(granted);
      if (window) {
        if (window.isMinimized()) window.restore();
        window.focus();
      }
    } catch (e) {
      dialog.showErrorBox('Cannot open file', `${path}: ${(e as Error).message}`);
    }
  };

  // Printing (pdf-lib, fontkit) and sharing (PouchDB, the hub) load on first use (electron/main-bundle.test.ts).
  const printer = lazyPrinter(appRoot, { derive: games.derive });
  // Shared events (electron/sync/handlers.ts): their hubs and links end when the app does.
  const sync = createSyncHandlers({ guard, desk: () => settings.deskIdentity(), keyFolder: join(app.getPath('userData'), 'sync'), onFolderChanged: () => send('libraryChanged') });
  const handlers = createIpcHandlers({
    sync,
    settings,
    dialogs: nativeDialogs(() => window),
    shell: { showItemInFolder: (p) => shell.showItemInFolder(p), trashItem: (p) => shell.trashItem(p), openPath: (p) => shell.openPath(p) },
    now: Date.now,
    examplesFolder,
    exportPdf: createPdfExporter(appRoot, { printer }),
    printer,
    onPrintProgress: (progress) => send('printProgress', progress),
    onLibraryProgress: (progress) => send('libraryProgress', progress),
    onDeskEntries: (update) => send('deskEntries', update),
    deskFonts: deskFonts(appRoot),
    library,
    guard,
    onLibraryFolderChanged: watch,
    packsFolder,
  });

  registerIpcHandlers(ipcMain, handlers, { appUrl, webContentsIds: () => (window && !window.isDestroyed() ? [window.webContents.id] : []) }, (method, reason) =>
    console.warn(`quartermaster: refused IPC call ${method}: ${reason}`),
  );

  const rebuildMenu = () => {
    const template = menuTemplate({
      platform: process.platform,
      appName: app.name,
      recentFiles: settings.get().recentFiles,
      dev: devServerUrl !== undefined,
      send: (command: MenuCommand) => send('menuCommand', command),
      openRecent: (path) => void openFromOutside(path),
      clearRecent: () => void settings.update({ recentFiles: [] }),
      theme: settings.get().theme,
      setTheme: (theme) => void settings.update({ theme }),
      spellcheck: settings.get().spellcheck,
      setSpellcheck: (spellcheck) => void settings.update({ spellcheck }),
      showCrashReports: () =>
        void showCrashReports(app.getPath('crashDumps'), (p) => shell.openPath(p)).then((problem) => {
          if (problem) dialog.showErrorBox('Cannot show the crash reports', problem);
        }),
      openHelp: () =>
        void dialog.showMessageBox({
          type: 'info',
          title: `${app.name} Help`,
          message: `${app.name} ${app.getVersion()}`,
          detail: `Your characters are kept in ${settings.get().libraryFolder}.\nEach save keeps the previous 10 versions; restore them from the character's Backups section.`,
        }),
    });
    Menu.setApplicationMenu(Menu.buildFromTemplate(template));
  };
  settings.subscribe(rebuildMenu);

  // macOS: double-clicked files arrive as 'open-file', possibly before 'ready'.
  app.on('open-file', (event, path) => {
    event.preventDefault();
    void openFromOutside(path);
  });
  app.on('second-instance', (_event, argv, workingDirectory) => {
    for (const path of filesFromArgv(argv, workingDirectory)) void openFromOutside(path);
    if (window) {
      if (window.isMinimized()) window.restore();
      window.focus();
    }
  });

  app.on('web-contents-created', (_event, contents) => lockDown(contents));

  app.whenReady().then(() => {
    const ses = session.defaultSession;
    // No permission is ever granted: camera, microphone, notifications, geolocation, HID, serial, …
    ses.setPermissionRequestHandler((_wc, _permission, callback) => callback(false));
    ses.setPermissionCheckHandler(() => false);
    ses.setDevicePermissionHandler(() => false);
    if (devServerUrl) {
      // The dev server's responses get the (relaxed) CSP as a header too.
      ses.webRequest.onHeadersReceived((details, callback) =>
        callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [DEV_CONTENT_SECURITY_POLICY] } }),
      );
    }
    // The built renderer is served only from dist/renderer through app://, with the CSP header.
    protocol.handle(APP_SCHEME, (request) => serveAppRequest(request, rendererRoot));

    const spelling = () => {
      const state = configureSpelling(ses, { enabled: settings.get().spellcheck, platform: process.platform, userData: app.getPath('userData'), locale: app.getLocale() });
      if (!state.enabled && settings.get().spellcheck) console.warn(`quartermaster: spellchecking is off: ${state.reason}`);
    };
    spelling();
    let background = applyTheme(nativeTheme, settings.get().theme);
    let applied = { theme: settings.get().theme, spellcheck: settings.get().spellcheck };
    settings.subscribe((s) => {
      if (s.theme !== applied.theme) background = applyTheme(nativeTheme, s.theme);
      if (s.spellcheck !== applied.spellcheck) spelling();
      applied = { theme: s.theme, spellcheck: s.spellcheck };
    });
    // The system switched between light and dark (or the setting did): the window's background follows.
    nativeTheme.on('updated', () => {
      background = themeBackground(nativeTheme);
      if (window && !window.isDestroyed()) window.setBackgroundColor(background);
    });

    rebuildMenu();
    window = createWindow(settings, { preload: join(here, 'preload.cjs'), devTools: !app.isPackaged, background, Menu });
    window.webContents.on('did-finish-load', () => {
      rendererReady = true;
      for (const path of pendingOpens.splice(0)) send('openFile', path);
    });
    window.webContents.on('did-start-loading', () => {
      rendererReady = false;
    });
    window.on('closed', () => {
      window = null;
    });
    watch(settings.get().libraryFolder);
    // Tidy temp files that a crash or a killed save left behind (they are hidden and never listed).
    void sweepStaleTemps(settings.get().libraryFolder, Date.now());
    for (const path of filesFromArgv(process.argv, process.cwd())) void openFromOutside(path);
    void window.loadURL(appUrl);
  });

  app.on('window-all-closed', () => {
    stopWatching();
    packWatcher.close();
    void sync.closeAll().finally(() => app.quit());
  });
}

/** Every web contents: no navigation away, no new windows, no webviews; http(s) links go to the browser. */
function lockDown(contents: WebContents): void {
  const openOutside = (url: string) => {
    try {
      const u = new URL(url);
      if (u.protocol === 'https:' || u.protocol === 'http:') void shell.openExternal(u.href);
    } catch {
      /* not a URL: ignored */
    }
  };
  contents.on('will-navigate', (event, url) => {
    event.preventDefault();
    openOutside(url);
  });
  contents.on('will-redirect', (event) => event.preventDefault());
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    openOutside(url);
    return { action: 'deny' };
  });
}

function nativeDialogs(parent: () => BrowserWindow | null): Dialogs {
  const characterFilter = [{ name: 'Quartermaster characters', extensions: ['character.json', 'json'] }];
  const withParent = <T>(fn: (w: BrowserWindow) => Promise<T>, fallback: () => Promise<T>) => {
    const w = parent();
    return w ? fn(w) : fallback();
  };
  return {
    async openCharacterFiles({ multiple, defaultPath }) {
      const options: Electron.OpenDialogOptions = {
        title: multiple ? 'Import characters' : 'Open character',
        defaultPath,
        filters: characterFilter,
        properties: multiple ? ['openFile', 'multiSelections'] : ['openFile'],
      };
      const r = await withParent((w) => dialog.showOpenDialog(w, options), () => dialog.showOpenDialog(options));
      return r.canceled ? [] : r.filePaths;
    },
    async saveCharacterFile({ defaultPath }) {
      const options: Electron.SaveDialogOptions = { title: 'Save character as', defaultPath, filters: characterFilter, properties: ['showOverwriteConfirmation'] };
      const r = await withParent((w) => dialog.showSaveDialog(w, options), () => dialog.showSaveDialog(options));
      return r.canceled || !r.filePath ? null : r.filePath;
    },
    async savePdfFile({ defaultPath }) {
      const options: Electron.SaveDialogOptions = { title: 'Export PDF', defaultPath, filters: [{ name: 'PDF', extensions: ['pdf'] }], properties: ['showOverwriteConfirmation'] };
      const r = await withParent((w) => dialog.showSaveDialog(w, options), () => dialog.showSaveDialog(options));
      return r.canceled || !r.filePath ? null : r.filePath;
    },
    async saveCsvFile({ defaultPath }) {
      const options: Electron.SaveDialogOptions = { title: 'Export check-in sheet', defaultPath, filters: [{ name: 'CSV', extensions: ['csv'] }], properties: ['showOverwriteConfirmation'] };
      const r = await withParent((w) => dialog.showSaveDialog(w, options), () => dialog.showSaveDialog(options));
      return r.canceled || !r.filePath ? null : r.filePath;
    },
    async openCsvFile({ defaultPath }) {
      const options: Electron.OpenDialogOptions = { title: 'Import bookings', defaultPath, filters: [{ name: 'CSV', extensions: ['csv', 'txt'] }], properties: ['openFile'] };
      const r = await withParent((w) => dialog.showOpenDialog(w, options), () => dialog.showOpenDialog(options));
      return r.canceled ? null : (r.filePaths[0] ?? null);
    },
    async chooseFolder({ defaultPath, purpose }) {
      const title = purpose === 'event' ? 'Open an event folder' : 'Choose the library folder';
      const options: Electron.OpenDialogOptions = { title, defaultPath, properties: ['openDirectory', 'createDirectory'] };
      const r = await withParent((w) => dialog.showOpenDialog(w, options), () => dialog.showOpenDialog(options));
      return r.canceled ? null : (r.filePaths[0] ?? null);
    },
  };
}

/** The settings file; a damaged one is set aside (renamed, not deleted) and defaults are used. */
function openStoredSettings(): SettingsStore {
  const documents = app.getPath('documents');
  // The settings folder moved with the app's name ("quartermaster" -> "Quartermaster"): carry them over once.
  carryOverSettings(app.getPath('appData'), app.getPath('userData'), (m) => console.warn(m));
  const options = { name: 'settings', clearInvalidConfig: false } as const;
  let store: ElectronStore<Record<string, unknown>>;
  try {
    store = new ElectronStore<Record<string, unknown>>(options);
  } catch (e) {
    const file = join(app.getPath('userData'), 'settings.json');
    const aside = `${file}.damaged-${Date.now()}`;
    try {
      renameSync(file, aside);
    } catch {
      /* nothing to set aside */
    }
    console.warn(`quartermaster: settings file could not be read (${(e as Error).message}); kept as ${aside}, using defaults`);
    store = new ElectronStore<Record<string, unknown>>(options);
  }
  return openSettings(store, documents);
}
