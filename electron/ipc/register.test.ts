import type { IpcMainInvokeEvent } from 'electron';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { channelOf, ipcArgs } from '../../core/ipc/contract';
import { APP_URL } from '../app/protocol';
import { INVOKE_METHODS, isAppUrl, registerIpcHandlers, type IpcMainLike } from './register';
import { handlerFixture, tempFolder } from '../testing/handlers';

type Listener = (event: IpcMainInvokeEvent, ...args: unknown[]) => unknown;

function fakeIpcMain() {
  const handlers = new Map<string, Listener>();
  const ipc: IpcMainLike = {
    handle: (channel, listener) => {
      if (handlers.has(channel)) throw new Error(`second handler for ${channel}`);
      handlers.set(channel, listener);
    },
    removeHandler: (channel) => void handlers.delete(channel),
  };
  return { ipc, handlers };
}

/** A fake invoke event from a frame at `url` in web contents `id`. */
function event(url: string | null, id = 1, options: { subFrame?: boolean } = {}): IpcMainInvokeEvent {
  const mainFrame = { url: url ?? '', parent: null, frameTreeNodeId: 1 };
  const frame = url === null ? null : options.subFrame ? { url, parent: mainFrame, frameTreeNodeId: 2 } : mainFrame;
  return { sender: { id, mainFrame }, senderFrame: frame } as unknown as IpcMainInvokeEvent;
}

let dir: string;
let cleanup: () => Promise<void>;
beforeEach(async () => ({ dir, cleanup } = await tempFolder('qm-register-')));
afterEach(() => cleanup());

describe('registerIpcHandlers', () => {
  const setup = async () => {
    await mkdir(join(dir, 'lib'));
    const fixture = handlerFixture(join(dir, 'lib'), join(dir, 'examples'));
    const { ipc, handlers } = fakeIpcMain();
    const rejected: string[] = [];
    const off = registerIpcHandlers(ipc, fixture.handlers, { appUrl: APP_URL, webContentsIds: () => [1] }, (m, why) => rejected.push(`${m}: ${why}`));
    return { ...fixture, channels: handlers, rejected, off };
  };

  it('registers one channel per contract method and removes them all', async () => {
    const { channels, off } = await setup();
    expect([...channels.keys()].sort()).toEqual(Object.keys(ipcArgs).map((m) => channelOf(m as never)).sort());
    expect(INVOKE_METHODS).toHaveLength(Object.keys(ipcArgs).length);
    off();
    expect(channels.size).toBe(0);
  });

  it("answers the app's own page", async () => {
    const { channels } = await setup();
    const settings = await channels.get('qm:getSettings')!(event(`${APP_URL}#/library`));
    expect(settings).toMatchObject({ paper: 'a4', language: 'en' });
  });

  it('refuses foreign senders without running the handler', async () => {
    const { channels, rejected, asked } = await setup();
    const call = channels.get('qm:openCharacterDialog')!;
    const foreign: [IpcMainInvokeEvent, RegExp][] = [
      [event('https://evil.example/index.html'), /not the app page/],
      [event('file:///home/u/Downloads/evil.html'), /not the app page/],
      [event('app://other-host/index.html'), /not the app page/],
      [event(APP_URL, 2), /not the app window/],
      [event(APP_URL, 1, { subFrame: true }), /sub-frame/],
      // A different frame object claiming to be a top frame of another tree.
      [{ ...event(APP_URL), senderFrame: { url: APP_URL, parent: null, frameTreeNodeId: 9 } } as unknown as IpcMainInvokeEvent, /sub-frame/],
      [event(null), /frame is gone/],
    ];
    for (const [e, why] of foreign) await expect(call(e)).rejects.toThrow(why);
    expect(rejected).toHaveLength(foreign.length);
    expect(rejected.every((r) => r.startsWith('openCharacterDialog: '))).toBe(true);
    // The dialog was never shown.
    expect(asked).toEqual([]);
  });

  it('validates arguments before the handler runs', async () => {
    const { channels } = await setup();
    await expect(channels.get('qm:openCharacter')!(event(APP_URL), { path: 42 })).rejects.toThrow(/^openCharacter: argument 1 field "path"/);
    await expect(channels.get('qm:listLibrary')!(event(APP_URL), 'extra')).rejects.toThrow(/^listLibrary: /);
  });
});

describe('isAppUrl', () => {
  it('matches the app origin, or for file: URLs the same file, ignoring query and fragment', () => {
    expect(isAppUrl('app://quartermaster/index.html?x=1#y', APP_URL)).toBe(true);
    expect(isAppUrl('app://quartermaster/other.html', APP_URL)).toBe(true);
    expect(isAppUrl('app://quartermaster.evil/index.html', APP_URL)).toBe(false);
    expect(isAppUrl('http://127.0.0.1:5173/', 'http://127.0.0.1:5173/')).toBe(true);
    expect(isAppUrl('http://127.0.0.1:5174/', 'http://127.0.0.1:5173/')).toBe(false);
    expect(isAppUrl('file:///app/dist/renderer/index.html#x', 'file:///app/dist/renderer/index.html')).toBe(true);
    expect(isAppUrl('file:///app/dist/renderer/other.html', 'file:///app/dist/renderer/index.html')).toBe(false);
    expect(isAppUrl('not a url', APP_URL)).toBe(false);
    expect(isAppUrl('data:text/html,hi', APP_URL)).toBe(false);
  });
});
