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
    expect(Object.keys(api).sort()).toEqual([...Object.keys(ipcArgs), 'onLibraryChanged', 'onMenuCommand', 'onOpenFile', 'onPrintProgress', 'onLibraryProgress', 'onDeskEntries'].sort());
    expect(Object.values(api).every((v) => typeof v === 'function')).toBe(true);
  });

  it('uses the contract channel for each method and passes the arguments through', async () => {
    for (const method of Object.keys(ipcArgs) as InvokeMethod[]) {
      expect(channel(method)).toBe(channelOf(method));
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
});
