// The app's one window: every web preference locked down, bounds restored and remembered, shown
// without a flash, the native context menu, and a question before unsaved changes are lost.
import { BrowserWindow, dialog, screen, type Menu } from 'electron';
import { contextMenuTemplate } from './context-menu';
import type { SettingsStore } from './settings';
import { boundsToSave, initialBounds } from './window-state';

type MenuApi = Pick<typeof Menu, 'buildFromTemplate'>;

/** One BrowserWindow with every web preference locked down; bounds restored and remembered. */
export function createWindow(settings: SettingsStore, o: { preload: string; devTools: boolean; background: string; Menu: MenuApi }): BrowserWindow {
  const bounds = initialBounds(
    settings.get().windowBounds,
    screen.getAllDisplays().map((d) => d.workArea),
  );
  const win = new BrowserWindow({
    ...(bounds.x !== undefined && bounds.y !== undefined ? { x: bounds.x, y: bounds.y } : {}),
    width: bounds.width,
    height: bounds.height,
    minWidth: 640,
    minHeight: 480,
    show: false,
    title: 'Quartermaster',
    // The page's own background (light or dark), so the window never shows another colour first.
    backgroundColor: o.background,
    webPreferences: {
      preload: o.preload,
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
      // A middle click on a link fires 'auxclick' and asks for a new window; the window-open handler
      // denies that anyway, and without the feature the page cannot even ask (scripts/security-scan.mjs
      // requires it of every window).
      disableBlinkFeatures: 'Auxclick',
      safeDialogs: true,
      // Dictionaries come only from this computer (electron/app/spelling.ts); off by the setting.
      spellcheck: settings.get().spellcheck,
      devTools: o.devTools,
    },
  });
  // Shown once the page has drawn, maximised then if it was: maximize() shows a hidden window on
  // Windows and Linux, so calling it before 'ready-to-show' flashed an empty window.
  win.once('ready-to-show', () => {
    if (bounds.maximized) win.maximize();
    win.show();
  });
  // The native right-click menu: spelling suggestions, Add to Dictionary, Cut/Copy/Paste.
  win.webContents.on('context-menu', (_event, params) => {
    const template = contextMenuTemplate(params, {
      replaceMisspelling: (word) => win.webContents.replaceMisspelling(word),
      addToDictionary: (word) => void win.webContents.session.addWordToSpellCheckerDictionary(word),
    });
    if (template.length > 0) o.Menu.buildFromTemplate(template).popup({ window: win });
  });
  win.on('close', () => {
    settings.update({ windowBounds: boundsToSave(win.getNormalBounds(), win.isMaximized()) });
  });
  // The renderer sets `beforeunload` while there are unsaved changes; Electron then cancels the
  // close silently, so ask here.
  win.webContents.on('will-prevent-unload', (event) => {
    const choice = dialog.showMessageBoxSync(win, {
      type: 'question',
      buttons: ['Close Without Saving', 'Cancel'],
      defaultId: 1,
      cancelId: 1,
      title: 'Unsaved changes',
      message: 'This character has unsaved changes.',
      detail: 'Close anyway and lose them?',
    });
    if (choice === 0) event.preventDefault();
  });
  return win;
}
