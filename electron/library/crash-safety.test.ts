// Crash safety: a child process saves a character (through the IPC handlers: backup + atomic write)
// in a loop, and is killed with SIGKILL at a random moment, KILLS times at least. After every kill:
// - the file parses and is byte for byte either the version before the interrupted save or the
//   version that save was writing (never a mix, never empty);
// - every backup parses and is byte for byte an earlier version; the newest backup is the version
//   the last (possibly interrupted) save replaced; no more than BACKUPS_KEPT (+1 while a save is
//   between copying its backup and pruning the oldest) are kept;
// - the next child opens the file and saves on (a crash never locks the user out).
// The event file is not saved whole any more (entries are appended to it: node/event-log/crash.test.ts
// kills those appends).
//
// The kills must also be shown to have landed while saves ran: the loop goes on past KILLS until the
// children have confirmed MIN_CONFIRMED saves and at least one kill caught a save between its rename
// and its confirmation. How fast that comes depends on the machine (a fresh-clone run on a busy
// machine once confirmed 12 saves in 300 kills), so the test waits for it, within a generous time
// bound, rather than counting what got done in a fixed number of kills. Past KILLS each kill waits
// for a confirmed save first, so every further kill adds to the evidence.
//
// The child is electron/testing/save-loop.ts, bundled once with esbuild so it starts quickly.
// The loop runs on this machine's disk and again on real FAT and exFAT volumes (FUSE).
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCharacterBytes } from '../../core/format/load';
import { prng } from '../../core/testing/mutate';
import { backupFolderOf, BACKUPS_KEPT, listBackups } from '../../node/fs/files';
import { Library } from './library';
import { characterVersionOf, characterVersionText } from '../testing/save-loop';
import { tempFolder } from '../testing/handlers';
import { mountVolume, VOLUME_KINDS, volumesUnavailable, type Volume } from '../../node/testing/volumes';

/** SIGKILLs at least; each one interrupts the character save loop somewhere. */
const KILLS = 300;
/** Children running at once, each on its own library folder. */
const LANES = 2;
/**
 * The kill comes 0 to this many milliseconds after the child has started saving. One save cycle
 * (backup, temp write, fsync, rename, folder fsync) takes 10–30 ms on a disk shared with the rest of
 * the suite; 60 ms lets most kills land after a save or two and some in the middle of one.
 */
const MAX_DELAY_MS = 60;
/** Saves the children must have confirmed between kills, in all, before the loop may stop. */
const MIN_CONFIRMED = KILLS / 10;
/** How long the loop may take to show that, before the test fails saying what it saw. */
const DEADLINE_MS = 6 * 60_000;

let dir: string;
let cleanup: () => Promise<void>;
let script: string;

beforeAll(async () => {
  ({ dir, cleanup } = await tempFolder('qm-crash-'));
  script = join(dir, 'save-loop.mjs');
  await build({
    entryPoints: [new URL('../testing/save-loop.ts', import.meta.url).pathname],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile: script,
    logLevel: 'warning',
    // Keep printing and sharing code out: the handler table imports them, the save loop never
    // prints or syncs, loading pdf-lib and fontkit would make every child start half a second
    // later, and PouchDB's CommonJS requires cannot run from an ES module bundle.
    plugins: [
      {
        name: 'no-printing',
        setup(b) {
          b.onResolve({ filter: /^(pdf-lib|@pdf-lib\/fontkit|qrcode(\/.*)?|pouchdb|selfsigned)$/ }, (a) => ({
            path: createRequire(join(a.resolveDir, 'importer.js')).resolve(a.path),
            namespace: 'no-printing',
          }));
          // The stub throws when called and answers every name the real module exports, so a
          // new import of printing code does not break the bundle (the names are read here, once).
          b.onLoad({ filter: /.*/, namespace: 'no-printing' }, (a) => {
            const names = Object.keys(createRequire(a.path)(a.path) as object).filter((k) => k !== 'default' && /^[A-Za-z_$][\w$]*$/.test(k));
            const exports = names.map((k) => `export const ${k} = no;`).join(' ');
            return { contents: `const no = () => { throw new Error("printing and sharing are not part of the save loop"); }; ${exports} export default no;`, loader: 'js' };
          });
        },
      },
    ],
  });
});
afterAll(() => cleanup());

type Lane = { library: string; character: string };
type Outcome = { character: 'old' | 'new'; confirmedSaves: number };

/**
 * Runs one child, waits until it has started saving (or, `afterSave`, until it has confirmed a
 * save), then `delayMs` more, and kills it; returns its stdout lines.
 */
function runAndKill(lane: Lane, delayMs: number, afterSave: boolean): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, lane.library, lane.character], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    let killed = false;
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (!killed && out.includes(afterSave ? 'saved c ' : 'start c ')) {
        killed = true;
        setTimeout(() => child.kill('SIGKILL'), delayMs);
      }
    });
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (signal !== 'SIGKILL') reject(new Error(`the save loop stopped by itself (exit ${code}): ${err}`));
      else resolve(out.split('\n').filter((l) => l !== ''));
    });
  });
}

/** The last version the child confirmed ("start c 4" / "saved c 5"), and how many saves it confirmed. */
function lastConfirmed(lines: string[]): { version: number; saves: number } {
  let version = -1;
  let saves = 0;
  for (const line of lines) {
    const [what, k, n] = line.split(' ');
    if (k !== 'c') continue;
    version = Number(n);
    if (what === 'saved') saves++;
  }
  if (version < 0) throw new Error(`no start line: ${lines.join(' | ')}`);
  return { version, saves };
}

/** Loads a character file's bytes and returns the version they hold, failing the test when they do not load. */
function versionOf(bytes: Uint8Array, source: string): number {
  const r = loadCharacterBytes(bytes, source);
  if (!r.ok) throw new Error(r.problem.message);
  const n = characterVersionOf(r.character);
  if (n === null) throw new Error(`${source}: not a crash-test character`);
  return n;
}

/** Checks the file and its backups after a kill; returns whether the file holds the old or the new version. */
async function checkAfterKill(lane: Lane, { version: confirmed, saves }: { version: number; saves: number }, kill: number): Promise<'old' | 'new'> {
  const where = `kill ${kill}, character file`;
  const file = lane.character;
  const bytes = new Uint8Array(await readFile(file));
  const version = versionOf(bytes, file);
  // The version before the interrupted save, or the one it was writing.
  expect([confirmed, confirmed + 1], where).toContain(version);
  expect(new TextDecoder().decode(bytes), where).toBe(characterVersionText(version));

  const folder = backupFolderOf(lane.library, file);
  const names = await readdir(folder).catch(() => [] as string[]);
  const backups: { id: string; version: number }[] = [];
  for (const name of names) {
    // Hidden names are temp files of an interrupted write; anything else must be a whole backup.
    if (name.startsWith('.')) continue;
    const m = /^(\d+-\d+)\.character\.json$/.exec(name);
    expect(m, `${where}: unexpected file ${name} among the backups`).not.toBeNull();
    const b = new Uint8Array(await readFile(join(folder, name)));
    const v = versionOf(b, join(folder, name));
    expect(new TextDecoder().decode(b), `${where}: backup ${name}`).toBe(characterVersionText(v));
    expect(v, `${where}: backup ${name} is newer than the file`).toBeLessThanOrEqual(confirmed);
    backups.push({ id: m![1]!, version: v });
  }
  // A completed save prunes to BACKUPS_KEPT; the interrupted one may have added one more. (A child
  // killed before it completed any save may leave one extra each time; the next completed save
  // prunes them.)
  if (saves > 0) expect(backups.length, `${where}: backups kept`).toBeLessThanOrEqual(BACKUPS_KEPT + 1);
  if (confirmed > 0) {
    // Newest first, as the app lists them (listBackups sorts by time, then by counter).
    const order = (await listBackups(folder)).map((b) => b.id);
    const newest = backups.find((b) => b.id === order[0]);
    expect(newest, `${where}: no backup after ${confirmed} saves`).toBeDefined();
    // After a completed save of `version`, the newest backup is the version it replaced; a save
    // interrupted after its backup leaves the current version as the newest backup.
    if (version === confirmed + 1) expect(newest!.version, where).toBe(confirmed);
    else expect([confirmed - 1, confirmed], where).toContain(newest!.version);
  }
  return version === confirmed ? 'old' : 'new';
}

async function hiddenTempFiles(lane: Lane): Promise<number> {
  const names = await readdir(lane.library);
  return names.filter((n) => n.startsWith('.') && n.endsWith('.tmp')).length;
}

type LoopOptions = { kills: number; lanes: number; maxDelayMs: number; minConfirmed: number; deadlineMs: number };

/**
 * The kill loop over `lanes` library folders under `root`: at least `kills` kills, and on until the
 * children have confirmed `minConfirmed` saves and a kill has caught a save between its rename and
 * its confirmation; fails when that has not happened within `deadlineMs`. Returns a summary for the log.
 */
async function killLoop(root: string, { kills, lanes: laneCount, maxDelayMs, minConfirmed, deadlineMs }: LoopOptions) {
  const started = Date.now();
  const lanes: Lane[] = [];
  for (let i = 0; i < laneCount; i++) {
    const library = join(root, `library-${i}`);
    await mkdir(library, { recursive: true });
    const lane = { library, character: join(library, 'Crash Test.character.json') };
    await writeFile(lane.character, characterVersionText(0));
    lanes.push(lane);
  }
  const outcomes: Outcome[] = [];
  const confirmed = () => outcomes.reduce((s, o) => s + o.confirmedSaves, 0);
  const caughtNew = () => outcomes.filter((o) => o.character === 'new').length;
  const enough = () => outcomes.length >= kills && confirmed() >= minConfirmed && caughtNew() > 0;
  let runs = 0;
  let waitedForSave = 0;
  const runLane = async (lane: Lane, laneIndex: number) => {
    const rand = prng(7000 + laneIndex);
    while (!enough() && Date.now() - started < deadlineMs) {
      const kill = ++runs;
      // The planned kills land anywhere from the child's start on; past them, only after a confirmed save.
      const afterSave = kill > kills;
      if (afterSave) waitedForSave++;
      const lines = await runAndKill(lane, Math.floor(rand() * (maxDelayMs + 1)), afterSave);
      const c = lastConfirmed(lines);
      outcomes.push({ character: await checkAfterKill(lane, c, kill), confirmedSaves: c.saves });
    }
  };
  await Promise.all(lanes.map(runLane));

  const seen = `${outcomes.length} kills in ${Math.round((Date.now() - started) / 1000)} s: ${confirmed()} saves confirmed, ${caughtNew()} kills between a save's rename and its confirmation`;
  expect(outcomes.length, seen).toBeGreaterThanOrEqual(kills);
  // The kills landed while saves were running: the children got work done between kills, and some
  // kills came after a save's rename and before its confirmation ("new").
  expect(confirmed(), seen).toBeGreaterThanOrEqual(minConfirmed);
  expect(caughtNew(), seen).toBeGreaterThan(0);
  // Temp files left by interrupted writes are hidden: the library lists only the character.
  for (const lane of lanes) {
    const listed = await new Library({ derive: () => ({ derived: {}, violations: [] }) as never }).list(lane.library);
    expect(listed.map((e) => [e.fileName, e.status])).toEqual([['Crash Test.character.json', 'clean']]);
  }
  return {
    kills: outcomes.length,
    afterASave: waitedForSave,
    characterNew: caughtNew(),
    savesConfirmed: confirmed(),
    tempFilesLeft: Math.max(...(await Promise.all(lanes.map(hiddenTempFiles)))),
    seconds: Math.round((Date.now() - started) / 1000),
  };
}

describe('crash safety: SIGKILL during saves', () => {
  it(`keeps every file whole and every backup readable through ${KILLS} kills or more`, async () => {
    const summary = await killLoop(join(dir, 'disk'), { kills: KILLS, lanes: LANES, maxDelayMs: MAX_DELAY_MS, minConfirmed: MIN_CONFIRMED, deadlineMs: DEADLINE_MS });
    console.log(`crash safety: ${JSON.stringify(summary)}`);
  }, DEADLINE_MS + 120_000);
});

// The same on a desk's USB stick: FAT and exFAT have no hard links, so every backup and new file
// goes through the fallback (write, fsync, locked rename). Saves there take longer (FUSE), so the
// kill comes up to VOLUME_MAX_DELAY_MS after the start.
const unavailable = volumesUnavailable();
if (unavailable) console.log(`crash safety on FAT/exFAT skipped: ${unavailable}`);
const VOLUME_KILLS = 100;
const VOLUME_MAX_DELAY_MS = 250;
const VOLUME_DEADLINE_MS = 8 * 60_000;

describe.skipIf(unavailable !== null).each(VOLUME_KINDS)('crash safety on a real %s volume', (kind) => {
  let vol: Volume;
  beforeAll(async () => {
    await mkdir(join(dir, kind));
    vol = await mountVolume(kind, join(dir, kind));
  });
  afterAll(async () => {
    if (!vol) return;
    const verdict = await vol.unmount();
    expect(verdict.clean, verdict.report).toBe(true);
  });

  it(`keeps every file whole and every backup readable through ${VOLUME_KILLS} kills or more`, async () => {
    const summary = await killLoop(vol.dir, { kills: VOLUME_KILLS, lanes: LANES, maxDelayMs: VOLUME_MAX_DELAY_MS, minConfirmed: VOLUME_KILLS / 10, deadlineMs: VOLUME_DEADLINE_MS });
    console.log(`crash safety (${kind}): ${JSON.stringify(summary)}`);
  }, VOLUME_DEADLINE_MS + 120_000);
});
