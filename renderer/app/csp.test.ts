// The built page's own policy (the <meta> tag in index.html) must be strict on its own, and never
// looser than the header the app:// protocol sends (electron/app/csp.ts), directive by directive.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../../electron/app/csp';
import { metaPolicy, parsePolicy } from './csp-meta';

const html = readFileSync(new URL('../index.html', import.meta.url), 'utf8');
const meta = /http-equiv="Content-Security-Policy"\s+content="([^"]*)"/.exec(html)?.[1];

describe('the page Content-Security-Policy', () => {
  it('is in index.html, ahead of any script or stylesheet', () => {
    expect(meta).toBeDefined();
    expect(html.indexOf('Content-Security-Policy')).toBeLessThan(html.indexOf('<script'));
  });

  it('allows only the app’s own files: no inline code, no eval, no plugins, no base or form targets', () => {
    const policy = parsePolicy(meta!);
    expect(meta).not.toMatch(/unsafe-|\*|https?:/);
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('style-src')).toEqual(["'self'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'none'"]);
    expect(policy.get('form-action')).toEqual(["'none'"]);
  });

  it('has every directive of the header that a meta tag can carry, never with more sources', () => {
    const header = parsePolicy(metaPolicy(CONTENT_SECURITY_POLICY));
    const page = parsePolicy(meta!);
    expect([...page.keys()].sort()).toEqual([...header.keys()].sort());
    for (const [name, sources] of page) {
      for (const source of sources) expect(header.get(name), `${name} ${source}`).toContain(source);
    }
  });

  it('leaves out what browsers ignore in a meta tag', () => {
    expect(metaPolicy("default-src 'self'; frame-ancestors 'none'; sandbox; img-src 'self' data:")).toBe("default-src 'self'; img-src 'self' data:");
  });
});
