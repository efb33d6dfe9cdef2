// Serves the built renderer over http://127.0.0.1:<random port> through the main process's own
// app:// request handler (electron/protocol.ts), so the page gets exactly the files and the
// Content-Security-Policy header the app serves. (file:// cannot be used: Chromium refuses module
// scripts from file:// pages.)
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { APP_ORIGIN, serveAppRequest } from '../electron/protocol';

export type StaticServer = { url: string; close(): Promise<void> };

export async function serveRenderer(root: string): Promise<StaticServer> {
  const server: Server = createServer((req, res) => {
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
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/index.html`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
