// A save at this desk landing while the mirror writes an arrival over the same file (the editor's
// Save pressed as a check-in from another desk comes in). Found by the randomized sync test under
// load (seed 33 in CI): the mirror took a save made right after its write for its own write, so the
// folder kept the save and the database the arrival, and the desks never agreed again.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, expect, it, vi } from 'vitest';
import { tempFolder } from '../testing/temp';
import { headerOf } from './ledger-api';
import { MirrorState } from './mirror-state';
import { EventStore } from './store';
import { ledgerEvent, sheet } from './testing/helpers';
import { mkdir } from 'node:fs/promises';

/** What the test does at the mirror's write: before its last check, or right after its rename. */
const hook: { before?: (path: string) => Promise<void>; after?: (path: string) => Promise<void> } = {};

vi.mock('../fs/files', async (original) => {
  const real = await original<typeof import('../fs/files')>();
  return {
    ...real,
    writeAtomicIf: async (path: string, data: string, stillOk: () => Promise<boolean>) => {
      const wrote = await real.writeAtomicIf(path, data, async () => {
        if (hook.before && path.endsWith('.character.json')) await hook.before(path);
        return stillOk();
      });
      if (wrote && hook.after && path.endsWith('.character.json')) await hook.after(path);
      return wrote;
    },
  };
});

const { FileMirror } = await import('./mirror');

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  hook.before = hook.after = undefined;
  while (cleanups.length) await cleanups.pop()!();
});

const text = (v: unknown) => `${JSON.stringify(v, null, 2)}\n`;

async function twoDesks() {
  const t = await tempFolder('qm-mirror-race-');
  cleanups.push(t.cleanup);
  const ev = ledgerEvent();
  const open = async (name: string) => {
    const folder = join(t.dir, name);
    await mkdir(folder, { recursive: true });
    const store = EventStore.open(join(t.dir, `${name}-sync`), ev.id);
    cleanups.push(() => store.close());
    return { folder, store, mirror: new FileMirror(folder, store, await MirrorState.load(join(t.dir, `${name}-sync`), store.name)) };
  };
  const one = await open('one');
  const two = await open('two');
  const ayla = sheet('Ayla');
  await one.store.putHeader(headerOf(ev));
  await writeFile(join(one.folder, 'Ayla.character.json'), text(ayla));
  await one.mirror.syncOnce();
  await one.store.db.replicate.to(two.store.db);
  await two.mirror.syncOnce();
  // Desk one edits; the edit travels to desk two, whose mirror is about to write it.
  await writeFile(join(one.folder, 'Ayla.character.json'), text({ ...ayla, notes: 'arrived from desk one' }));
  await one.mirror.syncOnce();
  await one.store.db.replicate.to(two.store.db);
  return { one, two, ayla, file: join(two.folder, 'Ayla.character.json') };
}

it('a save landing right after the mirror wrote an arrival is taken in on the next pass, not mistaken for the write', async () => {
  const { two, ayla, file } = await twoDesks();
  hook.after = async (path) => {
    await writeFile(path, text({ ...ayla, notes: 'saved at desk two after the arrival' }));
  };
  await two.mirror.syncOnce();
  hook.after = undefined;
  await two.mirror.syncOnce();
  // The save is the newest version: a plain edit on top of the arrival, in the file and in the database.
  expect(JSON.parse(await readFile(file, 'utf8')).notes).toBe('saved at desk two after the arrival');
  const stored = (await two.store.character(ayla.id))!;
  expect(stored.character.notes).toBe('saved at desk two after the arrival');
  expect(stored.conflicts).toEqual([]);
});

it('a save landing just before the mirror replaces the file is kept and becomes a conflict with the arrival', async () => {
  const { two, ayla, file } = await twoDesks();
  hook.before = async (path) => {
    await writeFile(path, text({ ...ayla, notes: 'saved at desk two before the arrival' }));
  };
  await two.mirror.syncOnce();
  hook.before = undefined;
  // The save is not overwritten…
  expect(JSON.parse(await readFile(file, 'utf8')).notes).toBe('saved at desk two before the arrival');
  await two.mirror.syncOnce();
  // …and, made without seeing the arrival, it stands beside it as a conflict for the desk to resolve.
  const conflict = (await two.store.conflict(ayla.id))!;
  expect(conflict.versions.map((v) => v.character.notes).sort()).toEqual(['arrived from desk one', 'saved at desk two before the arrival']);
  // Whichever version wins, the file shows the database's winner once the passes settle.
  await two.mirror.syncOnce();
  expect(JSON.parse(await readFile(file, 'utf8')).notes).toBe(conflict.versions[0]!.character.notes);
});
