// Signed entries with real processes on 127.0.0.1: a hub desk and two desks (each with its own key),
// a desk holding the join code that posts forged documents to the hub's _bulk_docs, and a game's
// CouchDB stand-in that checks nothing, where the desks' own checks are all that refuses.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { request } from 'node:https';
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { namedDesk } from '../../core/desk/editions';
import { tempFolder } from '../testing/temp';
import { keyDocId, keyFingerprint, loadDeskKey, type DeskKey } from './desk-keys';
import { contentRev } from './docs';
import { parseJoinCode, type JoinCode } from './join-code';
import { eventFileText, type LedgerEntry } from './ledger-api';
import { PinnedAgent } from './remote';
import { entryPayload, signEntry } from './signatures';
import { startProc, stopAll, until, type Proc } from './testing/procs';
import { entry, ledgerEvent, sheet } from './testing/helpers';
import type { Dump } from './testing/dump';

const GATE = { id: 'a1b2c3d4-0000-4000-8000-000000000001', name: 'Gate' };
const FIELD = { id: 'a1b2c3d4-0000-4000-8000-000000000002', name: 'Field' };
const TAVERN = { id: 'a1b2c3d4-0000-4000-8000-000000000003', name: 'Tavern' };
const MALLORY = { id: 'a1b2c3d4-0000-4000-8000-00000000000f', name: 'Mallory' };
/** A desk that made entries in the event file before it was ever shared (it never joins). */
const OLD = { id: 'a1b2c3d4-0000-4000-8000-000000000009', name: 'Old desk' };

const ev = ledgerEvent();
const characters = Array.from({ length: 4 }, (_, i) => sheet(`Player ${i + 1}`));
const [ayla, bran] = characters as [ReturnType<typeof sheet>, ReturnType<typeof sheet>];
// Made before the event was shared: one at another desk, one by a version that gave no desk id.
const beforeSharing = [entry('check-in', ayla.id, OLD.name, { deskId: OLD.id }), entry('check-in', bran.id, 'Gate')];

let t: Awaited<ReturnType<typeof tempFolder>>;
let hub: Proc;
let code: JoinCode;
const desks: Proc[] = [];
let mallory: DeskKey;

const at = (d: { id: string; name: string }, kind: LedgerEntry['kind'], character: string) => entry(kind, character, d.name, { deskId: d.id });
const rev = () => randomBytes(16).toString('hex');
const signedDoc = (e: LedgerEntry, signature: { desk: string; sig: string }) => {
  // An entry's one revision is named by its content (docs.ts contentRev).
  const r = contentRev({ _id: `entry:${e.id}`, kind: 'entry', entry: e }).slice(2);
  return { _id: `entry:${e.id}`, _rev: `1-${r}`, _revisions: { start: 1, ids: [r] }, kind: 'entry', entry: e, signature };
};
const keyDoc = (key: DeskKey, deskId = key.deskId) => {
  const r = rev();
  return { _id: keyDocId(deskId), _rev: `1-${r}`, _revisions: { start: 1, ids: [r] }, kind: 'deskkey', key: { desk: deskId, publicKey: key.publicKey } };
};

/**
 * POST /<db>/_bulk_docs as a desk holding the join code would. The hub answers a refused document
 * "forbidden" among the results (201); that is given here as 403 with the first refusal's reason.
 */
function postToHub(docs: unknown[]): Promise<{ status: number; body: any }> {
  const agent = new PinnedAgent(code.fingerprint, { keepAlive: false });
  const body = JSON.stringify({ docs, new_edits: false });
  return new Promise((resolve, reject) => {
    const req = request(
      { host: code.host, port: code.port, method: 'POST', path: `/qm-event-${ev.id}/_bulk_docs`, agent, headers: { 'Content-Type': 'application/json', Authorization: `Basic ${Buffer.from(`desk:${code.secret}`).toString('base64')}` } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          const answer = JSON.parse(Buffer.concat(chunks).toString('utf8'));
          const refused = Array.isArray(answer) ? (answer as { error?: string; reason?: string }[]).find((r) => r.error === 'forbidden') : undefined;
          resolve(refused ? { status: 403, body: refused } : { status: res.statusCode ?? 0, body: answer });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const dump = async (p: Proc): Promise<Dump> => (await p.ask('dump')) as Dump;
const problems = async (p: Proc): Promise<{ file: string; message: string }[]> => (await p.ask('status')).status.problems;

beforeAll(async () => {
  t = await tempFolder('qm-sign-');
  const hubFolder = join(t.dir, 'hub');
  await mkdir(hubFolder);
  for (const c of characters) await writeFile(join(hubFolder, `${c.name}.character.json`), `${JSON.stringify(c, null, 2)}\n`);
  await writeFile(join(hubFolder, 'Autumn Muster.event.json'), eventFileText({ ...ev, entries: beforeSharing }));
  hub = await startProc('desk.ts', { folder: hubFolder, eventId: ev.id, serve: { host: '127.0.0.1', port: 0 }, desk: GATE });
  code = parseJoinCode(hub.ready.code as string);
  for (const [i, desk] of [FIELD, TAVERN].entries()) {
    await mkdir(join(t.dir, `desk${i}`));
    desks.push(await startProc('desk.ts', { folder: join(t.dir, `desk${i}`), eventId: ev.id, join: { kind: 'hub', code }, backoffMs: 100, desk }));
  }
  mallory = await loadDeskKey(join(t.dir, 'mallory'), MALLORY);
}, 120_000);

afterAll(async () => {
  await stopAll();
  await t?.cleanup();
});

/** Waits until every process holds `ids` (and no other entry), in its store and its event file; returns their dumps. */
async function holdExactly(procs: Proc[], ids: Set<string>): Promise<Dump[]> {
  let dumps: Dump[] = [];
  await until(async () => {
    dumps = await Promise.all(procs.map(dump));
    const inFile = (d: Dump) => Object.entries(d.files).some(([name, text]) => name.endsWith('.event.json') && [...ids].every((id) => text.includes(id)));
    return dumps.every((d) => d.entries.length === ids.size && d.entries.every((id) => ids.has(id)) && inFile(d));
  }, 25_000, 250);
  return dumps;
}

describe('desks sign what they record', () => {
  const expected = new Set(beforeSharing.map((e) => e.id));

  it("honest desks' entries verify at every desk; the entries made before sharing are sealed by the hub desk as their witness", async () => {
    const made = [
      [hub, [at(GATE, 'check-in', characters[2]!.id)]],
      [desks[0]!, [at(FIELD, 'check-in', characters[3]!.id), at(FIELD, 'printed', ayla.id)]],
      [desks[1]!, [at(TAVERN, 'check-out', bran.id)]],
    ] as const;
    // The desks joined into empty folders: the event file arrives first, with the sealed entries.
    for (const d of await holdExactly([hub, ...desks], expected)) expect(new Set(d.entries)).toEqual(expected);
    for (const [p, entries] of made) {
      await p.ask('record', { entries });
      for (const e of entries) expected.add(e.id);
    }
    const dumps = await holdExactly([hub, ...desks], expected);
    for (const d of dumps) expect(new Set(d.entries)).toEqual(expected);
    // Every desk's event file holds them all.
    for (const d of dumps) for (const e of expected) expect(d.files['Autumn Muster.event.json']).toContain(e);
    for (const p of [hub, ...desks]) expect(await problems(p)).toEqual([]);
    // Each desk lists the three keys, with the fingerprints the desks themselves show.
    const own = await Promise.all([hub, ...desks].map(async (p) => (await p.ask('status')).status.key));
    expect(own.map((k) => k.deskId)).toEqual([GATE.id, FIELD.id, TAVERN.id]);
    for (const k of own) expect(k.fingerprint).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/);
    await until(async () => (await desks[1]!.ask('status')).status.keys.length === 3, 10_000);
    const listed = (await desks[1]!.ask('status')).status.keys as { deskId: string; fingerprint: string }[];
    expect(new Map(listed.map((k) => [k.deskId, k.fingerprint]))).toEqual(new Map(own.map((k) => [k.deskId, k.fingerprint])));
  }, 90_000);

  it("a desk holding the join code cannot record in another desk's name: forged, tampered, unknown and unsealed entries, another key for a desk and a second seal are refused at the hub", async () => {
    // Mallory registers her own key: that is allowed (any desk holding the code may join).
    expect((await postToHub([keyDoc(mallory)])).status).toBe(201);

    // An entry in Field's name, signed with Mallory's key.
    const forged = at(FIELD, 'check-out', ayla.id);
    let r = await postToHub([signedDoc(forged, signEntry(mallory, ev.id, forged))]);
    expect(r.status).toBe(403);
    expect(r.body.reason).toBe(`document "entry:${forged.id}": names desk ${FIELD.id} ("Field") but is signed by desk ${MALLORY.id} (key ${mallory.fingerprint}): no desk records in another's name`);

    // The same entry claiming Field's signature: it does not verify under Field's key.
    r = await postToHub([signedDoc(forged, { desk: FIELD.id, sig: mallory.sign(entryPayload(ev.id, forged)) })]);
    expect(r.status).toBe(403);
    expect(r.body.reason).toMatch(new RegExp(`^document "entry:${forged.id}": its signature by desk ${FIELD.id} \\(key [0-9A-Z-]{19}\\) does not verify`));

    // Mallory's own entry, changed after she signed it (its time moved by a minute).
    const own = at(MALLORY, 'printed', bran.id);
    r = await postToHub([signedDoc({ ...own, at: new Date(Date.parse(own.at) + 60_000).toISOString() }, signEntry(mallory, ev.id, own))]);
    expect(r.status).toBe(403);
    expect(r.body.reason).toMatch(/does not verify: the entry was changed after it was signed/);

    // Signed for another event.
    r = await postToHub([signedDoc(own, signEntry(mallory, ledgerEvent().id, own))]);
    expect(r.body.reason).toMatch(/does not verify/);

    // A desk nobody registered.
    const stranger = await loadDeskKey(join(t.dir, 'stranger'));
    const unknown = entry('note', undefined, 'Stranger', { deskId: stranger.deskId, text: 'hello' });
    r = await postToHub([signedDoc(unknown, signEntry(stranger, ev.id, unknown))]);
    expect(r.body.reason).toBe(`document "entry:${unknown.id}": is signed by desk ${stranger.deskId}, which is not registered with this event`);

    // No signature at all; no desk id (only sealed entries may lack one).
    r = await postToHub([{ ...signedDoc(own, signEntry(mallory, ev.id, own)), signature: undefined }]);
    expect(r.body.reason).toBe(`document "entry:${own.id}": is not signed by a desk (field "signature")`);
    const { deskId: _drop, ...anonymous } = at(MALLORY, 'note', ayla.id) as LedgerEntry & { deskId: string };
    r = await postToHub([signedDoc(anonymous as LedgerEntry, signEntry(mallory, ev.id, anonymous as LedgerEntry))]);
    expect(r.body.reason).toMatch(/names no desk id/);

    // Taking over Field's desk id with Mallory's key, then signing in its name.
    r = await postToHub([keyDoc(mallory, FIELD.id), signedDoc(forged, { desk: FIELD.id, sig: mallory.sign(entryPayload(ev.id, forged)) })]);
    expect(r.status).toBe(403);
    expect(r.body.reason).toMatch(new RegExp(`^document "${keyDocId(FIELD.id)}": desk ${FIELD.id} is registered with this event already \\(key .{19}\\); another key \\(${mallory.fingerprint}\\) is refused`));

    // A seal of her own, witnessing the forgery.
    const seal = { desk: MALLORY.id, entries: [forged.id] };
    const { sealPayload } = await import('./signatures');
    r = await postToHub([{ _id: 'seal', _rev: `1-${rev()}`, kind: 'seal', seal, signature: { desk: MALLORY.id, sig: mallory.sign(sealPayload(ev.id, seal)) } }]);
    expect(r.status).toBe(403);
    expect(r.body.reason).toMatch(/^document "seal": this event was sealed already/);

    // Her own entry, honestly signed, is taken: the hub refuses forgeries, not desks.
    const honest = at(MALLORY, 'note', ayla.id);
    expect((await postToHub([signedDoc(honest, signEntry(mallory, ev.id, honest))])).status).toBe(201);
    expected.add(honest.id);
    const dumps = await holdExactly([hub, ...desks], expected);
    for (const d of dumps) expect(d.entries).not.toContain(forged.id);
  }, 90_000);

  it('through a CouchDB that checks nothing, every desk refuses a forged, tampered or unknown entry itself, naming the document and the desk', async () => {
    const creds = { username: 'desk', password: 'correct horse battery staple' };
    const couch = await startProc('couch.ts', { folder: join(t.dir, 'couch'), port: 0, ...creds });
    const ev2 = ledgerEvent({ name: 'Spring Muster' });
    const url = `http://127.0.0.1:${couch.ready.port}/qm-event-${ev2.id}`;
    const target = { kind: 'couchdb', url, ...creds };
    const a = join(t.dir, 'couch-a');
    const b = join(t.dir, 'couch-b');
    await mkdir(a);
    await mkdir(b);
    await writeFile(join(a, 'Ayla.character.json'), JSON.stringify(ayla));
    await writeFile(join(a, 'Spring Muster.event.json'), eventFileText(ev2));
    const da = await startProc('desk.ts', { folder: a, eventId: ev2.id, join: target, backoffMs: 100, desk: FIELD });
    const db = await startProc('desk.ts', { folder: b, eventId: ev2.id, join: target, backoffMs: 100, desk: TAVERN });
    const fine = at(FIELD, 'check-in', ayla.id);
    await da.ask('record', { entries: [fine] });
    await holdExactly([da, db], new Set([fine.id]));

    // Mallory writes straight into the CouchDB: her key, an entry in Field's name, a tampered one, a stranger's.
    const forged = at(FIELD, 'check-out', ayla.id);
    const own = at(MALLORY, 'printed', ayla.id);
    const stranger = await loadDeskKey(join(t.dir, 'stranger'));
    const unknown = entry('note', undefined, 'Stranger', { deskId: stranger.deskId, text: 'hello' });
    const docs = [keyDoc(mallory), signedDoc(forged, signEntry(mallory, ev2.id, forged)), signedDoc({ ...own, at: new Date(Date.parse(own.at) + 60_000).toISOString() }, signEntry(mallory, ev2.id, own)), signedDoc(unknown, signEntry(stranger, ev2.id, unknown))];
    const posted = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(`${url}/_bulk_docs`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Basic ${Buffer.from(`${creds.username}:${creds.password}`).toString('base64')}` } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.end(JSON.stringify({ docs, new_edits: false }));
    });
    expect(posted).toBe(201);
    for (const p of [da, db]) {
      expect(await until(async () => (await problems(p)).length >= 3, 20_000, 250)).toBe(true);
      const byDoc = new Map((await problems(p)).map((x) => [x.file, x.message]));
      expect(byDoc.get(`entry:${forged.id}`)).toBe(`document "entry:${forged.id}" (desk "Field"): names desk ${FIELD.id} ("Field") but is signed by desk ${MALLORY.id} (key ${mallory.fingerprint}): no desk records in another's name`);
      expect(byDoc.get(`entry:${own.id}`)).toMatch(new RegExp(`^document "entry:${own.id}" \\(desk "Mallory"\\): its signature by desk ${MALLORY.id} .* does not verify`));
      expect(byDoc.get(`entry:${unknown.id}`)).toBe(`document "entry:${unknown.id}" (desk "Stranger"): is signed by desk ${stranger.deskId}, which is not registered with this event`);
      const d = await dump(p);
      expect(d.entries).toEqual([fine.id]);
      expect(d.files['Spring Muster.event.json']).not.toContain(forged.id);
    }
    await Promise.all([da.kill(), db.kill(), couch.kill()]);
  }, 90_000);
});

describe('the command line', () => {
  it("prints the desk's key fingerprint when it serves, and keeps the private key readable by its owner only", async () => {
    const folder = join(t.dir, 'cli-hub');
    await mkdir(folder);
    await writeFile(join(folder, 'Cli.event.json'), eventFileText(ledgerEvent({ name: 'Cli' })));
    const main = fileURLToPath(new URL('../../cli/main.ts', import.meta.url));
    const child = spawn(process.execPath, ['--import', 'tsx', main, 'desk', 'serve', folder, '--host', '127.0.0.1', '--port', '0', '--desk', 'Gate'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += String(d)));
    const exited = new Promise<number | null>((done) => child.once('exit', (c) => done(c)));
    try {
      expect(await until(async () => /Join code/.test(out), 30_000)).toBe(true);
      const keyFile = join(folder, '.quartermaster-sync', `desk-${namedDesk('Gate').id}.key`);
      const saved = JSON.parse(await readFile(keyFile, 'utf8'));
      const key = await loadDeskKey(join(folder, '.quartermaster-sync'), namedDesk('Gate'));
      expect(saved.desk).toBe(namedDesk('Gate').id);
      expect(out).toContain(`This desk: Gate, key ${keyFingerprint(key.publicKey)} (other desks list it under this fingerprint)\n`);
      expect((await stat(keyFile)).mode & 0o777).toBe(0o600);
    } finally {
      child.kill('SIGINT');
      expect(await exited).toBe(0);
    }
  }, 60_000);
});
