import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from './csp';
import { resolveAppRequest, serveAppRequest } from './protocol';
import { tempFolder } from '../testing/handlers';

let dir: string;
let cleanup: () => Promise<void>;
beforeEach(async () => ({ dir, cleanup } = await tempFolder('qm-protocol-')));
afterEach(() => cleanup());

describe('app:// protocol', () => {
  it('maps app URLs to files inside the renderer folder only', () => {
    expect(resolveAppRequest('app://quartermaster/index.html', '/r')).toBe('/r/index.html');
    expect(resolveAppRequest('app://quartermaster/', '/r')).toBe('/r/index.html');
    expect(resolveAppRequest('app://quartermaster/assets/a%20b.js?v=1', '/r')).toBe('/r/assets/a b.js');
    // The URL parser already resolves literal and %2e dot segments, which keeps them inside the root.
    expect(resolveAppRequest('app://quartermaster/../secret', '/r')).toBe('/r/secret');
    expect(resolveAppRequest('app://quartermaster/%2e%2e/secret', '/r')).toBe('/r/secret');
    for (const bad of [
      'app://quartermaster/assets/..%2f..%2fsecret',
      'app://quartermaster/..%5c..%5csecret',
      'app://quartermaster/a%00b',
      'app://other/index.html',
      'file:///etc/passwd',
      'app://quartermaster/%E0%A4%A',
    ]) {
      expect(resolveAppRequest(bad, '/r'), bad).toBeNull();
    }
  });

  it('serves files with their type and the CSP header; refuses the rest', async () => {
    await mkdir(join(dir, 'assets'));
    await writeFile(join(dir, 'index.html'), '<!doctype html>');
    await writeFile(join(dir, 'assets', 'main.js'), 'console.log(1)');
    const page = await serveAppRequest({ url: 'app://quartermaster/index.html', method: 'GET' }, dir);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(await page.text()).toBe('<!doctype html>');
    const js = await serveAppRequest({ url: 'app://quartermaster/assets/main.js' }, dir);
    expect(js.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    const missing = await serveAppRequest({ url: 'app://quartermaster/nope.js' }, dir);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect((await serveAppRequest({ url: 'app://quartermaster/index.html', method: 'POST' }, dir)).status).toBe(405);
    expect((await serveAppRequest({ url: 'app://quartermaster/../index.html' }, join(dir, 'assets'))).status).toBe(404);
  });

  it('has a CSP that allows no remote or inline code', () => {
    const directives = Object.fromEntries(CONTENT_SECURITY_POLICY.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1).join(' ')]));
    expect(directives['default-src']).toBe("'self'");
    expect(directives['script-src']).toBe("'self'");
    expect(directives['object-src']).toBe("'none'");
    expect(directives['frame-ancestors']).toBe("'none'");
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/unsafe-inline|unsafe-eval|https?:|\*/);
  });
});
