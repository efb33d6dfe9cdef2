// Security of the hub, over real HTTPS on 127.0.0.1: the secret, the pinned certificate, the one
// database, and the documents written. Every refusal is checked to have written nothing.
import { request } from 'node:https';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_FILE_BYTES, MAX_JSON_DEPTH } from '../../core/format/limits';
import { tempFolder } from '../testing/temp';
import { parseJoinCode, type JoinCode } from './join-code';
import { eventFileText } from './ledger-api';
import { PinnedAgent, PinMismatchError, remoteDb } from './remote';
import { syncOnce } from './replicate';
import { startHub } from './hub';
import { hubIdentity } from './hub-identity';
import { DeskSession } from './session';
import { entry, ledgerEvent, sheet } from './testing/helpers';

type Answer = { status: number; body: string };

function call(code: JoinCode, method: string, path: string, options: { secret?: string | null; body?: string; fingerprint?: string } = {}): Promise<Answer> {
  const agent = new PinnedAgent(options.fingerprint ?? code.fingerprint, { keepAlive: false });
  const secret = options.secret === undefined ? code.secret : options.secret;
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (secret !== null) headers.Authorization = `Basic ${Buffer.from(`desk:${secret}`).toString('base64')}`;
  return new Promise((resolve, reject) => {
    const req = request({ host: code.host, port: code.port, method, path, agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    if (options.body !== undefined) req.end(options.body);
    else req.end();
  });
}

let t: Awaited<ReturnType<typeof tempFolder>>;
let hub: DeskSession;
let other: DeskSession;
let code: JoinCode;
let otherCode: JoinCode;
const ev = ledgerEvent();
const ayla = sheet('Ayla');

async function docCount(): Promise<number> {
  return (await hub.store.db.info()).doc_count;
}

beforeAll(async () => {
  t = await tempFolder('qm-hub-');
  const folder = join(t.dir, 'hub');
  const { mkdir } = await import('node:fs/promises');
  await mkdir(folder);
  await writeFile(join(folder, 'Ayla.character.json'), JSON.stringify(ayla));
  await writeFile(join(folder, 'Muster.event.json'), eventFileText({ ...ev, entries: [entry('check-in', ayla.id, 'Desk 1')] }));
  hub = await DeskSession.open({ folder }, ev.id);
  code = parseJoinCode(await hub.serve('127.0.0.1', 0));
  const otherEv = ledgerEvent({ name: 'Other' });
  const otherFolder = join(t.dir, 'other');
  await mkdir(otherFolder);
  await writeFile(join(otherFolder, 'Other.event.json'), eventFileText(otherEv));
  other = await DeskSession.open({ folder: otherFolder }, otherEv.id);
  otherCode = parseJoinCode(await other.serve('127.0.0.1', 0));
});

afterAll(async () => {
  await hub?.close();
  await other?.close();
  await t?.cleanup();
});

const dbPath = () => `/qm-event-${ev.id}`;

describe('the hub refuses whoever lacks the secret, and tells them nothing', () => {
  it('without a secret, with a wrong one, or with another event\'s: 401 with one same answer for every path', async () => {
    const paths = ['/', '/_all_dbs', dbPath(), `${dbPath()}/_changes`, '/qm-event-00000000-0000-4000-8000-000000000000', '/_users', `${dbPath()}/character:${ayla.id}`];
    const answers = new Set<string>();
    for (const secret of [null, 'wrong-secret-wrong-secret-00', otherCode.secret, `${code.secret}x`, '']) {
      for (const path of paths) {
        const a = await call(code, 'GET', path, { secret });
        expect(a.status, `${path} with ${secret}`).toBe(401);
        answers.add(a.body);
      }
    }
    expect(answers.size).toBe(1);
    expect([...answers][0]).not.toMatch(/qm-event|Ayla|check-in/);
    // The other event's hub likewise refuses this event's secret.
    expect((await call(otherCode, 'GET', `/qm-event-${otherCode.eventId}`, { secret: code.secret })).status).toBe(401);
  });

  it('writes without the secret are refused and write nothing', async () => {
    const before = await docCount();
    const doc = { _id: `entry:${entry('note', undefined, 'Evil').id}` };
    const a = await call(code, 'POST', `${dbPath()}/_bulk_docs`, { secret: null, body: JSON.stringify({ docs: [doc] }) });
    expect(a.status).toBe(401);
    expect(await docCount()).toBe(before);
  });
});

describe('desks pin the hub\'s certificate', () => {
  it('a server with another certificate (a man in the middle) gets no request, so never the secret', async () => {
    // The join code of this hub, but the address of a server with another certificate.
    const mitm = { ...code, port: otherCode.port };
    const before = { ...other.hub!.requests };
    await expect(call(mitm, 'GET', dbPath())).rejects.toBeInstanceOf(PinMismatchError);
    await expect(syncOnce(hub.store.db, { kind: 'hub', code: mitm }, { eventId: ev.id.toLowerCase(), now: Date.now, onRefused: () => undefined })).rejects.toThrow(/not the one in the join code/);
    expect(other.hub!.requests).toEqual(before);
  });

  it('with the right fingerprint and secret the event database answers', async () => {
    const r = remoteDb({ kind: 'hub', code });
    try {
      expect((await r.db.info()).doc_count).toBe(await docCount());
    } finally {
      await r.close();
    }
  });
});

describe('the hub serves that one database, and only replication\'s requests', () => {
  it.each([
    ['GET', '/_all_dbs'],
    ['GET', `/qm-event-${otherCode?.eventId ?? '00000000-0000-4000-8000-000000000001'}`],
    ['GET', '/_users'],
    ['PUT', '/qm-event-11111111-1111-4111-8111-111111111111'],
    ['DELETE', dbPath()],
    ['GET', `${dbPath()}/../_all_dbs`],
    ['GET', `${dbPath()}/%2E%2E/_all_dbs`],
    ['GET', `/${encodeURIComponent(`qm-event-${ev.id}/../_users`)}`],
    ['GET', `${dbPath()}/_design/x`],
    ['PUT', `${dbPath()}/_design/x`],
    ['GET', `${dbPath()}/character:${ayla.id}/photo.jpg`],
    ['POST', `${dbPath()}/_compact`],
    ['GET', `${dbPath()}/_security`],
    ['POST', `${dbPath()}/_purge`],
    ['POST', '/_replicate'],
    ['GET', '/_config'],
    ['GET', '//etc/passwd'],
    ['PUT', `${dbPath()}/entry:x`],
    ['GET', `${dbPath()}/character:${ayla.id}`],
    ['DELETE', `${dbPath()}/character:${ayla.id}`],
    ['GET', `${dbPath()}/_all_docs`],
    ['POST', `${dbPath()}/_all_docs`],
    ['POST', `${dbPath()}/_changes`],
    ['POST', `${dbPath()}/_find`],
    ['POST', `${dbPath()}/_index`],
    ['GET', `${dbPath()}/_design/x/_view/all`],
    ['POST', `${dbPath()}/_local/x`],
    ['GET', `${dbPath()}/_local/a%2Fb`],
    ['PUT', `${dbPath()}/_local/a%2F..%2F..%2Fx`],
    ['GET', `${dbPath()}/_local/%E0%A4%A`],
  ])('%s %s → 404, nothing written', async (method, path) => {
    const before = await docCount();
    const a = await call(code, method, path, { body: method === 'GET' ? undefined : JSON.stringify({ views: {}, source: dbPath(), target: 'x' }) });
    expect(a.status).toBe(404);
    expect(a.body).not.toMatch(/qm-event/);
    expect(await docCount()).toBe(before);
  });
});

describe('replication checkpoints', () => {
  it('are written and read under the ids PouchDB gives them (base64: "=" arrives as %3D)', async () => {
    const path = `${dbPath()}/_local/t9LAA58mUN99wzpYfaq3iw%3D%3D`;
    expect((await call(code, 'GET', path)).status).toBe(404);
    const put = await call(code, 'PUT', path, { body: JSON.stringify({ _id: '_local/t9LAA58mUN99wzpYfaq3iw==', last_seq: 7, session_id: 's' }) });
    expect(put.status).toBe(201);
    expect(JSON.parse(put.body)).toMatchObject({ ok: true, id: '_local/t9LAA58mUN99wzpYfaq3iw==' });
    expect(JSON.parse((await call(code, 'GET', path)).body)).toMatchObject({ _id: '_local/t9LAA58mUN99wzpYfaq3iw==', last_seq: 7 });
  });
});

describe('every document written is checked; a bad one is refused ("forbidden") and the rest stored', () => {
  const good = () => ({ _id: `character:${sheet('x').id}`, kind: 'character', file: 'x.character.json', character: sheet('x') });
  const fixId = (d: { character: { id: string } & Record<string, unknown> } & Record<string, unknown>) => ({ ...d, _id: `character:${d.character.id}` });

  const bulk = (docs: unknown[], newEdits?: boolean) => call(code, 'POST', `${dbPath()}/_bulk_docs`, { body: JSON.stringify({ docs, ...(newEdits === undefined ? {} : { new_edits: newEdits }) }) });
  /** The ids answered "forbidden". */
  const forbidden = (a: Answer) => (JSON.parse(a.body) as { id: string; error?: string }[]).filter((r) => r.error === 'forbidden').map((r) => r.id);

  it('a good document is accepted (the refusals below are not for want of a secret)', async () => {
    const before = await docCount();
    const a = await bulk([fixId(good())]);
    expect(a.status).toBe(201);
    expect(forbidden(a)).toEqual([]);
    expect(await docCount()).toBe(before + 1);
  });

  it('__proto__ keys: that document refused, the good one beside it stored', async () => {
    const before = await docCount();
    const d = fixId(good());
    const body = JSON.stringify({ docs: [fixId(good()), d] }).replace(/"items":\[\]\}\}\]\}$/, '"items":[],"__proto__":{"isAdmin":true}}}]}');
    expect(body).toContain('__proto__');
    const a = await call(code, 'POST', `${dbPath()}/_bulk_docs`, { body });
    expect(a.status).toBe(201);
    expect(forbidden(a)).toEqual([d._id]);
    expect(a.body).toMatch(/__proto__/);
    expect(await docCount()).toBe(before + 1);
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });

  it('documents nested too deep', async () => {
    const before = await docCount();
    let deep: unknown = 'x';
    for (let i = 0; i < MAX_JSON_DEPTH + 1; i++) deep = [deep];
    const d = fixId({ ...good(), character: { ...good().character, notes: deep } } as ReturnType<typeof good>);
    const a = await bulk([fixId(good()), d]);
    expect(forbidden(a)).toEqual([d._id]);
    expect(await docCount()).toBe(before + 1);
  });

  it('documents over the file size limit', async () => {
    const before = await docCount();
    const d = good();
    const a = await bulk([fixId({ ...d, character: { ...d.character, notes: 'x'.repeat(MAX_FILE_BYTES + 10) } })]);
    expect(a.body).toMatch(/limit is 5.0 MB/);
    expect(forbidden(a)).toHaveLength(1);
    expect(await docCount()).toBe(before);
  });

  it('a request body over the request limit is cut off', async () => {
    const before = await docCount();
    const a = await call(code, 'PUT', `${dbPath()}/_local/checkpoint`, { body: 'x'.repeat(MAX_FILE_BYTES + 8192) }).catch(() => ({ status: 413, body: '' }));
    expect(a.status).toBe(413);
    expect(await docCount()).toBe(before);
  });

  it('a character naming a file outside the folder, a wrong kind, a malformed entry, a design document, deletions of an entry or the header', async () => {
    const before = await docCount();
    const e = entry('check-in', ayla.id, 'Desk 9');
    for (const docs of [
      [{ ...fixId(good()), file: '../../outside.character.json' }],
      [{ _id: `entry:${e.id}`, kind: 'entry', entry: { ...e, at: 'tuesday' } }],
      [{ _id: `entry:${e.id}`, kind: 'character', entry: e }],
      [{ _id: '_design/evil', views: { all: { map: 'function(doc){ emit(doc._id) }' } } }],
      [{ _id: `entry:${e.id}`, _deleted: true }],
      [{ _id: 'header', _deleted: true }],
      [{ _id: `entry:${e.id}`, kind: 'entry', entry: { ...e, id: ayla.id } }],
    ]) {
      const a = await bulk(docs);
      expect(forbidden(a), JSON.stringify(docs).slice(0, 80)).toHaveLength(1);
    }
    expect(await docCount()).toBe(before);
  });
});

describe('the changes feed takes only what replication sends: nothing from a request is run', () => {
  it.each([
    // A filter in a design document ran in the hub's process and escaped PouchDB's sandbox.
    ['filter', 'filter=evil/pid'],
    ['filter', 'filter=_selector'],
    // A catastrophic regular expression pinned a core.
    ['selector', `selector=${encodeURIComponent(JSON.stringify({ _id: { $regex: '^([\\s\\S]+)+!$' } }))}`],
    ['doc_ids', `doc_ids=${encodeURIComponent('["header"]')}`],
    ['view', 'filter=_view&view=evil/all'],
    ['include_docs', 'include_docs=true'],
    ['conflicts', 'conflicts=true'],
    ['descending', 'descending=true'],
  ])('GET _changes with %s → 400, in well under a second', async (_what, query) => {
    const started = Date.now();
    const a = await call(code, 'GET', `${dbPath()}/_changes?${query}`);
    expect(a.status).toBe(400);
    expect(a.body).toMatch(/is not accepted here/);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('a design document cannot be stored, so no filter exists to run', async () => {
    const before = await docCount();
    const ddoc = { _id: '_design/evil', filters: { pid: "function(doc){ return doc.constructor.constructor('return process')().exit(42) }" } };
    const a = await call(code, 'POST', `${dbPath()}/_bulk_docs`, { body: JSON.stringify({ docs: [ddoc], new_edits: false }) });
    expect(JSON.parse(a.body)).toEqual([{ id: '_design/evil', error: 'forbidden', name: 'forbidden', reason: expect.stringMatching(/not a document of a Quartermaster event/) }]);
    expect(await docCount()).toBe(before);
    // The hub still answers: nothing ended its process.
    expect((await call(code, 'GET', `${dbPath()}`)).status).toBe(200);
  });

  it('a long poll with nothing new answers within its timeout with the last sequence', async () => {
    const info = JSON.parse((await call(code, 'GET', dbPath())).body) as { update_seq: number };
    const started = Date.now();
    const a = await call(code, 'GET', `${dbPath()}/_changes?feed=longpoll&since=${info.update_seq}&timeout=500&style=all_docs`);
    expect(a.status).toBe(200);
    expect(JSON.parse(a.body)).toEqual({ results: [], last_seq: info.update_seq });
    expect(Date.now() - started).toBeGreaterThanOrEqual(450);
  });
});

describe('replication checkpoints', () => {
  it('a checkpoint id with characters sent percent-encoded ("==" as "%3D%3D") is written and read back', async () => {
    const path = `${dbPath()}/_local/${encodeURIComponent('Zm9vYmFy.YmF6==')}`;
    const put = await call(code, 'PUT', path, { body: JSON.stringify({ last_seq: 7, session_id: 'x' }) });
    expect(put.status).toBe(201);
    const got = await call(code, 'GET', path);
    expect(got.status).toBe(200);
    expect(JSON.parse(got.body)).toMatchObject({ _id: '_local/Zm9vYmFy.YmF6==', last_seq: 7 });
    // A separator smuggled in encoded is still no path.
    expect((await call(code, 'GET', `${dbPath()}/_local/a%2Fb`)).status).toBe(404);
  });
});

describe('a hostile request costs bounded memory', () => {
  it('bodies held at once are bounded: past the budget a request is answered 503, the others are served', async () => {
    await mkdir(join(t.dir, 'budget'), { recursive: true });
    const identity = await hubIdentity(join(t.dir, 'budget'), hub.store.name, ['127.0.0.1']);
    const small = await startHub({ db: hub.store.db, dbName: hub.store.name, eventId: ev.id, host: '127.0.0.1', port: 0, identity, maxBufferedBytes: 1024 * 1024 });
    const c = { ...code, port: small.port, secret: identity.secret, fingerprint: identity.fingerprint };
    const open = (bytes: number) => {
      const agent = new PinnedAgent(c.fingerprint, { keepAlive: false });
      const answer = new Promise<number>((resolve, reject) => {
        const req = request({ host: c.host, port: c.port, method: 'POST', path: `${dbPath()}/_bulk_docs`, agent, headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${c.secret}` } }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        });
        req.on('error', (e) => ((e as NodeJS.ErrnoException).code === 'ECONNRESET' || (e as NodeJS.ErrnoException).code === 'EPIPE' ? resolve(503) : reject(e)));
        opened.push(req);
        req.write(`{"docs":[],"pad":"${'x'.repeat(bytes)}`);
      });
      return answer;
    };
    const opened: import('node:http').ClientRequest[] = [];
    try {
      const first = open(900 * 1024);
      await new Promise((r) => setTimeout(r, 300));
      const second = open(300 * 1024);
      opened[1]!.end('"}');
      expect(await second).toBe(503);
      opened[0]!.end('"}');
      // Read whole (under the budget), then refused for its unknown field: not for want of memory.
      expect(await first).toBe(403);
      expect(small.requests.refused).toBe(2);
    } finally {
      await small.close();
    }
  });
});
