import { afterEach, describe, expect, it } from 'vitest';
import { tempFolder } from '../testing/temp';
import { ConflictChangedError, EntryClashError, EventStore } from './store';
import { deskEntry, entry, ledgerEvent, sheet, testDeskKey } from './testing/helpers';
import { headerOf } from './ledger-api';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function twoStores() {
  const t = await tempFolder('qm-store-');
  const ev = ledgerEvent();
  const a = EventStore.open(`${t.dir}/a`, ev.id);
  const b = EventStore.open(`${t.dir}/b`, ev.id);
  cleanups.push(async () => {
    await a.close();
    await b.close();
    await t.cleanup();
  });
  a.signing.useKey(await testDeskKey(`${t.dir}/a`, 'Desk 1'));
  b.signing.useKey(await testDeskKey(`${t.dir}/b`, 'Desk 2'));
  await a.putHeader(headerOf(ev));
  return { ev, a, b };
}

const replicateBoth = async (a: EventStore, b: EventStore) => {
  await a.db.replicate.to(b.db);
  await b.db.replicate.to(a.db);
};

describe('the event store', () => {
  it('keeps entries immutable: the same entry twice is one, a changed one is refused', async () => {
    const { a, ev } = await twoStores();
    const e = deskEntry('check-in', sheet('Ayla').id, 'Desk 1');
    expect(await a.addEntries([e])).toBe(1);
    expect(await a.addEntries([e])).toBe(0);
    await expect(a.addEntries([{ ...e, desk: 'Desk 2' }])).rejects.toBeInstanceOf(EntryClashError);
    expect((await a.event())!.entries).toEqual([e]);
    expect((await a.event())!.id).toBe(ev.id);
  });

  it('entries written at two desks apart never conflict and arrive in the ledger order (instant, then id) at both', async () => {
    const { a, b } = await twoStores();
    const c = sheet('Ayla').id;
    const e1 = deskEntry('check-in', c, 'Desk 1');
    const e2 = deskEntry('printed', c, 'Desk 2', { serial: 'CH-1', edition: '1-K7' });
    const e3 = deskEntry('note', undefined, 'Desk 1', { text: 'rain' });
    await a.addEntries([e1, e3]);
    await b.addEntries([e2]);
    await replicateBoth(a, b);
    expect((await a.event())!.entries.map((e) => e.id)).toEqual([e1.id, e2.id, e3.id]);
    expect(await b.event()).toEqual(await a.event());
  });

  it('keeps both versions of a character edited at two desks apart, flags it, and resolves it everywhere', async () => {
    const { a, b } = await twoStores();
    const ayla = sheet('Ayla');
    const rev1 = await a.putCharacter(ayla, 'Ayla.character.json');
    await replicateBoth(a, b);
    await a.putCharacter({ ...ayla, notes: 'lost a hand' }, 'Ayla.character.json', rev1);
    await b.putCharacter({ ...ayla, player: 'Sam' }, 'Ayla.character.json', rev1);
    await replicateBoth(a, b);
    const ca = await a.conflicts();
    const cb = await b.conflicts();
    expect(ca).toHaveLength(1);
    expect(ca[0]!.versions.map((v) => v.character.notes === 'lost a hand' || v.character.player === 'Sam')).toEqual([true, true]);
    // Both desks agree which version wins for now.
    expect(cb[0]!.versions[0]!.rev).toBe(ca[0]!.versions[0]!.rev);
    await b.resolveConflict(ayla.id, { ...ayla, notes: 'lost a hand', player: 'Sam' });
    await replicateBoth(a, b);
    expect(await a.conflicts()).toEqual([]);
    expect((await a.character(ayla.id))!.character).toMatchObject({ notes: 'lost a hand', player: 'Sam' });
  });

  it('two desks that start from the same file copy do not conflict', async () => {
    const { a, b } = await twoStores();
    const ayla = sheet('Ayla');
    await a.putCharacter(ayla, 'Ayla.character.json');
    await b.putCharacter(ayla, 'Ayla.character.json');
    await replicateBoth(a, b);
    expect(await a.conflicts()).toEqual([]);
  });

  it('names the desk that saved each version of a conflict; equal copies saved at two desks stay one revision', async () => {
    const { a, b } = await twoStores();
    const ayla = sheet('Ayla');
    const rev1 = await a.putCharacter(ayla, 'Ayla.character.json', undefined, { desk: 'Gate', at: '2026-10-02T09:00:00.000Z' });
    // The same file copied to the other desk, saved there by another desk: the same revision.
    expect(await b.putCharacter(ayla, 'Ayla.character.json', undefined, { desk: 'Tavern', at: '2026-10-02T09:01:00.000Z' })).toBe(rev1);
    await replicateBoth(a, b);
    await a.putCharacter({ ...ayla, notes: 'lost a hand' }, 'Ayla.character.json', rev1, { desk: 'Gate', at: '2026-10-02T14:05:00.000Z' });
    await b.putCharacter({ ...ayla, player: 'Sam' }, 'Ayla.character.json', rev1, { desk: 'Tavern', at: '2026-10-02T14:06:00.000Z' });
    await replicateBoth(a, b);
    const [conflict] = await b.conflicts();
    const byDesk = Object.fromEntries(conflict!.versions.map((v) => [v.savedBy!.desk, v]));
    expect(byDesk.Gate!.character.notes).toBe('lost a hand');
    expect(byDesk.Gate!.savedBy!.at).toBe('2026-10-02T14:05:00.000Z');
    expect(byDesk.Tavern!.character.player).toBe('Sam');
    await b.resolveConflict(ayla.id, { ...ayla, notes: 'lost a hand', player: 'Sam' }, { desk: 'Tavern', at: '2026-10-02T14:10:00.000Z' });
    await replicateBoth(a, b);
    expect(await a.conflicts()).toEqual([]);
  });

  it('refuses a resolution made over versions that are no longer all there are, writing nothing', async () => {
    const { a, b } = await twoStores();
    const ayla = sheet('Ayla');
    const rev1 = await a.putCharacter(ayla, 'Ayla.character.json');
    await replicateBoth(a, b);
    const ra = await a.putCharacter({ ...ayla, notes: 'desk a' }, 'Ayla.character.json', rev1);
    const rb = await b.putCharacter({ ...ayla, notes: 'desk b' }, 'Ayla.character.json', rev1);
    await replicateBoth(a, b);
    const seen = (await a.conflict(ayla.id))!.versions.map((v) => v.rev);
    expect(seen.sort()).toEqual([ra, rb].sort());
    // Desk b resolves first; desk a's volunteer, still looking at the two versions, is refused.
    await b.resolveConflict(ayla.id, { ...ayla, notes: 'desk b wins' }, undefined, seen);
    await replicateBoth(a, b);
    await expect(a.resolveConflict(ayla.id, { ...ayla, notes: 'desk a wins' }, undefined, seen)).rejects.toThrow(new ConflictChangedError('Ayla was resolved at another desk meanwhile; nothing was changed here'));
    expect((await a.character(ayla.id))!.character.notes).toBe('desk b wins');
    // A third version arriving while a volunteer looks at two: refused too.
    const base = (await a.character(ayla.id))!.rev;
    await a.putCharacter({ ...ayla, notes: 'a again' }, 'Ayla.character.json', base);
    await b.putCharacter({ ...ayla, notes: 'b again' }, 'Ayla.character.json', base);
    await replicateBoth(a, b);
    const two = (await a.conflict(ayla.id))!.versions.map((v) => v.rev);
    expect(two).toHaveLength(2);
    // Desk b saves once more from the same base (its file was last written from it): a third version.
    await b.putCharacter({ ...ayla, notes: 'b once more' }, 'Ayla.character.json', base);
    await replicateBoth(a, b);
    expect((await a.conflict(ayla.id))!.versions).toHaveLength(3);
    await expect(a.resolveConflict(ayla.id, { ...ayla, notes: 'merged' }, undefined, two)).rejects.toThrow(/changed again at another desk meanwhile/);
  });

  it('orders entries by the instant they were made, whatever UTC offset each desk wrote', async () => {
    const { a, b } = await twoStores();
    const c = sheet('Ayla').id;
    // 10:00 at +02:00 is 08:00 UTC: before 09:00 UTC, though its text sorts after.
    const summer = deskEntry('check-in', c, 'Desk 2', { at: '2026-10-02T10:00:00+02:00' });
    const utc = deskEntry('printed', c, 'Desk 1', { at: '2026-10-02T09:00:00Z' });
    await a.addEntries([utc]);
    await b.addEntries([summer]);
    await replicateBoth(a, b);
    expect((await a.entries()).map((e) => e.id)).toEqual([summer.id, utc.id]);
    expect(await b.entries()).toEqual(await a.entries());
  });

  it("keeps the header's home desk through the store and replication", async () => {
    const t = await tempFolder('qm-store-');
    const homeDesk = '0b7c4a9e-3f51-4d2a-9c7e-5a1b2c3d4e5f';
    const ev = ledgerEvent({ homeDesk });
    const a = EventStore.open(`${t.dir}/a`, ev.id);
    const b = EventStore.open(`${t.dir}/b`, ev.id);
    cleanups.push(async () => {
      await a.close();
      await b.close();
      await t.cleanup();
    });
    await a.putHeader(headerOf(ev));
    await replicateBoth(a, b);
    expect((await b.header())!.homeDesk).toBe(homeDesk);
    expect((await b.event())!).toEqual(ev);
  });

  it('stores a long ledger given at once (a desk sharing its event for the first time), a thousand at a time', async () => {
    const { a } = await twoStores();
    const c = sheet('Ayla').id;
    const many = Array.from({ length: 2_500 }, () => deskEntry('note', c, 'Desk 1'));
    expect(await a.addEntries(many)).toBe(2_500);
    expect(await a.addEntries(many)).toBe(0);
    expect((await a.entries()).length).toBe(2_500);
  });

  it('lists a refused document as a problem and never returns it', async () => {
    const { a } = await twoStores();
    const e = entry('check-in', sheet('Ayla').id, 'Desk 1');
    // Written past the checks, as a hostile peer's replication would.
    await a.db.bulkDocs([{ _id: `entry:${e.id}`, _rev: '1-abc', kind: 'entry', entry: { ...e, at: 'yesterday' } }], { new_edits: false });
    expect((await a.event())!.entries).toEqual([]);
    expect(a.problems.get(`entry:${e.id}`)).toMatch(/field "entry.at"/);
  });
});
