// Run by `npm start` (and `npm run dev`) before anything is built or launched: is Electron's program
// there? Electron's own launcher, when its program is missing, tries to download it and, offline,
// ends in a stack trace with advice ("npx install-electron --no") that does not fit this project.
// This says in plain words what happened and what to run, and exits 1.
//
// Electron 45 keeps the program in node_modules/electron/dist, named by node_modules/electron/path.txt,
// which its install.js writes once it has downloaded and unpacked it. Its package has no install
// script, so `npm install` never downloads it: install.js does, when the machine can reach the
// internet (`node node_modules/electron/install.js`; Electron's own launcher runs it too).
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const INSTALL = 'node node_modules/electron/install.js';

/**
 * What is wrong with the Electron at `electronDir` (the electron package's folder, or null when
 * the package is not installed), in one or two sentences; null when its program is there.
 * `overrideDist` is ELECTRON_OVERRIDE_DIST_PATH, which Electron's launcher uses instead of dist/.
 */
export function electronProblem(electronDir, overrideDist = undefined) {
  if (electronDir === null) {
    return 'Electron is not installed in this folder, so Quartermaster cannot start. Run `npm install` first (it needs the internet), then `npm start` again.';
  }
  const pathFile = join(electronDir, 'path.txt');
  const name = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : '';
  if (overrideDist) {
    const program = join(overrideDist, name || 'electron');
    if (existsSync(program)) return null;
    return `Electron's program is not at ${program} (ELECTRON_OVERRIDE_DIST_PATH), so Quartermaster cannot start. Put it there, or unset ELECTRON_OVERRIDE_DIST_PATH to use the one in node_modules/electron.`;
  }
  if (name !== '' && existsSync(join(electronDir, 'dist', name))) return null;
  return `Electron's program has not been downloaded (npm install does not fetch it), so Quartermaster cannot start. Run \`${INSTALL}\` to download it (this needs the internet), then \`npm start\` again.`;
}

/** The electron package's folder as Node resolves it from here (the project's), or null. */
export function findElectron(from = import.meta.url) {
  try {
    return dirname(createRequire(from).resolve('electron/package.json'));
  } catch {
    return null;
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const problem = electronProblem(findElectron(), process.env.ELECTRON_OVERRIDE_DIST_PATH);
  if (problem) {
    process.stderr.write(`${problem}\n`);
    process.exit(1);
  }
}
