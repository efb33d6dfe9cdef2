// `npm run dev`: the Vite dev server for the renderer (hot reload) plus Electron, restarted when
// the main process or preload changes. Electron loads the dev server's URL from
// QUARTERMASTER_DEV_SERVER_URL (ignored by packaged builds).
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { createServer } from 'vite';
import { electronProblem, findElectron } from '../scripts/check-electron.mjs';
import { buildMain, root } from './build-main.mjs';

const server = await createServer({ configFile: `${root}/vite.config.ts` });
await server.listen();
const url = server.resolvedUrls?.local[0];
if (!url) throw new Error('the Vite dev server did not report a URL');

let electronPath;
// Checked first, as by `npm start`: requiring the electron package with its program missing starts
// a download that ends offline in a stack trace.
const problem = electronProblem(findElectron(), process.env.ELECTRON_OVERRIDE_DIST_PATH);
if (problem) {
  console.error(`npm run dev: ${problem} The renderer is at ${url}`);
} else {
  try {
    // The electron package's main export is the path of its binary.
    electronPath = createRequire(import.meta.url)('electron');
  } catch (e) {
    console.error(`npm run dev: Electron could not be found (${e.message}). The renderer is at ${url}`);
  }
}

let child = null;
const launch = () => {
  if (!electronPath) return;
  if (child) {
    child.removeAllListeners('exit');
    child.kill();
  }
  child = spawn(electronPath, ['.'], { cwd: root, stdio: 'inherit', env: { ...process.env, QUARTERMASTER_DEV_SERVER_URL: url } });
  child.on('exit', (code) => {
    void server.close();
    process.exit(code ?? 0);
  });
};

// esbuild reports the first build and every rebuild of main and preload; launch once per burst.
let timer = null;
await buildMain({
  watch: true,
  onRebuild: () => {
    clearTimeout(timer);
    timer = setTimeout(launch, 200);
  },
});
