// Packs the app with electron-builder exactly as electron-builder.yml says, except that Electron
// itself is a stand-in (its download is impossible here): a fake `electron` executable that
// carries a fuse wire in Electron's format, so the fuse flipping is checked too. Then lists the
// produced app.asar and checks what is in it and what is not.
import { listPackage } from '@electron/asar';
import { getCurrentFuseWire } from '@electron/fuses';
import { execFileSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FONT_FILES } from '../core/pdf/fonts';
import { tempFolder } from './testing';

const root = join(import.meta.dirname, '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { dependencies: Record<string, string>; devDependencies: Record<string, string>; main: string };

/** Electron's fuse sentinel and a V1 wire of 8 fuses in Electron's default states. */
const SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
// RunAsNode 1, CookieEncryption 0, NodeOptions 1, NodeCliInspect 1, AsarIntegrity 0, OnlyLoadAppFromAsar 0,
// BrowserV8Snapshot 0, GrantFileProtocolExtraPrivileges 1.
const DEFAULT_WIRE = '10110001';

let dir: string;
let cleanup: () => Promise<void>;
let entries: string[];
let executable: string;

beforeAll(async () => {
  ({ dir, cleanup } = await tempFolder('qm-package-'));
  const project = join(dir, 'project');
  mkdirSync(project);
  for (const f of ['package.json', 'package-lock.json', 'electron-builder.yml']) cpSync(join(root, f), join(project, f));
  // Sources and tests sit in the project as they do in a checkout: none may reach the asar.
  for (const d of ['assets', 'build', 'core', 'electron', 'cli']) cpSync(join(root, d), join(project, d), { recursive: true });
  // A font file that is not used by the cards must stay out.
  writeFileSync(join(project, 'assets', 'fonts', 'UnusedFont.ttf'), 'not a font');
  // A stand-in built renderer (the real one is built and tested by the end-to-end suite).
  mkdirSync(join(project, 'dist', 'renderer', 'assets'), { recursive: true });
  writeFileSync(join(project, 'dist', 'renderer', 'index.html'), '<!doctype html><script type="module" src="./assets/app.js"></script>');
  writeFileSync(join(project, 'dist', 'renderer', 'assets', 'app.js'), 'export {};');
  writeFileSync(join(project, 'dist', 'renderer', 'assets', 'app.js.map'), '{}');
  // The real main-process bundle.
  execFileSync(process.execPath, [join(root, 'electron', 'build-main.mjs'), '--outdir', join(project, 'dist-electron')]);
  // node_modules as hard links (fast, same content); electron-builder collects the production tree from it.
  execFileSync('cp', ['-al', join(root, 'node_modules'), join(project, 'node_modules')]);

  const electronDist = join(dir, 'electron-dist');
  mkdirSync(electronDist);
  writeFileSync(join(electronDist, 'electron'), Buffer.concat([Buffer.from('stand-in electron '), Buffer.from(SENTINEL), Buffer.from([1, DEFAULT_WIRE.length]), Buffer.from(DEFAULT_WIRE), Buffer.from(' end')]));
  chmodSync(join(electronDist, 'electron'), 0o755);

  const { build, Platform, Arch } = await import('electron-builder');
  await build({
    projectDir: project,
    targets: Platform.LINUX.createTarget('dir', Arch.x64),
    publish: 'never',
    // The project's config file, with only Electron's location and the output folder changed.
    config: { extends: join(project, 'electron-builder.yml'), electronDist, directories: { output: join(dir, 'out'), buildResources: 'build' } },
  });
  const unpacked = join(dir, 'out', 'linux-unpacked');
  executable = join(unpacked, 'quartermaster');
  entries = listPackage(join(unpacked, 'resources', 'app.asar'), { isPack: false }).map((e) => e.replaceAll('\\', '/'));
}, 300_000);

afterAll(() => cleanup());

describe('packaged app (electron-builder --dir with a stand-in Electron)', () => {
  it('contains the app: package.json, main, preload, renderer, examples, the two card fonts and their licence', () => {
    const examples = readdirSync(join(root, 'assets', 'examples')).filter((f) => f.endsWith('.character.json'));
    expect(examples.length).toBeGreaterThan(0);
    for (const f of [
      '/package.json',
      '/dist-electron/main.js',
      '/dist-electron/preload.cjs',
      '/dist/renderer/index.html',
      '/dist/renderer/assets/app.js',
      '/assets/fonts/DejaVuSans.ttf',
      '/assets/fonts/DejaVuSans-Bold.ttf',
      '/assets/fonts/LICENSE.txt',
      ...examples.map((e) => `/assets/examples/${e}`),
    ]) {
      expect(entries, f).toContain(f);
    }
    expect(pkg.main).toBe('dist-electron/main.js');
    // The fonts the printing core loads are exactly the ones packed.
    for (const font of Object.values(FONT_FILES)) expect(entries).toContain(`/${font}`);
  });

  it('contains every production dependency and every package the main bundle imports', () => {
    for (const dep of Object.keys(pkg.dependencies)) expect(entries, dep).toContain(`/node_modules/${dep}/package.json`);
    // Transitive production dependencies too (electron-store -> conf -> ajv, pdf-lib -> pako).
    for (const dep of ['conf', 'ajv', 'pako', 'atomically']) expect(entries, dep).toContain(`/node_modules/${dep}/package.json`);
    const main = readFileSync(join(dir, 'project', 'dist-electron', 'main.js'), 'utf8');
    const imported = [...main.matchAll(/^import .* from "([^"]+)";$/gm)].map((m) => m[1]!);
    const packages = [...new Set(imported.filter((s) => !s.startsWith('node:') && s !== 'electron').map((s) => (s.startsWith('@') ? s.split('/').slice(0, 2).join('/') : s.split('/')[0]!)))];
    expect(packages.length).toBeGreaterThan(0);
    for (const p of packages) {
      expect(Object.keys(pkg.dependencies), `${p} is imported by main.js`).toContain(p);
      expect(entries).toContain(`/node_modules/${p}/package.json`);
    }
  });

  it('leaves out sources, tests, source maps, unused fonts and development dependencies', () => {
    const leaks = entries.filter(
      (e) =>
        /^\/(core|electron|cli|renderer|e2e|bench|scripts|build|release|node_modules\/\.bin)(\/|$)/.test(e) ||
        (!e.startsWith('/node_modules/') && /\.(mjs|cjs)$/.test(e) && e !== '/dist-electron/preload.cjs') ||
        /\.(ts|mts|cts|tsx|map)$/.test(e) ||
        /\.(test|spec)\.[cm]?[jt]sx?$/.test(e) ||
        /\/(test|tests|__tests__)\//.test(e) ||
        e === '/electron-builder.yml' ||
        e === '/package-lock.json',
    );
    expect(leaks).toEqual([]);
    expect(entries).not.toContain('/assets/fonts/UnusedFont.ttf');
    expect(entries.filter((e) => e.startsWith('/assets/fonts/')).sort()).toEqual(['/assets/fonts/DejaVuSans-Bold.ttf', '/assets/fonts/DejaVuSans.ttf', '/assets/fonts/LICENSE.txt']);
    const devOnly = Object.keys(pkg.devDependencies).filter((d) => !(d in pkg.dependencies));
    for (const d of devOnly) expect(entries, d).not.toContain(`/node_modules/${d}/package.json`);
  });

  it('flips the fuses in the packaged executable as the config says', async () => {
    expect(existsSync(executable)).toBe(true);
    const wire = await getCurrentFuseWire(executable);
    const state = (i: number) => String.fromCharCode(Number((wire as unknown as Record<number, number>)[i]));
    // electron-builder.yml: runAsNode false, cookie encryption on, NODE_OPTIONS off, --inspect off,
    // asar integrity on, only load from asar on, browser V8 snapshot off, file: extra privileges off.
    expect([0, 1, 2, 3, 4, 5, 6, 7].map(state).join('')).toBe('01001100');
  });
});
