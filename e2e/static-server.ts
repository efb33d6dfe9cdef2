// Serves the built renderer over http://127.0.0.1:<random port> through the main process's own
// app:// request handler (electron/app/protocol.ts), so the page gets exactly the files and the
// Content-Security-Policy header the app serves. (file:// cannot be used: Chromium refuses module
// scripts from file:// pages.)
//
// It also carries the page's IPC calls (e2e/page-api.ts): POST /__qm_ipc/<method> with the
// arguments as one JSON string, answered with the handler's result as one JSON string. That is how
// Electron carries an invoke: the value serialised once, sent as bytes, deserialised once in the
// page (bench/ipc-transport.bench.ts compares it with Electron's structured clone).
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { APP_ORIGIN, serveAppRequest } from '../electron/app/protocol';

export type StaticServer = { url: string; close(): Promise<void> };

/** Runs one IPC call: the JSON text of its arguments in, the JSON text of its answer out ('' for undefined). */
export type IpcCarrier = (method: string, args: string) => Promise<string>;

/** The path prefix of IPC calls (never a file of the renderer). */
export const IPC_PATH = '/__qm_ipc/';

const bodyOf = async (req: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

export async function serveRenderer(root: string, ipc?: IpcCarrier): Promise<StaticServer> {
  const server: Server = createServer((req, res) => {
    if (ipc && req.method === 'POST' && req.url?.startsWith(IPC_PATH)) {
      const method = req.url.slice(IPC_PATH.length);
      // A handler's error is an answer too (status 200, so the harness's failed-request check stays
      // for real failures): the page rethrows it, as ipcRenderer.invoke rejects.
      bodyOf(req)
        .then((args) => ipc(method, args))
        .then(
          (text) => {
            res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
            res.end(text);
          },
          (e: unknown) => {
            res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8', 'x-qm-error': '1', 'cache-control': 'no-store' });
            res.end(e instanceof Error ? e.message : String(e));
          },
        );
      return;
    }
    const appUrl = `${APP_ORIGIN}${req.url ?? '/'}`;
    serveAppRequest({ url: appUrl, method: req.method ?? 'GET' }, root)
      .then(async (response) => {
        const body = Buffer.from(await response.arrayBuffer());
        res.writeHead(response.status, Object.fromEntries(response.headers.entries()));
        res.end(req.method === 'HEAD' ? undefined : body);
      })
      .catch((e: unknown) => {
        res.writeHead(500, { 'content-type': 'text/plain' });
        res.end(String(e));
      });
  });
  // Loopback keep-alive, as one long-lived IPC pipe.
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/index.html`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
