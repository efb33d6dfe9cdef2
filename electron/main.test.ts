// The main process against a fake `electron` module: checks each security setting main.ts applies
// (docs/security.md points here), the single-instance lock, and files opened from outside.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { character, characterText, tempFolder } from './testing/handlers';
import { ipcArgs } from '../core/ipc/contract';

type Handler = (...args: any[]) => any;

const h = vi.hoisted(() => {
  const emitter = () => {
    const on = new Map<string, Handler[]>();
    return {
      on: (name: string, fn: Handler) => void (on.get(name) ?? on.set(name, []).get(name)!).push(fn),
      once: (name: string, fn: Handler) => void (on.get(name) ?? on.set(name, []).get(name)!).push(fn),
      emit: (name: string, ...args: unknown[]) => (on.get(name) ?? []).map((fn) => fn(...args)),
      listeners: on,
    };
  };
  const state = {
    root: '',
    lock: true,
    calls: [] as string[],
    windows: [] as any[],
    ipc: new Map<string, Handler>(),
    sent: [] as unknown[][],
    external: [] as string[],
    permission: null as Handler | null,
    permissionCheck: null as Handler | null,
    device: null as Handler | null,
    protocols: new Map<string, Handler>(),
    privileged: [] as unknown[],
    menu: null as unknown,
    loaded: [] as string[],
    stores: [] as { store: Record<string, unknown> }[],
    initialStore: {} as Record<string, unknown>,
    crashReporter: [] as unknown[],
    spell: [] as unknown[][],
    popups: [] as { template: any[]; options: unknown }[],
    opened: [] as string[],
    backgrounds: [] as string[],
    windowCalls: [] as string[],
  };
  const nativeTheme = Object.assign(emitter(), { themeSource: 'system', shouldUseDarkColors: false });
  const app = Object.assign(emitter(), {
    name: 'Quartermaster',
    isPackaged: true,
    enableSandbox: () => void state.calls.push('enableSandbox'),
    requestSingleInstanceLock: () => (state.calls.push('requestSingleInstanceLock'), state.lock),
    quit: () => void state.calls.push('quit'),
    getAppPath: () => state.root,
    getPath: (name: string) => join(state.root, `path-${name}`),
    getVersion: () => '0.1.0',
    getLocale: () => 'en-GB',
    commandLine: {
      hasSwitch: (name: string) => name === 'no-sandbox' && (state as { noSandbox?: boolean }).noSandbox === true,
      appendSwitch: (name: string, value?: string) => void state.calls.push(`appendSwitch ${name}=${value}`),
    },
    whenReady: () => (state.calls.push('whenReady'), Promise.resolve()),
  });
  class BrowserWindow {
    options: any;
    webContents: any;
    events = emitter();
    constructor(options: any) {
      this.options = options;
      const wc = emitter();
      this.webContents = Object.assign(wc, {
        id: 7,
        replaceMisspelling: (w: string) => void state.spell.push(['replaceMisspelling', w]),
        session: { addWordToSpellCheckerDictionary: (w: string) => (state.spell.push(['addWord', w]), true) },
        send: (...args: unknown[]) => void state.sent.push(args),
        mainFrame: { url: 'app://quartermaster/index.html' },
      });
      state.windows.push(this);
    }
    on = (n: string, f: Handler) => this.events.on(n, f);
    once = (n: string, f: Handler) => this.events.once(n, f);
    loadURL = async (url: string) => void state.loaded.push(url);
    isDestroyed = () => false;
    isMinimized = () => false;
    restore = () => undefined;
    focus = () => undefined;
    show = () => void state.windowCalls.push('show');
    maximize = () => void state.windowCalls.push('maximize');
    setBackgroundColor = (c: string) => void state.backgrounds.push(c);
    getNormalBounds = () => ({ x: 1, y: 2, width: 1000, height: 700 });
    isMaximized = () => false;
  }
  const electron = {
    app,
    BrowserWindow,
    dialog: { showErrorBox: () => undefined, showMessageBox: async () => ({ response: 0 }), showMessageBoxSync: () => 1, showOpenDialog: async () => ({ canceled: true, filePaths: [] }), showSaveDialog: async () => ({ canceled: true }) },
    ipcMain: { handle: (c: string, f: Handler) => void state.ipc.set(c, f), removeHandler: (c: string) => void state.ipc.delete(c) },
    Menu: {
      buildFromTemplate: (t: any[]) => Object.assign(t, { popup: (options: unknown) => void state.popups.push({ template: t, options }) }),
      setApplicationMenu: (m: unknown) => void (state.menu = m),
    },
    crashReporter: { start: (o: unknown) => void (state.calls.push('crashReporter.start'), state.crashReporter.push(o)) },
    nativeTheme,
    protocol: {
      registerSchemesAsPrivileged: (s: unknown[]) => void state.privileged.push(...s),
      handle: (scheme: string, f: Handler) => void state.protocols.set(scheme, f),
    },
    screen: { getAllDisplays: () => [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }] },
    session: {
      defaultSession: {
        setPermissionRequestHandler: (f: Handler) => void (state.permission = f),
        setPermissionCheckHandler: (f: Handler) => void (state.permissionCheck = f),
        setDevicePermissionHandler: (f: Handler) => void (state.device = f),
        webRequest: { onHeadersReceived: () => undefined },
        setSpellCheckerDictionaryDownloadURL: (u: string) => void state.spell.push(['downloadURL', u]),
        setSpellCheckerEnabled: (on: boolean) => void state.spell.push(['enabled', on]),
        setSpellCheckerLanguages: (l: string[]) => void state.spell.push(['languages', l]),
      },
    },
    shell: { openExternal: async (u: string) => void state.external.push(u), showItemInFolder: () => undefined, trashItem: async () => undefined, openPath: async (p: string) => (state.opened.push(p), '') },
  };
  return { state, electron };
});

vi.mock('electron', () => ({ ...h.electron, default: h.electron }));
vi.mock('electron-store', () => ({
  default: class {
    store: Record<string, unknown> = { ...h.state.initialStore };
    constructor() {
      h.state.stores.push(this);
    }
  },
}));

let cleanup: () => Promise<void>;
let win: any;
const file = () => join(h.state.root, 'outside', 'opened.character.json');

beforeAll(async () => {
  const t = await tempFolder('qm-main-');
  cleanup = t.cleanup;
  h.state.root = t.dir;
  await mkdir(join(t.dir, 'outside'));
  await writeFile(file(), characterText(character({ name: 'From the command line' })));
  // Settings of the app under its old name ("quartermaster"), to be carried over.
  await mkdir(join(t.dir, 'path-appData', 'quartermaster'), { recursive: true });
  await writeFile(join(t.dir, 'path-appData', 'quartermaster', 'settings.json'), '{"paper":"letter"}');
  h.state.initialStore = { schemaVersion: 1, windowBounds: { width: 1000, height: 700, maximized: true }, locale: 'bg-bg' };
  process.argv.push(file());
  await import('./main');
  await new Promise((r) => setTimeout(r, 0));
  win = h.state.windows[0];
});
afterAll(async () => {
  process.argv.splice(process.argv.indexOf(file()), 1);
  await cleanup();
});

describe('main process', () => {
  it('sandboxes every renderer, starts the local crash reporter and takes the single-instance lock', () => {
    expect(h.state.calls.slice(0, 3)).toEqual(['enableSandbox', 'crashReporter.start', 'requestSingleInstanceLock']);
    // Minidumps stay on this computer.
    expect(h.state.crashReporter).toEqual([{ uploadToServer: false, compress: true }]);
    expect(h.state.calls).not.toContain('quit');
  });

  it("gives Chromium the locale setting before it starts, so date boxes write dates that way", () => {
    // 'bg-bg' as stored by hand; the settings make it the canonical tag.
    expect(h.state.calls).toContain('appendSwitch lang=bg-BG');
    expect(h.state.calls.indexOf('appendSwitch lang=bg-BG')).toBeLessThan(h.state.calls.indexOf('whenReady'));
  });

  it('opens one window with isolation, sandbox, no node integration and web security', () => {
    expect(h.state.windows).toHaveLength(1);
    expect(win.options.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      devTools: false,
    });
    expect(win.options.webPreferences.preload).toMatch(/preload\.cjs$/);
  });

  it('loads the page from app:// (served only from dist/renderer, with the CSP header)', async () => {
    expect(h.state.loaded).toEqual(['app://quartermaster/index.html']);
    expect(h.state.privileged).toEqual([{ scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true } }]);
    const serve = h.state.protocols.get('app')!;
    const res: Response = await serve({ url: 'app://quartermaster/missing.html', method: 'GET' });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-security-policy')).toMatch(/^default-src 'self'/);
  });

  it('denies every permission request and check', () => {
    let granted: boolean | undefined;
    h.state.permission!({}, 'media', (g: boolean) => (granted = g));
    expect(granted).toBe(false);
    for (const p of ['notifications', 'geolocation', 'clipboard-read']) {
      h.state.permission!({}, p, (g: boolean) => (granted = g));
      expect(granted).toBe(false);
    }
    expect(h.state.permissionCheck!({}, 'media')).toBe(false);
    expect(h.state.device!({})).toBe(false);
  });

  it('blocks navigation, new windows and webviews; sends http(s) links to the browser only', () => {
    const contents: any = { ...(() => { const on = new Map<string, Handler>(); return { on: (n: string, f: Handler) => void on.set(n, f), handlers: on }; })() };
    let openHandler: Handler = () => undefined;
    contents.setWindowOpenHandler = (f: Handler) => (openHandler = f);
    h.electron.app.emit('web-contents-created', {}, contents);
    const prevented: string[] = [];
    const ev = (name: string) => ({ preventDefault: () => void prevented.push(name) });
    contents.handlers.get('will-navigate')(ev('nav-https'), 'https://example.org/rules');
    contents.handlers.get('will-navigate')(ev('nav-file'), 'file:///etc/passwd');
    contents.handlers.get('will-redirect')(ev('redirect'));
    contents.handlers.get('will-attach-webview')(ev('webview'));
    expect(prevented).toEqual(['nav-https', 'nav-file', 'redirect', 'webview']);
    expect(openHandler({ url: 'http://example.org/' })).toEqual({ action: 'deny' });
    expect(openHandler({ url: 'javascript:alert(1)' })).toEqual({ action: 'deny' });
    expect(openHandler({ url: 'file:///home/u/x.html' })).toEqual({ action: 'deny' });
    expect(h.state.external).toEqual(['https://example.org/rules', 'http://example.org/']);
  });

  it('registers every IPC method and refuses calls from other pages', async () => {
    expect(h.state.ipc.size).toBe(Object.keys(ipcArgs).length);
    const getSettings = h.state.ipc.get('qm:getSettings')!;
    const own = { sender: win.webContents, senderFrame: win.webContents.mainFrame };
    expect(await getSettings(own)).toMatchObject({ paper: 'a4', libraryFolder: join(h.state.root, 'path-documents', 'Quartermaster') });
    const foreignFrame = { url: 'https://evil.example/' };
    await expect(getSettings({ sender: { ...win.webContents, mainFrame: foreignFrame }, senderFrame: foreignFrame })).rejects.toThrow(/not the app page/);
  });

  it('hands files from the command line and a second instance to the page once it has loaded', async () => {
    expect(h.state.sent.filter((s) => s[0] === 'qm:openFile')).toEqual([]);
    win.webContents.emit('did-finish-load');
    expect(h.state.sent.filter((s) => s[0] === 'qm:openFile')).toEqual([['qm:openFile', file()]]);
    h.electron.app.emit('second-instance', {}, ['/opt/quartermaster', 'opened.character.json'], join(h.state.root, 'outside'));
    // The second instance's file is handed on asynchronously (openFromOutside): wait until it is sent, not a fixed time.
    await vi.waitFor(() => expect(h.state.sent.filter((s) => s[0] === 'qm:openFile')).toHaveLength(2), { timeout: 5_000 });
    // The page may now open it: the path was granted.
    const open = h.state.ipc.get('qm:openCharacter')!;
    const result = await open({ sender: win.webContents, senderFrame: win.webContents.mainFrame }, { path: file() });
    expect(result.ok && result.opened.character.name).toBe('From the command line');
  });

  it('builds the application menu and remembers the window bounds on close', () => {
    expect((h.state.menu as { label?: string }[]).map((m) => m.label)).toEqual(['&File', '&Edit', '&View', '&Help']);
    win.events.emit('close');
    expect(h.state.stores).toHaveLength(1);
    expect(h.state.stores[0]!.store.windowBounds).toEqual({ x: 1, y: 2, width: 1000, height: 700, maximized: false });
  });

  it('carries the settings over from the old app name', async () => {
    const { readFile } = await import('node:fs/promises');
    expect(await readFile(join(h.state.root, 'path-userData', 'settings.json'), 'utf8')).toBe('{"paper":"letter"}');
  });

  it('shows the window maximised only once it has drawn, on the theme\'s background', () => {
    expect(win.options.show).toBe(false);
    expect(win.options.backgroundColor).toBe('#ffffff');
    expect(h.state.windowCalls).toEqual([]);
    win.events.emit('ready-to-show');
    expect(h.state.windowCalls).toEqual(['maximize', 'show']);
  });

  it('follows the system theme, or the setting; the window background follows', () => {
    const theme = h.electron.nativeTheme;
    expect(theme.themeSource).toBe('system');
    const view = (h.state.menu as any[]).find((m) => m.label === '&View');
    const appearance = view.submenu.find((i: any) => i.label === 'Appearance');
    expect(appearance.submenu.map((i: any) => [i.label, i.checked])).toEqual([['Same as the System', true], ['Light', false], ['Dark', false]]);
    appearance.submenu[2].click();
    expect(theme.themeSource).toBe('dark');
    expect(h.state.stores[0]!.store.theme).toBe('dark');
    // The system (here: the setting) now draws dark: the window background follows.
    theme.shouldUseDarkColors = true;
    theme.emit('updated');
    expect(h.state.backgrounds).toEqual(['#16181c']);
    const rebuilt = (h.state.menu as any[]).find((m) => m.label === '&View').submenu.find((i: any) => i.label === 'Appearance');
    expect(rebuilt.submenu.map((i: any) => i.checked)).toEqual([false, false, true]);
  });

  it('never downloads dictionaries: loopback download address; on Linux without a local dictionary spellchecking is off', () => {
    expect(h.state.spell[0]).toEqual(['downloadURL', 'http://127.0.0.1:9/no-dictionary-downloads/']);
    if (process.platform === 'linux') expect(h.state.spell).toContainEqual(['enabled', false]);
  });

  it('offers spelling suggestions, Add to Dictionary and Cut/Copy/Paste on right-click', () => {
    const params = { misspelledWord: 'Borislav', dictionarySuggestions: ['Boris lav', 'Bratislava'], isEditable: true, selectionText: '', editFlags: { canCut: false, canCopy: false, canPaste: true, canSelectAll: true } };
    win.webContents.emit('context-menu', {}, params);
    const { template } = h.state.popups.at(-1)!;
    expect(template.map((i: any) => i.label ?? i.role ?? i.type)).toEqual(['Boris lav', 'Bratislava', 'separator', 'Add to Dictionary', 'separator', 'cut', 'copy', 'paste', 'separator', 'selectAll']);
    expect(template.filter((i: any) => i.role).map((i: any) => i.enabled)).toEqual([false, false, true, true]);
    template[1].click();
    template[3].click();
    expect(h.state.spell.slice(-2)).toEqual([['replaceMisspelling', 'Bratislava'], ['addWord', 'Borislav']]);
  });

  it('opens the local crash folder from Help > Show Crash Reports', async () => {
    const help = (h.state.menu as any[]).find((m) => m.label === '&Help');
    help.submenu.find((i: any) => i.label === 'Show Crash Reports').click();
    await new Promise((r) => setTimeout(r, 10));
    expect(h.state.opened).toEqual([join(h.state.root, 'path-crashDumps')]);
  });

  it('refuses to run without the sandbox (an AppImage launcher adding --no-sandbox), saying what to do', async () => {
    const shown: string[] = [];
    const before = { windows: h.state.windows.length, quits: h.state.calls.filter((c) => c === 'quit').length };
    (h.electron.dialog as { showErrorBox: (title: string, message: string) => void }).showErrorBox = (title, message) => void shown.push(`${title}: ${message}`);
    (h.state as { noSandbox?: boolean }).noSandbox = true;
    vi.resetModules();
    await import('./main');
    await new Promise((r) => setTimeout(r, 0));
    (h.state as { noSandbox?: boolean }).noSandbox = false;
    expect(shown).toHaveLength(1);
    expect(shown[0]).toMatch(/needs the sandbox: .*--no-sandbox.*Ubuntu 24\.04.*AppArmor/s);
    expect(h.state.calls.filter((c) => c === 'quit')).toHaveLength(before.quits + 1);
    expect(h.state.windows.length).toBe(before.windows);
  });

  it('quits at once when another instance holds the lock', async () => {
    h.state.lock = false;
    const before = { windows: h.state.windows.length, stores: h.state.stores.length };
    vi.resetModules();
    await import('./main');
    await new Promise((r) => setTimeout(r, 0));
    expect(h.state.calls.filter((c) => c === 'quit')).toEqual(['quit', 'quit']); // this one, and the no-sandbox one before
    expect(h.state.windows.length).toBe(before.windows);
    expect(h.state.stores.length).toBe(before.stores);
  });
});
