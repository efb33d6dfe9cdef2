import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkIn, undo } from '../../../core/desk/checkin';
import { namedDesk } from '../../../core/desk/editions';
import { headerOf, newEvent, type DeskEvent } from '../../../core/desk/event';
import { serializeEvent } from '../../../core/desk/event-load';
import { EventLog } from '../../../node/event-log/event-log';
import { recordPrints } from '../../../core/desk/lifecycle';
import { EXAMPLES, stampAt } from '../../../core/desk/testing';
import { main } from '../../main';
import { captureIo } from '../../testing/capture';

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

/** A file's lines: the header, then the entries, each parsed (a version 3 file is one JSON value a line, each line ending "\n"). */
function linesOf(file: string): { header: Record<string, unknown>; entries: Record<string, any>[]; entryText: string } {
  const text = readFileSync(file, 'utf8');
  expect(text.endsWith('\n')).toBe(true);
  const first = text.indexOf('\n') + 1;
  const [header, ...entries] = text.slice(0, -1).split('\n').map((l) => JSON.parse(l));
  return { header, entries, entryText: text.slice(first) };
}

/** The event as a version 2 file wrote it: one JSON document with its entries in a list. */
const v2Document = (e: DeskEvent) => `${JSON.stringify({ ...headerOf(e), version: 2, entries: e.entries }, null, 2)}\n`;

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
    const merged = linesOf(join(dir, 'ab.event.json'));
    expect(merged.header).toMatchObject({ format: 'quartermaster-event', version: 3, id: EVENT_ID, name: 'Autumn Muster' });
    expect(merged.entries.map((e) => [e.kind, e.at.slice(11, 16)])).toEqual([
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
    expect(linesOf(join(dir, 'ab.event.json'))).toEqual(merged);
    expect(readdirSync(join(dir, '.quartermaster-backups', encodeURIComponent('ab.event.json')))).toHaveLength(1);
  });

  it('keeps the first file’s header and says where the headers differ', async () => {
    const { a } = twoCopies();
    writeFileSync(join(dir, 'front.event.json'), serializeEvent({ ...a, name: 'Autumn Muster 2026' }));
    writeFileSync(join(dir, 'field.event.json'), serializeEvent(a));
    const r = await run(['desk', 'merge', join(dir, 'front.event.json'), join(dir, 'field.event.json'), '--out', join(dir, 'c.event.json')]);
    expect(r.out).toContain(`The two differ in "name"; front.event.json's are kept.`);
    expect(linesOf(join(dir, 'c.event.json')).header).toMatchObject({ name: 'Autumn Muster 2026' });
  });

  it('merges files of version 2 and 3 either way round into the same entry lines, byte for byte, and leaves them as they were', async () => {
    const { common, a, b } = twoCopies();
    const shared = new Set(common.entries.map((e) => e.id));
    // The front desk's copy is a log: its own entries carry its numbers (as node/event-log/ appends
    // them), and the entry both copies share carries two fields of a newer version, in one order;
    // the field desk's copy is still a version 2 document, with the shared entry's new fields in the
    // other order (the same entry: the same content).
    let n = 0;
    const front = { ...a, name: 'Autumn Muster (front)', entries: a.entries.map((e) => (shared.has(e.id) ? { ...e, lane: 'A', table: 3 } : { ...e, seq: ++n })) } as DeskEvent;
    const field = { ...b, entries: b.entries.map((e) => (shared.has(e.id) ? { ...e, table: 3, lane: 'A' } : e)) } as DeskEvent;
    const frontText = serializeEvent(front);
    const fieldText = v2Document(field);
    writeFileSync(join(dir, 'front.event.json'), frontText);
    writeFileSync(join(dir, 'field.event.json'), fieldText);
    const ab = await run(['desk', 'merge', join(dir, 'front.event.json'), join(dir, 'field.event.json'), '--out', join(dir, 'ab.event.json')]);
    const ba = await run(['desk', 'merge', join(dir, 'field.event.json'), join(dir, 'front.event.json'), '--out', join(dir, 'ba.event.json')]);
    expect([ab.code, ba.code, ab.err, ba.err]).toEqual([0, 0, '', '']);
    expect(ab.out).toContain('Merged front.event.json (3 entries) and field.event.json (3 entries): 5 entries, 1 in both.');
    expect(ab.out).toContain('field.event.json is an event file of version 2 (it is not changed); ab.event.json is version 3.');
    const [x, y] = [linesOf(join(dir, 'ab.event.json')), linesOf(join(dir, 'ba.event.json'))];
    // The entry lines are the same bytes whichever file came first; each header is its first file's.
    expect(x.entryText).toBe(y.entryText);
    expect([x.header.name, y.header.name, x.header.version, y.header.version]).toEqual(['Autumn Muster (front)', 'Autumn Muster', 3, 3]);
    // Ledger order (time, then desk, its seq, id); the shared entry once, with its new fields.
    expect(x.entries.map((e) => [e.kind, e.at.slice(11, 16), e.desk, e.seq])).toEqual([
      ['check-in', '09:00', 'Front desk', undefined],
      ['printed', '09:30', 'Front desk', 1],
      ['check-in', '09:40', 'Field desk', undefined],
      ['undo', '09:41', 'Field desk', undefined],
      ['check-in', '10:00', 'Front desk', 2],
    ]);
    expect(x.entries[0]).toMatchObject({ lane: 'A', table: 3 });
    // The inputs are read, never rewritten.
    expect(readFileSync(join(dir, 'front.event.json'), 'utf8')).toBe(frontText);
    expect(readFileSync(join(dir, 'field.event.json'), 'utf8')).toBe(fieldText);
    expect(existsSync(join(dir, '.quartermaster-backups'))).toBe(false);
  });

  it('leaves out lines of a copy that cannot be read, says which, and exits 2 having written the rest', async () => {
    const { a, b } = twoCopies();
    const fieldText = `${serializeEvent(b)}{"id": "not an entry"}\n{"id":"torn`;
    writeFileSync(join(dir, 'front.event.json'), serializeEvent(a));
    writeFileSync(join(dir, 'field.event.json'), fieldText);
    const out = join(dir, 'c.event.json');
    const r = await run(['desk', 'merge', join(dir, 'front.event.json'), join(dir, 'field.event.json'), '--out', out]);
    expect(r.code).toBe(2);
    // field.event.json: the header, 3 entries (lines 2-4), a line the schema refuses (5), a torn line (6).
    const field = join(dir, 'field.event.json');
    expect(r.err).toContain(`quartermaster desk merge: ${field}: line 5: field "`);
    expect(r.err).toContain(`quartermaster desk merge: ${field}: line 6 is cut short (11 bytes after the last newline`);
    expect(r.err).toContain(`quartermaster desk merge: 1 line of ${field} could not be read and is not in ${out}`);
    expect(r.out).toContain(': 5 entries, 1 in both.');
    expect(linesOf(out).entries).toHaveLength(5);
    expect(readFileSync(field, 'utf8')).toBe(fieldText);
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
    writeFileSync(join(dir, 'bad3.event.json'), `${JSON.stringify({ ...headerOf(a), id: 'x' })}\n`);
    const bad3 = await run(['desk', 'merge', join(dir, 'bad3.event.json'), join(dir, 'a.event.json'), '--out', out]);
    expect(bad3.code).toBe(2);
    expect(bad3.err).toContain(`quartermaster desk merge: ${join(dir, 'bad3.event.json')}: field "id"`);
    expect(bad3.err).toContain('quartermaster desk merge: nothing was written');
    expect((await run(['desk', 'merge', join(dir, 'a.event.json'), join(dir, 'none.event.json'), '--out', out])).err).toContain(`${join(dir, 'none.event.json')}: no such file`);
    expect(existsSync(out)).toBe(false);
    expect((await run(['desk', 'merge', join(dir, 'a.event.json'), '--out', out])).code).toBe(2);
    expect((await run(['desk', 'merge', join(dir, 'a.event.json'), join(dir, 'x.event.json')])).err).toContain('--out');
  });
});

describe('quartermaster desk log', () => {
  it('prints the ledger oldest first with names, what each entry says and the cancelled ones', async () => {
    const { a, b } = twoCopies();
    const { mergeEvents } = await import('../../../core/desk/ledger');
    writeFileSync(join(dir, 'autumn.event.json'), serializeEvent(mergeEvents(a, b)));
    const r = await run(['desk', 'log', dir]);
    expect(r.code).toBe(0);
    const lines = r.out.trim().split('\n');
    expect(lines[0]).toBe(`Ledger of Autumn Muster (${join(dir, 'autumn.event.json')}): 5 entries`);
    expect(lines[1]).toBe('2026-10-02 09:00  Front desk  check-in  Dimitri (Sam)');
    expect(lines[2]).toBe('2026-10-02 09:30  Front desk  printed  Dimitri (Sam)  cards CH-AAAAA-AAAAA/1');
    expect(lines[3]).toBe('2026-10-02 09:40  Field desk  check-in  Aldric of the Vale (Priya)  [cancelled by an undo]');
    expect(lines[4]).toMatch(/^2026-10-02 09:41 {2}Field desk {2}undo {2}Aldric of the Vale \(Priya\) {2}undoes the check-in of Aldric of the Vale \(Priya\) \(recorded 2026-10-02 09:40 at Field desk\)$/);
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

  it('words a death, an item transfer and an undo: the item by its name, the recipient, the note, what is undone', async () => {
    const { recordEntry, recordTransfer } = await import('../../../core/desk/record');
    const { example } = await import('../../../core/desk/testing');
    const potion = EXAMPLES.dimitri.items[0]!;
    let e = checkIn(newEvent({ name: 'Autumn Muster', game: 'fortunes-landing', start: '2026-10-02', id: EVENT_ID, homeDesk: front.id }), D, stampAt(at('09:00'), front.name)).event;
    e = recordTransfer(e, example('dimitri'), potion.id, example('aldric'), stampAt(at('13:00'), 'Gate')).event;
    const died = recordEntry(e, { kind: 'died', character: D, cause: 'killing-blow', text: 'Slain by the troll at the bridge' }, stampAt(at('14:02'), 'Gate'));
    e = recordEntry(died.event, { kind: 'undo', character: D, target: died.entry.id }, stampAt(at('14:05'), front.name)).event;
    // The transfer's entry, as an older desk wrote it, without the item's name: found in the receiver's file.
    const text = serializeEvent(e)
      .split('\n')
      .map((l) => (l.includes('"item-transferred"') ? l.replace(/,"name":"[^"]*"/, '') : l))
      .join('\n');
    writeFileSync(join(dir, 'autumn.event.json'), text);
    writeFileSync(join(dir, 'aldric.character.json'), JSON.stringify({ ...EXAMPLES.aldric, items: [...EXAMPLES.aldric.items, potion] }));
    writeFileSync(join(dir, 'dimitri.character.json'), JSON.stringify({ ...EXAMPLES.dimitri, items: [] }));
    const r = await run(['desk', 'log', dir]);
    expect([r.code, r.err]).toEqual([0, '']);
    const lines = r.out.trim().split('\n').slice(1);
    expect(lines).toContain(`2026-10-02 13:00  Gate  item-transferred  Dimitri (Sam)  ${potion.name} to Aldric of the Vale (Priya)`);
    expect(lines).toContain('2026-10-02 14:02  Gate  died  Dimitri (Sam)  a killing blow; note: Slain by the troll at the bridge  [cancelled by an undo]');
    expect(lines).toContain('2026-10-02 14:05  Front desk  undo  Dimitri (Sam)  undoes the death of Dimitri (Sam) (recorded 2026-10-02 14:02 at Gate)');
    expect(r.out).not.toMatch(new RegExp(potion.id, 'i'));
  });

  it('shows each entry’s desk number, reads a version 2 file as it is, and lists the lines it cannot read', async () => {
    const { common, a } = twoCopies();
    const eventFile = join(dir, 'autumn.event.json');
    // Version 2 first: read, not rewritten; its entries have no desk numbers.
    const v2Text = v2Document(a);
    writeFileSync(eventFile, v2Text);
    const old = await run(['desk', 'log', dir]);
    expect(old.code).toBe(0);
    expect(old.out.trim().split('\n').slice(1)).toEqual([
      '2026-10-02 09:00  Front desk  check-in  Dimitri (Sam)',
      '2026-10-02 09:30  Front desk  printed  Dimitri (Sam)  cards CH-AAAAA-AAAAA/1',
      '2026-10-02 10:00  Front desk  check-in  Aldric of the Vale (Priya)',
    ]);
    expect(readFileSync(eventFile, 'utf8')).toBe(v2Text);

    // A log written by node/event-log/: the field desk's check-out and note are its entries 1 and 2,
    // appended after the common check-in; then a line that is not JSON and a torn one.
    writeFileSync(eventFile, serializeEvent(common));
    const log = await EventLog.open(eventFile);
    await log.append([
      { id: '5e6f7a8b-9c0d-4f1a-8b2c-000000000001', at: at('11:00'), desk: field.name, deskId: field.id, kind: 'check-out', character: D },
      { id: '5e6f7a8b-9c0d-4f1a-8b2c-000000000002', at: at('11:00'), desk: field.name, deskId: field.id, kind: 'note', character: D, text: 'left early' },
    ]);
    writeFileSync(eventFile, `${readFileSync(eventFile, 'utf8')}not json\n{"id":`);
    const r = await run(['desk', 'log', dir]);
    expect(r.code).toBe(2);
    expect(r.out.trim().split('\n')).toEqual([
      `Ledger of Autumn Muster (${eventFile}): 3 entries`,
      '2026-10-02 09:00  Front desk  check-in  Dimitri (Sam)',
      '2026-10-02 11:00  Field desk #1  check-out  Dimitri (Sam)',
      '2026-10-02 11:00  Field desk #2  note  Dimitri (Sam)  left early',
      'Not in the ledger above (2 lines of the file cannot be read):',
      `  ${eventFile}: line 5: it is not valid JSON; it is left out`,
      `  ${eventFile}: line 6 is cut short (6 bytes after the last newline: an append a crash interrupted, never acknowledged); it is left out`,
    ]);
    const json = await run(['desk', 'log', dir, '--json']);
    expect(json.code).toBe(2);
    const parsed = JSON.parse(json.out);
    expect(parsed.entries.map((e: { kind: string; seq?: number }) => [e.kind, e.seq])).toEqual([
      ['check-in', undefined],
      ['check-out', 1],
      ['note', 2],
    ]);
    expect(parsed.problems).toEqual([
      { line: 5, message: `${eventFile}: line 5: it is not valid JSON; it is left out` },
      { line: 6, torn: true, message: `${eventFile}: line 6 is cut short (6 bytes after the last newline: an append a crash interrupted, never acknowledged); it is left out` },
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
