// `npm start` checks for Electron's program before building and launching: with a stand-in electron
// package (never the real Electron, which cannot be downloaded here) the check names what is
// missing and what to run, exits 1 and prints no stack trace; with the program there it is silent.
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { electronProblem } from './check-electron.mjs';

const root = join(import.meta.dirname, '..');
const temps: string[] = [];
afterEach(() => {
  for (const t of temps.splice(0)) rmSync(t, { recursive: true, force: true });
});

/** A project folder with the check script and a stand-in electron package (no program yet). */
function standIn(): { project: string; electron: string } {
  const project = mkdtempSync(join(tmpdir(), 'qm-check-electron-'));
  temps.push(project);
  mkdirSync(join(project, 'scripts'));
  copyFileSync(join(root, 'scripts/check-electron.mjs'), join(project, 'scripts/check-electron.mjs'));
  const electron = join(project, 'node_modules/electron');
  mkdirSync(electron, { recursive: true });
  writeFileSync(join(electron, 'package.json'), JSON.stringify({ name: 'electron', version: '45.6.1', main: 'index.js' }));
  return { project, electron };
}

/** Electron's install.js leaves these once it has downloaded and unpacked the program. */
function putProgram(electron: string) {
  writeFileSync(join(electron, 'path.txt'), 'electron');
  mkdirSync(join(electron, 'dist'));
  writeFileSync(join(electron, 'dist/electron'), '#!/bin/sh\nexit 0\n', { mode: 0o755 });
}

const run = (project: string, env: NodeJS.ProcessEnv = {}) => {
  const { ELECTRON_OVERRIDE_DIST_PATH: _, ...rest } = process.env;
  return spawnSync(process.execPath, [join(project, 'scripts/check-electron.mjs')], { encoding: 'utf8', env: { ...rest, ...env } });
};

const MISSING =
  "Electron's program has not been downloaded (npm install does not fetch it), so Quartermaster cannot start. Run `node node_modules/electron/install.js` to download it (this needs the internet), then `npm start` again.\n";

describe('npm start: the check for Electron’s program', () => {
  it('says what happened and what to run when the program is missing: exit 1, two sentences, no stack trace', () => {
    const { project } = standIn();
    const r = run(project);
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(MISSING);
    expect(r.stderr).not.toMatch(/^\s+at /m);
    expect(r.stderr).not.toContain('install-electron');
  });

  it('says the same when path.txt names a program that is not in dist/ (an interrupted download)', () => {
    const { project, electron } = standIn();
    writeFileSync(join(electron, 'path.txt'), 'electron');
    expect(run(project).stderr).toBe(MISSING);
  });

  it('is silent and exits 0 when the program is there', () => {
    const { project, electron } = standIn();
    putProgram(electron);
    const r = run(project);
    expect([r.status, r.stdout, r.stderr]).toEqual([0, '', '']);
  });

  it('follows ELECTRON_OVERRIDE_DIST_PATH as Electron’s launcher does', () => {
    const { project, electron } = standIn();
    putProgram(electron);
    const other = join(project, 'elsewhere');
    const r = run(project, { ELECTRON_OVERRIDE_DIST_PATH: other });
    expect(r.status).toBe(1);
    expect(r.stderr).toBe(`Electron's program is not at ${join(other, 'electron')} (ELECTRON_OVERRIDE_DIST_PATH), so Quartermaster cannot start. Put it there, or unset ELECTRON_OVERRIDE_DIST_PATH to use the one in node_modules/electron.\n`);
    mkdirSync(other);
    writeFileSync(join(other, 'electron'), '');
    expect(run(project, { ELECTRON_OVERRIDE_DIST_PATH: other }).status).toBe(0);
  });

  it('says to run npm install when the electron package itself is not installed', () => {
    const { project } = standIn();
    rmSync(join(project, 'node_modules'), { recursive: true });
    const r = run(project);
    expect(r.status).toBe(1);
    expect(r.stderr).toBe('Electron is not installed in this folder, so Quartermaster cannot start. Run `npm install` first (it needs the internet), then `npm start` again.\n');
    expect(electronProblem(null)).toBe(r.stderr.trimEnd());
  });

  it('runs first in `npm start`, before the build and before Electron is launched', () => {
    const start = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts.start!;
    expect(start.split(' && ')).toEqual(['node scripts/check-electron.mjs', 'npm run build', 'electron .']);
    // `npm start` itself, with the program missing, stops at the check (nothing is built or
    // launched): run through npm in the stand-in project with the same start script.
    const { project } = standIn();
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'stand-in', private: true, scripts: { start: 'node scripts/check-electron.mjs && echo BUILT' } }));
    let out = '';
    let status = 0;
    try {
      out = execFileSync('npm', ['start', '--silent'], { cwd: project, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    } catch (e) {
      const err = e as { status: number; stdout: string; stderr: string };
      status = err.status;
      out = err.stdout + err.stderr;
    }
    expect(status).not.toBe(0);
    expect(out).toContain(MISSING.trimEnd());
    expect(out).not.toContain('BUILT');
    expect(out).not.toMatch(/^\s+at /m);
  });
});
