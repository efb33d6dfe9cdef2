// "Share this event…" and "Join an event…" as the main process handles them, over HTTPS on 127.0.0.1.
import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempFolder } from '../../node/testing/temp';
import { eventFileText } from '../../node/sync/ledger-api';
import { until } from '../../node/sync/testing/procs';
import { ledgerEvent, sheet } from '../../node/sync/testing/helpers';
import { createSyncHandlers, type SyncHandlers } from './handlers';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

const granted = (folders: string[]) => ({
  check: async (path: string) => {
    if (!folders.includes(path)) throw new Error(`${path} is not an opened folder`);
    return path;
  },
});

describe('sharing an event from the app', () => {
  it('one desk shares, another joins with the code, a character edited at both while apart is resolved from the view', async () => {
    const t = await tempFolder('qm-sync-ipc-');
    const hubFolder = join(t.dir, 'hub');
    const deskFolder = join(t.dir, 'desk');
    await mkdir(hubFolder);
    await mkdir(deskFolder);
    const ayla = sheet('Ayla');
    await writeFile(join(hubFolder, 'Ayla.character.json'), `${JSON.stringify(ayla, null, 2)}\n`);
    await writeFile(join(hubFolder, 'Muster.event.json'), eventFileText(ledgerEvent()));
    const link = { backoffMs: 50, maxBackoffMs: 200, heartbeatMs: 100 };
    const a: SyncHandlers = createSyncHandlers({ guard: granted([hubFolder]), link });
    const b: SyncHandlers = createSyncHandlers({ guard: granted([deskFolder]), link });
    cleanups.push(t.cleanup, () => a.closeAll(), () => b.closeAll());

    await expect(a.shareEvent({ folder: deskFolder, host: '127.0.0.1', port: 0 })).rejects.toThrow(/not an opened folder/);
    const shared = await a.shareEvent({ folder: hubFolder, host: '127.0.0.1', port: 0 });
    expect(shared.role).toBe('hub');
    expect(shared.joinCode).toMatch(/^qm:\/\/127\.0\.0\.1:\d+\//);
    expect(shared.joinQrSvg).toMatch(/^<svg/);
    await expect(b.joinEvent({ folder: deskFolder, code: 'qm://nonsense' })).rejects.toThrow(/join code/);

    const joined = await b.joinEvent({ folder: deskFolder, code: shared.joinCode! });
    expect(joined.role).toBe('desk');
    expect(await until(async () => (await readdir(deskFolder)).includes('Ayla.character.json'), 10_000)).toBe(true);
    expect((await b.syncStatus({ folder: deskFolder }))!.link.kind).toBe('connected');

    // Apart: the hub stops sharing, both edit Ayla, the hub shares again.
    await a.stopSync({ folder: hubFolder });
    await writeFile(join(hubFolder, 'Ayla.character.json'), `${JSON.stringify({ ...ayla, notes: 'hub: lost a hand' }, null, 2)}\n`);
    await writeFile(join(deskFolder, 'Ayla.character.json'), `${JSON.stringify({ ...ayla, notes: 'desk: new shield' }, null, 2)}\n`);
    expect(await until(async () => (await b.syncStatus({ folder: deskFolder }))!.link.kind === 'offline', 10_000)).toBe(true);
    const again = await a.shareEvent({ folder: hubFolder, host: '127.0.0.1', port: Number(new URL(shared.joinCode!.replace('qm://', 'https://')).port) });
    expect(again.joinCode).toBe(shared.joinCode);
    expect(await until(async () => (await b.syncStatus({ folder: deskFolder }))!.conflicts.length === 1, 15_000)).toBe(true);
    const { conflicts } = (await b.syncStatus({ folder: deskFolder }))!;
    expect(conflicts[0]!.versions.map((v) => v.character.notes).sort()).toEqual(['desk: new shield', 'hub: lost a hand']);

    const merged = { ...ayla, notes: 'lost a hand; new shield' };
    expect((await b.resolveSyncConflict({ folder: deskFolder, characterId: ayla.id, keep: merged })).conflicts).toEqual([]);
    expect(await until(async () => JSON.parse(await readFile(join(hubFolder, 'Ayla.character.json'), 'utf8')).notes === merged.notes, 10_000)).toBe(true);
    expect((await a.syncStatus({ folder: hubFolder }))!.conflicts).toEqual([]);
    await expect(b.resolveSyncConflict({ folder: deskFolder, characterId: ayla.id, keep: { ...merged, armour: 'lots' } as never })).rejects.toThrow(/armour/);
  }, 60_000);
});
