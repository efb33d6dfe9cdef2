// The app's own URL scheme: the renderer is served from app://quartermaster/ rather than file://,
// so the page has a real origin, gets the CSP as a response header, and cannot read other local
// files by URL. Only files inside the built renderer folder are served. No electron import here;
// main.ts passes `serveAppRequest` to protocol.handle.
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { CONTENT_SECURITY_POLICY } from './csp';

export const APP_SCHEME = 'app';
export const APP_HOST = 'quartermaster';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_URL = `${APP_ORIGIN}/index.html`;

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  '.map': 'application/json',
};

/** The file inside `root` an app:// URL names, or null for anything else (other hosts, traversal). */
export function resolveAppRequest(url: string, root: string): string | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return null;
  }
  if (u.protocol !== `${APP_SCHEME}:` || u.host !== APP_HOST) return null;
  let pathname: string;
  try {
    pathname = decodeURIComponent(u.pathname);
  } catch {
    return null;
  }
  if (pathname.includes('\0') || pathname.split(/[\\/]/).includes('..')) return null;
  const rel = pathname === '/' ? 'index.html' : pathname.replace(/^\/+/, '');
  const file = normalize(join(root, rel));
  const base = normalize(root.endsWith(sep) ? root : `${root}${sep}`);
  return file.startsWith(base) ? file : null;
}

export function mimeOf(path: string): string {
  return MIME[extname(path).toLowerCase()] ?? 'application/octet-stream';
}

/** Answers one app:// request from the renderer folder, with the CSP on every response. */
export async function serveAppRequest(request: { url: string; method?: string }, root: string): Promise<Response> {
  const headers = { 'content-security-policy': CONTENT_SECURITY_POLICY, 'x-content-type-options': 'nosniff' };
  if (request.method !== undefined && request.method !== 'GET' && request.method !== 'HEAD') {
    return new Response('method not allowed', { status: 405, headers });
  }
  const file = resolveAppRequest(request.url, root);
  if (file === null) return new Response('not found', { status: 404, headers });
  try {
    const bytes = await readFile(file);
    return new Response(bytes, { status: 200, headers: { ...headers, 'content-type': mimeOf(file) } });
  } catch {
    return new Response('not found', { status: 404, headers });
  }
}
