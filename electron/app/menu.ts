// The application menu as a template (no electron import, so it is testable): File, Edit, View,
// Help, with the platform's shortcuts. App-level commands go to the renderer as MenuCommands.
import type { MenuItemConstructorOptions } from 'electron';
import type { MenuCommand } from '../../core/ipc/contract';
import type { ThemeSetting } from './settings';

export type MenuOptions = {
  platform: NodeJS.Platform;
  appName: string;
  recentFiles: readonly string[];
  /** Whether developer tools are offered (development builds only). */
  dev: boolean;
  send(command: MenuCommand): void;
  openRecent(path: string): void;
  clearRecent(): void;
  openHelp(): void;
  /** View > Appearance: the theme setting and how to change it. */
  theme?: ThemeSetting;
  setTheme?(theme: ThemeSetting): void;
  /** Edit > Check Spelling While Typing. */
  spellcheck?: boolean;
  setSpellcheck?(on: boolean): void;
  /** Help > Show Crash Reports (the local crash folder). */
  showCrashReports?(): void;
};

export function menuTemplate(o: MenuOptions): MenuItemConstructorOptions[] {
  const mac = o.platform === 'darwin';
  const cmd = (label: string, command: MenuCommand, accelerator?: string): MenuItemConstructorOptions => ({
    label,
    ...(accelerator ? { accelerator } : {}),
    click: () => o.send(command),
  });
  const recent: MenuItemConstructorOptions[] =
    o.recentFiles.length === 0
      ? [{ label: 'No Recent Files', enabled: false }]
      : [...o.recentFiles.map((path) => ({ label: path, click: () => o.openRecent(path) })), { type: 'separator' }, { label: 'Clear Recent', click: () => o.clearRecent() }];

  const file: MenuItemConstructorOptions = {
    label: mac ? 'File' : '&File',
    submenu: [
      cmd('New Character…', 'new', 'CmdOrCtrl+N'),
      cmd('Open…', 'open', 'CmdOrCtrl+O'),
      { label: 'Open Recent', submenu: recent },
      { type: 'separator' },
      cmd('Save', 'save', 'CmdOrCtrl+S'),
      cmd('Save As…', 'save-as', 'Shift+CmdOrCtrl+S'),
      { type: 'separator' },
      cmd('Export PDF…', 'export-pdf', 'CmdOrCtrl+P'),
      cmd('Print Event Pack…', 'print-event-pack', 'Shift+CmdOrCtrl+P'),
      { type: 'separator' },
      cmd(mac ? 'Reveal in Finder' : o.platform === 'win32' ? 'Show in Explorer' : 'Show in Folder', 'show-in-folder', 'Alt+CmdOrCtrl+R'),
      ...(mac ? [] : [{ type: 'separator' } as const, { role: 'quit', label: 'E&xit' } as const]),
    ],
  };
  const edit: MenuItemConstructorOptions = {
    label: mac ? 'Edit' : '&Edit',
    submenu: [
      cmd('Undo', 'undo', 'CmdOrCtrl+Z'),
      cmd('Redo', 'redo', mac ? 'Shift+CmdOrCtrl+Z' : 'CmdOrCtrl+Y'),
      { type: 'separator' },
      { role: 'cut' },
      { role: 'copy' },
      { role: 'paste' },
      { role: 'selectAll' },
      ...(o.setSpellcheck
        ? [
            { type: 'separator' } as const,
            { label: 'Check Spelling While Typing', type: 'checkbox', checked: o.spellcheck ?? true, click: () => o.setSpellcheck!(!(o.spellcheck ?? true)) } as const,
          ]
        : []),
    ],
  };
  const appearance: MenuItemConstructorOptions[] = o.setTheme
    ? [
        {
          label: 'Appearance',
          submenu: (
            [
              ['system', 'Same as the System'],
              ['light', 'Light'],
              ['dark', 'Dark'],
            ] as const
          ).map(([theme, label]) => ({ label, type: 'radio', checked: (o.theme ?? 'system') === theme, click: () => o.setTheme!(theme) })),
        },
        { type: 'separator' },
      ]
    : [];
  const view: MenuItemConstructorOptions = {
    label: mac ? 'View' : '&View',
    submenu: [
      cmd('Event Desk', 'event-desk', 'Shift+CmdOrCtrl+E'),
      cmd('Games', 'games', 'Shift+CmdOrCtrl+G'),
      { type: 'separator' },
      ...appearance,
      { role: 'resetZoom' },
      { role: 'zoomIn' },
      { role: 'zoomOut' },
      { type: 'separator' },
      { role: 'togglefullscreen' },
      ...(o.dev ? [{ type: 'separator' } as const, { role: 'reload' } as const, { role: 'toggleDevTools' } as const] : []),
    ],
  };
  const help: MenuItemConstructorOptions = {
    role: 'help',
    label: mac ? 'Help' : '&Help',
    submenu: [
      { label: `${o.appName} Help`, click: () => o.openHelp() },
      ...(o.showCrashReports ? [{ type: 'separator' } as const, { label: 'Show Crash Reports', click: () => o.showCrashReports!() }] : []),
    ],
  };
  const appMenu: MenuItemConstructorOptions[] = mac
    ? [
        {
          label: o.appName,
          submenu: [{ role: 'about' }, { type: 'separator' }, { role: 'services' }, { type: 'separator' }, { role: 'hide' }, { role: 'hideOthers' }, { role: 'unhide' }, { type: 'separator' }, { role: 'quit' }],
        },
      ]
    : [];
  return [...appMenu, file, edit, view, ...(mac ? [{ role: 'windowMenu' } as MenuItemConstructorOptions] : []), help];
}
