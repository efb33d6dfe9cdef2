// Two characters whose file names differ only in case ("Bob.character.json", "bob.character.json"),
// shared from a desk on a case-sensitive disk and joined into a folder on a FAT volume (a USB stick,
// fusefat), where the two names are one file: both are kept, the second under a new name, the desk
// says so naming both, and nothing already in the folder is replaced. Once with the file mirror alone
// against the FAT folder, once with a hub and a desk as separate processes.
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { useFatImage } from '../event-log/testing/fat';
import { fatUnavailable } from '../event-log/testing/procs';
import { tempFolder } from '../testing/temp';
import { parseJoinCode } from './join-code';
import { eventFileText } from './ledger-api';
import { FileMirror } from './mirror';
import { MirrorState } from './mirror-state';
import { EventStore } from './store';
import { ledgerEvent, sheet } from './testing/helpers';
import { startProc, stopAll, until } from './testing/procs';

const text = (v: unknown) => `${JSON.stringify(v, null, 2)}\n`;
const fatWhy = fatUnavailable();
if (fatWhy) console.log(`case-insensitive names test skipped: ${fatWhy}`);

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

const characterFiles = async (folder: string) => (await readdir(folder)).filter((n) => n.endsWith('.character.json')).sort();
const nameIn = async (folder: string, file: string) => JSON.parse(await readFile(join(folder, file), 'utf8')).name as string;

describe.skipIf(fatWhy !== null)('file names that differ only in case, joined into a FAT folder', () => {
  const fat = useFatImage('qm-case-names-', stopAll);

  it('the file mirror keeps both characters (the second as "bob (2)"), says so, and never writes over a file of another case', async () => {
    const t = await tempFolder('qm-case-names-');
    cleanups.push(t.cleanup);
    const ev = ledgerEvent();
    const bigBob = sheet('Bob');
    const littleBob = sheet('bob the younger');
    const one = { folder: join(t.dir, 'one'), store: EventStore.open(join(t.dir, 'one-sync'), ev.id) };
    cleanups.push(() => one.store.close());
    await mkdir(one.folder);
    await writeFile(join(one.folder, 'Bob.character.json'), text(bigBob));
    await writeFile(join(one.folder, 'Muster.event.json'), eventFileText(ev));
    const oneMirror = new FileMirror(one.folder, one.store, await MirrorState.load(join(t.dir, 'one-sync'), one.store.name));
    expect((await oneMirror.syncOnce()).imported).toEqual(['Bob.character.json']);

    const folder = join(fat.dir(), 'mirror');
    await mkdir(folder);
    const store = EventStore.open(join(t.dir, 'two-sync'), ev.id);
    cleanups.push(() => store.close());
    const mirror = new FileMirror(folder, store, await MirrorState.load(join(t.dir, 'two-sync'), store.name));
    await one.store.db.replicate.to(store.db);
    expect((await mirror.syncOnce()).written).toEqual(['Bob.character.json']);

    // The second, made at desk one (a case-sensitive disk holds both), arrives at the FAT folder.
    await writeFile(join(one.folder, 'bob.character.json'), text(littleBob));
    expect((await oneMirror.syncOnce()).imported).toEqual(['bob.character.json']);
    await one.store.db.replicate.to(store.db);
    const report = await mirror.syncOnce();
    expect(report.written).toEqual(['bob (2).character.json']);
    expect(report.renamed).toEqual([{ wanted: 'bob.character.json', written: 'bob (2).character.json', holder: 'Bob.character.json' }]);
    expect(mirror.takeRenamed()).toEqual(report.renamed);
    expect(await characterFiles(folder)).toEqual(['Bob.character.json', 'bob (2).character.json']);
    expect(await nameIn(folder, 'Bob.character.json')).toBe('Bob');
    expect(await nameIn(folder, 'bob (2).character.json')).toBe('bob the younger');

    // A third character whose document carries "BOB.character.json": Bob's file is not replaced.
    const third = sheet('BOB the eldest');
    await writeFile(join(one.folder, 'BOB.character.json'), text(third));
    await oneMirror.syncOnce();
    await one.store.db.replicate.to(store.db);
    const again = await mirror.syncOnce();
    expect(again.renamed).toEqual([{ wanted: 'BOB.character.json', written: 'BOB (3).character.json', holder: 'Bob.character.json' }]);
    expect(await characterFiles(folder)).toEqual(['BOB (3).character.json', 'Bob.character.json', 'bob (2).character.json']);
    expect(await nameIn(folder, 'Bob.character.json')).toBe('Bob');
    expect(await nameIn(folder, 'BOB (3).character.json')).toBe('BOB the eldest');
    // Nothing was replaced, so nothing needed a backup.
    expect(await readdir(folder)).not.toContain('.quartermaster-backups');
    // Every character is in the database once, under its document's own name at the desk that made it.
    expect((await store.characters()).map((c) => c.character.name).sort()).toEqual(['BOB the eldest', 'Bob', 'bob the younger']);
  }, 60_000);

  it('a desk process joined into the FAT folder keeps both, and its status names both files', async () => {
    const t = await tempFolder('qm-case-procs-');
    cleanups.push(t.cleanup);
    const ev = ledgerEvent();
    const hubFolder = join(t.dir, 'hub');
    await mkdir(hubFolder);
    await writeFile(join(hubFolder, 'Bob.character.json'), text(sheet('Bob')));
    await writeFile(join(hubFolder, 'bob.character.json'), text(sheet('bob the younger')));
    await writeFile(join(hubFolder, 'Muster.event.json'), eventFileText(ev));
    const hub = await startProc('desk.ts', { folder: hubFolder, eventId: ev.id, serve: { host: '127.0.0.1', port: 0 } });
    const code = parseJoinCode(hub.ready.code as string);
    const folder = join(fat.dir(), 'desk');
    await mkdir(folder);
    const desk = await startProc('desk.ts', { folder, eventId: ev.id, join: { kind: 'hub', code }, backoffMs: 100 }, 60_000);
    expect(await until(async () => (await characterFiles(folder)).length === 2, 45_000, 250)).toBe(true);
    // Which arrives first is replication's choice: that one keeps its name, the other gets " (2)".
    const files = await characterFiles(folder);
    const [first, second] = files.includes('Bob.character.json') ? ['Bob', 'bob'] : ['bob', 'Bob'];
    expect(files).toEqual([`${first}.character.json`, `${second} (2).character.json`].sort());
    const names = { Bob: 'Bob', bob: 'bob the younger' } as Record<string, string>;
    expect(await nameIn(folder, `${first}.character.json`)).toBe(names[first!]);
    expect(await nameIn(folder, `${second} (2).character.json`)).toBe(names[second!]);
    const note = `"${second}.character.json" from another desk is written as "${second} (2).character.json": this folder already has "${first}.character.json" (another character), and names that differ only in upper and lower case are one file on many computers and USB sticks; both are kept`;
    // The note is made once the pass that wrote the files ends.
    let status: { notes: { message: string }[] } = { notes: [] };
    const noted = await until(async () => {
      status = (await desk.ask('status')).status;
      return status.notes.some((n) => n.message === note);
    }, 20_000, 250);
    expect(noted, JSON.stringify(status)).toBe(true);
    await desk.kill();
    await hub.kill();
  }, 120_000);
});
