// A desk holding the join code that attacks the shared event, with real processes on 127.0.0.1: a hub
// process and two honest desk processes, the attacker speaking HTTPS to the hub with the secret.
// Each attack is one the hub accepted before its documents were checked against the event
// (doc-rules.ts); after each, the hub is refused, it still answers, and the honest desks still agree
// and still record.
import { createHash } from 'node:crypto';
import { cp, mkdir, writeFile } from 'node:fs/promises';
import { request } from 'node:https';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEventBytes } from '../../core/desk/event-load';
import { MAX_ENTRY_CHARS } from '../../core/desk/event-format';
import { tempFolder } from '../testing/temp';
import { contentRev } from './docs';
import { MAX_LEAVES } from './doc-rules';
import { parseJoinCode, type JoinCode } from './join-code';
import { eventFileText, type LedgerEntry } from './ledger-api';
import { PinnedAgent } from './remote';
import { entry, ledgerEvent, sheet } from './testing/helpers';
import type { Dump } from './testing/dump';
import { startProc, stopAll, until, type Proc } from './testing/procs';

const ev = ledgerEvent();
const ayla = sheet('Ayla');
const bram = sheet('Bram');
let t: Awaited<ReturnType<typeof tempFolder>>;
let hub: Proc;
let code: JoinCode;
let one: Proc;
let two: Proc;
const db = () => `/qm-event-${ev.id}`;

type Answer = { status: number; body: any; ms: number };

function call(method: string, path: string, body?: unknown): Promise<Answer> {
  const agent = new PinnedAgent(code.fingerprint, { keepAlive: false });
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const req = request({ host: code.host, port: code.port, method, path, agent, headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${code.secret}` } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let parsed: unknown = text;
        try {
          parsed = JSON.parse(text);
        } catch {
          // not JSON: kept as text
        }
        resolve({ status: res.statusCode ?? 0, body: parsed, ms: Date.now() - started });
      });
    });
    req.on('error', reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

/** Stores documents as replication does (new_edits false); returns the ids refused. */
async function push(docs: unknown[], newEdits = false): Promise<string[]> {
  const a = await call('POST', `${db()}/_bulk_docs`, { docs, new_edits: newEdits });
  expect(a.status).toBe(201);
  return (a.body as { id: string; error?: string }[]).filter((r) => r.error === 'forbidden').map((r) => r.id);
}

const hash = (s: string) => createHash('md5').update(s).digest('hex');
/** An entry document as a desk stores it: its one revision named by its content. */
function entryDoc(e: LedgerEntry): Record<string, unknown> {
  const doc = { _id: `entry:${e.id}`, kind: 'entry', entry: e };
  const rev = contentRev(doc);
  return { ...doc, _rev: rev, _revisions: { start: 1, ids: [rev.slice(2)] } };
}

async function dump(p: Proc): Promise<Dump> {
  return (await p.ask('dump')) as Dump;
}

/** Both honest desks hold the same ledger, holding every id in `ids`. */
async function agreeOn(ids: string[]): Promise<Dump[]> {
  let dumps: Dump[] = [];
  const ok = await until(async () => {
    dumps = await Promise.all([dump(one), dump(two)]);
    return dumps.every((d) => ids.every((id) => d.entries.includes(id))) && JSON.stringify(dumps[0]!.files) === JSON.stringify(dumps[1]!.files);
  }, 20_000, 250);
  expect(ok, JSON.stringify(dumps.map((d) => d.entries.length))).toBe(true);
  return dumps;
}

/** An honest check-in at desk one reaches desk two (syncing did not stop). */
async function stillSyncing(): Promise<void> {
  const e = entry('check-in', bram.id, 'Desk 1');
  await one.ask('record', { entries: [e] });
  await agreeOn([e.id]);
}

beforeAll(async () => {
  t = await tempFolder('qm-hostile-');
  const hubFolder = join(t.dir, 'hub');
  await mkdir(hubFolder);
  await writeFile(join(hubFolder, 'Ayla.character.json'), JSON.stringify(ayla));
  await writeFile(join(hubFolder, 'Bram.character.json'), JSON.stringify(bram));
  await writeFile(join(hubFolder, 'Muster.event.json'), eventFileText({ ...ev, entries: [entry('check-in', ayla.id, 'Hub')] }));
  hub = await startProc('desk.ts', { folder: hubFolder, eventId: ev.id, serve: { host: '127.0.0.1', port: 0 } });
  code = parseJoinCode(hub.ready.code as string);
  for (const name of ['one', 'two']) await mkdir(join(t.dir, name));
  one = await startProc('desk.ts', { folder: join(t.dir, 'one'), eventId: ev.id, join: { kind: 'hub', code }, backoffMs: 100 });
  two = await startProc('desk.ts', { folder: join(t.dir, 'two'), eventId: ev.id, join: { kind: 'hub', code }, backoffMs: 100 });
  await stillSyncing();
}, 60_000);

afterAll(async () => {
  await stopAll();
  await t?.cleanup();
});

describe('a desk with the join code cannot break the shared event', () => {
  it('a filter or a selector in _changes is refused at once: nothing from a request runs in the hub process', async () => {
    const filter = await call('GET', `${db()}/_changes?filter=evil/pid`);
    const selector = await call('GET', `${db()}/_changes?selector=${encodeURIComponent(JSON.stringify({ _id: { $regex: '^([\\s\\S]+)+!$' } }))}`);
    for (const a of [filter, selector]) {
      expect(a.status).toBe(400);
      expect(a.ms).toBeLessThan(2_000);
    }
    expect(hub.child.exitCode).toBeNull();
    expect((await call('GET', db())).status).toBe(200);
  });

  it('3,000 conflicting revisions of one character in one request: refused at once, the hub answers and keeps at most MAX_LEAVES branches', async () => {
    const id = `character:${ayla.id}`;
    const forged = Array.from({ length: 3000 }, (_, i) => {
      const h = hash(`forged ${i}`);
      return { _id: id, _rev: `1-${h}`, _revisions: { start: 1, ids: [h] }, kind: 'character', file: 'Ayla.character.json', character: { ...ayla, notes: `forged ${i}` } };
    });
    const refused = await push(forged.slice(0, 1000));
    expect(refused).toHaveLength(1000);
    // In batches within the per-request bound: the branches stop at the limit.
    for (let i = 0; i < 5; i++) await push(forged.slice(1000 + i * 20, 1000 + (i + 1) * 20));
    const leaves = await call('GET', `${db()}/_changes?style=all_docs&since=0`);
    const row = (leaves.body.results as { id: string; changes: unknown[] }[]).find((r) => r.id === id)!;
    expect(row.changes.length).toBeLessThanOrEqual(MAX_LEAVES);
    expect((await call('GET', db())).status).toBe(200);
    await stillSyncing();
  }, 60_000);

  it('an entry longer than an event file line, or nested past its depth: refused, and every desk still loads its event file', async () => {
    const long = entry('note', ayla.id, 'Intruder', { text: 'x'.repeat(MAX_ENTRY_CHARS) });
    let deep: unknown = 'x';
    for (let i = 0; i < 63; i++) deep = [deep];
    const nested = { ...entry('note', ayla.id, 'Intruder'), extra: deep } as unknown as LedgerEntry;
    const refused = await push([entryDoc(long), entryDoc(nested)]);
    expect(refused.sort()).toEqual([`entry:${long.id}`, `entry:${nested.id}`].sort());
    await stillSyncing();
    for (const d of await Promise.all([dump(one), dump(two)])) {
      const file = Object.entries(d.files).find(([name]) => name.endsWith('.event.json'))!;
      expect(file[1]).not.toMatch(/^unreadable/);
      expect(loadEventBytes(new TextEncoder().encode(file[1]), file[0]).ok).toBe(true);
    }
  });

  it('a new revision or a conflicting branch of an existing entry: refused; desks keep the original and keep syncing', async () => {
    const original = entry('check-in', ayla.id, 'Desk 1');
    await one.ask('record', { entries: [original] });
    await agreeOn([original.id]);
    const doc = entryDoc(original);
    const forgedEntry = { ...original, character: bram.id.toLowerCase() };
    // An edit over its revision, as a PUT with _rev would make.
    expect(await push([{ _id: doc._id, _rev: doc._rev, kind: 'entry', entry: forgedEntry }], true)).toEqual([doc._id]);
    // A branch of its own beside the original.
    const branch = { ...entryDoc(forgedEntry), _id: doc._id };
    expect(await push([branch])).toEqual([doc._id]);
    // A child revision of the original.
    const child = { _id: doc._id, _rev: `2-${hash('child')}`, _revisions: { start: 2, ids: [hash('child'), String(doc._rev).slice(2)] }, kind: 'entry', entry: forgedEntry };
    expect(await push([child])).toEqual([doc._id]);
    await stillSyncing();
    // A desk joining now gets the original.
    const three = await startProc('desk.ts', { folder: join(t.dir, 'three'), eventId: ev.id, join: { kind: 'hub', code }, backoffMs: 100 });
    try {
      expect(await until(async () => (await dump(three)).folded.checkedIn[ayla.id.toLowerCase()] !== undefined, 20_000, 250)).toBe(true);
      const d = await dump(three);
      expect(d.entries).toContain(original.id);
      expect(d.folded.checkedIn[bram.id.toLowerCase()]).toBeDefined();
    } finally {
      await three.kill();
    }
  }, 60_000);

  it("a header of another event, or a new revision of the header: refused; every desk's event file keeps its id", async () => {
    const other = { ...ledgerEvent(), entries: undefined };
    delete (other as Record<string, unknown>).entries;
    const forged = { _id: 'header', kind: 'header', event: { ...other } };
    const rev = contentRev(forged);
    expect(await push([{ ...forged, _rev: rev, _revisions: { start: 1, ids: [rev.slice(2)] } }])).toEqual(['header']);
    const renamed = { _id: 'header', kind: 'header', event: { ...other, id: ev.id, name: 'Renamed' } };
    const rev2 = contentRev(renamed);
    expect(await push([{ ...renamed, _rev: rev2, _revisions: { start: 1, ids: [rev2.slice(2)] } }])).toEqual(['header']);
    await stillSyncing();
    for (const d of await Promise.all([dump(one), dump(two)])) {
      const text = Object.entries(d.files).find(([name]) => name.endsWith('.event.json'))![1];
      expect(JSON.parse(text.split('\n')[0]!)).toMatchObject({ id: ev.id, name: ev.name });
    }
  });

  it('deleting a character: refused, and a desk joining later still gets it', async () => {
    const changes = await call('GET', `${db()}/_changes?style=all_docs&since=0`);
    const row = (changes.body.results as { id: string; changes: { rev: string }[] }[]).find((r) => r.id === `character:${bram.id}`)!;
    const winner = row.changes[0]!.rev;
    expect(await push([{ _id: `character:${bram.id}`, _rev: winner, _deleted: true }], true)).toEqual([`character:${bram.id}`]);
    const [start, h] = winner.split('-');
    const d = hash('deleted');
    expect(await push([{ _id: `character:${bram.id}`, _rev: `${Number(start) + 1}-${d}`, _revisions: { start: Number(start) + 1, ids: [d, h] }, _deleted: true }])).toEqual([`character:${bram.id}`]);
    const four = await startProc('desk.ts', { folder: join(t.dir, 'four'), eventId: ev.id, join: { kind: 'hub', code }, backoffMs: 100 });
    try {
      expect(await until(async () => 'Bram.character.json' in (await dump(four)).files, 20_000, 250)).toBe(true);
    } finally {
      await four.kill();
    }
  }, 60_000);

  it('a print dated 2099 is refused, so it never becomes the current print', async () => {
    const forged = { ...entry('printed', ayla.id, 'Desk 2'), at: '2099-01-01T00:00:00.000Z' };
    expect(await push([entryDoc(forged)])).toEqual([`entry:${forged.id}`]);
    await stillSyncing();
    for (const d of await Promise.all([dump(one), dump(two)])) expect(d.entries).not.toContain(forged.id);
  });

  it('every refusal is noted at the hub, naming the document and the desk it came from', async () => {
    const status = (await hub.ask('status')).status as { notes: { message: string }[] };
    const notes = status.notes.map((n) => n.message).join('\n');
    expect(notes).toMatch(/the hub refused a document from desk "Desk 2": document "entry:[0-9a-f-]+": the entry is dated 2099-01-01/);
    expect(notes).toMatch(/a character is never deleted/);
  });
});

describe("a desk checks what it pulls: a game's CouchDB (an express-pouchdb process) holding forged documents", () => {
  it('a joining desk refuses the forgeries and a design document, notes each, and keeps the event whole', async () => {
    const creds = { username: 'desk', password: 'correct horse battery staple' };
    const couch = await startProc('couch.ts', { folder: join(t.dir, 'couch'), port: 0, ...creds });
    const url = `http://127.0.0.1:${couch.ready.port as number}/qm-event-${ev.id}`;
    const target = { kind: 'couchdb', url, ...creds };
    const auth = `Basic ${Buffer.from(`${creds.username}:${creds.password}`).toString('base64')}`;
    const couchCall = async (method: string, path: string, body?: unknown) => {
      const r = await fetch(`${url}${path}`, { method, headers: { Authorization: auth, 'Content-Type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
      return { status: r.status, body: (await r.json()) as any };
    };
    // An honest desk (a copy of the hub's folder) brings the event to the CouchDB.
    await cp(join(t.dir, 'hub'), join(t.dir, 'couch-a'), { recursive: true, filter: (src) => !src.includes('.quartermaster-sync') });
    const honest = await startProc('desk.ts', { folder: join(t.dir, 'couch-a'), eventId: ev.id, join: target, backoffMs: 100 });
    const inCouch = async () => ((await couchCall('GET', '/_changes?style=all_docs')).body.results ?? []) as { id: string; changes: { rev: string }[] }[];
    // The characters, and the entries (sealed by this desk as their witness once it exchanged everything).
    const arrived = async () => {
      const rows = await inCouch().catch(() => []);
      return rows.some((r) => r.id === `character:${bram.id}`) && rows.some((r) => r.id.startsWith('entry:'));
    };
    expect(await until(arrived, 30_000, 250)).toBe(true);
    await honest.kill();
    // Forgeries written straight into the CouchDB, which checks nothing.
    const rows = await inCouch();
    const entryRow = rows.find((r) => r.id.startsWith('entry:'))!;
    const original = (await couchCall('GET', `/${encodeURIComponent(entryRow.id)}`)).body;
    expect((await couchCall('PUT', `/${encodeURIComponent(entryRow.id)}`, { ...original, entry: { ...original.entry, desk: 'Forger' } })).status).toBe(201);
    const header = (await couchCall('GET', '/header')).body;
    expect((await couchCall('PUT', '/header', { ...header, event: { ...header.event, name: 'Hijacked' } })).status).toBe(201);
    const bramRev = rows.find((r) => r.id === `character:${bram.id}`)!.changes[0]!.rev;
    expect((await couchCall('DELETE', `/${encodeURIComponent(`character:${bram.id}`)}?rev=${bramRev}`)).status).toBe(200);
    expect((await couchCall('PUT', '/_design/evil', { filters: { pid: "function(doc){ return doc.constructor.constructor('return process')().exit(42) }" } })).status).toBe(201);
    const future = { ...entry('printed', ayla.id, 'Forger'), at: '2099-01-01T00:00:00.000Z' };
    const futureDoc = entryDoc(future);
    expect((await couchCall('POST', '/_bulk_docs', { docs: [futureDoc], new_edits: false })).status).toBe(201);

    await mkdir(join(t.dir, 'five'));
    const five = await startProc('desk.ts', { folder: join(t.dir, 'five'), eventId: ev.id, join: target, backoffMs: 100 });
    try {
      const notes = async () => ((await five.ask('status')).status.notes as { message: string }[]).map((n) => n.message).join('\n');
      expect(await until(async () => /_design\/evil/.test(await notes()) && /2099/.test(await notes()), 20_000, 250), await notes()).toBe(true);
      const text = await notes();
      expect(text).toMatch(/this desk refused a document: document "_design\/evil": is not a document of a Quartermaster event/);
      expect(text).toMatch(new RegExp(`this desk refused a document from desk "Forger": document "${entryRow.id}": an entry is never changed`));
      expect(text).toMatch(/document "header": the event's header is never changed/);
      expect(text).toMatch(/a character is never deleted/);
      const d = await dump(five);
      expect(d.entries).not.toContain(future.id);
      expect(d.files['Ayla.character.json']).toBeDefined();
      const eventText = Object.entries(d.files).find(([name]) => name.endsWith('.event.json'));
      // The CouchDB holds only the forged header: the desk refuses it, so it writes no event file rather than a hijacked one.
      expect(eventText).toBeUndefined();
    } finally {
      await five.kill();
      await couch.kill();
    }
  }, 90_000);
});
