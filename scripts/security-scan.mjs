// `npm run security:scan`: the project's static security checks over the code the app ships. It
// fails, naming file:line and the reason, on each pattern listed in CHECKS below; docs/security.md
// says why each matters and which test covers the rest of Electron's security checklist.
//
// What is scanned (copied into a temp folder, so tests, test support and node_modules stay out):
// - electron/**/*.ts: the main process and preload sources, not the tests or electron/testing*;
// - renderer/**: the page's sources and its HTML, not its tests or testing/;
// - dist-electron/main.js, the chunks it loads on first use (dist-electron/chunks/*.js) and
//   preload.cjs, built fresh with electron/build-main.mjs, so the code of core/ and node/ that the
//   main process bundles is scanned as it ships;
// - package.json's scripts and config (switches handed to Electron).
// Sources are parsed with the TypeScript compiler; HTML is checked as text.
//
// Usage: node scripts/security-scan.mjs [--json] [folder]   (a folder is scanned as it is, unstaged)
import { cp, mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** What the scan refuses, and why (docs/security.md, "The security scan", repeats these). */
export const CHECKS = {
  'node-integration': 'Node.js in a page lets any script that runs there (an injected one too) read and write files and start programs',
  'context-isolation': 'without context isolation the page can reach into the preload and Electron internals',
  sandbox: 'an unsandboxed renderer runs with the full rights of the user',
  'web-security': 'without web security the page may read other origins and load anything',
  'insecure-content': 'content loaded over plain http can be altered on the way',
  'experimental-features': "Chromium's experimental features have had little security review",
  'blink-features': 'turning Blink features on bypasses Electron’s defaults for them',
  'webview-tag': 'a <webview> is a second page with its own preferences, outside the window’s lock-down',
  'removed-option': 'affinity and the remote module are gone from Electron; asking for them means old, unreviewed code',
  'window-preferences': 'each window, view or web contents view must state its web preferences in place, locked down like the app window, so the scan can read them',
  'other-session': 'the permission handlers are set on the default session only; a window in another session would grant what it is asked',
  webview: 'a <webview> in the page would be a second page with its own preferences (allowpopups, nodeintegration, webpreferences, …)',
  'dynamic-code': 'code built from strings (eval, Function, string timers, executeJavaScript, insertCSS) runs whatever reaches it',
  'http-load': 'a page loaded over plain http can be replaced on the way',
  'open-external': 'the system opens whatever URL it is handed (file:, smb:, ms-msdt: run programs); only the reviewed helper filters it',
  protocol: 'a protocol handler or scheme serves or opens what other pages and programs ask for',
  'command-line-switch': 'Chromium switches can turn off certificate checks, the sandbox or web security',
  certificates: 'a certificate-error handler, verify proc or imported certificate can accept forged TLS certificates',
  'security-warnings': 'ELECTRON_DISABLE_SECURITY_WARNINGS hides Electron’s own warnings about insecure settings',
  'csp-meta': 'a page without a Content-Security-Policy meta tag runs inline or remote script if anything lets it in',
  preload: 'a preload script runs beside the page with Electron’s APIs and decides what the page can reach; only the reviewed one (electron/preload.ts) is loaded',
  'permission-handler': 'without a permission request handler Electron grants a page every permission it asks for (camera, microphone, notifications, …)',
  'limit-navigation': 'without will-navigate and window-open handlers a page can take the window, or open new ones, to any site',
};

/**
 * Reviewed places. Each excuses one check in the listed files, on the one line (per file) that
 * matches `line`: the reviewed code itself, in the source and as esbuild writes it. A second match in
 * the same file, or the check on any other line, is reported.
 */
export const REVIEWED = [
  {
    check: 'open-external',
    files: ['electron/main.ts', 'dist-electron/main.js'],
    line: /if \(u\.protocol === ["']https:["'] \|\| u\.protocol === ["']http:["']\) void shell\.openExternal\(u\.href\);/,
    reason: 'openOutside (lockDown) hands on only URLs that parse with the protocol http: or https:, as the URL parser wrote them (electron/app/security.test.ts, 14 URLs)',
  },
  {
    check: 'command-line-switch',
    files: ['electron/main.ts', 'dist-electron/main.js'],
    line: /if \(locale\) app\.commandLine\.appendSwitch\(["']lang["'], locale\);/,
    reason: 'the UI language for Chromium’s own controls; the tag is checked and made canonical when the settings are read (electron/main.test.ts)',
  },
  {
    check: 'protocol',
    files: ['electron/main.ts', 'dist-electron/main.js'],
    line: /protocol\.registerSchemesAsPrivileged\(\[\{ scheme: APP_SCHEME, privileges: \{ standard: true, secure: true, supportFetchAPI: true, codeCache: true \} \}\]\);/,
    reason: 'app:// serves the built page; its privileges are pinned by electron/main.test.ts',
  },
  {
    check: 'preload',
    files: ['electron/app/window.ts', 'dist-electron/main.js'],
    line: /^\s*preload: o\.preload,$/,
    reason: 'the app window’s preload, dist-electron/preload.cjs built from electron/preload.ts, which exposes only the contract’s methods (electron/preload.test.ts)',
  },
  {
    check: 'protocol',
    files: ['electron/main.ts', 'dist-electron/main.js'],
    line: /protocol\.handle\(APP_SCHEME, \(request\) => serveAppRequest\(request, rendererRoot\)\);/,
    reason: 'serves files from dist/renderer only, refusing .., encoded separators and NUL (electron/app/protocol.test.ts)',
  },
];

/** Chromium switches that weaken the app, refused in package.json's scripts and config. */
const DANGEROUS_SWITCHES = [
  'ignore-certificate-errors', 'ignore-urlfetcher-cert-requests', 'disable-web-security', 'host-rules', 'host-resolver-rules',
  'auth-server-whitelist', 'auth-negotiate-delegate-whitelist', 'js-flags', 'allow-file-access-from-files', 'allow-no-sandbox-job',
  'allow-running-insecure-content', 'cipher-suite-blacklist', 'debug-packed-apps', 'disable-features', 'disable-kill-after-bad-ipc',
  'disable-webrtc-encryption', 'disable-xss-auditor', 'enable-local-file-accesses', 'enable-nacl-debug', 'remote-debugging-address',
  'remote-debugging-port', 'inspect', 'explicitly-allowed-ports', 'expose-internals-for-testing', 'gpu-launcher', 'no-sandbox',
  'reduce-security-for-testing', 'unsafely-treat-insecure-origin-as-secure',
];

/** The web preferences whose value must be this literal wherever they are set. */
const SAFE_VALUES = {
  nodeIntegration: ['node-integration', false],
  nodeIntegrationInWorker: ['node-integration', false],
  nodeIntegrationInSubFrames: ['node-integration', false],
  contextIsolation: ['context-isolation', true],
  sandbox: ['sandbox', true],
  webSecurity: ['web-security', true],
  allowRunningInsecureContent: ['insecure-content', false],
  experimentalFeatures: ['experimental-features', false],
  webviewTag: ['webview-tag', false],
};
/** Web preferences that must not be set at all. */
const FORBIDDEN_KEYS = { enableBlinkFeatures: 'blink-features', blinkFeatures: 'blink-features', affinity: 'removed-option', enableRemoteModule: 'removed-option', partition: 'other-session', session: 'other-session' };
/** What every window, view and web contents view states itself (electron/app/window.ts does). */
const REQUIRED = ['contextIsolation', 'sandbox', 'nodeIntegration', 'webSecurity'];
/** What the main process as it ships (dist-electron/main.js) must call, each once at least, and the check that names a missing one. */
const REQUIRED_CALLS = [
  ['permission-handler', 'setPermissionRequestHandler', () => true, 'no setPermissionRequestHandler: every permission a page asks for is granted'],
  ['limit-navigation', 'on', (first) => literal(first) === 'will-navigate', "no 'will-navigate' handler: a page can navigate the window anywhere"],
  ['limit-navigation', 'setWindowOpenHandler', () => true, 'no setWindowOpenHandler: a page can open new windows'],
];
const PROTOCOL_METHODS = /^(setAsDefaultProtocolClient|registerSchemesAsPrivileged|registerStandardSchemes|registerServiceWorkerSchemes|(register|intercept)(File|Http|String|Buffer|Stream)Protocol)$/;

const isTest = (rel) => /\.test\.[cm]?[jt]sx?$/.test(rel) || rel.split('/').includes('testing');
const shipped = (rel) =>
  (/^electron\/.*\.ts$/.test(rel) && rel !== 'electron/testing/handlers.ts' && !rel.startsWith('electron/testing/') && !isTest(rel)) ||
  (/^renderer\/.*\.(tsx?|html)$/.test(rel) && !isTest(rel)) ||
  /^dist-electron\/(main\.js|preload\.cjs|chunks\/[^/]+\.js)$/.test(rel) || rel === 'package.json';

/** Copies what is scanned into a temp folder and builds the main bundles there. Returns the folder and a clean-up. */
export async function stage() {
  const dir = await mkdtemp(join(tmpdir(), 'qm-security-scan-'));
  for (const folder of ['electron', 'renderer']) {
    for (const name of await readdir(join(root, folder), { recursive: true })) {
      const rel = `${folder}/${name.split(sep).join('/')}`;
      if (!shipped(rel)) continue;
      await mkdir(dirname(join(dir, rel)), { recursive: true });
      await cp(join(root, rel), join(dir, rel));
    }
  }
  await cp(join(root, 'package.json'), join(dir, 'package.json'));
  const { buildMain } = await import(join(root, 'electron', 'build-main.mjs'));
  await buildMain({ outdir: join(dir, 'dist-electron') });
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

/** The literal value of an expression (true, false, a string), or undefined when it is not one. */
function literal(node) {
  if (node.kind === ts.SyntaxKind.TrueKeyword) return true;
  if (node.kind === ts.SyntaxKind.FalseKeyword) return false;
  if (ts.isStringLiteralLike(node)) return node.text;
  // esbuild and minifiers write !0 and !1.
  if (ts.isPrefixUnaryExpression(node) && node.operator === ts.SyntaxKind.ExclamationToken && ts.isNumericLiteral(node.operand)) return Number(node.operand.text) === 0;
  return undefined;
}

const nameOf = (node) => (node && (ts.isIdentifier(node) || ts.isStringLiteralLike(node) || ts.isPrivateIdentifier(node)) ? node.text : undefined);
const calledName = (call) => (ts.isPropertyAccessExpression(call.expression) ? call.expression.name.text : ts.isIdentifier(call.expression) ? call.expression.text : undefined);
const isStringy = (node) => ts.isStringLiteralLike(node) || ts.isTemplateExpression(node) || (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken && (isStringy(node.left) || isStringy(node.right)));

/** Findings in one JavaScript or TypeScript file. */
function scanCode(file, text) {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : file.endsWith('.ts') ? ts.ScriptKind.TS : ts.ScriptKind.JS;
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const out = [];
  const report = (check, node, message) => out.push({ check, file, line: sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1, message });

  /** One web preference, set in an object literal or by an assignment. */
  const preference = (key, value, at) => {
    if (Object.hasOwn(SAFE_VALUES, key)) {
      const [check, safe] = SAFE_VALUES[key];
      if (literal(value) !== safe) report(check, at, `webPreferences.${key} is ${value.getText(sf)}; it must be ${safe}`);
    } else if (Object.hasOwn(FORBIDDEN_KEYS, key)) report(FORBIDDEN_KEYS[key], at, `webPreferences.${key} is set`);
    else if (key === 'preload') report('preload', at, `webPreferences.preload is ${value.getText(sf)}`);
  };
  /** The required calls seen (REQUIRED_CALLS), by index. */
  const seen = new Set();

  const visit = (node) => {
    if (ts.isShorthandPropertyAssignment(node) && node.name.text === 'webPreferences') report('window-preferences', node, 'webPreferences taken from a variable, not written in place');
    if (ts.isPropertyAssignment(node) && nameOf(node.name) === 'webPreferences') {
      if (!ts.isObjectLiteralExpression(node.initializer)) report('window-preferences', node, `webPreferences: ${node.initializer.getText(sf)} is not written in place`);
      else {
        for (const p of node.initializer.properties) {
          if (ts.isPropertyAssignment(p)) preference(nameOf(p.name), p.initializer, p);
          else if (ts.isShorthandPropertyAssignment(p)) preference(p.name.text, p.name, p);
          else if (ts.isSpreadAssignment(p)) report('window-preferences', p, `webPreferences spread from ${p.expression.getText(sf)}, which the scan cannot read`);
        }
      }
    }
    // webPreferences.nodeIntegration = true (a will-attach-webview handler, say).
    if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.EqualsToken && ts.isPropertyAccessExpression(node.left) && /webPreferences$/.test(node.left.expression.getText(sf))) {
      preference(node.left.name.text, node.right, node);
    }
    if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && /^(BrowserWindow|BrowserView|WebContentsView)\d*$/.test(node.expression.text)) windowOptions(node);
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier) && node.moduleSpecifier.text === '@electron/remote') report('removed-option', node, 'imports @electron/remote');
    if (ts.isCallExpression(node) || ts.isNewExpression(node)) call(node);
    if ((ts.isIdentifier(node) || ts.isStringLiteralLike(node)) && node.text === 'ELECTRON_DISABLE_SECURITY_WARNINGS') report('security-warnings', node, 'mentions ELECTRON_DISABLE_SECURITY_WARNINGS');
    if (ts.isJsxOpeningLikeElement(node) && node.tagName.getText(sf).toLowerCase() === 'webview') report('webview', node, 'a <webview> element');
    ts.forEachChild(node, visit);
  };

  const windowOptions = (node) => {
    const options = node.arguments?.[0];
    const prefs = options && ts.isObjectLiteralExpression(options) ? options.properties.find((p) => nameOf(p.name) === 'webPreferences') : undefined;
    // webPreferences that are not an object literal are reported where they are set.
    if (prefs && !(ts.isPropertyAssignment(prefs) && ts.isObjectLiteralExpression(prefs.initializer))) return;
    if (!prefs) return report('window-preferences', node, `new ${node.expression.text} without webPreferences written in place`);
    const set = new Map(prefs.initializer.properties.filter(ts.isPropertyAssignment).map((p) => [nameOf(p.name), p.initializer]));
    const missing = REQUIRED.filter((k) => !set.has(k));
    const blink = set.get('disableBlinkFeatures');
    if (!blink || !String(literal(blink) ?? '').split(',').includes('Auxclick')) missing.push("disableBlinkFeatures: 'Auxclick'");
    if (missing.length) report('window-preferences', node, `new ${node.expression.text} does not state ${missing.join(', ')}`);
  };

  const call = (node) => {
    const name = calledName(node);
    const first = node.arguments?.[0];
    const callee = node.expression.getText(sf);
    REQUIRED_CALLS.forEach(([, method, matches], i) => name === method && first && matches(first) && seen.add(i));
    if (name === 'eval' || (name === 'Function' && ts.isIdentifier(node.expression))) report('dynamic-code', node, `${name}() runs a string as code`);
    else if (/^(setTimeout|setInterval|setImmediate)$/.test(name ?? '') && first && isStringy(first)) report('dynamic-code', node, `${name} with a string runs it as code`);
    else if (/^(executeJavaScript|executeJavaScriptInIsolatedWorld|insertCSS)$/.test(name ?? '')) report('dynamic-code', node, `${name}() injects code into a page`);
    else if (name === 'loadURL' && first && /^http:/i.test((ts.isStringLiteralLike(first) ? first.text : ts.isTemplateExpression(first) ? first.head.text : '').trim())) report('http-load', node, 'loadURL with a plain http: URL');
    else if (name === 'openExternal') report('open-external', node, `${callee}() outside the reviewed helper`);
    else if (PROTOCOL_METHODS.test(name ?? '') || (name === 'handle' && /(^|\.)protocol\d*$/.test(callee.replace(/\.handle$/, '')))) report('protocol', node, `${callee}() registers a protocol or scheme`);
    else if (name === 'setPreloads' || name === 'registerPreloadScript') report('preload', node, `${callee}() adds a preload script to every page of a session`);
    else if (name === 'appendSwitch' || name === 'appendArgument') report('command-line-switch', node, `${callee}(${first ? first.getText(sf) : ''}) adds a Chromium switch`);
    else if (name === 'setCertificateVerifyProc' || name === 'importCertificate') report('certificates', node, `${name}() decides which certificates are trusted`);
    else if (name === 'on' || name === 'once' || name === 'addListener' || name === 'prependListener') {
      if (first && literal(first) === 'certificate-error') report('certificates', node, "a 'certificate-error' handler can accept a forged certificate");
    } else if ((name === 'fromPartition' || name === 'fromPath') && /(^|\.)session\d*$/.test(callee.replace(/\.\w+$/, ''))) report('other-session', node, `${callee}() opens a session without the permission handlers`);
  };

  visit(sf);
  if (file === 'dist-electron/main.js') {
    REQUIRED_CALLS.forEach(([check, , , message], i) => seen.has(i) || out.push({ check, file, line: 1, message }));
  }
  return out;
}

/** Findings in one HTML page (checked as text). */
function scanHtml(file, text) {
  const out = [];
  const lineAt = (i) => text.slice(0, i).split('\n').length;
  for (const m of text.matchAll(/<webview\b/gi)) out.push({ check: 'webview', file, line: lineAt(m.index), message: 'a <webview> element' });
  const csp = /<meta\s[^>]*http-equiv=["']Content-Security-Policy["']/i.exec(text);
  const script = /<script\b/i.exec(text);
  if (!csp) out.push({ check: 'csp-meta', file, line: 1, message: 'no <meta http-equiv="Content-Security-Policy"> tag' });
  else if (script && script.index < csp.index) out.push({ check: 'csp-meta', file, line: lineAt(script.index), message: 'a script comes before the Content-Security-Policy meta tag' });
  return out;
}

/** Findings in package.json: switches and settings handed to Electron by npm scripts and config. */
function scanPackage(file, text) {
  const out = [];
  const json = JSON.parse(text);
  const lines = text.split('\n');
  for (const [section, entries] of [['scripts', json.scripts], ['config', json.config]]) {
    for (const [key, value] of Object.entries(entries ?? {})) {
      const line = lines.findIndex((l) => l.includes(`${JSON.stringify(key)}:`)) + 1 || 1;
      const s = JSON.stringify(value);
      const flag = DANGEROUS_SWITCHES.find((f) => new RegExp(`--${f}(?![\\w-])`, 'i').test(s));
      if (flag) out.push({ check: 'command-line-switch', file, line, message: `${section}.${key} passes --${flag}` });
      if (s.includes('ELECTRON_DISABLE_SECURITY_WARNINGS')) out.push({ check: 'security-warnings', file, line, message: `${section}.${key} sets ELECTRON_DISABLE_SECURITY_WARNINGS` });
    }
  }
  return out;
}

/** Scans the given files ({ file: path relative to the app, text }); sorts findings into excused and failing. */
export function scanFiles(files, reviewed = REVIEWED) {
  const findings = files.flatMap(({ file, text }) =>
    file === 'package.json' ? scanPackage(file, text) : file.endsWith('.html') ? scanHtml(file, text) : scanCode(file, text),
  );
  const lines = new Map(files.map(({ file, text }) => [file, text.split('\n')]));
  const used = new Set();
  const excused = [];
  const failing = [];
  for (const f of findings) {
    const text = lines.get(f.file)?.[f.line - 1] ?? '';
    const r = reviewed.find((x) => x.check === f.check && x.files.includes(f.file) && x.line.test(text) && !used.has(`${reviewed.indexOf(x)} ${f.file}`));
    if (r) {
      used.add(`${reviewed.indexOf(r)} ${f.file}`);
      excused.push({ ...f, reason: r.reason });
    } else failing.push({ ...f, why: CHECKS[f.check] });
  }
  return { failing, excused, files: files.length, ok: failing.length === 0 };
}

/** Scans the staged app, or a folder as it is. */
export async function scan(folder) {
  const staged = folder === undefined ? await stage() : { dir: folder, cleanup: async () => undefined };
  try {
    const files = [];
    for (const name of await readdir(staged.dir, { recursive: true })) {
      const file = name.split(sep).join('/');
      if (shipped(file)) files.push({ file, text: await readFile(join(staged.dir, name), 'utf8') });
    }
    files.sort((a, b) => a.file.localeCompare(b.file));
    return scanFiles(files);
  } finally {
    await staged.cleanup();
  }
}

export function formatReport(r) {
  const out = [`Security scan: ${r.files} files, ${Object.keys(CHECKS).length} checks.`];
  for (const f of r.failing) out.push(`  ${f.file}:${f.line}  [${f.check}] ${f.message}: ${f.why}`);
  for (const f of r.excused) out.push(`  reviewed ${f.file}:${f.line}  [${f.check}] ${f.reason}`);
  out.push(r.ok ? 'OK: nothing refused.' : `FAILED: ${r.failing.length} finding(s).`);
  return `${out.join('\n')}\n`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const args = process.argv.slice(2);
  const folder = args.find((a) => !a.startsWith('--'));
  const r = await scan(folder);
  process.stdout.write(args.includes('--json') ? `${JSON.stringify(r, null, 2)}\n` : formatReport(r));
  process.exitCode = r.ok ? 0 : 1;
}
