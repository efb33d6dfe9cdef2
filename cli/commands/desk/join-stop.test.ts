// `quartermaster desk join` and `desk serve` as real processes on 127.0.0.1, at the moments a
// volunteer meets: a join code with a wrong secret ends the command saying in words that the hub
// refused this code (live and --once); a hub that is away is one line in words, said once, never a
// request's address, and a joined desk that is idle stays connected (kept-alive connections once
// failed their long poll after 4 s); and Ctrl+C ends a desk whose hub is away, and a hub that has
// just acknowledged a desk's entries, within a second, with every entry it holds in its event file.
import { appendFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import { request } from 'node:https';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { namedDesk } from '../../../core/desk/editions';
import { tempFolder } from '../../../node/testing/temp';
import { parseJoinCode, type JoinCode } from '../../../node/sync/join-code';
import { eventFileText, type LedgerEntry } from '../../../node/sync/ledger-api';
import { PinnedAgent } from '../../../node/sync/remote';
import { SYNC_FOLDER } from '../../../node/sync/session';
import { EventStore } from '../../../node/sync/store';
import { entry, ledgerEvent, sheet } from '../../../node/sync/testing/helpers';
import { formatCode, run, stopStarted, type Run } from '../../testing/run';

const ev = ledgerEvent();
const characters = ['Ayla', 'Bram', 'Cleo'].map((n) => sheet(n));
/** Entries made before the event was shared (the hub seals them as their witness). */
const before = characters.map((c) => entry('check-in', c.id, 'Gate'));
const EVENT_FILE = 'Autumn Muster.event.json';
const JOIN_CODE = /qm:\/\/\S+/;
let t: Awaited<ReturnType<typeof tempFolder>>;
let n = 0;

beforeAll(async () => {
  t = await tempFolder('qm-desk-join-stop-');
});

afterAll(async () => {
  await stopStarted();
  await t?.cleanup();
});

/** A hub folder holding the event (three characters, three check-ins) and an empty desk folder. */
async function folders(): Promise<{ hub: string; desk: string }> {
  const hub = join(t.dir, `hub${++n}`);
  const desk = join(t.dir, `desk${n}`);
  await mkdir(hub);
  await mkdir(desk);
  for (const c of characters) await writeFile(join(hub, `${c.name}.character.json`), `${JSON.stringify(c, null, 2)}\n`);
  await writeFile(join(hub, EVENT_FILE), eventFileText({ ...ev, entries: before }));
  return { hub, desk };
}

async function serve(folder: string): Promise<{ hub: Run; code: JoinCode }> {
  const hub = run(['desk', 'serve', folder, '--host', '127.0.0.1', '--port', '0', '--desk', 'Gate']);
  return { hub, code: parseJoinCode(await hub.waitFor(JOIN_CODE, 30_000)) };
}

/** The entry ids an event file holds. */
async function fileEntries(folder: string): Promise<string[]> {
  const text = await readFile(join(folder, EVENT_FILE), 'utf8').catch(() => '');
  return text.split('\n').slice(1).filter((l) => l.trim() !== '').map((l) => (JSON.parse(l) as { id: string }).id);
}

async function until(check: () => Promise<boolean>, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return check();
}

/** Sends SIGINT (Ctrl+C) and waits for the process to end: its exit code and the milliseconds it took. */
async function interrupt(p: Run): Promise<{ code: number | null; ms: number }> {
  const asked = performance.now();
  p.child.kill('SIGINT');
  const code = await p.exited;
  return { code, ms: performance.now() - asked };
}

/** Exit code of `p`, or 'still running' when it has not ended within `ms`. */
const endedWithin = (p: Run, ms: number) => Promise.race([p.exited, new Promise<'still running'>((r) => setTimeout(() => r('still running'), ms))]);

/** GET `path` at the hub with its secret (the body), or null when it does not answer. */
function get(code: JoinCode, path: string): Promise<string | null> {
  const agent = new PinnedAgent(code.fingerprint, { keepAlive: false });
  return new Promise((resolve) => {
    const req = request({ host: code.host, port: code.port, path, agent, timeout: 2000, headers: { Authorization: `Basic ${Buffer.from(`desk:${code.secret}`).toString('base64')}` } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve(res.statusCode === 200 ? Buffer.concat(chunks).toString('utf8') : null));
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(null));
    req.end();
  });
}

const REFUSED = 'the hub refused this join code: check it with the desk that shares the event';

describe('desk join: a wrong join code', () => {
  it('ends the live join (exit 2) and --once (exit 2) saying in words that the hub refused this code', async () => {
    const f = await folders();
    const { hub, code } = await serve(f.hub);
    // One letter of the secret changed: the code a volunteer mistyped.
    const wrong = formatCode({ ...code, secret: `${code.secret[0] === 'A' ? 'B' : 'A'}${code.secret.slice(1)}` });
    const live = run(['desk', 'join', wrong, f.desk, '--desk', 'Field']);
    expect(await endedWithin(live, 30_000), live.err()).toBe(2);
    expect(live.err()).toContain(`quartermaster desk join: ${REFUSED}.\n`);
    expect(live.out() + live.err()).not.toMatch(/needs its join code|https:\/\/|request to/);
    const once = run(['desk', 'join', wrong, f.desk, '--once', '--desk', 'Field']);
    expect(await endedWithin(once, 30_000), once.err()).toBe(2);
    expect(once.err()).toContain(`: ${REFUSED}. ${f.desk} is NOT up to date`);
    expect(once.out() + once.err()).not.toMatch(/needs its join code|https:\/\//);
    expect((await interrupt(hub)).code).toBe(0);
  }, 120_000);
});

describe('desk join while the hub is away, and Ctrl+C', () => {
  it('says once, in words, that the hub does not answer (no request address), and Ctrl+C ends it within 1 s with every entry of its database in its event file', async () => {
    const f = await folders();
    const { hub, code } = await serve(f.hub);
    const desk = run(['desk', 'join', formatCode(code), f.desk, '--desk', 'Field']);
    expect(await until(async () => (await fileEntries(f.desk)).length === before.length, 30_000), desk.err()).toBe(true);
    // More entries at the hub, and the hub gone (the power cut) while they may be on their way.
    const more = characters.map((c) => entry('check-out', c.id, 'Gate', { deskId: namedDesk('Gate').id }));
    await appendFile(join(f.hub, EVENT_FILE), more.map((e) => `${JSON.stringify(e)}\n`).join(''));
    await until(async () => (await fileEntries(f.desk)).length > before.length, 3_000);
    hub.child.kill('SIGKILL');
    await hub.exited;
    const away = `The hub at 127.0.0.1:${code.port} does not answer; trying again…`;
    expect(await until(async () => desk.err().includes(away), 30_000), desk.err()).toBe(true);
    // Several heartbeats (every 3 s) and retries later: the back-off between retries has grown to seconds.
    await new Promise((r) => setTimeout(r, 9_000));
    const said = desk.out() + desk.err();
    expect(said.split(away).length - 1, said).toBe(1);
    expect(said).not.toMatch(/https?:\/\/|request to|ECONNREFUSED|_changes|_local/);
    const stop = await interrupt(desk);
    expect(stop.code, desk.err()).toBe(0);
    expect(stop.ms, `Ctrl+C took ${Math.round(stop.ms)} ms`).toBeLessThan(1_000);
    expect(desk.out()).toMatch(/SIGINT: stopping \(offline since \d\d:\d\d, \d+ changes? waiting\)\.\n$/);
    // What the desk's database holds (what it told the hub it has) is all in its event file.
    const store = EventStore.open(join(f.desk, SYNC_FOLDER), ev.id);
    const held = (await store.entries()).map((e: LedgerEntry) => e.id);
    await store.close();
    const inFile = await fileEntries(f.desk);
    expect(held.length).toBeGreaterThanOrEqual(before.length);
    expect(inFile.sort()).toEqual(held.sort());
  }, 120_000);
});

describe('desk serve and Ctrl+C', () => {
  it('a joined desk stays connected while idle; the hub ends within 1 s of Ctrl+C after acknowledging a desk\'s entries, with every one in its event file', async () => {
    const f = await folders();
    const { hub, code } = await serve(f.hub);
    const desk = run(['desk', 'join', formatCode(code), f.desk, '--desk', 'Field']);
    expect(await until(async () => (await fileEntries(f.desk)).length === before.length, 30_000), desk.err()).toBe(true);
    // Recorded at the desk (appended to its event file, as the app does): the desk shares them with the hub.
    const recorded = Array.from({ length: 40 }, (_, i) => entry('note', undefined, 'Field', { deskId: namedDesk('Field').id, text: `note ${i}` }));
    await appendFile(join(f.desk, EVENT_FILE), recorded.map((e) => `${JSON.stringify(e)}\n`).join(''));
    // The hub has acknowledged them once its database answers with them.
    const acknowledged = async () => {
      const body = await get(code, `/qm-event-${ev.id}/_changes`);
      const ids = new Set(body ? (JSON.parse(body) as { results: { id: string }[] }).results.map((r) => r.id) : []);
      return recorded.every((e) => ids.has(`entry:${e.id}`));
    };
    expect(await until(acknowledged, 30_000), desk.err()).toBe(true);
    // Idle and connected for a while: long polls on kept-alive connections are answered, and the
    // desk never says its hub, which is there, does not answer.
    await new Promise((r) => setTimeout(r, 8_000));
    expect(desk.err()).not.toMatch(/does not answer/);
    const stop = await interrupt(hub);
    expect(stop.code, hub.err()).toBe(0);
    expect(stop.ms, `Ctrl+C took ${Math.round(stop.ms)} ms`).toBeLessThan(1_000);
    const inFile = new Set(await fileEntries(f.hub));
    expect(recorded.filter((e) => !inFile.has(e.id))).toEqual([]);
    expect((await interrupt(desk)).code).toBe(0);
  }, 120_000);
});
