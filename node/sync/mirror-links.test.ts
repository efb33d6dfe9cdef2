// Links in a shared event's folder: a `*.character.json` link (to a file outside the folder) is not
// shared, a linked event file is not appended to, and a `.quartermaster-backups` link to elsewhere
// makes the mirror refuse to replace a file (it would have to write the backup there), naming it.
import { mkdir, readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempFolder } from '../testing/temp';
import { eventFileText } from './ledger-api';
import { FileMirror } from './mirror';
import { MirrorState } from './mirror-state';
import { EventStore } from './store';
import { ledgerEvent, sheet } from './testing/helpers';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});
const text = (v: unknown) => `${JSON.stringify(v, null, 2)}\n`;

async function desk(root: string, name: string, eventId: string) {
  const folder = join(root, name);
  await mkdir(folder, { recursive: true });
  const store = EventStore.open(join(root, `${name}-sync`), eventId);
  const mirror = new FileMirror(folder, store, await MirrorState.load(join(root, `${name}-sync`), store.name));
  cleanups.push(() => store.close());
  return { folder, store, mirror };
}

describe('links in a shared folder', () => {
  it('a character file that is a link to a file outside the folder is neither shared nor followed, and says so', async () => {
    const t = await tempFolder('qm-links-');
    cleanups.push(t.cleanup);
    const ayla = sheet('Ayla');
    const secret = sheet('Secret');
    const ev = ledgerEvent();
    await mkdir(join(t.dir, 'outside'));
    await writeFile(join(t.dir, 'outside', 'secret.character.json'), text(secret));
    const one = await desk(t.dir, 'one', ev.id);
    await writeFile(join(one.folder, 'Ayla.character.json'), text(ayla));
    await writeFile(join(one.folder, 'Muster.event.json'), eventFileText(ev));
    await symlink(join(t.dir, 'outside', 'secret.character.json'), join(one.folder, 'Secret.character.json'));

    const report = await one.mirror.syncOnce();
    expect(report.imported).toEqual(['Ayla.character.json']);
    expect((await one.store.characters()).map((c) => c.character.name)).toEqual(['Ayla']);
    expect(one.mirror.problems.get('Secret.character.json')).toBe(`Secret.character.json: is a link (to ${join(t.dir, 'outside', 'secret.character.json')}); linked files are not shared with other desks (copy the file into the folder instead)`);

    // The link gone, so is the problem.
    await import('node:fs/promises').then((fs) => fs.unlink(join(one.folder, 'Secret.character.json')));
    await one.mirror.syncOnce();
    expect(one.mirror.problems.size).toBe(0);
  });

  it('a linked event file is not appended to', async () => {
    const t = await tempFolder('qm-links-');
    cleanups.push(t.cleanup);
    const ev = ledgerEvent();
    await mkdir(join(t.dir, 'outside'));
    await writeFile(join(t.dir, 'outside', 'real.event.json'), eventFileText(ev));
    const one = await desk(t.dir, 'one', ev.id);
    await symlink(join(t.dir, 'outside', 'real.event.json'), join(one.folder, 'Muster.event.json'));
    await one.mirror.syncOnce();
    expect(one.mirror.problems.get('Muster.event.json')).toMatch(/^Muster\.event\.json: is a link \(to .*real\.event\.json\); a shared event's file must be a file in the folder itself$/);
    expect(await one.store.header()).toBeNull();
    await expect(one.mirror.eventLogNow()).rejects.toThrow(/has no event file/);
  });

  it('a .quartermaster-backups that is a link to elsewhere: an arrival is not written over a file (no backup could be kept), with a message naming the link', async () => {
    const t = await tempFolder('qm-links-');
    cleanups.push(t.cleanup);
    const ayla = sheet('Ayla');
    const ev = ledgerEvent();
    const one = await desk(t.dir, 'one', ev.id);
    const two = await desk(t.dir, 'two', ev.id);
    for (const d of [one, two]) {
      await writeFile(join(d.folder, 'Ayla.character.json'), text(ayla));
      await writeFile(join(d.folder, 'Muster.event.json'), eventFileText(ev));
    }
    await one.mirror.syncOnce();
    await one.store.db.replicate.to(two.store.db);
    await two.mirror.syncOnce();
    await two.store.db.replicate.to(one.store.db);
    await mkdir(join(t.dir, 'elsewhere'));
    await symlink(join(t.dir, 'elsewhere'), join(two.folder, '.quartermaster-backups'));

    await writeFile(join(one.folder, 'Ayla.character.json'), text({ ...ayla, notes: 'one arm' }));
    await one.mirror.syncOnce();
    await one.store.db.replicate.to(two.store.db);
    const before = await readFile(join(two.folder, 'Ayla.character.json'), 'utf8');
    await expect(two.mirror.syncOnce()).rejects.toThrow(`the backups folder ${join(two.folder, '.quartermaster-backups', 'Ayla.character.json')} points outside the folder ${two.folder} (to ${join(t.dir, 'elsewhere', 'Ayla.character.json')}); it is not used`);
    expect(await readdir(join(t.dir, 'elsewhere'))).toEqual([]);
    expect(await readFile(join(two.folder, 'Ayla.character.json'), 'utf8')).toBe(before);
  });
});
