// Packs the app with electron-builder exactly as electron-builder.yml says, except for what cannot
// be downloaded here: Electron itself is a stand-in (a fake `electron` executable carrying a fuse
// wire in Electron's format, so the fuse flipping is checked too); the deb is packed by a stand-in
// for fpm over Debian's dpkg-deb (electron/testing/fpm-stand-in.mjs); the AppImage's runtime (the
// ELF stub that mounts it) is a stand-in, its file system is made by Debian's real mksquashfs; the
// tar.gz by the real tar and Debian's 7-Zip. Then it inspects what a user would install: the
// asar's contents, the deb's metadata, files, desktop entry, MIME type, icons and AppArmor set-up,
// the AppImage's file system and desktop entry, the tar.gz.
import { listPackage } from '@electron/asar';
import { getCurrentFuseWire } from '@electron/fuses';
import { execFileSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FONT_FILES } from '../../core/pdf/fonts';
import { tempFolder } from '../testing/handlers';

const root = join(import.meta.dirname, '../..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { dependencies: Record<string, string>; devDependencies: Record<string, string>; main: string; version: string };
/** The AppImage runtime stand-in: the bytes before the squashfs file system. */
const RUNTIME = Buffer.from('#!/bin/sh\necho "stand-in AppImage runtime"\nexit 1\n'.padEnd(4096, '#'));

/** Electron's fuse sentinel and a V1 wire of 8 fuses in Electron's default states. */
const SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
// RunAsNode 1, CookieEncryption 0, NodeOptions 1, NodeCliInspect 1, AsarIntegrity 0, OnlyLoadAppFromAsar 0,
// BrowserV8Snapshot 0, GrantFileProtocolExtraPrivileges 1.
const DEFAULT_WIRE = '10110001';

/** The production dependencies and everything they need, by name (node_modules as npm lays it out). */
function productionPackages(): Set<string> {
  const found = new Set<string>();
  const visit = (name: string) => {
    if (found.has(name)) return;
    found.add(name);
    const file = join(root, 'node_modules', name, 'package.json');
    if (!existsSync(file)) return;
    const deps = (JSON.parse(readFileSync(file, 'utf8')) as { dependencies?: Record<string, string> }).dependencies ?? {};
    for (const d of Object.keys(deps)) visit(d);
  };
  for (const d of Object.keys(pkg.dependencies)) visit(d);
  return found;
}

let dir: string;
let cleanup: () => Promise<void>;
let entries: string[];
let executable: string;
let out: string;

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

  // The AppImage tools electron-builder would download: Debian's mksquashfs and desktop-file-validate,
  // the stand-in runtime, no extra libraries.
  const appImageTools = join(dir, 'appimage-tools');
  mkdirSync(join(appImageTools, 'linux-x64'), { recursive: true });
  mkdirSync(join(appImageTools, 'lib', 'x64'), { recursive: true });
  for (const tool of ['mksquashfs', 'desktop-file-validate']) symlinkSync(onPath(tool), join(appImageTools, 'linux-x64', tool));
  writeFileSync(join(appImageTools, 'runtime-x64'), RUNTIME);
  Object.assign(process.env, {
    CUSTOM_FPM_PATH: join(root, 'electron', 'testing', 'fpm-stand-in.mjs'),
    APPIMAGE_TOOLS_PATH: appImageTools,
    ELECTRON_BUILDER_7ZIP_PATH: onPath('7zz'),
  });

  out = join(dir, 'out');
  const { build, Platform, Arch } = await import('electron-builder');
  await build({
    projectDir: project,
    targets: Platform.LINUX.createTarget(['dir', 'deb', 'AppImage', 'tar.gz'], Arch.x64),
    publish: 'never',
    // The project's config file, with only Electron's location and the output folder changed, and
    // no rebuild of native modules for Electron (leveldown, under pouchdb): that downloads
    // Electron's headers. leveldown ships N-API prebuilds, which Electron loads as they are.
    config: { extends: join(project, 'electron-builder.yml'), electronDist, npmRebuild: false, directories: { output: out, buildResources: 'build' } },
  });
  const unpacked = join(out, 'linux-unpacked');
  executable = join(unpacked, 'quartermaster');
  entries = listPackage(join(unpacked, 'resources', 'app.asar'), { isPack: false }).map((e) => e.replaceAll('\\', '/'));
}, 600_000);

afterAll(() => cleanup());

function onPath(tool: string): string {
  const found = execFileSync('sh', ['-c', `command -v ${tool} || true`], { encoding: 'utf8' }).trim();
  if (!found) throw new Error(`${tool} is not installed (.ci/run installs it: squashfs-tools, desktop-file-utils, 7zip, dpkg)`);
  return found;
}

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

  it('contains every production dependency and every package the main bundle and its chunks import', () => {
    for (const dep of Object.keys(pkg.dependencies)) expect(entries, dep).toContain(`/node_modules/${dep}/package.json`);
    // Transitive production dependencies too (electron-store -> conf -> ajv, pdf-lib -> pako).
    for (const dep of ['conf', 'ajv', 'pako', 'atomically']) expect(entries, dep).toContain(`/node_modules/${dep}/package.json`);
    // main.js and the chunks it loads on first use (printing, sharing), each packed.
    const built = join(dir, 'project', 'dist-electron');
    const chunks = readdirSync(join(built, 'chunks')).filter((f) => f.endsWith('.js'));
    expect(chunks.length).toBeGreaterThan(0);
    for (const c of chunks) expect(entries).toContain(`/dist-electron/chunks/${c}`);
    const code = ['main.js', ...chunks.map((c) => join('chunks', c))].map((f) => readFileSync(join(built, f), 'utf8')).join('\n');
    const imported = [...code.matchAll(/^import .* from "([^"]+)";$/gm)].map((m) => m[1]!);
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
    // Development dependencies that no production dependency needs either (conf is both: a test
    // uses it, and electron-store runs on it).
    const production = productionPackages();
    const devOnly = Object.keys(pkg.devDependencies).filter((d) => !production.has(d));
    expect(devOnly).toContain('vitest');
    for (const d of devOnly) expect(entries, d).not.toContain(`/node_modules/${d}/package.json`);
    // Nor what express-pouchdb (the tests' stand-in for a game's CouchDB) brings: a web server and
    // CouchDB's web UI. The app's hub is its own HTTPS server (node/sync/hub.ts).
    for (const d of ['express', 'pouchdb-fauxton']) expect(entries, d).not.toContain(`/node_modules/${d}/package.json`);
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

/** `tar`-style listing of a deb's files ("./opt/Quartermaster/quartermaster"). */
function debFiles(deb: string): string[] {
  return execFileSync('sh', ['-c', `dpkg-deb --fsys-tarfile '${deb}' | tar -t`], { encoding: 'utf8', maxBuffer: 1 << 28 }).split('\n').filter((l) => l !== '');
}
function debFile(deb: string, path: string): string {
  return execFileSync('sh', ['-c', `dpkg-deb --fsys-tarfile '${deb}' | tar -xO '.${path}'`], { encoding: 'utf8', maxBuffer: 1 << 28 });
}
/** The desktop entry's keys (the [Desktop Entry] group). */
function desktopKeys(text: string): Record<string, string> {
  return Object.fromEntries(text.split('\n').filter((l) => /^[A-Za-z-]+=/.test(l)).map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]));
}
const ICON_SIZES = [16, 32, 48, 64, 128, 256, 512];

describe('the deb (electron-builder deb target; packed by the fpm stand-in)', () => {
  const deb = () => join(out, `quartermaster_${pkg.version}_amd64.deb`);
  const field = (name: string) => execFileSync('dpkg-deb', ['-f', deb(), name], { encoding: 'utf8' }).trim();

  it('is made, with the homepage and the maintainer e-mail electron-builder insists on', () => {
    expect(existsSync(deb())).toBe(true);
    expect(field('Package')).toBe('quartermaster');
    expect(field('Version')).toBe(pkg.version);
    expect(field('Architecture')).toBe('amd64');
    expect(field('Homepage')).toMatch(/^https:\/\//);
    expect(field('Maintainer')).toMatch(/^[^<]+ <[^@\s]+@[^>\s]+>$/);
    expect(field('Depends')).toContain('libnss3');
  });

  it('installs the app in /opt/Quartermaster with its asar, the AppArmor profile and the icons', () => {
    const files = debFiles(deb());
    for (const f of ['./opt/Quartermaster/quartermaster', './opt/Quartermaster/resources/app.asar', './opt/Quartermaster/resources/apparmor-profile', './usr/share/applications/quartermaster.desktop', './usr/share/mime/packages/quartermaster.xml']) {
      expect(files, f).toContain(f);
    }
    for (const size of ICON_SIZES) expect(files).toContain(`./usr/share/icons/hicolor/${size}x${size}/apps/quartermaster.png`);
  });

  it('has a desktop entry that opens files (%U: paths and file: URLs, see electron/app/argv.ts) of the character MIME type', () => {
    const entry = desktopKeys(debFile(deb(), '/usr/share/applications/quartermaster.desktop'));
    expect(entry.Name).toBe('Quartermaster');
    expect(entry.Exec).toBe('/opt/Quartermaster/quartermaster %U');
    expect(entry.Exec).not.toContain('--no-sandbox');
    expect(entry.Icon).toBe('quartermaster');
    expect(entry.MimeType?.split(';')).toContain('application/x-quartermaster-character+json');
    expect(entry.StartupWMClass).toBe('quartermaster');
  });

  it('registers the MIME type for the whole "*.character.json" name', () => {
    const xml = debFile(deb(), '/usr/share/mime/packages/quartermaster.xml');
    expect(xml).toMatch(/<mime-type type="application\/x-quartermaster-character\+json">/);
    expect(xml).toContain('<glob pattern="*.character.json"/>');
  });

  it('loads the AppArmor profile on install (Ubuntu 24.04), for the installed executable, allowing user namespaces', () => {
    const profile = debFile(deb(), '/opt/Quartermaster/resources/apparmor-profile');
    expect(profile).toMatch(/profile "quartermaster" "\/opt\/Quartermaster\/quartermaster"/);
    expect(profile).toMatch(/^\s*userns,$/m);
    const postinst = execFileSync('sh', ['-c', `dpkg-deb --ctrl-tarfile '${deb()}' | tar -xO ./postinst`], { encoding: 'utf8' });
    expect(postinst).toContain("APPARMOR_PROFILE_TARGET='/etc/apparmor.d/quartermaster'");
    expect(postinst).toMatch(/apparmor_parser --replace/);
    expect(postinst).toContain('update-mime-database');
  });
});

describe('the AppImage (real squashfs, stand-in runtime)', () => {
  const image = () => join(out, `Quartermaster-${pkg.version}-x86_64.AppImage`);
  const list = () => execFileSync('unsquashfs', ['-o', String(RUNTIME.length), '-l', image()], { encoding: 'utf8', maxBuffer: 1 << 28 }).split('\n');
  const read = (path: string) => {
    const into = join(dir, `unsquash-${Math.random().toString(36).slice(2)}`);
    execFileSync('unsquashfs', ['-o', String(RUNTIME.length), '-d', into, image(), path], { stdio: 'ignore' });
    return readFileSync(join(into, path), 'utf8');
  };

  it('is the runtime followed by a squashfs holding AppRun, the app, its desktop entry and icon', () => {
    const bytes = readFileSync(image());
    expect(bytes.subarray(0, RUNTIME.length).equals(RUNTIME)).toBe(true);
    // squashfs magic "hsqs" right after the runtime.
    expect(bytes.subarray(RUNTIME.length, RUNTIME.length + 4).toString('latin1')).toBe('hsqs');
    const files = list();
    for (const f of ['squashfs-root/AppRun', 'squashfs-root/quartermaster', 'squashfs-root/quartermaster.desktop', 'squashfs-root/resources/app.asar']) expect(files, f).toContain(f);
    expect(files.some((f) => /^squashfs-root\/(quartermaster\.png|\.DirIcon)$/.test(f))).toBe(true);
  });

  it('asks for the sandbox (no --no-sandbox in its entry) and takes files as %U', () => {
    const entry = desktopKeys(read('quartermaster.desktop'));
    expect(entry.Exec).toBe('AppRun %U');
    expect(entry.Name).toBe('Quartermaster');
    expect(entry.MimeType?.split(';')).toContain('application/x-quartermaster-character+json');
    // electron-builder's AppRun still adds --no-sandbox where `unshare -Ur true` fails (Ubuntu 24.04
    // without an AppArmor profile); the app then refuses to run and points at the README
    // (electron/main.test.ts "refuses to run without the sandbox").
    expect(read('AppRun')).toMatch(/unshare -Ur true[\s\S]*NO_SANDBOX=\(--no-sandbox\)/);
  });
});

describe('the tar.gz (portable Linux build)', () => {
  it('holds the app folder to unpack and run: the executable and resources/app.asar', () => {
    const tgz = join(out, `quartermaster-${pkg.version}.tar.gz`);
    const files = execFileSync('tar', ['-tzf', tgz], { encoding: 'utf8', maxBuffer: 1 << 28 }).split('\n');
    expect(files).toContain(`quartermaster-${pkg.version}/quartermaster`);
    expect(files).toContain(`quartermaster-${pkg.version}/resources/app.asar`);
  });
});

// Windows and macOS, as far as Linux can go without downloading: electron-builder fetches NSIS and
// its resources from GitHub even when makensis is replaced, and builds macOS apps only on a Mac, so
// the generated NSIS script and Info.plist are not made here. What is checked: the configuration
// electron-builder reads, the installer include it inserts (electron-builder's installSection.nsh
// and uninstaller.nsh insert customInstall / customUnInstall), and the templates it uses.
describe('Windows and macOS configuration (not built on Linux)', () => {
  const yml = readFileSync(join(root, 'electron-builder.yml'), 'utf8');
  const templates = join(root, 'node_modules', 'app-builder-lib', 'templates', 'nsis');

  it('builds an NSIS installer and a portable ZIP for Windows, and a dmg and a ZIP for macOS', () => {
    expect(yml).toMatch(/^win:\n  target:\n    - nsis\n    - zip$/m);
    expect(yml).toMatch(/^mac:\n  target:\n    - dmg\n    - zip$/m);
    expect(yml).toMatch(/^nsis:\n  include: build\/installer\.nsh$/m);
  });

  it('the installer adds Quartermaster to .json\'s Open with list and removes it on uninstall, never taking over .json', () => {
    const include = readFileSync(join(root, 'build', 'installer.nsh'), 'utf8');
    expect(include).toMatch(/!macro customInstall[\s\S]*WriteRegStr SHELL_CONTEXT "Software\\Classes\\\.json\\OpenWithProgids" "Quartermaster\.CharacterJson" ""[\s\S]*!macroend/);
    expect(include).toMatch(/"Software\\Classes\\Quartermaster\.CharacterJson\\shell\\open\\command" "" '"\$appExe" "%1"'/);
    expect(include).toMatch(/!macro customUnInstall[\s\S]*DeleteRegValue SHELL_CONTEXT "Software\\Classes\\\.json\\OpenWithProgids" "Quartermaster\.CharacterJson"/);
    expect(include).not.toMatch(/"Software\\Classes\\\.json" ""/);
    // electron-builder's templates insert the two macros where they are defined.
    expect(readFileSync(join(templates, 'installSection.nsh'), 'utf8')).toMatch(/!insertmacro customInstall/);
    expect(readFileSync(join(templates, 'uninstaller.nsh'), 'utf8')).toMatch(/!insertmacro customUnInstall/);
  });

  it('macOS lists Quartermaster for JSON files as an alternative only (LSHandlerRank Alternate)', () => {
    expect(yml).toMatch(/^  fileAssociations:\n    - ext: json\n      name: JSON document\n      role: Editor\n      rank: Alternate$/m);
  });
});
