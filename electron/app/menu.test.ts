import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it } from 'vitest';
import type { MenuCommand } from '../../core/ipc/contract';
import { menuTemplate, type MenuOptions } from './menu';

function build(platform: NodeJS.Platform, recentFiles: string[] = []) {
  const sent: MenuCommand[] = [];
  const opened: string[] = [];
  let cleared = 0;
  const o: MenuOptions = {
    platform,
    appName: 'Quartermaster',
    recentFiles,
    dev: false,
    send: (c) => void sent.push(c),
    openRecent: (p) => void opened.push(p),
    clearRecent: () => void cleared++,
    openHelp: () => undefined,
  };
  return { template: menuTemplate(o), sent, opened, cleared: () => cleared };
}

const items = (m: MenuItemConstructorOptions) => (m.submenu as MenuItemConstructorOptions[]).filter((i) => i.type !== 'separator');
const find = (template: MenuItemConstructorOptions[], label: string) => template.find((m) => (m.label ?? '').replace('&', '') === label)!;
const click = (i: MenuItemConstructorOptions) => (i.click as () => void)();

describe('menu', () => {
  it('has File, Edit, View and Help on Windows/Linux, with an app menu first on macOS', () => {
    expect(build('linux').template.map((m) => m.label)).toEqual(['&File', '&Edit', '&View', '&Help']);
    expect(build('darwin').template.map((m) => m.label ?? m.role)).toEqual(['Quartermaster', 'File', 'Edit', 'View', 'windowMenu', 'Help']);
  });

  it('sends each File command to the renderer with its shortcut', () => {
    const { template, sent } = build('win32');
    const file = items(find(template, 'File'));
    const byLabel = Object.fromEntries(file.map((i) => [i.label ?? i.role, i]));
    expect(Object.keys(byLabel)).toEqual(['New Character…', 'Open…', 'Open Recent', 'Save', 'Save As…', 'Export PDF…', 'Print Event Pack…', 'Show in Explorer', 'E&xit']);
    expect(byLabel['Save']!.accelerator).toBe('CmdOrCtrl+S');
    expect(byLabel['Save As…']!.accelerator).toBe('Shift+CmdOrCtrl+S');
    for (const label of ['New Character…', 'Open…', 'Save', 'Save As…', 'Export PDF…', 'Show in Explorer']) click(byLabel[label]!);
    expect(sent).toEqual(['new', 'open', 'save', 'save-as', 'export-pdf', 'show-in-folder']);
  });

  it('uses the platform redo shortcut and the native clipboard roles', () => {
    const mac = items(find(build('darwin').template, 'Edit'));
    const win = items(find(build('win32').template, 'Edit'));
    expect(mac.find((i) => i.label === 'Redo')!.accelerator).toBe('Shift+CmdOrCtrl+Z');
    expect(win.find((i) => i.label === 'Redo')!.accelerator).toBe('CmdOrCtrl+Y');
    expect(win.map((i) => i.role).filter(Boolean)).toEqual(['cut', 'copy', 'paste', 'selectAll']);
    const { template, sent } = build('linux');
    for (const i of items(find(template, 'Edit')).filter((i) => i.label)) click(i);
    expect(sent).toEqual(['undo', 'redo']);
  });

  it('lists recent files, opens one, and clears them', () => {
    const { template, opened, cleared } = build('linux', ['/lib/a.character.json', '/lib/b.character.json']);
    const recent = items(find(template, 'File')).find((i) => i.label === 'Open Recent')!;
    const entries = items(recent);
    expect(entries.map((i) => i.label)).toEqual(['/lib/a.character.json', '/lib/b.character.json', 'Clear Recent']);
    click(entries[1]!);
    click(entries[2]!);
    expect(opened).toEqual(['/lib/b.character.json']);
    expect(cleared()).toBe(1);
    const empty = items(items(find(build('linux').template, 'File')).find((i) => i.label === 'Open Recent')!);
    expect(empty).toEqual([{ label: 'No Recent Files', enabled: false }]);
  });

  it('opens the Event Desk and the Games page from View', () => {
    const { template, sent } = build('linux');
    const view = items(find(template, 'View'));
    const desk = view.find((i) => i.label === 'Event Desk')!;
    const games = view.find((i) => i.label === 'Games')!;
    expect([desk.accelerator, games.accelerator]).toEqual(['Shift+CmdOrCtrl+E', 'Shift+CmdOrCtrl+G']);
    click(desk);
    click(games);
    expect(sent).toEqual(['event-desk', 'games']);
  });

  it('offers developer tools only in development', () => {
    const view = items(find(build('linux').template, 'View'));
    expect(view.some((i) => i.role === 'toggleDevTools')).toBe(false);
  });
});
