// The main process as electron/build-main.mjs bundles it (esbuild's metafile, nothing run): the
// window opens without printing (pdf-lib, fontkit) and sharing (PouchDB, the hub, the QR code
// writer); they are loaded on first use, from chunks main.js imports with `await import()`. The
// sync hub is the app's own server (node/sync/hub.ts): express is not part of the app at all.
import { build, type Metafile } from 'esbuild';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error build-main.mjs is plain JavaScript (no declaration file)
import { mainOptions, root } from './build-main.mjs';

/** Packages and app modules loaded on first use only. */
const ON_FIRST_USE_PACKAGES = ['pouchdb', 'pdf-lib', '@pdf-lib/fontkit', 'qrcode', 'selfsigned'];
const ON_FIRST_USE_MODULES = ['node/sync/hub.ts', 'node/sync/hub-couch.ts', 'node/sync/hub-identity.ts', 'node/sync/pouch.ts', 'node/sync/session.ts', 'core/pdf/emit.ts', 'core/pdf/fonts.ts'];

type Reached = { packages: Set<string>; modules: Set<string>; outputs: Set<string> };

const packageOf = (specifier: string) => (specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]!);

/** The packages and source modules reached from main.js by static imports only, or by any import. */
function reach(meta: Metafile, entry: string, dynamic: boolean): Reached {
  const out: Reached = { packages: new Set(), modules: new Set(), outputs: new Set() };
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (out.outputs.has(file)) continue;
    out.outputs.add(file);
    const output = meta.outputs[file]!;
    for (const input of Object.keys(output.inputs)) out.modules.add(input);
    for (const i of output.imports) {
      if (i.kind === 'dynamic-import' && !dynamic) continue;
      if (!i.external) queue.push(i.path);
      else if (!i.path.startsWith('node:') && !i.path.startsWith('.')) out.packages.add(packageOf(i.path));
    }
  }
  return out;
}

let dir: string;
let meta: Metafile;
let entry: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'qm-main-bundle-'));
  const result = await build({ ...mainOptions(dir), write: false, metafile: true, logLevel: 'silent' });
  meta = result.metafile!;
  entry = relative(root, join(dir, 'main.js'));
}, 60_000);
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('the main process bundle (electron/build-main.mjs)', () => {
  it('is main.js and chunks beside it, as electron-builder.yml packs them', () => {
    expect(Object.keys(meta.outputs)).toContain(entry);
    const files = Object.keys(meta.outputs).map((f) => relative(relative(root, dir), f)).filter((f) => !f.endsWith('.map'));
    expect(files.filter((f) => f !== 'main.js' && !/^chunks\/[\w-]+\.js$/.test(f))).toEqual([]);
  });

  it('loads none of pdf-lib, fontkit, PouchDB, the QR code writer, the certificate maker and the hub before their first use', () => {
    const start = reach(meta, entry, false);
    // What the window needs does load at once (so this is the graph main.js runs).
    expect([...start.packages]).toEqual(expect.arrayContaining(['electron', 'electron-store', 'zod']));
    expect(start.modules).toContain('electron/app/window.ts');
    for (const p of ON_FIRST_USE_PACKAGES) expect(start.packages, p).not.toContain(p);
    for (const m of ON_FIRST_USE_MODULES) expect(start.modules, m).not.toContain(m);
  });

  it('reaches them on first use (printing, sharing an event)', () => {
    const all = reach(meta, entry, true);
    for (const p of ON_FIRST_USE_PACKAGES) expect(all.packages, p).toContain(p);
    for (const m of ON_FIRST_USE_MODULES) expect(all.modules, m).toContain(m);
  });

  it('never loads express or express-pouchdb: the hub is node/sync/hub.ts over node:https', () => {
    const all = reach(meta, entry, true);
    expect([...all.packages].filter((p) => /express/.test(p))).toEqual([]);
    expect(all.modules).toContain('node/sync/hub.ts');
  });
});
