// `quartermaster desk serve` and `desk join` as real processes on 127.0.0.1: a hub ends promptly on
// SIGTERM while a desk holds a long poll open; a hub killed with SIGKILL and started again on its
// folder serves within 5 s with its data; a second `desk serve` of a folder in use refuses at once,
// naming the folder and what holds it, and prints no join code.
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { request } from 'node:https';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempFolder } from '../../../node/testing/temp';
import { parseJoinCode, type JoinCode } from '../../../node/sync/join-code';
import { eventFileText } from '../../../node/sync/ledger-api';
import { PinnedAgent } from '../../../node/sync/remote';
import { entry, ledgerEvent, sheet } from '../../../node/sync/testing/helpers';
import { formatCode, run, stopStarted } from '../../testing/run';

/** GET `path` at the hub with its secret; the status and body, or null when it does not answer. */
function get(code: JoinCode, path: string): Promise<{ status: number; body: string } | null> {
  const agent = new PinnedAgent(code.fingerprint, { keepAlive: false });
  return new Promise((resolve) => {
    const req = request({ host: code.host, port: code.port, path, agent, timeout: 1000, headers: { Authorization: `Basic ${Buffer.from(`desk:${code.secret}`).toString('base64')}` } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(null));
    req.end();
  });
}

const ev = ledgerEvent();
const characters = ['Ayla', 'Bram', 'Cleo'].map((n) => sheet(n));
let t: Awaited<ReturnType<typeof tempFolder>>;
const hubFolder = () => join(t.dir, 'hub');
const deskFolder = () => join(t.dir, 'desk');
const JOIN_CODE = /qm:\/\/\S+/;

beforeAll(async () => {
  t = await tempFolder('qm-desk-serve-');
  await mkdir(hubFolder());
  await mkdir(deskFolder());
  for (const c of characters) await writeFile(join(hubFolder(), `${c.name}.character.json`), `${JSON.stringify(c, null, 2)}\n`);
  await writeFile(join(hubFolder(), 'Autumn Muster.event.json'), eventFileText({ ...ev, entries: [entry('check-in', characters[0]!.id, 'Gate')] }));
});

afterAll(async () => {
  await stopStarted();
  await t?.cleanup();
});

const serveArgs = (port: number) => ['desk', 'serve', hubFolder(), '--host', '127.0.0.1', '--port', String(port)];
const dbPath = `/qm-event-${ev.id}`;

describe('desk serve: stopping, restarting, and a folder already in use', () => {
  let code: JoinCode;

  it('ends within 5 s of SIGTERM while a joined desk holds a long poll open', async () => {
    const hub = run(serveArgs(0));
    code = parseJoinCode(await hub.waitFor(JOIN_CODE, 30_000));
    const desk = run(['desk', 'join', formatCode(code), deskFolder()]);
    // The desk has everything: it is now waiting on the hub's changes feed.
    const arrived = async () => (await readdir(deskFolder())).filter((n) => n.endsWith('.json')).length === 4;
    for (let i = 0; i < 300 && !(await arrived()); i++) await new Promise((r) => setTimeout(r, 100));
    expect(await arrived()).toBe(true);
    await new Promise((r) => setTimeout(r, 1500));
    const asked = Date.now();
    hub.child.kill('SIGTERM');
    expect(await hub.exited).toBe(0);
    expect(Date.now() - asked).toBeLessThan(5_000);
    expect(hub.out()).toContain('SIGTERM: stopping');
    desk.child.kill('SIGINT');
    expect(await desk.exited).toBe(0);
  }, 90_000);

  it('killed with SIGKILL (a desk joined) and started again on the same folder and port: answers with all its data within 5 s, and the desk reconnects', async () => {
    const hub = run(serveArgs(code.port));
    expect(await hub.waitFor(JOIN_CODE, 30_000)).toBe(formatCode(code));
    const desk = run(['desk', 'join', formatCode(code), deskFolder()]);
    // An edit made at the desk reaches the hub's folder before the hub is killed.
    const ayla = join(deskFolder(), 'Ayla.character.json');
    await new Promise((r) => setTimeout(r, 1000));
    await writeFile(ayla, `${JSON.stringify({ ...JSON.parse(await readFile(ayla, 'utf8')), notes: 'sent before the kill' }, null, 2)}\n`);
    const atHub = async () => JSON.parse(await readFile(join(hubFolder(), 'Ayla.character.json'), 'utf8')).notes === 'sent before the kill';
    for (let i = 0; i < 200 && !(await atHub()); i++) await new Promise((r) => setTimeout(r, 100));
    expect(await atHub()).toBe(true);
    hub.child.kill('SIGKILL');
    await hub.exited;
    const spawnedAt = Date.now();
    const again = run(serveArgs(code.port));
    let answer: { status: number; body: string } | null = null;
    while (Date.now() - spawnedAt < 15_000) {
      answer = await get(code, `${dbPath}/_changes`);
      if (answer?.status === 200) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const took = Date.now() - spawnedAt;
    expect(answer?.status, answer?.body).toBe(200);
    expect(took).toBeLessThan(5_000);
    const ids = (JSON.parse(answer!.body) as { results: { id: string }[] }).results.map((r) => r.id);
    for (const c of characters) expect(ids).toContain(`character:${c.id.toLowerCase()}`);
    expect(ids).toContain('header');
    expect(ids.filter((id) => id.startsWith('entry:'))).toHaveLength(1);
    expect(again.err()).not.toMatch(/lock/i);
    // The desk finds the hub again by itself.
    const connectedLines = () => desk.err().match(/Connected to the hub at 127\.0\.0\.1:\d+ since \d\d:\d\d\./g)?.length ?? 0;
    const before = connectedLines();
    for (let i = 0; i < 200 && connectedLines() === before; i++) await new Promise((r) => setTimeout(r, 100));
    expect(connectedLines(), desk.err()).toBeGreaterThan(before);
    desk.child.kill('SIGINT');
    expect(await desk.exited).toBe(0);
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
  }, 90_000);

  it('a second desk serve (or a desk join) of a folder in use refuses at once, naming the folder and what holds it, and prints no join code', async () => {
    const hub = run(serveArgs(0));
    const first = parseJoinCode(await hub.waitFor(JOIN_CODE, 30_000));
    const second = run(serveArgs(0));
    expect(await second.exited).toBe(2);
    expect(second.out()).not.toMatch(/qm:\/\//);
    expect(second.out()).toBe('');
    expect(second.err()).toMatch(new RegExp(`^quartermaster desk serve: ${escape(hubFolder())} is in use by quartermaster desk serve \\(process ${hub.child.pid}, since \\d\\d:\\d\\d\\): its database .* is locked\\. Stop that first, or use another folder\\n$`));
    const join = run(['desk', 'join', formatCode(first), hubFolder()]);
    expect(await join.exited).toBe(2);
    expect(join.err()).toContain(`quartermaster desk join: ${hubFolder()} is in use by quartermaster desk serve (process ${hub.child.pid}`);
    // The first hub goes on serving, unharmed.
    expect((await get(first, dbPath))?.status).toBe(200);
    hub.child.kill('SIGINT');
    expect(await hub.exited).toBe(0);
  }, 90_000);
});

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
