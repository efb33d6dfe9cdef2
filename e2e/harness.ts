// The end-to-end harness: the built renderer in headless Chromium, with the REAL main-process handler
// table (electron/ipc/handlers.ts) bound behind `window.quartermaster`, over a temp library folder.
// Calls cross as one JSON string each way over loopback HTTP (see encodeAnswer), as Electron's IPC
// carries one serialised value.
// Only what Electron itself provides is replaced: native dialogs are scripted, the shell records
// what it was asked, and the page is served over http://127.0.0.1 instead of app://.
import { mkdir, mkdtemp, realpath, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { ipcArgs, type EventChannel, type InvokeMethod, type MenuCommand } from '../core/ipc/contract';
import { createIpcHandlers, type IpcHandlers } from '../electron/ipc/handlers';
import { Library, watchLibrary } from '../electron/library/library';
import { PathGuard } from '../electron/app/paths';
import { createPdfExporter } from '../electron/print/pdf-export';
import { gamePacksFolder, listPacksIn } from '../electron/packs/packs';
import { watchPackFolders } from '../electron/packs/watch';
import { createPrinter } from '../electron/print/print-pack';
import { appGames } from '../electron/packs/games';
import { memoryBacking, openSettings, type SettingsStore } from '../electron/app/settings';
import { scriptedDialogs } from '../electron/testing/handlers';
import { createSyncHandlers } from '../electron/sync/handlers';
import { installPageApi } from './page-api';
import { CHROMIUM, EXAMPLES, RENDERER_DIST, ROOT } from './paths';
import { IPC_PATH, serveRenderer, type IpcCarrier, type StaticServer } from './static-server';

/**
 * An IPC answer as one string, the way Electron carries it: Electron serialises the whole value once
 * (structured clone), sends the bytes and the page deserialises them once. Playwright's marshalling
 * of an object returned from an exposed function walks it value by value in both processes, about
 * nine times slower at the desk's 2 MB answer (bench/ipc-transport.bench.ts), which is why the
 * calls go over the static server instead. `undefined` (the void methods) travels as ''.
 */
export function encodeAnswer(value: unknown): string {
  return value === undefined ? '' : JSON.stringify(value);
}

/** The page's IPC calls (static-server.ts) run the real handlers: JSON arguments in, one JSON answer out. */
export function carryIpc(handlers: IpcHandlers, methods: readonly InvokeMethod[]): IpcCarrier {
  const known = new Set<string>(methods);
  return async (method, args) => {
    if (!known.has(method)) throw new Error(`No handler registered for 'qm:${method}'`);
    const handler = handlers[method as InvokeMethod] as (...a: unknown[]) => Promise<unknown>;
    return encodeAnswer(await handler(...(JSON.parse(args) as unknown[])));
  };
}

export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** The window size the app opens with (electron/app/settings.ts DEFAULT_WINDOW). */
const VIEWPORT = { width: 1200, height: 800 };

export type Harness = {
  page: Page;
  context: BrowserContext;
  url: string;
  /** The temp library folder the app lists. */
  library: string;
  /** The app's game packs folder (userData/packs in the app). */
  packsFolder: string;
  settings: SettingsStore;
  handlers: IpcHandlers;
  /** Files the shell was asked to open (a printed PDF) and to move to the trash. */
  opened: string[];
  trashed: string[];
  /** Answers for the next native dialogs (see electron/testing/handlers.ts scriptedDialogs). */
  dialogs: ReturnType<typeof scriptedDialogs>['queue'];
  /** Console errors, uncaught page errors, CSP violations and failed requests seen so far. */
  problems: string[];
  emit(name: EventChannel, ...args: unknown[]): Promise<void>;
  menu(command: MenuCommand): Promise<void>;
  /**
   * Files the next page load opens at start, as from the command line (grant them first, e.g. by
   * listing the library through `handlers`).
   */
  openAtStart(paths: string[]): Promise<void>;
  close(): Promise<void>;
};

/**
 * `libraryProgressMs`: progress of any listing longer than that (tests that must see it whatever the
 * machine's speed). `locale`: the browser's own locale (the system's, as the page sees it in navigator.languages);
 * en-GB unless a test needs another. `viewport`: the window size, the app's default unless given.
 */
export async function startHarness(options: { libraryProgressMs?: number; locale?: string; viewport?: { width: number; height: number } } = {}): Promise<Harness> {
  const temp = await realpath(await mkdtemp(join(tmpdir(), 'qm-e2e-')));
  const library = join(temp, 'Documents', 'Quartermaster');
  const userData = join(temp, 'chromium');
  const packsFolder = join(temp, 'userData', 'packs');
  // The library folder exists, as it does after the app's first start (the watcher needs it).
  await mkdir(library, { recursive: true });
  await mkdir(packsFolder, { recursive: true });
  const settings = openSettings(memoryBacking({ schemaVersion: 1, libraryFolder: library }), join(temp, 'Documents'));
  const { dialogs, queue } = scriptedDialogs();
  const sharedLibrary = new Library();
  const guard = new PathGuard({ libraryFolder: () => settings.get().libraryFolder, examplesFolder: EXAMPLES });
  const problems: string[] = [];
  const opened: string[] = [];
  const trashed: string[] = [];
  // As in electron/main.ts: printing knows the games of the packs used now.
  const games = appGames();
  const printer = createPrinter(ROOT, { derive: games.derive });

  let page: Page | null = null;
  const emit = async (name: EventChannel, ...args: unknown[]) => {
    if (!page || page.isClosed()) return;
    try {
      await page.evaluate(([n, a]) => (window as unknown as { __qm_emit: (n: string, ...a: unknown[]) => void }).__qm_emit(n, ...a), [name, args] as const);
    } catch {
      // The page was navigating: it lists the library afresh when it loads anyway.
    }
  };

  // As in electron/main.ts: a watcher on the library folder tells the page about changes on disk.
  let stopWatching: () => void = () => undefined;
  const watch = (folder: string) => {
    stopWatching();
    sharedLibrary.stopWarming();
    stopWatching = watchLibrary(folder, () => void emit('libraryChanged'), { onFile: (path) => sharedLibrary.warm(path) });
  };

  // Shared events as in electron/main.ts, with short retry times; arrivals make the page read the folder again.
  const sync = createSyncHandlers({ guard, desk: () => settings.deskIdentity(), link: { backoffMs: 100, maxBackoffMs: 500, heartbeatMs: 200 }, onFolderChanged: () => void emit('libraryChanged') });
  const handlers = createIpcHandlers({
    sync,
    settings,
    dialogs,
    shell: {
      showItemInFolder: () => undefined,
      // The "system trash" is a folder of the temp dir: the file moves there, as to the real trash.
      trashItem: async (p) => {
        const trash = join(temp, 'Trash');
        await mkdir(trash, { recursive: true });
        const to = join(trash, `${trashed.length}-${basename(p)}`);
        await rename(p, to);
        trashed.push(to);
      },
      openPath: async (p) => (opened.push(p), ''),
    },
    now: Date.now,
    examplesFolder: EXAMPLES,
    exportPdf: createPdfExporter(ROOT, { printer }),
    printer,
    onPrintProgress: (progress) => void emit('printProgress', progress),
    onLibraryProgress: (progress) => void emit('libraryProgress', progress),
    onDeskEntries: (update) => void emit('deskEntries', update),
    ...(options.libraryProgressMs !== undefined ? { libraryProgressMs: options.libraryProgressMs } : {}),
    library: sharedLibrary,
    guard,
    onLibraryFolderChanged: watch,
    packsFolder,
  });

  const methods = Object.keys(ipcArgs) as InvokeMethod[];
  const server: StaticServer = await serveRenderer(RENDERER_DIST, carryIpc(handlers, methods));
  let context: BrowserContext;
  try {
    context = await chromium.launchPersistentContext(userData, {
      executablePath: CHROMIUM,
      headless: true,
      args: CHROMIUM_ARGS,
      viewport: options.viewport ?? VIEWPORT,
      locale: options.locale ?? 'en-GB',
      timezoneId: 'UTC',
    });
  } catch (e) {
    await server.close();
    await rm(temp, { recursive: true, force: true });
    throw e;
  }

  await context.exposeFunction('__qm_csp', (text: string) => void problems.push(`CSP violation: ${text}`));
  // Run under tsx (the benchmark), functions carry esbuild's `__name(fn, "name")` calls, which
  // Playwright serialises into the page without the helper: give the page a no-op one.
  await context.addInitScript({ content: 'globalThis.__name = (fn) => fn;' });
  await context.addInitScript(installPageApi, { methods, path: IPC_PATH });

  page = context.pages()[0] ?? (await context.newPage());
  // Well inside the test timeout, so a stuck step reports which locator it waited for.
  page.setDefaultTimeout(10_000);
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('requestfailed', (request) => problems.push(`request failed: ${request.url()} (${request.failure()?.errorText ?? 'unknown'})`));
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`HTTP ${response.status()}: ${response.url()}`);
  });

  watch(library);
  // As in electron/main.ts: the packs folders are watched, and the page told of their packs.
  const listGames = () => listPacksIn(packsFolder, gamePacksFolder(settings.get().libraryFolder)).then((listing) => (games.update(listing), listing));
  await listGames();
  const packWatcher = watchPackFolders([packsFolder, gamePacksFolder(library)], () => {
    void listGames().then((listing) => emit('packsChanged', listing));
  });
  const livePage = page;
  return {
    page: livePage,
    context,
    url: server.url,
    library,
    packsFolder,
    settings,
    handlers,
    dialogs: queue,
    opened,
    trashed,
    problems,
    emit,
    menu: (command) => emit('menuCommand', command),
    async openAtStart(paths) {
      await context.addInitScript((p: string[]) => void ((window as unknown as { __qm_openAtStart?: string[] }).__qm_openAtStart = p), paths);
    },
    async close() {
      stopWatching();
      packWatcher.close();
      await sync.closeAll().catch(() => undefined);
      await context.close().catch(() => undefined);
      await server.close();
      await rm(temp, { recursive: true, force: true });
    },
  };
}
