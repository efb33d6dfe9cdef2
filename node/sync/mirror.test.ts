import { appendFile, readdir, readFile, writeFile } from 'node:fs/promises';
import { entryLine, loadEventBytes } from '../../core/desk/event-load';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { listBackups, backupFolderOf } from '../fs/files';
import { tempFolder } from '../testing/temp';
import { eventFileText, headerOf } from './ledger-api';
import { FileMirror } from './mirror';
import { holdBackConflicts } from './conflict-list';
import { MirrorState } from './mirror-state';
import { EventStore } from './store';
import { deskEntry, ledgerEvent, sheet, testDeskKey } from './testing/helpers';
import { mkdir, rm } from 'node:fs/promises';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

const text = (v: unknown) => `${JSON.stringify(v, null, 2)}\n`;

/** The event file's header and entries as a desk reads them. */
async function eventOn(path: string) {
  const r = loadEventBytes(new Uint8Array(await readFile(path)), path);
  if (!r.ok) throw new Error(r.problem.message);
  return r.event;
}

async function desk(root: string, name: string, eventId: string) {
  const folder = join(root, name);
  await mkdir(folder, { recursive: true });
  const store = EventStore.open(join(root, `${name}-sync`), eventId);
  // Desk "one" is "Desk 1", "two" is "Desk 2": each signs the entries made at it.
  store.signing.useKey(await testDeskKey(join(root, `${name}-sync`), name === 'one' ? 'Desk 1' : 'Desk 2'));
  const mirror = new FileMirror(folder, store, await MirrorState.load(join(root, `${name}-sync`), store.name));
  cleanups.push(() => store.close());
  return { folder, store, mirror };
}

describe('the file mirror', () => {
  it('puts a folder into the database, writes arrivals to files with backups, and takes edits on disk back in', async () => {
    const t = await tempFolder('qm-mirror-');
    cleanups.push(t.cleanup);
    const ayla = sheet('Ayla');
    const bran = sheet('Bran');
    const checkIn = deskEntry('check-in', ayla.id, 'Desk 1');
    const ev = ledgerEvent({ entries: [checkIn] });
    const one = await desk(t.dir, 'one', ev.id);
    await writeFile(join(one.folder, 'Ayla.character.json'), text(ayla));
    await writeFile(join(one.folder, 'Bran.character.json'), text(bran));
    await writeFile(join(one.folder, 'Muster.event.json'), eventFileText(ev));
    const first = await one.mirror.syncOnce();
    expect(first.imported.sort()).toEqual(['Ayla.character.json', 'Bran.character.json', 'Muster.event.json']);
    expect((await one.store.event())!.entries).toEqual([checkIn]);

    // A second desk with an empty folder receives everything as plain files.
    const two = await desk(t.dir, 'two', ev.id);
    await one.store.db.replicate.to(two.store.db);
    const arrived = await two.mirror.syncOnce();
    expect(arrived.written.sort()).toEqual(['Ayla.character.json', 'Bran.character.json']);
    expect(arrived.eventWritten).toBe(true);
    expect(JSON.parse(await readFile(join(two.folder, 'Ayla.character.json'), 'utf8'))).toEqual(ayla);
    const evFile = (await readdir(two.folder)).find((n) => n.endsWith('.event.json'))!;
    expect(evFile).toBe('Autumn Muster.event.json');
    expect((await eventOn(join(two.folder, evFile))).entries).toEqual([checkIn]);

    // An edit on disk at desk two travels back; desk one's file is rewritten, the old one backed up.
    // Another program (the command line) appends an entry to desk two's event file.
    await writeFile(join(two.folder, 'Ayla.character.json'), text({ ...ayla, notes: 'one arm' }));
    const printed = deskEntry('printed', ayla.id, 'Desk 2', { serial: 'CH-1' });
    await appendFile(join(two.folder, evFile), entryLine(printed));
    expect((await two.mirror.syncOnce()).imported.sort()).toEqual(['Autumn Muster.event.json', 'Ayla.character.json']);
    await two.store.db.replicate.to(one.store.db);
    const back = await one.mirror.syncOnce();
    expect(back.written).toEqual(['Ayla.character.json']);
    expect(back.eventWritten).toBe(true);
    expect(JSON.parse(await readFile(join(one.folder, 'Ayla.character.json'), 'utf8')).notes).toBe('one arm');
    expect((await eventOn(join(one.folder, 'Muster.event.json'))).entries.map((e) => e.id)).toEqual([checkIn.id, printed.id]);
    expect(await listBackups(backupFolderOf(one.folder, join(one.folder, 'Ayla.character.json')))).toHaveLength(1);
    // Nothing more to do when nothing changed.
    expect(await one.mirror.syncOnce()).toEqual({ imported: [], written: [], renamed: [], eventWritten: false, restored: [], removed: [] });
  });

  it("writes the event file with the header's home desk kept", async () => {
    const t = await tempFolder('qm-mirror-');
    cleanups.push(t.cleanup);
    const homeDesk = '0b7c4a9e-3f51-4d2a-9c7e-5a1b2c3d4e5f';
    const ev = ledgerEvent({ homeDesk, entries: [deskEntry('check-in', sheet('Ayla').id, 'Desk 1')] });
    const one = await desk(t.dir, 'one', ev.id);
    await writeFile(join(one.folder, 'Muster.event.json'), eventFileText(ev));
    await one.mirror.syncOnce();
    const two = await desk(t.dir, 'two', ev.id);
    await one.store.db.replicate.to(two.store.db);
    expect((await two.mirror.syncOnce()).eventWritten).toBe(true);
    const written = await readFile(join(two.folder, 'Autumn Muster.event.json'), 'utf8');
    // The header line, then the entry: the same file desk one has.
    expect(written).toBe(eventFileText(ev));
    expect((await eventOn(join(two.folder, 'Autumn Muster.event.json'))).homeDesk).toBe(homeDesk);
  });

  it('an edit on disk racing an arrival becomes a conflict, not a lost edit', async () => {
    const t = await tempFolder('qm-mirror-');
    cleanups.push(t.cleanup);
    const ayla = sheet('Ayla');
    const ev = ledgerEvent();
    const one = await desk(t.dir, 'one', ev.id);
    const two = await desk(t.dir, 'two', ev.id);
    await one.store.putHeader(headerOf(ev));
    await writeFile(join(one.folder, 'Ayla.character.json'), text(ayla));
    await one.mirror.syncOnce();
    await one.store.db.replicate.to(two.store.db);
    await two.mirror.syncOnce();
    // Both edit the file while apart.
    await writeFile(join(one.folder, 'Ayla.character.json'), text({ ...ayla, notes: 'desk one' }));
    await writeFile(join(two.folder, 'Ayla.character.json'), text({ ...ayla, notes: 'desk two' }));
    await one.mirror.syncOnce();
    await two.store.db.replicate.to(one.store.db); // desk two's database has not taken its edit yet
    await two.mirror.syncOnce();
    await two.store.db.replicate.to(one.store.db);
    await one.store.db.replicate.to(two.store.db);
    await one.mirror.syncOnce();
    await two.mirror.syncOnce();
    const [c1] = await one.store.conflicts();
    const [c2] = await two.store.conflicts();
    expect(c1!.versions.map((v) => v.character.notes).sort()).toEqual(['desk one', 'desk two']);
    expect(c2!.versions[0]!.rev).toBe(c1!.versions[0]!.rev);
    // The reprint at either desk holds the character back until the conflict is resolved.
    const plan = { print: [{ id: ayla.id, file: 'Ayla.character.json' }, { id: 'other', file: 'Bran.character.json' }], skipped: [] as { file: string; reason: string }[] };
    for (const d of [one, two]) {
      const fromSync = JSON.parse(await readFile(join(t.dir, `${d === one ? 'one' : 'two'}-sync`, 'conflicts.json'), 'utf8')).conflicts;
      expect(fromSync).toEqual([{ id: ayla.id, file: 'Ayla.character.json' }]);
      const held = holdBackConflicts(plan, fromSync);
      expect(held.print.map((p) => p.file)).toEqual(['Bran.character.json']);
      expect(held.skipped[0]!.reason).toMatch(/edited at two desks/);
    }
    await one.store.resolveConflict(ayla.id, { ...ayla, notes: 'desk one and desk two' });
    await one.store.db.replicate.to(two.store.db);
    await one.mirror.syncOnce();
    await two.mirror.syncOnce();
    expect(JSON.parse(await readFile(join(t.dir, 'two-sync', 'conflicts.json'), 'utf8')).conflicts).toEqual([]);
    expect(JSON.parse(await readFile(join(two.folder, 'Ayla.character.json'), 'utf8')).notes).toBe('desk one and desk two');
    // Both files now hold the same version.
    expect(await readFile(join(one.folder, 'Ayla.character.json'), 'utf8')).toBe(await readFile(join(two.folder, 'Ayla.character.json'), 'utf8'));
  });

  it('a retired character tidied away and put back by hand is taken in again, with no conflict', async () => {
    const t = await tempFolder('qm-mirror-');
    cleanups.push(t.cleanup);
    const cato = sheet('Cato', { status: 'retired', statusReason: 'Retired at Autumn Muster' });
    const ev = ledgerEvent();
    const one = await desk(t.dir, 'one', ev.id);
    await one.store.putHeader(headerOf(ev));
    await writeFile(join(one.folder, 'Cato.character.json'), text(cato));
    await one.mirror.syncOnce();
    const rev = (await one.store.character(cato.id))!.rev;
    await rm(join(one.folder, 'Cato.character.json'));
    expect(await one.mirror.syncOnce()).toMatchObject({ restored: [], removed: ['Cato.character.json'] });
    expect(await readdir(one.folder)).toEqual(['Autumn Muster.event.json']);
    // Put back from a memory stick: the same character, the same revision, nothing to resolve.
    await writeFile(join(one.folder, 'Cato.character.json'), text(cato));
    expect((await one.mirror.syncOnce()).imported).toEqual(['Cato.character.json']);
    expect(await one.store.conflicts()).toEqual([]);
    expect((await one.store.character(cato.id))!.rev).toBe(rev);
    expect(one.mirror.state.data.files['Cato.character.json']!.rev).toBe(rev);
    expect(one.mirror.state.data.removed).toEqual({});
  });

  it('a hostile document never reaches the folder', async () => {
    const t = await tempFolder('qm-mirror-');
    cleanups.push(t.cleanup);
    const ev = ledgerEvent();
    const one = await desk(t.dir, 'one', ev.id);
    await one.store.putHeader(headerOf(ev));
    const c = sheet('Evil');
    await one.store.db.bulkDocs([{ _id: `character:${c.id}`, _rev: '1-aa', kind: 'character', file: '../../escape.character.json', character: c }], { new_edits: false });
    const r = await one.mirror.syncOnce();
    expect(r.written).toEqual([]);
    expect(await readdir(t.dir)).not.toContain('escape.character.json');
    expect(one.store.problems.get(`character:${c.id}`)).toMatch(/plain file name/);
  });

  it('two characters arriving under a name the folder already uses get "(2)" and "(3)", the folder\'s own file untouched', async () => {
    const t = await tempFolder('qm-mirror-');
    cleanups.push(t.cleanup);
    const ev = ledgerEvent();
    const one = await desk(t.dir, 'one', ev.id);
    const two = await desk(t.dir, 'two', ev.id);
    await one.store.putHeader(headerOf(ev));
    // Two different players both called Ayla at desk one (one file renamed by hand), a third at desk two.
    const first = sheet('Ayla');
    const second = { ...sheet('Ayla'), player: 'Another player' };
    const own = { ...sheet('Ayla'), player: 'Desk two player' };
    await one.store.putCharacter(first, 'Ayla.character.json');
    await one.store.putCharacter(second, 'Ayla.character.json');
    await writeFile(join(two.folder, 'Ayla.character.json'), text(own));
    await two.mirror.syncOnce();
    await one.store.db.replicate.to(two.store.db);
    const r = await two.mirror.syncOnce();
    expect(r.written.sort()).toEqual(['Ayla (2).character.json', 'Ayla (3).character.json']);
    expect(JSON.parse(await readFile(join(two.folder, 'Ayla.character.json'), 'utf8')).player).toBe('Desk two player');
    const players = await Promise.all(['Ayla (2)', 'Ayla (3)'].map(async (n) => JSON.parse(await readFile(join(two.folder, `${n}.character.json`), 'utf8')).id));
    expect(players.sort()).toEqual([first.id, second.id].sort());
    // A pass with nothing new writes nothing and renames nothing.
    expect((await two.mirror.syncOnce()).written).toEqual([]);
  });
});
