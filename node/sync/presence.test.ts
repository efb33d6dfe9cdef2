// Every desk's state from the presence documents: what a desk writes, what the others show, and
// hostile presence documents refused like any other.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempFolder } from '../testing/temp';
import { checkDoc } from './docs';
import { parseJoinCode } from './join-code';
import { eventFileText } from './ledger-api';
import { presenceView, PRESENCE_STALE_MS, type Presence } from './presence';
import { DeskSession } from './session';
import { until } from './testing/procs';
import { entry, ledgerEvent, sheet } from './testing/helpers';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

const HUB_DESK = { id: '11111111-1111-4111-8111-111111111111', name: 'Gate' };
const FIELD_DESK = { id: '22222222-2222-4222-8222-222222222222', name: 'Field desk' };
const presence = (over: Partial<Presence> = {}): Presence => ({ ...FIELD_DESK, state: 'connected', since: '2026-10-02T13:00:00Z', seenAt: '2026-10-02T14:00:00Z', waiting: 0, ...over });
const doc = (desk: unknown, id = `desk:${FIELD_DESK.id}`) => ({ _id: id, kind: 'desk', desk });

describe('presence documents', () => {
  it('are checked like every other document', () => {
    expect(checkDoc(doc(presence())).ok).toBe(true);
    const refused = (d: unknown) => {
      const c = checkDoc(d);
      return c.ok ? 'accepted' : c.message;
    };
    expect(refused(doc(presence(), `desk:${HUB_DESK.id}`))).toMatch(/the _id must be "desk:2222/);
    expect(refused(doc(presence({ name: 'x'.repeat(61) })))).toMatch(/field "desk.name"/);
    expect(refused(doc(presence({ waiting: -1 })))).toMatch(/field "desk.waiting"/);
    expect(refused(doc({ ...presence(), state: 'king of the hill' }))).toMatch(/field "desk.state"/);
    expect(refused(doc({ ...presence(), path: '../../etc' }))).toMatch(/field "desk"/);
    expect(refused(JSON.parse(`{"_id":"desk:${FIELD_DESK.id}","kind":"desk","desk":{"__proto__":{"polluted":true}}}`))).not.toBe('accepted');
    expect(refused({ ...doc(presence()), _deleted: true })).toMatch(/never deleted/);
  });

  it('show a desk not heard from for a while as offline since it was last seen', () => {
    const p = presence({ seenAt: '2026-10-02T14:02:00Z' });
    const seen = Date.parse(p.seenAt);
    expect(presenceView(p, seen + PRESENCE_STALE_MS)).toEqual(p);
    expect(presenceView(p, seen + PRESENCE_STALE_MS + 1)).toEqual({ ...p, state: 'offline', since: '2026-10-02T14:02:00Z' });
    // Offline by its own word: since when it said so, with the changes it said were waiting.
    const off = presence({ state: 'offline', since: '2026-10-02T13:50:00Z', waiting: 37 });
    expect(presenceView(off, seen + PRESENCE_STALE_MS + 1)).toEqual(off);
    expect(presenceView(presence({ state: 'stopped' }), seen + 10 * PRESENCE_STALE_MS).state).toBe('stopped');
  });

  it('the hub and a desk each show both; apart, the desk counts its waiting check-ins and the hub learns them on reconnect', async () => {
    const t = await tempFolder('qm-presence-');
    cleanups.push(t.cleanup);
    const ev = ledgerEvent();
    const ayla = sheet('Ayla');
    for (const f of ['hub', 'desk']) {
      await mkdir(join(t.dir, f));
      await writeFile(join(t.dir, f, 'Muster.event.json'), eventFileText(ev));
      await writeFile(join(t.dir, f, 'Ayla.character.json'), `${JSON.stringify(ayla, null, 2)}\n`);
    }
    const hub = await DeskSession.open({ folder: join(t.dir, 'hub'), desk: HUB_DESK, settleMs: 10 }, ev.id);
    cleanups.push(() => hub.close());
    const code = await hub.serve('127.0.0.1', 0);
    const desk = await DeskSession.open({ folder: join(t.dir, 'desk'), desk: FIELD_DESK, settleMs: 10, link: { backoffMs: 50, maxBackoffMs: 200, heartbeatMs: 100 } }, ev.id);
    cleanups.push(() => desk.close());
    desk.join({ kind: 'hub', code: parseJoinCode(code) });

    const states = async (s: DeskSession) => (await s.status()).desks.map((d) => `${d.name}: ${d.state} ${d.waiting}`);
    expect(await until(async () => (await states(hub)).join() === 'Field desk: connected 0,Gate: hub 0', 10_000)).toBe(true);
    expect(await until(async () => (await states(desk)).join() === 'Field desk: connected 0,Gate: hub 0', 10_000)).toBe(true);

    // The hub goes away; the desk records two check-ins: it says offline with 2 changes waiting.
    await hub.hub!.close();
    hub.hub = null;
    await desk.record([entry('check-in', ayla.id, 'Field desk'), entry('check-in', sheet('Bran').id, 'Field desk')]);
    expect(await until(async () => (await states(desk)).includes('Field desk: offline 2'), 10_000)).toBe(true);
    const offlineSince = (await desk.status()).desks.find((d) => d.id === FIELD_DESK.id)!.since;
    // Back: the hub hears the desk is connected again, nothing waiting.
    await hub.serve('127.0.0.1', parseJoinCode(code).port);
    expect(await until(async () => (await hub.store.entries()).length === 2, 15_000)).toBe(true);
    expect(await until(async () => (await hub.status()).desks.some((d) => d.id === FIELD_DESK.id && d.state === 'connected' && d.waiting === 0 && d.since > offlineSince), 15_000)).toBe(true);
  });
});
