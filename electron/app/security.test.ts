// Electron's security checklist, the items electron/main.test.ts does not already pin down (see the
// table in docs/security.md): the exact web preferences, the dev server ignored in a packaged app,
// every IPC channel refusing foreign senders, every permission denied, only http(s) handed to the
// system browser, no remote content, the fuses, a pinned supported Electron, and the project's
// security scan (scripts/security-scan.mjs) failing on each pattern it refuses. Electron itself is a
// fake module, as in main.test.ts (its binary cannot run here).
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ipcArgs } from '../../core/ipc/contract';
import { APP_URL } from './protocol';
import { tempFolder } from '../testing/handlers';

type Handler = (...args: any[]) => any;

const h = vi.hoisted(() => {
  const emitter = () => {
    const on = new Map<string, Handler[]>();
    return {
      on: (name: string, fn: Handler) => void (on.get(name) ?? on.set(name, []).get(name)!).push(fn),
      once: (name: string, fn: Handler) => void (on.get(name) ?? on.set(name, []).get(name)!).push(fn),
      emit: (name: string, ...args: unknown[]) => (on.get(name) ?? []).map((fn) => fn(...args)),
    };
  };
  const state = {
    root: '',
    packaged: true,
    windows: [] as any[],
    ipc: new Map<string, Handler>(),
    external: [] as string[],
    dialogs: [] as string[],
    trashed: [] as string[],
    shown: [] as string[],
    permission: null as Handler | null,
    permissionCheck: null as Handler | null,
    device: null as Handler | null,
    loaded: [] as string[],
    headers: [] as Handler[],
    stores: [] as { store: Record<string, unknown> }[],
  };
  const app = Object.assign(emitter(), {
    name: 'Quartermaster',
    enableSandbox: () => undefined,
    requestSingleInstanceLock: () => true,
    quit: () => undefined,
    getAppPath: () => state.root,
    getPath: (name: string) => `${state.root}/path-${name}`,
    getVersion: () => '0.1.0',
    getLocale: () => 'en-GB',
    commandLine: { hasSwitch: (name: string) => name === 'no-sandbox' && (state as { noSandbox?: boolean }).noSandbox === true },
    whenReady: () => Promise.resolve(),
  });
  // A getter (Object.assign would copy a getter's value once).
  Object.defineProperty(app, 'isPackaged', { get: () => state.packaged });
  class BrowserWindow {
    options: any;
    webContents: any;
    events = emitter();
    constructor(options: any) {
      this.options = options;
      const mainFrame = { url: 'app://quartermaster/index.html', parent: null, frameTreeNodeId: 1 };
      this.webContents = Object.assign(emitter(), { id: 7, send: () => undefined, mainFrame });
      state.windows.push(this);
    }
    on = (n: string, f: Handler) => this.events.on(n, f);
    once = (n: string, f: Handler) => this.events.once(n, f);
    loadURL = async (url: string) => void state.loaded.push(url);
    isDestroyed = () => false;
    isMinimized = () => false;
    restore = () => undefined;
    focus = () => undefined;
    show = () => undefined;
    maximize = () => undefined;
    getNormalBounds = () => ({ x: 0, y: 0, width: 1000, height: 700 });
    isMaximized = () => false;
  }
  const record = (what: string) => async () => (state.dialogs.push(what), { canceled: true, filePaths: [] });
  const electron = {
    app,
    BrowserWindow,
    dialog: { showErrorBox: () => undefined, showMessageBox: record('message'), showMessageBoxSync: () => 1, showOpenDialog: record('open'), showSaveDialog: record('save') },
    ipcMain: { handle: (c: string, f: Handler) => void state.ipc.set(c, f), removeHandler: (c: string) => void state.ipc.delete(c) },
    Menu: { buildFromTemplate: (t: unknown) => t, setApplicationMenu: () => undefined },
    crashReporter: { start: () => undefined },
    nativeTheme: Object.assign(emitter(), { themeSource: 'system', shouldUseDarkColors: false }),
    protocol: { registerSchemesAsPrivileged: () => undefined, handle: () => undefined },
    screen: { getAllDisplays: () => [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }] },
    session: {
      defaultSession: {
        setPermissionRequestHandler: (f: Handler) => void (state.permission = f),
        setPermissionCheckHandler: (f: Handler) => void (state.permissionCheck = f),
        setDevicePermissionHandler: (f: Handler) => void (state.device = f),
        webRequest: { onHeadersReceived: (f: Handler) => void state.headers.push(f) },
        setSpellCheckerDictionaryDownloadURL: () => undefined,
        setSpellCheckerEnabled: () => undefined,
        setSpellCheckerLanguages: () => undefined,
      },
    },
    shell: {
      openExternal: async (u: string) => void state.external.push(u),
      showItemInFolder: (p: string) => void state.shown.push(p),
      trashItem: async (p: string) => void state.trashed.push(p),
    },
  };
  return { state, electron };
});

vi.mock('electron', () => ({ ...h.electron, default: h.electron }));
vi.mock('electron-store', () => ({
  default: class {
    store: Record<string, unknown> = {};
    constructor() {
      h.state.stores.push(this);
    }
  },
}));

/** Loads main.ts afresh (packaged or not, with or without a dev server URL in the environment). */
async function startMain(options: { packaged: boolean; devServer?: string }) {
  h.state.packaged = options.packaged;
  h.state.windows.length = 0;
  h.state.ipc.clear();
  h.state.loaded.length = 0;
  h.state.headers.length = 0;
  if (options.devServer === undefined) delete process.env.QUARTERMASTER_DEV_SERVER_URL;
  else process.env.QUARTERMASTER_DEV_SERVER_URL = options.devServer;
  vi.resetModules();
  await import('../main');
  await new Promise((r) => setTimeout(r, 0));
  return h.state.windows[0];
}

let cleanup: () => Promise<void>;
beforeAll(async () => {
  const t = await tempFolder('qm-security-');
  cleanup = t.cleanup;
  h.state.root = t.dir;
});
afterAll(async () => {
  delete process.env.QUARTERMASTER_DEV_SERVER_URL;
  await cleanup();
});

describe('Electron checklist: the window', () => {
  it('has exactly the reviewed web preferences: isolation, sandbox, no Node, web security, no Blink features, no webviews', async () => {
    const win = await startMain({ packaged: true });
    const { preload, ...rest } = win.options.webPreferences;
    expect(preload).toMatch(/preload\.cjs$/);
    // Every key is listed: a preference added later must be reviewed here (and in docs/security.md).
    expect(rest).toEqual({
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
      disableBlinkFeatures: 'Auxclick',
      safeDialogs: true,
      spellcheck: true,
      devTools: false,
    });
  });

  it('loads only app:// in a packaged app, whatever the environment says; the dev server only in development', async () => {
    await startMain({ packaged: true, devServer: 'http://evil.example:5173/' });
    expect(h.state.loaded).toEqual([APP_URL]);
    expect(h.state.headers).toEqual([]);
    // The same start, not packaged: the dev server is used (so the check above can fail).
    const win = await startMain({ packaged: false, devServer: 'http://127.0.0.1:5173/' });
    expect(h.state.loaded).toEqual(['http://127.0.0.1:5173/']);
    expect(win.options.webPreferences.devTools).toBe(true);
    await startMain({ packaged: true });
  });
});

describe('Electron checklist: permissions and navigation', () => {
  // Every permission name Electron's session handlers can be asked about.
  const PERMISSIONS = [
    'clipboard-read', 'clipboard-sanitized-write', 'display-capture', 'fullscreen', 'geolocation', 'idle-detection', 'media', 'mediaKeySystem',
    'midi', 'midiSysex', 'notifications', 'pointerLock', 'keyboardLock', 'openExternal', 'speaker-selection', 'storage-access',
    'top-level-storage-access', 'window-management', 'unknown', 'fileSystem', 'hid', 'serial', 'usb', 'background-sync',
  ];

  it('denies every permission request, check and device request', async () => {
    await startMain({ packaged: true });
    for (const permission of PERMISSIONS) {
      const answers: boolean[] = [];
      h.state.permission!({ getURL: () => APP_URL }, permission, (granted: boolean) => answers.push(granted), { requestingUrl: APP_URL, isMainFrame: true });
      expect(answers, permission).toEqual([false]);
      expect(h.state.permissionCheck!({ getURL: () => APP_URL }, permission, APP_URL, { isMainFrame: true }), permission).toBe(false);
    }
    for (const deviceType of ['hid', 'serial', 'usb']) expect(h.state.device!({ deviceType, origin: 'app://quartermaster' })).toBe(false);
  });

  it('blocks every navigation and new window, handing only http(s) URLs to the system browser', async () => {
    await startMain({ packaged: true });
    h.state.external.length = 0;
    const handlers = new Map<string, Handler>();
    let openHandler: Handler = () => undefined;
    const contents = { on: (n: string, f: Handler) => void handlers.set(n, f), setWindowOpenHandler: (f: Handler) => void (openHandler = f) };
    h.electron.app.emit('web-contents-created', {}, contents);
    const urls = [
      'https://example.org/rules',
      'HTTP://EXAMPLE.ORG/UPPER',
      'javascript:alert(1)',
      'file:///etc/passwd',
      'file://server/share/evil.exe',
      'smb://server/share',
      'ms-msdt:/id PCWDiagnostic',
      'vbscript:msgbox',
      'data:text/html,<script>alert(1)</script>',
      'mailto:someone@example.org',
      'app://quartermaster/index.html',
      '\\\\server\\share\\evil.exe',
      'not a url',
      '',
    ];
    let prevented = 0;
    for (const url of urls) {
      handlers.get('will-navigate')!({ preventDefault: () => prevented++ }, url);
      expect(openHandler({ url }), url).toEqual({ action: 'deny' });
    }
    handlers.get('will-redirect')!({ preventDefault: () => prevented++ }, 'https://example.org/');
    handlers.get('will-attach-webview')!({ preventDefault: () => prevented++ }, {}, {});
    expect(prevented).toBe(urls.length + 2);
    // Each http(s) URL twice (navigation and window.open), normalised by the URL parser; nothing else.
    expect(h.state.external).toEqual(['https://example.org/rules', 'https://example.org/rules', 'http://example.org/UPPER', 'http://example.org/UPPER']);
  });
});

describe('Electron checklist: IPC senders', () => {
  it('refuses every channel to a sub-frame, another window, another page and a gone frame, running nothing', async () => {
    const win = await startMain({ packaged: true });
    expect([...h.state.ipc.keys()].sort()).toEqual(Object.keys(ipcArgs).map((m) => `qm:${m}`).sort());
    h.state.dialogs.length = 0;
    const own = win.webContents;
    const foreign: [string, unknown][] = [
      ['sub-frame', { sender: own, senderFrame: { url: APP_URL, parent: own.mainFrame, frameTreeNodeId: 2 } }],
      ['other window', { sender: { ...own, id: 8 }, senderFrame: own.mainFrame }],
      ['other page', { sender: { ...own, mainFrame: { url: 'https://evil.example/', parent: null, frameTreeNodeId: 1 } }, senderFrame: { url: 'https://evil.example/', parent: null, frameTreeNodeId: 1 } }],
      ['file page', { sender: own, senderFrame: { url: 'file:///tmp/evil.html', parent: null, frameTreeNodeId: 1 } }],
      ['gone frame', { sender: own, senderFrame: null }],
    ];
    const settingsBefore = await h.state.ipc.get('qm:getSettings')!({ sender: own, senderFrame: own.mainFrame });
    // Each refusal is logged by the main process.
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    for (const [channel, handle] of h.state.ipc) {
      for (const [what, event] of foreign) {
        // Arguments that would be valid, so only the sender decides.
        await expect(handle(event, { path: '/x', paper: 'letter' }), `${channel} from ${what}`).rejects.toThrow(/call refused because/);
      }
    }
    expect(warn).toHaveBeenCalledTimes(h.state.ipc.size * foreign.length);
    warn.mockRestore();
    expect(h.state.dialogs).toEqual([]);
    expect(h.state.trashed).toEqual([]);
    expect(h.state.shown).toEqual([]);
    expect(await h.state.ipc.get('qm:getSettings')!({ sender: own, senderFrame: own.mainFrame })).toEqual(settingsBefore);
  });
});

describe('Electron checklist: no remote content', () => {
  const sources = async (folder: string, keep: (name: string) => boolean) => {
    const out: [string, string][] = [];
    for (const rel of (await readdir(new URL(`../../${folder}/`, import.meta.url), { recursive: true })).map(String)) {
      if (keep(rel) && !/\.test\.tsx?$/.test(rel) && !rel.split('/').includes('testing')) out.push([`${folder}/${rel}`, await readFile(new URL(`../../${folder}/${rel}`, import.meta.url), 'utf8')]);
    }
    return out;
  };

  it('the page loads its scripts and styles from the app only, and its code opens no connection', async () => {
    const html = await readFile(new URL('../../renderer/index.html', import.meta.url), 'utf8');
    // Relative URLs only (a `data:` URL is inline, not fetched: the empty favicon).
    for (const [, url] of html.matchAll(/(?:src|href)="([^"]*)"/g)) expect(url, url).not.toMatch(/^((?!data:)[a-z]+:|\/\/)/i);
    for (const [file, text] of await sources('renderer', (n) => /\.(tsx?|html)$/.test(n))) {
      expect(text, file).not.toMatch(/\bfetch\(|XMLHttpRequest|WebSocket|EventSource|navigator\.sendBeacon|importScripts/);
      expect(text, file).not.toMatch(/(?:src|href)=["'`]https?:/);
    }
  });

  it('the main process fetches nothing from the network and loads only the app URL', async () => {
    for (const [file, text] of await sources('electron', (n) => n.endsWith('.ts') && n !== 'testing.ts' && !n.startsWith('testing/'))) {
      expect(text, file).not.toMatch(/\bnet\.(request|fetch)|\bfetch\(|https?\.(get|request)\(|require\(['"]https?['"]\)|from ['"]node:https?['"]/);
      for (const [, arg] of text.matchAll(/\.loadURL\(([^)]*)\)/g)) expect(arg, file).toBe('appUrl');
    }
  });
});

describe('Electron checklist: fuses and version', () => {
  it('flips the fuses in the builder config: no run-as-node, no NODE_OPTIONS, no inspector, asar only and checked, cookies encrypted', async () => {
    const yml = await readFile(new URL('../../electron-builder.yml', import.meta.url), 'utf8');
    const block = /^electronFuses:\n((?:[ \t]+.*\n)+)/m.exec(yml)?.[1] ?? '';
    const fuses = Object.fromEntries([...block.matchAll(/^\s+(\w+):\s*(true|false)\s*$/gm)].map((m) => [m[1], m[2] === 'true']));
    expect(fuses).toEqual({
      runAsNode: false,
      enableCookieEncryption: true,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      loadBrowserProcessSpecificV8Snapshot: false,
      grantFileProtocolExtraPrivileges: false,
    });
    expect(yml).toMatch(/^asar: true$/m);
  });

  it('pins Electron exactly to a release of a supported major', async () => {
    // Electron supports its newest three majors. When this was last checked (November 2026) the
    // newest was 45, so 43 to 45 were supported; raise SUPPORTED_FROM with every upgrade.
    const SUPPORTED_FROM = 43;
    const pkg = JSON.parse(await readFile(new URL('../../package.json', import.meta.url), 'utf8'));
    const pinned: string = pkg.devDependencies.electron;
    expect(pinned, 'an exact version, not a range').toMatch(/^\d+\.\d+\.\d+$/);
    const installed = JSON.parse(await readFile(new URL('../../node_modules/electron/package.json', import.meta.url), 'utf8')).version;
    expect(installed).toBe(pinned);
    expect(Number(pinned.split('.')[0])).toBeGreaterThanOrEqual(SUPPORTED_FROM);
  });
});

describe('security scan (scripts/security-scan.mjs)', () => {
  type Finding = { check: string; file: string; line: number; message: string };
  type Result = { ok: boolean; failing: Finding[]; excused: Finding[] };
  type Scan = {
    CHECKS: Record<string, string>;
    stage(): Promise<{ dir: string; cleanup(): Promise<void> }>;
    scan(folder?: string): Promise<Result>;
    formatReport(r: Result): string;
  };
  const load = () => import(/* @vite-ignore */ new URL('../../scripts/security-scan.mjs', import.meta.url).href) as Promise<Scan>;

  /** An edit of one staged file, and the text that marks the line the scan must name. */
  type Case = { check: string; file: string; edit: (text: string) => string; mark: string };
  const swap = (from: string, to: string) => (text: string) => {
    expect(text, from).toContain(from);
    return text.replace(from, to);
  };
  const append = (line: string) => (text: string) => `${text.trimEnd()}\n${line}\n`;
  const REVIEWED_OPEN = "if (u.protocol === 'https:' || u.protocol === 'http:') void shell.openExternal(u.href);";
  const CASES: [string, Case][] = [
    ['nodeIntegrationInSubFrames: true', { check: 'node-integration', file: 'electron/app/window.ts', edit: swap('nodeIntegrationInSubFrames: false', 'nodeIntegrationInSubFrames: true'), mark: 'nodeIntegrationInSubFrames: true' }],
    ['nodeIntegration set in will-attach-webview', { check: 'node-integration', file: 'electron/main.ts', edit: append("app.on('web-contents-created', (_e, c) => c.on('will-attach-webview', (_ev, webPreferences) => { webPreferences.nodeIntegration = true; }));"), mark: 'webPreferences.nodeIntegration = true' }],
    ['contextIsolation: false', { check: 'context-isolation', file: 'electron/app/window.ts', edit: swap('contextIsolation: true', 'contextIsolation: false'), mark: 'contextIsolation: false' }],
    ['sandbox: false', { check: 'sandbox', file: 'electron/app/window.ts', edit: swap('sandbox: true', 'sandbox: false'), mark: 'sandbox: false' }],
    ['webSecurity: false', { check: 'web-security', file: 'electron/app/window.ts', edit: swap('webSecurity: true', 'webSecurity: false'), mark: 'webSecurity: false' }],
    ['allowRunningInsecureContent: true', { check: 'insecure-content', file: 'electron/app/window.ts', edit: swap('allowRunningInsecureContent: false', 'allowRunningInsecureContent: true'), mark: 'allowRunningInsecureContent: true' }],
    ['experimentalFeatures: true', { check: 'experimental-features', file: 'electron/app/window.ts', edit: swap('experimentalFeatures: false', 'experimentalFeatures: true'), mark: 'experimentalFeatures: true' }],
    ['enableBlinkFeatures', { check: 'blink-features', file: 'electron/app/window.ts', edit: swap("disableBlinkFeatures: 'Auxclick',", "disableBlinkFeatures: 'Auxclick',\n      enableBlinkFeatures: 'CSSPseudoHas',"), mark: 'enableBlinkFeatures' }],
    ['webviewTag: true', { check: 'webview-tag', file: 'electron/app/window.ts', edit: swap('webviewTag: false', 'webviewTag: true'), mark: 'webviewTag: true' }],
    ['affinity', { check: 'removed-option', file: 'electron/app/window.ts', edit: swap('safeDialogs: true,', "safeDialogs: true,\n      affinity: 'main',"), mark: 'affinity' }],
    ['@electron/remote', { check: 'removed-option', file: 'electron/app/menu.ts', edit: append("import { getCurrentWindow } from '@electron/remote';"), mark: '@electron/remote' }],
    ['session.fromPartition', { check: 'other-session', file: 'electron/main.ts', edit: append("export const printing = session.fromPartition('persist:print');"), mark: 'fromPartition' }],
    ['a second window in the bundle, not locked down', { check: 'window-preferences', file: 'dist-electron/main.js', edit: append('var printWindow = new BrowserWindow({ show: false, webPreferences: { sandbox: true } });'), mark: 'var printWindow' }],
    ['webPreferences spread from another object', { check: 'window-preferences', file: 'electron/app/window.ts', edit: swap('preload: o.preload,', 'preload: o.preload,\n      ...o.extra,'), mark: '...o.extra' }],
    ['a window whose webPreferences come from a variable', { check: 'window-preferences', file: 'electron/app/menu.ts', edit: append('export const about = (webPreferences: object) => new BrowserWindow({ width: 400, webPreferences });'), mark: 'export const about' }],
    ['<webview allowpopups> in index.html', { check: 'webview', file: 'renderer/index.html', edit: swap('<div id="root"></div>', '<div id="root"></div>\n    <webview src="https://example.org/" allowpopups></webview>'), mark: '<webview' }],
    ['<webview> in a component', { check: 'webview', file: 'renderer/app/Modal.tsx', edit: append('export const Rules = () => <webview src="https://example.org/" />;'), mark: '<webview' }],
    ['eval in a handler', { check: 'dynamic-code', file: 'electron/ipc/handlers/print.ts', edit: append('export const run = (code: string) => eval(code);'), mark: 'eval(code)' }],
    ['setTimeout with a string in the page', { check: 'dynamic-code', file: 'renderer/app/Modal.tsx', edit: append("export const later = (name: string) => setTimeout('save(' + name + ')', 10);"), mark: 'setTimeout(' }],
    ['new Function in the bundle', { check: 'dynamic-code', file: 'dist-electron/main.js', edit: append('var compiled = new Function("a", "return a");'), mark: 'new Function' }],
    ['executeJavaScript', { check: 'dynamic-code', file: 'electron/app/window.ts', edit: append('export const poke = (w: BrowserWindow, code: string) => w.webContents.executeJavaScript(code);'), mark: 'executeJavaScript' }],
    ['loadURL over http in the bundle', { check: 'http-load', file: 'dist-electron/main.js', edit: append('printWindow.loadURL(`http://example.org/${page}`);'), mark: 'printWindow.loadURL' }],
    ['openExternal elsewhere', { check: 'open-external', file: 'electron/app/menu.ts', edit: append('export const help = (url: string) => shell.openExternal(url);'), mark: 'openExternal' }],
    ['the reviewed openExternal line copied to another file', { check: 'open-external', file: 'electron/app/menu.ts', edit: append(REVIEWED_OPEN), mark: REVIEWED_OPEN }],
    ['the reviewed openExternal line twice in main.ts', { check: 'open-external', file: 'electron/main.ts', edit: append(REVIEWED_OPEN), mark: `\n${REVIEWED_OPEN}\n` }],
    ['setAsDefaultProtocolClient', { check: 'protocol', file: 'electron/main.ts', edit: append("app.setAsDefaultProtocolClient('quartermaster');"), mark: 'setAsDefaultProtocolClient' }],
    ['appendSwitch ignore-certificate-errors', { check: 'command-line-switch', file: 'electron/main.ts', edit: append("app.commandLine.appendSwitch('ignore-certificate-errors');"), mark: "appendSwitch('ignore" }],
    ['--no-sandbox in an npm script', { check: 'command-line-switch', file: 'package.json', edit: swap('electron ."', 'electron . --no-sandbox"'), mark: '"start":' }],
    ["a 'certificate-error' handler", { check: 'certificates', file: 'electron/main.ts', edit: append("app.on('certificate-error', (event, _wc, _url, _error, _cert, callback) => { event.preventDefault(); callback(true); });"), mark: 'certificate-error' }],
    ['setCertificateVerifyProc', { check: 'certificates', file: 'electron/main.ts', edit: append('session.defaultSession.setCertificateVerifyProc((_request, callback) => callback(0));'), mark: 'setCertificateVerifyProc' }],
    ['ELECTRON_DISABLE_SECURITY_WARNINGS in main', { check: 'security-warnings', file: 'electron/main.ts', edit: append("process.env.ELECTRON_DISABLE_SECURITY_WARNINGS = 'true';"), mark: 'ELECTRON_DISABLE_SECURITY_WARNINGS' }],
    ['ELECTRON_DISABLE_SECURITY_WARNINGS in an npm script', { check: 'security-warnings', file: 'package.json', edit: swap('"dev": "', '"dev": "ELECTRON_DISABLE_SECURITY_WARNINGS=true '), mark: '"dev":' }],
    ['a preload in a second window', { check: 'preload', file: 'electron/app/menu.ts', edit: append("export const about = () => new BrowserWindow({ webPreferences: { contextIsolation: true, sandbox: true, nodeIntegration: false, webSecurity: true, disableBlinkFeatures: 'Auxclick', preload: '/tmp/about.cjs' } });"), mark: 'export const about' }],
    ['the reviewed preload line copied to another file', { check: 'preload', file: 'electron/app/menu.ts', edit: append("export const other = new BrowserWindow({ webPreferences: {\n      preload: o.preload,\n      contextIsolation: true, sandbox: true, nodeIntegration: false, webSecurity: true, disableBlinkFeatures: 'Auxclick' } });"), mark: '\n      preload: o.preload,' }],
    ['a preload for every page of a session', { check: 'preload', file: 'electron/main.ts', edit: append("session.defaultSession.registerPreloadScript({ type: 'frame', filePath: '/tmp/all.cjs' });"), mark: 'registerPreloadScript' }],
    ['no permission request handler in the bundle', { check: 'permission-handler', file: 'dist-electron/main.js', edit: swap('ses.setPermissionRequestHandler(', 'ses.setPermissionCheckHandler('), mark: '' }],
    ['no will-navigate handler in the bundle', { check: 'limit-navigation', file: 'dist-electron/main.js', edit: swap('contents.on("will-navigate",', 'contents.on("did-navigate",'), mark: '' }],
    ['no window-open handler in the bundle', { check: 'limit-navigation', file: 'dist-electron/main.js', edit: swap('contents.setWindowOpenHandler(', 'contents.setWindowOpenHandlerUnused('), mark: '' }],
    ['a page without a CSP meta tag', { check: 'csp-meta', file: 'renderer/print.html', edit: () => '<!doctype html>\n<html>\n  <body>\n    <script type="module" src="./print.tsx"></script>\n  </body>\n</html>\n', mark: '<!doctype' }],
  ];

  let staged: { dir: string; cleanup(): Promise<void> };
  beforeAll(async () => {
    staged = await (await load()).stage();
  }, 60_000);
  afterAll(() => staged?.cleanup());

  it('passes on the app as it ships, excusing only the reviewed lines', async () => {
    const { scan } = await load();
    const r = await scan();
    expect(r.failing).toEqual([]);
    expect(r.ok).toBe(true);
    const excused = r.excused.map((f) => `${f.check} ${f.file}`).sort();
    const reviewed = ['command-line-switch', 'open-external', 'protocol', 'protocol'];
    const preload = ['preload dist-electron/main.js', 'preload electron/app/window.ts'];
    expect(excused).toEqual([...reviewed.map((c) => `${c} dist-electron/main.js`), ...reviewed.map((c) => `${c} electron/main.ts`), ...preload].sort());
  }, 60_000);

  it('scans the chunks main.js loads on first use (printing, sharing) as it ships', async () => {
    const { scan } = await load();
    const chunks = join(staged.dir, 'dist-electron', 'chunks');
    const session = (await readdir(chunks)).find((f) => /^session-\w+\.js$/.test(f));
    expect(session, 'the sharing chunk').toBeDefined();
    const path = join(chunks, session!);
    const before = await readFile(path, 'utf8');
    await writeFile(path, `${before.trimEnd()}\nvar hubCode = eval(request);\n`);
    try {
      const r = await scan(staged.dir);
      expect(r.failing.map((f) => `${f.check} ${f.file}:${f.line}`)).toEqual([`dynamic-code dist-electron/chunks/${session}:${before.trimEnd().split('\n').length + 1}`]);
    } finally {
      await writeFile(path, before);
    }
  }, 30_000);

  it('has a case below for every check it makes', async () => {
    const { CHECKS } = await load();
    expect(new Set(CASES.map(([, c]) => c.check))).toEqual(new Set(Object.keys(CHECKS)));
  });

  it.each(CASES)('fails on %s, naming the file and line', async (_name, c) => {
    const { scan, formatReport, CHECKS } = await load();
    const path = join(staged.dir, c.file);
    const before = await readFile(path, 'utf8').catch(() => null);
    const text = c.edit(before ?? '');
    const line = text.slice(0, text.indexOf(c.mark)).split('\n').length + (c.mark.startsWith('\n') ? 1 : 0);
    await writeFile(path, text);
    try {
      const r = await scan(staged.dir);
      expect(r.ok).toBe(false);
      expect(r.failing.map((f) => `${f.check} ${f.file}:${f.line}`)).toEqual([`${c.check} ${c.file}:${line}`]);
      expect(formatReport(r)).toContain(`${c.file}:${line}  [${c.check}]`);
      expect(formatReport(r)).toContain(CHECKS[c.check]);
    } finally {
      if (before === null) await rm(path);
      else await writeFile(path, before);
    }
  }, 30_000);
});
