import { beforeAll, describe, expect, it, vi } from 'vitest';
import { channelOf, ipcArgs, type InvokeMethod, type QuartermasterApi } from '../core/ipc/contract';

// The preload runs against electron's contextBridge and ipcRenderer: both are faked here.
const exposed: Record<string, unknown> = {};
const invoked: { channel: string; args: unknown[] }[] = [];
const listeners = new Map<string, Set<(...a: unknown[]) => void>>();
vi.mock('electron', () => ({
  contextBridge: { exposeInMainWorld: (key: string, value: unknown) => void (exposed[key] = value) },
  ipcRenderer: {
    invoke: async (channel: string, ...args: unknown[]) => (invoked.push({ channel, args }), `result of ${channel}`),
    on: (channel: string, l: (...a: unknown[]) => void) => void (listeners.get(channel) ?? listeners.set(channel, new Set()).get(channel)!).add(l),
    removeListener: (channel: string, l: (...a: unknown[]) => void) => void listeners.get(channel)?.delete(l),
  },
  // A File the user dropped carries its path (here: its name under /drop); one made by a script has none.
  webUtils: { getPathForFile: (file: { name: string; dropped?: boolean }) => (file.dropped ? `/drop/${file.name}` : '') },
}));

const emit = (channel: string, ...args: unknown[]) => {
  for (const l of listeners.get(channel) ?? []) l({ sender: 'the IPC event must not reach the page' }, ...args);
};

let api: QuartermasterApi;
let channel: (typeof import('./preload'))['channel'];
beforeAll(async () => {
  ({ channel } = await import('./preload'));
  api = exposed.quartermaster as QuartermasterApi;
});

describe('preload', () => {
  it('exposes exactly the contract methods on window.quartermaster, nothing else', () => {
    expect(Object.keys(exposed)).toEqual(['quartermaster']);
    expect(Object.keys(api).sort()).toEqual([...Object.keys(ipcArgs), 'onLibraryChanged', 'onMenuCommand', 'onOpenFile', 'onPrintProgress', 'onLibraryProgress', 'onDeskEntries', 'onPacksChanged', 'pathForFile'].sort());
    expect(Object.values(api).every((v) => typeof v === 'function')).toBe(true);
  });

  it('uses the contract channel for each method and passes the arguments through', async () => {
    for (const method of Object.keys(ipcArgs) as InvokeMethod[]) {
      expect(channel(method)).toBe(channelOf(method));
      if (method === 'grantDropped') continue; // below: it passes on only dropped paths
      invoked.length = 0;
      const result = await (api[method] as (...a: unknown[]) => Promise<unknown>)({ probe: method });
      expect(invoked).toEqual([{ channel: `qm:${method}`, args: [{ probe: method }] }]);
      expect(result).toBe(`result of qm:${method}`);
    }
    expect(channel('libraryChanged')).toBe(channelOf('libraryChanged'));
    expect(channel('menuCommand')).toBe(channelOf('menuCommand'));
    expect(channel('openFile')).toBe(channelOf('openFile'));
    expect(channel('libraryProgress')).toBe(channelOf('libraryProgress'));
  });

  it('passes library progress with its three fields only, and drops malformed ones', () => {
    const got: unknown[] = [];
    const off = api.onLibraryProgress!((p) => void got.push(p));
    emit('qm:libraryProgress', { folder: '/lib', done: 10, total: 2000, extra: 'dropped' });
    emit('qm:libraryProgress', { folder: '/lib', done: '10', total: 2000 });
    emit('qm:libraryProgress', null);
    off();
    emit('qm:libraryProgress', { folder: '/lib', done: 20, total: 2000 });
    expect(got).toEqual([{ folder: '/lib', done: 10, total: 2000 }]);
  });

  it('delivers events without the IPC event object, and unsubscribes', () => {
    const got: unknown[][] = [];
    const off = api.onLibraryChanged((...a: unknown[]) => void got.push(a));
    emit('qm:libraryChanged');
    off();
    emit('qm:libraryChanged');
    expect(got).toEqual([[]]);
  });

  it('passes only known menu commands', () => {
    const got: string[] = [];
    const off = api.onMenuCommand((c) => void got.push(c));
    emit('qm:menuCommand', 'save');
    emit('qm:menuCommand', 'rm -rf');
    emit('qm:menuCommand', { toString: () => 'save' });
    off();
    expect(got).toEqual(['save']);
  });

  it('holds files to open until the page subscribes', () => {
    emit('qm:openFile', '/lib/early.character.json');
    emit('qm:openFile', 42);
    const got: string[] = [];
    const off = api.onOpenFile!((p) => void got.push(p));
    emit('qm:openFile', '/lib/later.character.json');
    off();
    expect(got).toEqual(['/lib/early.character.json', '/lib/later.character.json']);
  });

  it('grants only paths it read from dropped files: a page script cannot name a path', async () => {
    const dropped = { name: 'Ayla.character.json', dropped: true } as unknown as File;
    const made = { name: 'made.character.json' } as unknown as File;
    expect(api.pathForFile!(made)).toBe('');
    expect(api.pathForFile!(dropped)).toBe('/drop/Ayla.character.json');
    invoked.length = 0;
    for (const paths of [['/home/sam/secret.character.json'], ['/drop/Ayla.character.json', '/etc/passwd'], ['/drop/made.character.json'], [''], 'x' as unknown as string[], undefined as unknown as string[]]) {
      await expect(api.grantDropped({ paths, accept: ['character'] }), String(paths)).rejects.toThrow(/only paths of files dropped on the window/);
    }
    await expect(api.grantDropped(null as never)).rejects.toThrow(/only paths of files dropped/);
    expect(invoked).toEqual([]);
    expect(await api.grantDropped({ paths: ['/drop/Ayla.character.json'], accept: ['character'] })).toBe('result of qm:grantDropped');
    expect(invoked).toEqual([{ channel: 'qm:grantDropped', args: [{ paths: ['/drop/Ayla.character.json'], accept: ['character'] }] }]);
    // Once: dropping it again reads it again.
    await expect(api.grantDropped({ paths: ['/drop/Ayla.character.json'], accept: ['character'] })).rejects.toThrow(/only paths of files dropped/);
  });
});
