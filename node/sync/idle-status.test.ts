// An idle desk that is connected says so: joined to a hub, and joined to a game's CouchDB (the
// express-pouchdb stand-in, which holds a long poll open as long as nothing changes), a desk left
// alone for several request timeouts stays "connected" all along, and a change made after the quiet
// still arrives. The desks run with a 2 s request timeout so the quiet can be short; a long poll that
// outlived the request timeout showed such a desk "offline … (Response timeout …)" every timeout.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempFolder } from '../testing/temp';
import { parseJoinCode } from './join-code';
import { eventFileText } from './ledger-api';
import { entry, ledgerEvent, sheet } from './testing/helpers';
import { startProc, stopAll, until, type Proc } from './testing/procs';

const REQUEST_TIMEOUT_MS = 2_000;
/** Three and a half request timeouts. */
const QUIET_MS = 7_000;

const ev = ledgerEvent();
const characters = ['Ayla', 'Bram'].map((n) => sheet(n));
let t: Awaited<ReturnType<typeof tempFolder>>;

beforeAll(async () => {
  t = await tempFolder('qm-idle-status-');
  const source = join(t.dir, 'source');
  await mkdir(source);
  for (const c of characters) await writeFile(join(source, `${c.name}.character.json`), `${JSON.stringify(c, null, 2)}\n`);
  await writeFile(join(source, 'Autumn Muster.event.json'), eventFileText(ev));
});

afterAll(async () => {
  await stopAll();
  await t?.cleanup();
});

const entriesOf = async (p: Proc) => ((await p.ask('dump')) as { entries: string[] }).entries;

/** Waits for the desk to hold `n` entries and be connected, stays quiet, then checks it never left "connected" and still hears of a change. */
async function staysConnected(desk: Proc, source: Proc, expected: number): Promise<void> {
  expect(await until(async () => (await entriesOf(desk)).length === expected && (await desk.ask('status')).status.link.kind === 'connected', 30_000, 200)).toBe(true);
  const before = ((await desk.ask('status')).states as string[]).length;
  await new Promise((r) => setTimeout(r, QUIET_MS));
  const after = await desk.ask('status');
  expect(after.states.slice(before)).toEqual([]);
  expect(after.status.link.kind).toBe('connected');
  // Still live: an entry recorded at the other end arrives.
  await source.ask('record', { entries: [entry('check-in', characters[1]!.id, 'Gate')] });
  expect(await until(async () => (await entriesOf(desk)).length === expected + 1, 10_000, 200)).toBe(true);
  expect((await desk.ask('status')).states.slice(before).filter((s: string) => s !== 'connected')).toEqual([]);
}

describe('an idle, connected desk stays connected', () => {
  it(`joined to a hub: connected through ${QUIET_MS / 1000} s of quiet with a ${REQUEST_TIMEOUT_MS / 1000} s request timeout`, async () => {
    const folder = join(t.dir, 'hub');
    await mkdir(folder);
    const { cp } = await import('node:fs/promises');
    await cp(join(t.dir, 'source'), folder, { recursive: true });
    const hub = await startProc('desk.ts', { folder, eventId: ev.id, serve: { host: '127.0.0.1', port: 0 } });
    await hub.ask('record', { entries: [entry('check-in', characters[0]!.id, 'Gate')] });
    const deskFolder = join(t.dir, 'hub-desk');
    await mkdir(deskFolder);
    const desk = await startProc('desk.ts', { folder: deskFolder, eventId: ev.id, join: { kind: 'hub', code: parseJoinCode(hub.ready.code as string) }, requestTimeoutMs: REQUEST_TIMEOUT_MS });
    await staysConnected(desk, hub, 1);
    await desk.kill();
    await hub.kill();
  }, 90_000);

  it(`joined to a game's CouchDB: connected through ${QUIET_MS / 1000} s of quiet with a ${REQUEST_TIMEOUT_MS / 1000} s request timeout`, async () => {
    const creds = { username: 'desk', password: 'correct horse battery staple' };
    const couch = await startProc('couch.ts', { folder: join(t.dir, 'couch'), port: 0, ...creds });
    const target = { kind: 'couchdb', url: `http://127.0.0.1:${couch.ready.port as number}/qm-event-${ev.id}`, ...creds };
    const a = join(t.dir, 'couch-a');
    const b = join(t.dir, 'couch-b');
    const { cp } = await import('node:fs/promises');
    await cp(join(t.dir, 'source'), a, { recursive: true });
    await mkdir(b);
    const first = await startProc('desk.ts', { folder: a, eventId: ev.id, join: target, requestTimeoutMs: REQUEST_TIMEOUT_MS });
    await first.ask('record', { entries: [entry('check-in', characters[0]!.id, 'Gate')] });
    const desk = await startProc('desk.ts', { folder: b, eventId: ev.id, join: target, requestTimeoutMs: REQUEST_TIMEOUT_MS });
    await staysConnected(desk, first, 1);
    await desk.kill();
    await first.kill();
    await couch.kill();
  }, 90_000);
});
