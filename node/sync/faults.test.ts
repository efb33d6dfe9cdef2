// Fault scenarios with real processes on 127.0.0.1: a hub process and three desk processes (each
// its own folder and LevelDB), and a separate express-pouchdb process standing in for a game's
// CouchDB. After every heal, every desk holds the same entries (all of them: none lost), the same
// character revisions and conflicts, and byte-identical files.
import { cp, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempFolder } from '../testing/temp';
import { parseJoinCode, type JoinCode } from './join-code';
import { eventFileText, type LedgerEntry } from './ledger-api';
import { loadEventBytes } from '../../core/desk/event-load';
import { startProc, stopAll, until, type Proc } from './testing/procs';
import { entry, ledgerEvent, sheet } from './testing/helpers';
import type { Dump } from './testing/dump';

const ev = ledgerEvent();
const characters = Array.from({ length: 30 }, (_, i) => sheet(`Player ${String(i + 1).padStart(2, '0')}`));
const expected = new Set<string>();
let t: Awaited<ReturnType<typeof tempFolder>>;
let hub: Proc;
let code: JoinCode;
const desks: Proc[] = [];
const deskFolder = (i: number) => join(t.dir, `desk${i}`);

const hubConfig = (port: number) => ({ folder: join(t.dir, 'hub'), eventId: ev.id, serve: { host: '127.0.0.1', port } });
const deskConfig = (i: number) => ({ folder: deskFolder(i), eventId: ev.id, join: { kind: 'hub', code }, backoffMs: 100 });

function work(desk: string, n: number, at?: (k: number) => string): LedgerEntry[] {
  const out: LedgerEntry[] = [];
  for (let k = 0; k < n; k++) {
    const c = characters[(k * 7 + desk.length) % characters.length]!;
    const e = k % 3 === 2 ? entry('printed', c.id, desk) : entry('check-in', c.id, desk);
    out.push(at ? { ...e, at: at(k) } : e);
  }
  return out;
}

async function record(p: Proc, entries: LedgerEntry[]): Promise<void> {
  await p.ask('record', { entries });
  for (const e of entries) expected.add(e.id);
}


/** Waits until all the given processes hold the same; returns their dumps. */
async function converge(procs: Proc[], timeoutMs = 25_000): Promise<Dump[]> {
  let dumps: Dump[] = [];
  const same = async () => {
    dumps = await Promise.all(procs.map(async (p) => {
      const { entries, characters, conflicts, files, folded } = (await p.ask('dump')) as Dump;
      return { entries, characters, conflicts, files, folded };
    }));
    const [first, ...rest] = dumps.map((d) => JSON.stringify({ ...d }));
    return rest.every((r) => r === first) && dumps[0]!.entries.length >= expected.size;
  };
  if (!(await until(same, timeoutMs, 250))) {
    // Say how they differ, for the failure message.
    const summary = dumps.map((d) => ({ entries: d.entries.length, characters: Object.keys(d.characters).length, conflicts: d.conflicts, files: Object.keys(d.files).length }));
    const differing = Object.keys(dumps[0]!.files).filter((f) => dumps.some((d) => d.files[f] !== dumps[0]!.files[f]));
    console.error('not converged', JSON.stringify(summary), differing.slice(0, 5), procs.map((p) => p.stderr.join('').slice(-500)));
  }
  return dumps;
}

function expectAgreed(dumps: Dump[], conflicts: string[] = []): void {
  const [first, ...rest] = dumps;
  for (const d of rest) {
    expect(d.entries).toEqual(first!.entries);
    expect(d.characters).toEqual(first!.characters);
    expect(d.conflicts).toEqual(first!.conflicts);
    expect(d.files).toEqual(first!.files);
    expect(d.folded).toEqual(first!.folded);
  }
  // Something was folded: players are in, and prints are current.
  if (expected.size > 0) expect(Object.keys(first!.folded.checkedIn).length).toBeGreaterThan(0);
  expect(new Set(first!.entries)).toEqual(expected);
  expect(first!.conflicts).toEqual([...conflicts].sort());
  // The event file on disk lists every entry too (a desk can walk away with its files).
  const evFile = loadEventBytes(new TextEncoder().encode(first!.files['Autumn Muster.event.json']!), 'Autumn Muster.event.json');
  expect(evFile.ok && evFile.event.entries.map((e) => e.id)).toEqual(first!.entries);
}

beforeAll(async () => {
  t = await tempFolder('qm-faults-');
  await mkdir(join(t.dir, 'hub'));
  for (const c of characters) await writeFile(join(t.dir, 'hub', `${c.name}.character.json`), `${JSON.stringify(c, null, 2)}\n`);
  await writeFile(join(t.dir, 'hub', 'Autumn Muster.event.json'), eventFileText(ev));
  for (const i of [1, 2, 3]) await mkdir(deskFolder(i));
  hub = await startProc('desk.ts', hubConfig(0));
  code = parseJoinCode(hub.ready.code as string);
  desks.push(...(await Promise.all([1, 2, 3].map((i) => startProc('desk.ts', deskConfig(i))))));
}, 120_000);

afterAll(async () => {
  await stopAll();
  await t?.cleanup();
});

const all = () => [hub, ...desks];

describe('three desks and a hub, as separate processes', () => {
  it('all connected: check-ins, prints and an edit at every desk reach every desk', async () => {
    expectAgreed(await converge(all()));
    expect(Object.keys((await desks[2]!.ask('dump')).files)).toHaveLength(31);
    await Promise.all(all().map((p, i) => record(p, work(`Desk ${i}`, 10))));
    await desks[0]!.ask('edit', { file: 'Player 01.character.json', notes: 'arm in a sling' });
    const dumps = await converge(all());
    expectAgreed(dumps);
    expect(JSON.parse(dumps[2]!.files['Player 01.character.json']!).notes).toBe('arm in a sling');
    expect(dumps[0]!.entries).toHaveLength(40);
  }, 120_000);

  it('the hub SIGKILLed while desks keep checking in and printing; offline with changes waiting; restarted: all agree', async () => {
    await hub.kill('SIGKILL');
    await Promise.all(desks.map((p, i) => record(p, work(`Desk ${i + 1}`, 15))));
    await desks[1]!.ask('edit', { file: 'Player 02.character.json', notes: 'new cloak' });
    expect(await until(async () => (await desks[0]!.ask('status')).status.link.kind === 'offline', 10_000)).toBe(true);
    const st = (await desks[0]!.ask('status')).status.link;
    expect(st.waiting).toBeGreaterThanOrEqual(15);
    expect(Date.parse(st.since)).toBeLessThanOrEqual(Date.now());
    hub = await startProc('desk.ts', hubConfig(code.port));
    expect(hub.ready.code).toBe(formatCode(code)); // same certificate and secret after a restart
    expectAgreed(await converge(all()));
    expect(expected.size).toBe(40 + 45);
  }, 120_000);

  it('a desk SIGKILLed in the middle of sending 300 entries loses none of them once restarted', async () => {
    const burst = work('Desk 3', 300);
    await record(desks[2]!, burst);
    await desks[2]!.kill('SIGKILL');
    desks[2] = await startProc('desk.ts', deskConfig(3));
    expectAgreed(await converge(all()));
  }, 120_000);

  it('the hub stopped and started again: desks catch up by themselves', async () => {
    await hub.kill('SIGTERM');
    hub = await startProc('desk.ts', hubConfig(code.port));
    await record(desks[0]!, work('Desk 1', 5));
    expectAgreed(await converge(all()));
  }, 120_000);

  it('desks apart for an hour of work: every entry kept, the character edited at two desks flagged at all', async () => {
    await hub.kill('SIGKILL');
    const start = Date.parse('2026-10-03T14:00:00Z');
    const hour = (desk: number) => (k: number) => new Date(start + k * 60_000 + desk * 1000).toISOString();
    await Promise.all(desks.map((p, i) => record(p, work(`Desk ${i + 1}`, 60, hour(i)))));
    await desks[0]!.ask('edit', { file: 'Player 05.character.json', notes: 'desk one says: lost a hand' });
    await desks[1]!.ask('edit', { file: 'Player 05.character.json', notes: 'desk two says: new shield' });
    await desks[2]!.ask('edit', { file: 'Player 06.character.json', notes: 'only desk three' });
    hub = await startProc('desk.ts', hubConfig(code.port));
    const dumps = await converge(all());
    expectAgreed(dumps, [characters[4]!.id]);
    expect(JSON.parse(dumps[0]!.files['Player 06.character.json']!).notes).toBe('only desk three');
    expect(expected.size).toBe(85 + 300 + 5 + 180);
  }, 120_000);
});

describe("a game's CouchDB (an express-pouchdb process) as the hub", () => {
  it('desks join by URL and credentials, keep working while it is down, and agree after', async () => {
    const couchFolder = join(t.dir, 'couch');
    const creds = { username: 'desk', password: 'correct horse battery staple' };
    let couch = await startProc('couch.ts', { folder: couchFolder, port: 0, ...creds });
    const port = couch.ready.port as number;
    const url = `http://127.0.0.1:${port}/qm-event-${ev.id}`;
    const target = { kind: 'couchdb', url, ...creds };
    // The first desk brings the event (a copy of the hub's folder); the second starts empty.
    const a = join(t.dir, 'couch-a');
    const b = join(t.dir, 'couch-b');
    await cp(join(t.dir, 'hub'), a, { recursive: true, filter: (src) => !src.includes('.quartermaster-sync') });
    await mkdir(b);
    const wrong = await startProc('desk.ts', { folder: b, eventId: ev.id, join: { ...target, password: 'wrong' }, backoffMs: 100 });
    expect(await until(async () => (await wrong.ask('status')).status.link.kind === 'refused', 10_000)).toBe(true);
    await wrong.kill();
    const da = await startProc('desk.ts', { folder: a, eventId: ev.id, join: target, backoffMs: 100 });
    const db = await startProc('desk.ts', { folder: b, eventId: ev.id, join: target, backoffMs: 100 });
    expectAgreed(await converge([da, db]));
    await couch.kill('SIGKILL');
    await record(da, work('Desk A', 10));
    await record(db, work('Desk B', 10));
    couch = await startProc('couch.ts', { folder: couchFolder, port, ...creds });
    expectAgreed(await converge([da, db]));
  }, 90_000);
});

function formatCode(c: JoinCode): string {
  return `qm://${c.host}:${c.port}/${c.eventId}?k=${c.secret}&f=${c.fingerprint}`;
}
