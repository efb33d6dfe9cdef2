// Registers the handler table with Electron's ipcMain: one `ipcMain.handle` per invoke method.
// Each call is checked before it reaches a handler: the sender must be the app's own page (the main
// frame of the app's window, at the app's own URL), and the arguments must match the contract.
// Only types are imported from electron, so this runs in Node tests with a fake ipcMain.
import type { IpcMainInvokeEvent } from 'electron';
import { channelOf, ipcArgs, type InvokeMethod } from '../../core/ipc/contract';
import { validateArgs, type IpcHandlers } from './handlers';

/** The part of ipcMain used here. */
export type IpcMainLike = {
  handle(channel: string, listener: (event: IpcMainInvokeEvent, ...args: unknown[]) => unknown): void;
  removeHandler(channel: string): void;
};

export class ForeignSenderError extends Error {
  override name = 'ForeignSenderError';
}

/** The invoke methods, in contract order (from the argument schemas, which cover every one). */
export const INVOKE_METHODS = Object.keys(ipcArgs) as InvokeMethod[];

/**
 * True when a URL is the app's own page: same origin as `appUrl` and, for file: URLs, the same file.
 * Query strings and fragments are ignored.
 */
export function isAppUrl(url: string, appUrl: string): boolean {
  let u: URL;
  let app: URL;
  try {
    u = new URL(url);
    app = new URL(appUrl);
  } catch {
    return false;
  }
  if (u.protocol !== app.protocol) return false;
  if (u.protocol === 'file:') return u.pathname === app.pathname;
  // Compared by scheme + host + port (`origin` is "null" for custom schemes outside Electron).
  return u.host !== '' && u.host === app.host;
}

export type SenderPolicy = {
  /** The URL the app's page was loaded from (custom protocol, file: or the dev server). */
  appUrl: string;
  /** The webContents ids allowed to call (the app's window). */
  webContentsIds(): readonly number[];
};

/** Why a sender is refused, or null when it is the app's own page. */
export function foreignSenderReason(event: IpcMainInvokeEvent, policy: SenderPolicy): string | null {
  const frame = event.senderFrame;
  if (!frame) return 'the sending frame is gone';
  if (!policy.webContentsIds().includes(event.sender.id)) return 'it is not the app window';
  // The top frame: the same WebFrameMain as the window's main frame, or one without a parent.
  const top = frame === event.sender.mainFrame || (frame.parent === null && frame.frameTreeNodeId === event.sender.mainFrame.frameTreeNodeId);
  if (!top) return 'it is a sub-frame, not the app page';
  if (!isAppUrl(frame.url, policy.appUrl)) return `it is not the app page (${truncate(frame.url)})`;
  return null;
}

function truncate(s: string): string {
  return s.length > 120 ? `${s.slice(0, 117)}...` : s;
}

/**
 * Registers every handler; returns a function that removes them. A foreign sender's call is
 * rejected with a ForeignSenderError (and `onRejected` is told, for logging) without running anything.
 */
export function registerIpcHandlers(
  ipcMain: IpcMainLike,
  handlers: IpcHandlers,
  policy: SenderPolicy,
  onRejected: (method: InvokeMethod, reason: string) => void = () => undefined,
): () => void {
  for (const method of INVOKE_METHODS) {
    const run = handlers[method] as (...args: unknown[]) => Promise<unknown>;
    ipcMain.handle(channelOf(method), async (event, ...args) => {
      const reason = foreignSenderReason(event, policy);
      if (reason !== null) {
        onRejected(method, reason);
        throw new ForeignSenderError(`${method}: call refused because ${reason}`);
      }
      const parsed = validateArgs(method, args) as unknown[];
      return run(...parsed);
    });
  }
  return () => {
    for (const method of INVOKE_METHODS) ipcMain.removeHandler(channelOf(method));
  };
}
