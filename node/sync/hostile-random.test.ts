// A desk holding the join code sends mutated, oversized, conflicting, forged, deleted and
// future-dated documents to the hub for QM_HOSTILE_SECONDS (default 60) while three honest desks
// check in, all real processes on 127.0.0.1. At the end the honest desks agree, every honest entry
// is at every desk, and every hostile document was refused ("forbidden") and noted at the hub.
import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { request } from 'node:https';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { MAX_ENTRY_CHARS } from '../../core/desk/event-format';
import { MAX_JSON_DEPTH } from '../../core/format/limits';
import { prng } from '../../core/testing/mutate';
import { tempFolder } from '../testing/temp';
import { contentRev } from './docs';
import { parseJoinCode, type JoinCode } from './join-code';
import { eventFileText, type LedgerEntry } from './ledger-api';
import { PinnedAgent } from './remote';
import { entry, ledgerEvent, sheet } from './testing/helpers';
import type { Dump } from './testing/dump';
import { startProc, stopAll, until, type Proc } from './testing/procs';

const SECONDS = Number(process.env.QM_HOSTILE_SECONDS ?? 60);
const SEED = Number(process.env.QM_HOSTILE_SEED ?? 20261205);
const ev = ledgerEvent();
const characters = Array.from({ length: 12 }, (_, i) => sheet(`Player ${i + 1}`));
let t: Awaited<ReturnType<typeof tempFolder>>;

afterAll(async () => {
  await stopAll();
  await t?.cleanup();
});

function post(code: JoinCode, path: string, body: unknown): Promise<{ status: number; body: any }> {
  const agent = new PinnedAgent(code.fingerprint, { keepAlive: false });
  return new Promise((resolve, reject) => {
    const req = request({ host: code.host, port: code.port, method: body === undefined ? 'GET' : 'POST', path, agent, headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${code.secret}` } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null') }));
    });
    req.on('error', reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

const md5 = (s: string) => createHash('md5').update(s).digest('hex');
const stored = (doc: Record<string, unknown>) => {
  const rev = contentRev(doc as { _id: string; kind: string });
  return { ...doc, _rev: rev, _revisions: { start: 1, ids: [rev.slice(2)] } };
};
const branch = (doc: Record<string, unknown>, start: number, parents: string[], salt: string) => {
  const h = md5(salt);
  return { ...doc, _rev: `${start}-${h}`, _revisions: { start, ids: [h, ...parents] } };
};

it(`honest desks agree while a desk with the join code attacks for ${SECONDS} s`, async () => {
  t = await tempFolder('qm-hostile-random-');
  const hubFolder = join(t.dir, 'hub');
  await mkdir(hubFolder);
  for (const c of characters) await writeFile(join(hubFolder, `${c.name}.character.json`), JSON.stringify(c));
  await writeFile(join(hubFolder, 'Autumn Muster.event.json'), eventFileText({ ...ev, entries: [] }));
  const hub = await startProc('desk.ts', { folder: hubFolder, eventId: ev.id, serve: { host: '127.0.0.1', port: 0 } });
  const code = parseJoinCode(hub.ready.code as string);
  const desks: Proc[] = [];
  for (const name of ['one', 'two', 'three']) {
    await mkdir(join(t.dir, name));
    desks.push(await startProc('desk.ts', { folder: join(t.dir, name), eventId: ev.id, join: { kind: 'hub', code }, backoffMs: 100 }));
  }
  for (const d of desks) expect(await until(async () => 'Autumn Muster.event.json' in ((await d.ask('dump')) as Dump).files, 30_000, 250)).toBe(true);
  const db = `/qm-event-${ev.id}`;
  const rand = prng(SEED);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const honest: string[] = [];
  const hostile = new Map<string, string>(); // document id → what it was
  const notRefused: string[] = [];
  let stop = false;

  // Three honest desks checking in, noting and printing all along.
  const honestWork = desks.map(async (desk, i) => {
    while (!stop) {
      const c = pick(characters);
      const e = entry(pick(['check-in', 'note', 'printed'] as const), c.id, `Desk ${i + 1}`, { at: new Date().toISOString() });
      await desk.ask('record', { entries: [e] });
      honest.push(e.id);
      await new Promise((r) => setTimeout(r, 150 + rand() * 300));
    }
  });

  // What the attacker knows: the hub's documents as replication sees them.
  const known = async () => {
    const changes = await post(code, `${db}/_changes?style=all_docs&since=0`, undefined);
    return changes.body.results as { id: string; changes: { rev: string }[] }[];
  };
  const attacks: ((rows: { id: string; changes: { rev: string }[] }[], n: number) => Record<string, unknown>[])[] = [
    // Another content for an existing entry, as a branch of its own.
    (rows, n) => {
      const row = rows.find((r) => r.id.startsWith('entry:'));
      if (!row) return [];
      const e = { ...entry('check-in', pick(characters).id, 'Intruder'), id: row.id.slice('entry:'.length) };
      return [stored({ _id: row.id, kind: 'entry', entry: e }), branch({ _id: row.id, kind: 'entry', entry: e }, 2, [row.changes[0]!.rev.slice(2)], `child ${n}`)];
    },
    // A deleted entry, a deleted character, a deleted header.
    (rows, n) => rows.filter((r) => !r.id.startsWith('desk:')).slice(0, 3).map((r) => {
      const [start, h] = r.changes[0]!.rev.split('-');
      return branch({ _id: r.id, _deleted: true }, Number(start) + 1, [h!], `deleted ${n}`);
    }),
    // An entry too long for an event file's line, and one nested too deep.
    (_rows, n) => {
      let deep: unknown = 'x';
      for (let i = 0; i < MAX_JSON_DEPTH + 2; i++) deep = { d: deep };
      const long = entry('note', pick(characters).id, 'Intruder', { text: 'x'.repeat(MAX_ENTRY_CHARS + n) });
      const nested = { ...entry('note', pick(characters).id, 'Intruder'), text: deep } as unknown as LedgerEntry;
      return [stored({ _id: `entry:${long.id}`, kind: 'entry', entry: long }), stored({ _id: `entry:${nested.id}`, kind: 'entry', entry: nested })];
    },
    // A print dated years ahead.
    () => {
      const e = { ...entry('printed', pick(characters).id, 'Intruder'), at: `20${70 + Math.floor(rand() * 29)}-01-01T00:00:00.000Z` };
      return [stored({ _id: `entry:${e.id}`, kind: 'entry', entry: e })];
    },
    // The header of another event, and a renamed header.
    (_rows, n) => {
      const { entries: _e, ...other } = ledgerEvent();
      const { entries: _f, ...own } = ev;
      return [stored({ _id: 'header', kind: 'header', event: other }), stored({ _id: 'header', kind: 'header', event: { ...own, name: `Renamed ${n}` } })];
    },
    // 40 versions of one character in one request.
    (_rows, n) => {
      const c = pick(characters);
      return Array.from({ length: 40 }, (_, i) => branch({ _id: `character:${c.id}`, kind: 'character', file: `${c.name}.character.json`, character: { ...c, notes: `v${n}.${i}` } }, 1, [], `many ${n} ${i}`));
    },
    // Mutated fields: a bad time, a wrong kind, a __proto__ key, a design document.
    (_rows, n) => {
      const e = entry('check-in', pick(characters).id, 'Intruder');
      const protoDoc = JSON.parse(JSON.stringify(stored({ _id: `entry:${e.id}`, kind: 'entry', entry: e })).replace('"kind":"check-in"', '"kind":"check-in","__proto__":{"x":1}')) as Record<string, unknown>;
      const bad = entry('check-in', pick(characters).id, 'Intruder');
      const wrongKind = entry('check-in', pick(characters).id, 'Intruder');
      return [
        stored({ _id: `entry:${bad.id}`, kind: 'entry', entry: { ...bad, at: 'noon' } }),
        stored({ _id: `entry:${wrongKind.id}`, kind: 'character', entry: wrongKind }),
        protoDoc,
        { _id: `_design/x${n}`, _rev: `1-${md5(`d${n}`)}`, _revisions: { start: 1, ids: [md5(`d${n}`)] }, filters: { f: 'function(doc){ while(true){} }' } },
      ];
    },
  ];

  const deadline = Date.now() + SECONDS * 1000;
  let n = 0;
  while (Date.now() < deadline) {
    n++;
    const docs = pick(attacks)(await known(), n);
    if (docs.length === 0) continue;
    const a = await post(code, `${db}/_bulk_docs`, { docs, new_edits: false });
    expect(a.status).toBe(201);
    const refused = new Set((a.body as { id: string; error?: string }[]).filter((r) => r.error === 'forbidden').map((r) => r.id));
    for (const d of docs) {
      hostile.set(String(d._id), 'sent');
      if (!refused.has(String(d._id))) notRefused.push(String(d._id));
    }
    await new Promise((r) => setTimeout(r, 20 + rand() * 80));
  }
  stop = true;
  await Promise.all(honestWork);

  expect(notRefused).toEqual([]);
  // The honest desks agree, each holding every honest entry and none of the hostile ones.
  let dumps: Dump[] = [];
  const agreed = await until(async () => {
    dumps = (await Promise.all(desks.map((d) => d.ask('dump')))) as Dump[];
    const [first, ...rest] = dumps.map((d) => JSON.stringify({ entries: d.entries, files: d.files, folded: d.folded }));
    return rest.every((r) => r === first) && honest.every((id) => dumps[0]!.entries.includes(id));
  }, 60_000, 500);
  if (!agreed) {
    const missing = dumps.map((d) => honest.filter((id) => !d.entries.includes(id)));
    const statuses = await Promise.all(desks.map(async (d) => (await d.ask('status')).status));
    console.error('not agreed', JSON.stringify({ missing: missing.map((m) => m.length), statuses: statuses.map((s) => ({ link: s.link, notes: s.notes.slice(-5), problems: s.problems })) }, null, 1).slice(0, 6000));
    const late = await until(async () => {
      dumps = (await Promise.all(desks.map((d) => d.ask('dump')))) as Dump[];
      return honest.every((id) => dumps.every((d) => d.entries.includes(id)));
    }, 120_000, 1000);
    console.error('agreed later:', late, dumps.map((d) => honest.filter((id) => !d.entries.includes(id)).length));
  }
  expect(agreed, JSON.stringify(dumps.map((d) => d.entries.length))).toBe(true);
  expect(honest.length).toBeGreaterThan(50);
  for (const d of dumps) {
    expect(d.entries.filter((id) => hostile.has(`entry:${id}`) && !honest.includes(id))).toEqual([]);
    expect(Object.keys(d.files).sort()).toEqual([...characters.map((c) => `${c.name}.character.json`), 'Autumn Muster.event.json'].sort());
    expect(JSON.parse(d.files['Autumn Muster.event.json']!.split('\n')[0]!)).toMatchObject({ id: ev.id, name: ev.name });
  }
  const status = (await hub.ask('status')).status as { notes: { message: string }[] };
  expect(status.notes.length).toBeGreaterThan(0);
  expect(status.notes.every((note) => /^the hub refused /.test(note.message))).toBe(true);
  console.log(`hostile desk: ${n} requests, ${hostile.size} documents refused; ${honest.length} honest entries at every desk`);
}, (SECONDS + 300) * 1000);
