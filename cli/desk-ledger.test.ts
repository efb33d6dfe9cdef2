import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkIn, undo } from '../core/desk/checkin';
import { namedDesk } from '../core/desk/editions';
import { newEvent, type DeskEvent } from '../core/desk/event';
import { serializeEvent } from '../core/desk/event-load';
import { recordPrints } from '../core/desk/lifecycle';
import { EXAMPLES, stampAt } from '../core/desk/testing';
import { nodeIo, type Io } from './io';
import { main } from './main';

function captureIo(): Io & { stdout: () => string; stderr: () => string } {
  let out = '';
  let err = '';
  return { ...nodeIo(), out: (t) => void (out += t), err: (t) => void (err += t), stdout: () => out, stderr: () => err };
}
async function run(args: string[]) {
  const io = captureIo();
  const code = await main(args, io);
  return { code, out: io.stdout(), err: io.stderr() };
}

const EVENT_ID = '3a1c2b4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const front = namedDesk('Front desk');
const field = namedDesk('Field desk');
const at = (hhmm: string) => `2026-10-02T${hhmm}:00+01:00`;
const D = EXAMPLES.dimitri.id;
const A = EXAMPLES.aldric.id;
const H = 'c'.repeat(64);

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'qm-ledger-'));
  writeFileSync(join(dir, 'dimitri.character.json'), JSON.stringify(EXAMPLES.dimitri));
  writeFileSync(join(dir, 'aldric.character.json'), JSON.stringify(EXAMPLES.aldric));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** One event, copied to two desks: the front desk checks Dimitri in and prints him; the field desk checks Aldric in, by mistake first. */
function twoCopies(): { common: DeskEvent; a: DeskEvent; b: DeskEvent } {
  const common = checkIn(newEvent({ name: 'Autumn Muster', game: 'fortunes-landing', start: '2026-10-02', id: EVENT_ID, homeDesk: front.id }), D, stampAt(at('09:00'), front.name)).event;
  let a = recordPrints(common, [{ id: D, hash: H, cards: [{ serial: 'CH-AAAAA-AAAAA' }] }], { ...stampAt(at('09:30'), front.name), deskId: front.id }).event;
  a = checkIn(a, A, stampAt(at('10:00'), front.name)).event;
  const mistake = checkIn(common, A, stampAt(at('09:40'), field.name));
  const b = undo(mistake.event, mistake.undo, stampAt(at('09:41'), field.name));
  return { common, a, b };
}

describe('quartermaster desk merge', () => {
  it('merges two desks’ copies into the same file in either order, each entry once', async () => {
    const { a, b } = twoCopies();
    writeFileSync(join(dir, 'front.event.json'), serializeEvent(a));
    writeFileSync(join(dir, 'field.event.json'), serializeEvent(b));
    const ab = await run(['desk', 'merge', join(dir, 'front.event.json'), join(dir, 'field.event.json'), '--out', join(dir, 'ab.event.json')]);
    const ba = await run(['desk', 'merge', join(dir, 'field.event.json'), join(dir, 'front.event.json'), '--out', join(dir, 'ba.event.json')]);
    expect([ab.code, ba.code]).toEqual([0, 0]);
    // front: check-in D, print D, check-in A (3); field: check-in D, check-in A, undo (3); in both: the common check-in.
    expect(ab.out).toContain('Merged front.event.json (3 entries) and field.event.json (3 entries): 5 entries, 1 in both.');
    expect(readFileSync(join(dir, 'ab.event.json'), 'utf8')).toBe(readFileSync(join(dir, 'ba.event.json'), 'utf8'));
    const merged = JSON.parse(readFileSync(join(dir, 'ab.event.json'), 'utf8'));
    expect(merged.entries.map((e: { kind: string; at: string }) => [e.kind, e.at.slice(11, 16)])).toEqual([
      ['check-in', '09:00'],
      ['printed', '09:30'],
      ['check-in', '09:40'],
      ['undo', '09:41'],
      ['check-in', '10:00'],
    ]);
    // Merging the result with either copy again changes nothing (duplicates ignored); the old output is backed up.
    const again = await run(['desk', 'merge', join(dir, 'ab.event.json'), join(dir, 'front.event.json'), '--out', join(dir, 'ab.event.json')]);
    expect(again.code).toBe(0);
    expect(again.out).toContain(': 5 entries, 3 in both.');
    expect(JSON.parse(readFileSync(join(dir, 'ab.event.json'), 'utf8'))).toEqual(merged);
    expect(readdirSync(join(dir, '.quartermaster-backups', encodeURIComponent('ab.event.json')))).toHaveLength(1);
  });

  it('keeps the first file’s header and says where the headers differ', async () => {
    const { a } = twoCopies();
    writeFileSync(join(dir, 'front.event.json'), serializeEvent({ ...a, name: 'Autumn Muster 2026' }));
    writeFileSync(join(dir, 'field.event.json'), serializeEvent(a));
    const r = await run(['desk', 'merge', join(dir, 'front.event.json'), join(dir, 'field.event.json'), '--out', join(dir, 'c.event.json')]);
    expect(r.out).toContain(`The two differ in "name"; front.event.json's are kept.`);
  });

  it('refuses an altered copy, two different events, a bad file and bad usage, writing nothing', async () => {
    const { a } = twoCopies();
    const altered = { ...a, entries: a.entries.map((e) => (e.kind === 'printed' ? { ...e, hash: 'd'.repeat(64) } : e)) } as DeskEvent;
    writeFileSync(join(dir, 'a.event.json'), serializeEvent(a));
    writeFileSync(join(dir, 'x.event.json'), serializeEvent(altered));
    writeFileSync(join(dir, 'other.event.json'), serializeEvent(newEvent({ name: 'Spring', game: '', start: '2027-04-01', id: '4b1c2b4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d' })));
    writeFileSync(join(dir, 'bad.event.json'), '{"format":"quartermaster-event","version":2,"id":"x"}');
    const out = join(dir, 'c.event.json');
    const x = await run(['desk', 'merge', join(dir, 'a.event.json'), join(dir, 'x.event.json'), '--out', out]);
    expect(x.code).toBe(2);
    expect(x.err).toMatch(/of the second file has the id .* of another entry with different content; one of the copies was altered; nothing was written/);
    const other = await run(['desk', 'merge', join(dir, 'a.event.json'), join(dir, 'other.event.json'), '--out', out]);
    expect(other.err).toContain('these are two different events');
    const bad = await run(['desk', 'merge', join(dir, 'a.event.json'), join(dir, 'bad.event.json'), '--out', out]);
    expect(bad.err).toContain(`${join(dir, 'bad.event.json')}: field "id"`);
    expect(existsSync(out)).toBe(false);
    expect((await run(['desk', 'merge', join(dir, 'a.event.json'), '--out', out])).code).toBe(2);
    expect((await run(['desk', 'merge', join(dir, 'a.event.json'), join(dir, 'x.event.json')])).err).toContain('--out');
  });
});

describe('quartermaster desk log', () => {
  it('prints the ledger oldest first with names, what each entry says and the cancelled ones', async () => {
    const { a, b } = twoCopies();
    const { mergeEvents } = await import('../core/desk/ledger');
    writeFileSync(join(dir, 'autumn.event.json'), serializeEvent(mergeEvents(a, b)));
    const r = await run(['desk', 'log', dir]);
    expect(r.code).toBe(0);
    const lines = r.out.trim().split('\n');
    expect(lines[0]).toBe(`Ledger of Autumn Muster (${join(dir, 'autumn.event.json')}): 5 entries`);
    expect(lines[1]).toBe('2026-10-02 09:00  Front desk  check-in  Dimitri (Sam)');
    expect(lines[2]).toBe('2026-10-02 09:30  Front desk  printed  Dimitri (Sam)  cards CH-AAAAA-AAAAA/1');
    expect(lines[3]).toBe('2026-10-02 09:40  Field desk  check-in  Aldric of the Vale (Priya)  [cancelled by an undo]');
    expect(lines[4]).toMatch(/^2026-10-02 09:41 {2}Field desk {2}undo {2}Aldric of the Vale \(Priya\) {2}cancels the check-in of 2026-10-02 09:40 \(/);
    expect(lines[5]).toBe('2026-10-02 10:00  Front desk  check-in  Aldric of the Vale (Priya)');
    const json = await run(['desk', 'log', dir, '--json']);
    const parsed = JSON.parse(json.out);
    expect(parsed.event).toEqual({ id: EVENT_ID, name: 'Autumn Muster', path: join(dir, 'autumn.event.json') });
    expect(parsed.entries.map((e: { kind: string; cancelled: boolean; name?: string }) => [e.kind, e.cancelled, e.name])).toEqual([
      ['check-in', false, 'Dimitri (Sam)'],
      ['printed', false, 'Dimitri (Sam)'],
      ['check-in', true, 'Aldric of the Vale (Priya)'],
      ['undo', false, 'Aldric of the Vale (Priya)'],
      ['check-in', false, 'Aldric of the Vale (Priya)'],
    ]);
  });

  it('says when there is no event file or it cannot be read', async () => {
    const none = await run(['desk', 'log', dir]);
    expect(none.code).toBe(2);
    expect(none.err).toContain('there is no event file yet');
    writeFileSync(join(dir, 'autumn.event.json'), '{"format":"quartermaster-event","version":9}');
    expect((await run(['desk', 'log', dir])).err).toContain('newer Quartermaster');
  });
});
