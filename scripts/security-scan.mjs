// `npm run security:scan`: runs Electronegativity (@doyensec/electronegativity) over the app's Electron
// code and fails on any HIGH or MEDIUM finding that has not been reviewed and suppressed below.
//
// What is scanned (copied into a temp folder, so tests, test support and node_modules stay out):
// - electron/*.ts and its subfolders (electron/handlers/): the main process and preload sources (not
//   the tests or test support);
// - renderer/: the page's sources and index.html (with its CSP meta tag), not its tests;
// - dist-electron/main.js and preload.cjs, built fresh here with electron/build-main.mjs, so the scan
//   sees exactly the code the app ships (the built renderer is React's bundle: its sources are
//   scanned instead);
// - package.json, for the Electron version.
//
// Electronegativity exits with 0 whatever it finds, so it is run through its API and its findings are
// read here. It works offline: the translations it would fetch from the internet are loaded from
// its own folder, and AVAILABLE_SECURITY_FIXES_GLOBAL_CHECK (which downloads Electron's release list
// from GitHub) is left out; the Electron version is checked by electron/security.test.ts instead.
//
// Usage: node scripts/security-scan.mjs [--json] [folder]   (a folder is scanned as it is, unstaged)
import { cp, mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);

/** Severities that fail the scan. */
export const FAILING = ['HIGH', 'MEDIUM'];

/** Checks left out of every scan, with the reason (docs/security.md repeats it). */
export const EXCLUDED_CHECKS = [
  {
    id: 'AVAILABLE_SECURITY_FIXES_GLOBAL_CHECK',
    check: 'AvailableSecurityFixesGlobalCheck',
    reason: "downloads Electron's release list from GitHub, so it cannot run offline; the Electron version is pinned and checked against the supported majors by electron/security.test.ts",
  },
];

/**
 * Reviewed findings. Each matches one check at one place: the file (as a path relative to the scanned
 * folder) and a pattern the flagged line must match (the reviewed code itself, in the source and as
 * esbuild writes it), so a new use elsewhere, or a changed line, is reported again.
 */
export const SUPPRESSIONS = [
  {
    id: 'PRELOAD_JS_CHECK',
    // The path is made in main.ts (join(here, 'preload.cjs')) and handed to createWindow (electron/window.ts).
    files: ['electron/main.ts', 'electron/window.ts', 'dist-electron/main.js'],
    line: /preload: (join\d*\(here, ["']preload\.cjs["']\)|o\.preload,?$)/,
    reason:
      'The one preload script (electron/preload.ts) exposes only the named methods of the IPC contract through contextBridge: no ipcRenderer, no channel names, no event objects (electron/preload.test.ts); every call is checked in the main process for its sender and arguments (electron/ipc-register.ts, electron/ipc-fuzz.test.ts).',
  },
  {
    id: 'OPEN_EXTERNAL_JS_CHECK',
    files: ['electron/main.ts', 'dist-electron/main.js'],
    line: /if \(u\.protocol === ["']https:["'] \|\| u\.protocol === ["']http:["']\) void shell\.openExternal\(u\.href\);/,
    reason:
      "Only URLs that parse with the protocol http: or https: are passed on (openOutside in electron/main.ts); file:, javascript: and every other scheme are dropped (electron/main.test.ts, electron/security.test.ts). The URL comes from a link the user clicked in the app's own page.",
  },
];

/** Copies what is scanned into a temp folder and builds the main bundles there. Returns the folder and a clean-up. */
export async function stage() {
  const dir = await mkdtemp(join(tmpdir(), 'qm-security-scan-'));
  const keep = (rel) => !/\.test\.[cm]?[jt]sx?$/.test(rel) && !rel.split(/[\\/]/).includes('test-support');
  await cp(join(root, 'package.json'), join(dir, 'package.json'));
  await mkdir(join(dir, 'electron'));
  // electron/*.ts and the folders of main-process code below it (electron/handlers/), without the
  // tests' own support (electron/testing.ts and electron/testing/).
  for (const name of await readdir(join(root, 'electron'), { recursive: true })) {
    const rel = name.split(sep).join('/');
    if (rel === 'testing.ts' || rel.startsWith('testing/')) continue;
    if (rel.endsWith('.ts') && keep(rel)) await cp(join(root, 'electron', name), join(dir, 'electron', name));
  }
  await cp(join(root, 'renderer'), join(dir, 'renderer'), { recursive: true, filter: (src) => keep(relative(root, src)) });
  const { buildMain } = await import(join(root, 'electron', 'build-main.mjs'));
  await buildMain({ outdir: join(dir, 'dist-electron') });
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

/** Electronegativity's runner, with its translations loaded from disk instead of the internet. */
function offlineRunner() {
  const base = dirname(require.resolve('@doyensec/electronegativity/package.json'));
  const local = createRequire(join(base, 'dist', 'runner.js'));
  const i18nFile = local.resolve('./locales/i18n');
  const i18n = local('i18n');
  const stub = async () => {
    i18n.configure({ locales: ['en-US'], defaultLocale: 'en-US', directory: dirname(i18nFile), updateFiles: false, objectNotation: true, retryInDefaultLocale: true, register: global });
    i18n.setLocale('en-US');
  };
  local.cache[i18nFile] = { id: i18nFile, filename: i18nFile, loaded: true, exports: Object.assign(stub, { default: stub }) };
  return local('./runner.js');
}

/** Runs Electronegativity over `folder`; returns its findings as plain objects. */
export async function runElectronegativity(folder) {
  const electronVersion = JSON.parse(await readFile(join(root, 'node_modules', 'electron', 'package.json'), 'utf8')).version;
  const run = offlineRunner();
  const result = await run({
    input: folder,
    isRelative: true,
    electronVersionOverride: electronVersion,
    customScan: [],
    excludeFromScan: EXCLUDED_CHECKS.map((c) => c.check.toLowerCase()),
    parserPlugins: [],
  });
  const findings = result.issues.map((i) => ({
    id: i.id,
    severity: i.severity.name,
    confidence: i.confidence.name,
    file: i.file.split(sep).join('/'),
    line: i.location.line,
    column: i.location.column,
    manualReview: Boolean(i.manualReview),
    description: i.description,
  }));
  const errors = result.errors.map((e) => ({ file: relative(folder, e.file).split(sep).join('/'), message: e.message, tolerable: e.tolerable }));
  return { findings, errors, checks: result.globalChecks + result.atomicChecks, electronVersion };
}

/** Sorts findings into suppressed (with the reason) and open ones; `lineOf` gives a flagged line's text. */
export function review(findings, lineOf, suppressions = SUPPRESSIONS) {
  const open = [];
  const suppressed = [];
  for (const f of findings) {
    const text = lineOf(f.file, f.line) ?? '';
    const s = suppressions.find((x) => x.id === f.id && x.files.includes(f.file) && x.line.test(text));
    if (s) suppressed.push({ ...f, reason: s.reason });
    else open.push(f);
  }
  const failing = open.filter((f) => FAILING.includes(f.severity));
  return { open, suppressed, failing };
}

/** Scans (the staged app, or a given folder) and reviews. */
export async function scan(folder) {
  const staged = folder === undefined ? await stage() : { dir: folder, cleanup: async () => undefined };
  try {
    const { findings, errors, checks, electronVersion } = await runElectronegativity(staged.dir);
    const lines = new Map();
    for (const f of new Set(findings.map((x) => x.file))) {
      lines.set(f, await readFile(join(staged.dir, f), 'utf8').then((t) => t.split('\n')).catch(() => []));
    }
    const reviewed = review(findings, (file, line) => lines.get(file)?.[line - 1]);
    // A file Electronegativity could not parse was not checked at all: that fails the scan too.
    const unparsed = errors.filter((e) => !e.tolerable);
    return { ...reviewed, errors, unparsed, checks, electronVersion, ok: reviewed.failing.length === 0 && unparsed.length === 0 };
  } finally {
    await staged.cleanup();
  }
}

export function formatReport(r) {
  const line = (f) => `  ${f.severity.padEnd(13)} ${f.confidence.padEnd(9)} ${f.id}  ${f.file}:${f.line}\n      ${f.description}`;
  const out = [`Electronegativity: ${r.checks} checks, Electron ${r.electronVersion}.`];
  out.push(`Left out: ${EXCLUDED_CHECKS.map((c) => `${c.id} (${c.reason})`).join('; ')}.`);
  out.push(r.open.length ? `Findings (${r.open.length}):\n${r.open.map(line).join('\n')}` : 'Findings: none.');
  if (r.suppressed.length) out.push(`Reviewed and suppressed (${r.suppressed.length}):\n${r.suppressed.map((f) => `${line(f)}\n      reviewed: ${f.reason}`).join('\n')}`);
  for (const e of r.errors) out.push(`  ${e.tolerable ? 'warning' : 'ERROR'}: could not fully parse ${e.file}: ${e.message}`);
  out.push(r.ok ? `OK: no HIGH or MEDIUM finding left open.` : `FAILED: ${r.failing.length} HIGH or MEDIUM finding(s) left open${r.unparsed.length ? `, ${r.unparsed.length} file(s) not parsed` : ''}.`);
  return `${out.join('\n')}\n`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const args = process.argv.slice(2);
  const json = args.includes('--json');
  const folder = args.find((a) => !a.startsWith('--'));
  const r = await scan(folder);
  process.stdout.write(json ? `${JSON.stringify(r, null, 2)}\n` : formatReport(r));
  process.exitCode = r.ok ? 0 : 1;
}
