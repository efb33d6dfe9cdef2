// `quartermaster desk join <code> <folder> --once` into a folder on a full FAT stick (fusefat, real
// processes): the event's documents fit into the desk's database, but not every file fits into the
// folder. The command must not call the folder up to date: it exits non-zero and names exactly the
// files that did not arrive (it said "is up to date" and exited 0 with 1 of 6 characters and no
// event file).
import { closeSync, openSync, unlinkSync, writeSync } from 'node:fs';
import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fatUnavailable } from '../../../node/event-log/testing/procs';
import { useFatImage } from '../../../node/event-log/testing/fat';
import { tempFolder } from '../../../node/testing/temp';
import { parseJoinCode } from '../../../node/sync/join-code';
import { eventFileText } from '../../../node/sync/ledger-api';
import { entry, ledgerEvent, sheet } from '../../../node/sync/testing/helpers';
import { run, stopStarted } from '../../testing/run';

const unavailable = fatUnavailable();
if (unavailable) console.log(`desk join --once on a full FAT stick skipped: ${unavailable}`);

/** Ten characters of about 19 KB each (long notes), so what fits is decided by tens of KB, not by a cluster. */
const characters = ['Ayla', 'Bram', 'Cleo', 'Dara', 'Eryk', 'Fenn', 'Gwyn', 'Hale', 'Isla', 'Jory'].map((n) => sheet(n, { notes: `${n} `.repeat(3_800) }));
const ev = ledgerEvent();
/** Free space left on the stick: room for the database's copy of the event and a few of the files, not all. */
const FREE_BYTES = 300 * 1024;

let t: Awaited<ReturnType<typeof tempFolder>>;

/** Fills the volume at `dir` but for `free` bytes (found by writing until it refuses, then writing less). */
function fill(dir: string, free: number): void {
  const path = join(dir, 'filler.bin');
  const chunk = Buffer.alloc(1024 * 1024);
  let fd = openSync(path, 'w');
  let size = 0;
  try {
    for (;;) size += writeSync(fd, chunk);
  } catch {
    /* full (fusefat says EPERM, other systems ENOSPC) */
  }
  closeSync(fd);
  unlinkSync(path);
  fd = openSync(path, 'w');
  for (let left = size - free; left > 0; left -= chunk.length) writeSync(fd, chunk, 0, Math.min(left, chunk.length));
  closeSync(fd);
}

beforeAll(async () => {
  t = await tempFolder('qm-join-full-');
  await mkdir(join(t.dir, 'hub'));
  for (const c of characters) await writeFile(join(t.dir, 'hub', `${c.name}.character.json`), `${JSON.stringify(c, null, 2)}\n`);
  await writeFile(join(t.dir, 'hub', 'Autumn Muster.event.json'), eventFileText({ ...ev, entries: [entry('check-in', characters[0]!.id, 'Gate')] }));
});

afterAll(async () => {
  await stopStarted();
  await t?.cleanup();
});

describe.skipIf(unavailable !== null)('desk join --once into a full FAT stick', () => {
  const fat = useFatImage('qm-join-full-fat-', stopStarted, unavailable === null);

  it('exits non-zero, never says "up to date", and names every file that did not arrive', async () => {
    const hub = run(['desk', 'serve', join(t.dir, 'hub'), '--host', '127.0.0.1', '--port', '0', '--desk', 'Gate']);
    const code = await hub.waitFor(/qm:\/\/\S+/, 30_000);
    parseJoinCode(code);
    const folder = join(fat.dir(), 'Autumn Muster');
    await mkdir(folder);
    fill(fat.dir(), FREE_BYTES);
    // Two desks on one machine: each its own --desk name (by default both would be the host's name, one desk id).
    const join1 = run(['desk', 'join', code, folder, '--once', '--desk', 'Field']);
    const exit = await join1.exited;
    const names = [...characters.map((c) => `${c.name}.character.json`), 'Autumn Muster.event.json'];
    const present = new Set(await readdir(folder));
    // A file counts as arrived when it is there whole (the event file holding the check-in).
    const arrived = await Promise.all(names.map(async (n) => {
      if (!present.has(n)) return false;
      const text = await readFile(join(folder, n), 'utf8');
      return n.endsWith('.event.json') ? text.includes(ev.id) && text.split('\n').length === 3 : JSON.parse(text).id === characters.find((c) => n.startsWith(c.name))!.id;
    }));
    const missing = names.filter((_, i) => !arrived[i]).sort();
    console.log(`join --once into a full stick: ${names.length - missing.length} of ${names.length} files arrived; stderr: ${join1.err().slice(-600)}`);
    // Some fit, some did not (else the test does not test this).
    expect(missing.length).toBeGreaterThan(0);
    expect(missing.length).toBeLessThan(names.length);
    expect(exit).toBe(2);
    expect(join1.out()).not.toMatch(/up to date/);
    const said = /did not arrive: (.*?)(?: \(|\. Make room)/.exec(join1.err());
    expect(said, join1.err()).not.toBeNull();
    expect(said![1]!.split(', ').map((s) => s.replace(/ \(\d+ of \d+ entries\)$/, '')).sort()).toEqual(missing);
    expect(join1.err()).toMatch(/NOT up to date/);
    hub.child.kill('SIGTERM');
    expect(await hub.exited).toBe(0);
    unlinkSync(join(fat.dir(), 'filler.bin'));
  }, 120_000);
});
