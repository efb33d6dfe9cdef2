import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { loadEventBytes, serializeEvent, type EventLoadResult } from './event-load';
import { newEvent, type DeskEvent } from './event';
import { migratedEventId, V1_DESK } from './event-migrate';
import { characterFold, foldEvent } from './fold';
import { checkIn, checkOut } from './checkin';
import { stampAt } from './testing';
import { uuidFromText } from '../format/uuid';
import { MAX_EVENT_FILE_BYTES, MAX_FILE_BYTES, MAX_JSON_DEPTH } from '../format/limits';

const enc = (s: string) => new TextEncoder().encode(s);
const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};
const ID = '7904bd13-6520-45b6-90dd-75f7a9b57850';
const OTHER = '5d9c3f6e-0b1a-4c2d-8e7f-1a2b3c4d5e6f';
const EVENT_ID = '3a1c2b4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
/** Entry ids E(1), E(2), …: lower-case UUIDs that sort by their number. */
const E = (n: number) => `0b7d6a52-4a43-4c55-8e1a-${String(n).padStart(12, '0')}`;
const E1 = E(1);
const HASH = 'a'.repeat(64);
const header = {
  format: 'quartermaster-event',
  version: 3,
  id: EVENT_ID,
  name: 'Autumn Muster',
  game: 'fortunes-landing',
  dates: { start: '2026-10-02', end: '2026-10-04' },
};
const checkInEntry = { id: E1, at: '2026-10-02T18:05:00+01:00', desk: 'Front desk', kind: 'check-in', character: ID };
const checkOutEntry = { id: E(2), at: '2026-10-02T22:00:00+01:00', desk: 'Front desk', kind: 'check-out', character: OTHER };
/** A version 3 file: each value one line of JSON (a string is written as it is), every line ending in a newline. */
const log = (...lines: unknown[]) => enc(lines.map((l) => `${typeof l === 'string' ? l : JSON.stringify(l)}\n`).join(''));
const v2 = {
  ...header,
  version: 2,
  entries: [checkInEntry],
};
const v1 = {
  format: 'quartermaster-event',
  version: 1,
  name: 'Autumn Muster',
  game: 'fortunes-landing',
  dates: { start: '2026-10-02', end: '2026-10-04' },
  characters: {
    [ID.toUpperCase()]: {
      checkedInAt: '2026-10-02T18:05:00+01:00',
      printed: [
        { at: '2026-09-30T20:00:00Z', hash: HASH, serials: ['CH-00000-00000', 'IT-11111-11111'] },
        { at: '2026-10-01T09:00:00+01:00', hash: 'b'.repeat(64), serials: ['CH-00000-00000'], facts: { armour: '3 over torso' } },
      ],
      voided: ['CH-00000-00000', 'IT-11111-11111'],
      bunk: 'B7',
    },
  },
};
/** A legacy file: one JSON document, pretty-printed as versions 1 and 2 were written. */
const doc = (v: unknown, source = 'autumn.event.json') => loadEventBytes(enc(`${JSON.stringify(v, null, 2)}\n`), source);
const read = (bytes: Uint8Array, source = 'autumn.event.json') => {
  const r = loadEventBytes(bytes, source);
  if (!r.ok) throw new Error(r.problem.message);
  return r;
};
const problemOf = (r: EventLoadResult) => {
  if (r.ok) throw new Error('expected the file to be refused');
  return r.problem;
};

describe('reading an event file (version 3: a header line, then one entry a line)', () => {
  it('reads the header and the entries and folds who is in', () => {
    const bytes = log(header, checkInEntry, checkOutEntry);
    const r = read(bytes);
    expect(r.event).toMatchObject(header);
    expect(r.event.entries).toEqual([checkInEntry, checkOutEntry]);
    expect(r.problems).toEqual([]);
    expect(r.torn).toBeNull();
    // Three whole lines, all of the file read.
    expect(r.lines).toBe(3);
    expect(r.end).toBe(bytes.length);
    expect(r).not.toHaveProperty('migratedFrom');
    expect(characterFold(r.event, ID).checkedInAt).toBe('2026-10-02T18:05:00+01:00');
  });

  it('reads a file holding the header alone as an event with an empty ledger', () => {
    const r = read(log(header));
    expect(r.event.entries).toEqual([]);
    expect(r.lines).toBe(1);
    expect(r.torn).toBeNull();
  });

  it('puts the entries in ledger order whatever order the lines are in', () => {
    // Worked out by hand: a is 17:06Z; b, c and d are all 17:05Z (three spellings of one instant).
    // At 17:05Z "Front desk" sorts before "Side desk", and within Front desk seq 1 (d) before seq 2
    // (c): d, c, b, a. By id it would be a, b, c, d; by the text of `at`, b, c, d.
    const a = { id: E(1), at: '2026-10-02T18:06:00+01:00', desk: 'Front desk', kind: 'note', text: 'a' };
    const b = { id: E(2), at: '2026-10-02T17:05:00Z', desk: 'Side desk', kind: 'note', text: 'b' };
    const c = { id: E(3), at: '2026-10-02T18:05:00+01:00', desk: 'Front desk', seq: 2, kind: 'note', text: 'c' };
    const d = { id: E(4), at: '2026-10-02T19:05:00+02:00', desk: 'Front desk', seq: 1, kind: 'note', text: 'd' };
    expect(read(log(header, a, b, c, d)).event.entries.map((e) => e.id)).toEqual([d.id, c.id, b.id, a.id]);
    expect(read(log(header, d, b, a, c)).event.entries.map((e) => e.id)).toEqual([d.id, c.id, b.id, a.id]);
  });

  it('keeps unknown fields of the header and of entries through a read and a write', () => {
    const extras = { ...header, organiser: { name: 'Raging Gargoyle' }, dates: { ...header.dates, buildUp: '2026-10-01' } };
    const r = read(log(extras, { ...checkInEntry, bunk: 'B7' }));
    const text = serializeEvent(r.event);
    const lines = text.split('\n');
    // A header line, an entry line, and the empty rest after the last newline.
    expect(lines).toHaveLength(3);
    expect(lines[2]).toBe('');
    const head = JSON.parse(lines[0]!);
    expect(head.organiser).toEqual(extras.organiser);
    expect(head.dates.buildUp).toBe('2026-10-01');
    expect(JSON.parse(lines[1]!).bunk).toBe('B7');
    expect(serializeEvent(read(enc(text)).event)).toBe(text);
  });

  it('refuses empty, binary and non-JSON files, naming the file', () => {
    expect(problemOf(loadEventBytes(new Uint8Array(), 'a.event.json'))).toMatchObject({ code: 'empty', message: 'a.event.json: the file is empty' });
    expect(problemOf(loadEventBytes(new Uint8Array([0x89, 0x50, 0xff, 0x00]), 'b.event.json'))).toMatchObject({ code: 'not-utf8', message: expect.stringMatching(/^b\.event\.json: /) });
    expect(problemOf(loadEventBytes(enc('{"format": '), 'c.event.json')).message).toMatch(/^c\.event\.json: it is not valid JSON/);
    // A first line that is not JSON, then lines that are: not an event file either.
    expect(problemOf(loadEventBytes(enc(`{"format": \n${JSON.stringify(checkInEntry)}\n`), 'd.event.json')).message).toMatch(/^d\.event\.json: it is not valid JSON/);
  });

  it('refuses a character file or any other JSON as not an event file', () => {
    const character = new Uint8Array(readFileSync(new URL('../../assets/examples/fl-aldric.character.json', import.meta.url)));
    const wrongFormat = (source: string) => ({ code: 'not-event', field: 'format', message: `${source}: it is not a Quartermaster event file (field "format" must be "quartermaster-event")` });
    expect(problemOf(loadEventBytes(character, 'aldric.character.json'))).toMatchObject(wrongFormat('aldric.character.json'));
    // A character file written on one line with a version number that an event file could have:
    // what decides is the format, not the version.
    expect(problemOf(loadEventBytes(log({ ...header, format: 'quartermaster-character' }), 'x.event.json'))).toMatchObject(wrongFormat('x.event.json'));
    // The same followed by lines of entries: still the wrong kind of file (not "invalid JSON").
    expect(problemOf(loadEventBytes(log({ format: 'quartermaster-character', version: 2 }, checkInEntry), 'w.event.json'))).toMatchObject(wrongFormat('w.event.json'));
    expect(problemOf(loadEventBytes(log([header]), 'y.event.json')).code).toBe('not-event');
    expect(problemOf(loadEventBytes(log('"quartermaster-event"'), 'z.event.json')).code).toBe('not-event');
  });

  it('refuses a newer version with a message that says to update', () => {
    // A version 4 header, followed by lines this version could not know the shape of.
    const p = problemOf(loadEventBytes(log({ ...header, version: 4 }, { id: E1, kind: 'teleport' }), 'autumn.event.json'));
    expect(p).toMatchObject({ code: 'future-version', version: 4, field: 'version' });
    expect(p.message).toBe('autumn.event.json: it was saved by a newer Quartermaster (event file version 4); this version reads up to 3. Update Quartermaster to use it.');
    // Even when the rest of its header is nothing this version would accept.
    expect(problemOf(loadEventBytes(log({ format: 'quartermaster-event', version: 4 }), 'a.event.json'))).toMatchObject({ code: 'future-version', version: 4 });
    // A newer file that is not a log at all (one pretty-printed document): still newer, and this
    // version reads up to 3 (not 2, the last version that was one document).
    const whole = doc({ ...header, version: 4, entries: [] }, 'spring.event.json');
    expect(problemOf(whole)).toMatchObject({ code: 'future-version', version: 4, field: 'version' });
    expect(problemOf(whole).message).toBe('spring.event.json: it was saved by a newer Quartermaster (event file version 4); this version reads up to 3. Update Quartermaster to use it.');
  });

  it('refuses a version 3 event written as one JSON document (its header must be a line of its own)', () => {
    const whole = doc({ ...header, entries: [] }, 'spring.event.json');
    expect(problemOf(whole)).toMatchObject({ code: 'invalid', message: expect.stringMatching(/^spring\.event\.json: its header must be the first line, alone/) });
  });

  it('refuses the shipped file of a newer version (one pretty-printed document of version 4)', () => {
    const fixture = new Uint8Array(readFileSync(new URL('../format/fixtures/v4-future.event.json', import.meta.url)));
    expect(problemOf(loadEventBytes(fixture, 'spring.event.json'))).toMatchObject({ code: 'future-version', version: 4 });
  });

  it('leaves out hostile entry lines, naming the line and the field, and reads the rest', () => {
    const entry = (n: number, over: Record<string, unknown>) => ({ ...checkInEntry, id: E(n), ...over });
    const deep = `${'['.repeat(MAX_JSON_DEPTH + 1)}1${']'.repeat(MAX_JSON_DEPTH + 1)}`;
    const proto = JSON.stringify(entry(11, {})).replace('"desk":"Front desk"', '"desk":"Front desk","__proto__":{"polluted":true}');
    const bytes = log(
      header,
      checkInEntry, // line 2
      entry(3, { kind: 'teleport' }), // line 3
      entry(4, { character: ID.toUpperCase() }), // line 4
      entry(5, { at: 'at noon' }), // line 5
      entry(6, { desk: '' }), // line 6
      entry(7, { desk: 'd'.repeat(61) }), // line 7
      entry(8, { kind: 'printed', hash: 'xyz', cards: [] }), // line 8
      entry(9, { kind: 'printed', hash: HASH, cards: [{ serial: 'CH-1', edition: '0' }] }), // line 9
      entry(10, { kind: 'undo' }), // line 10
      entry(12, { padding: 'x'.repeat(70_000) }), // line 11
      proto, // line 12
      JSON.stringify(entry(13, {})).replace(/}$/, `,"x":${deep}}`), // line 13
      '{"id": "', // line 14
      checkOutEntry, // line 15
    );
    const r = read(bytes);
    expect(r.event.entries.map((e) => e.id)).toEqual([E1, checkOutEntry.id]);
    expect(r.lines).toBe(15);
    expect(r.problems.map((p) => [p.line, p.field])).toEqual([
      [3, 'kind'],
      [4, 'character'],
      [5, 'at'],
      [6, 'desk'],
      [7, 'desk'],
      [8, 'hash'],
      [9, 'cards[0].edition'],
      [10, 'target'],
      [11, undefined],
      [12, '__proto__'],
      [13, undefined],
      [14, undefined],
    ]);
    for (const p of r.problems) expect(p.message).toMatch(new RegExp(`^autumn\\.event\\.json: line ${p.line}\\b.*; it is left out$`));
    expect(r.problems[1]!.message).toContain('a lower-case UUID');
    expect(r.problems[8]!.message).toContain('longer than 65536 characters');
    expect(r.problems[9]!.message).toContain('__proto__');
    expect(r.problems[10]!.message).toContain(`nested more than ${MAX_JSON_DEPTH} levels deep`);
    expect(r.problems[11]!.message).toContain('not valid JSON');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
  });

  it('reads an entry line of 65536 characters and leaves out one of 65537', () => {
    const padded = (id: string, length: number) => {
      const bare = JSON.stringify({ ...checkInEntry, id, pad: '' });
      const line = JSON.stringify({ ...checkInEntry, id, pad: 'x'.repeat(length - bare.length) });
      expect(line).toHaveLength(length);
      return line;
    };
    const r = read(log(header, padded(E(1), 65_536), padded(E(2), 65_537)));
    expect(r.event.entries.map((e) => e.id)).toEqual([E(1)]);
    expect(r.problems).toMatchObject([{ line: 3, message: expect.stringContaining('longer than 65536 characters') }]);
  });

  it('keeps the first of two lines with one id: the same entry once, other content a problem on the later line', () => {
    // The same entry with its fields in another order is the same entry.
    const reordered = `{"character":"${ID}","kind":"check-in","desk":"Front desk","at":"2026-10-02T18:05:00+01:00","id":"${E1}"}`;
    const changed = { ...checkInEntry, at: '2026-10-02T19:00:00+01:00' };
    const r = read(log(header, checkInEntry, reordered, changed, checkOutEntry));
    expect(r.event.entries).toEqual([checkInEntry, checkOutEntry]);
    expect(r.problems).toHaveLength(1);
    expect(r.problems[0]).toMatchObject({ line: 4, field: 'id', message: expect.stringContaining(`line 4 has the id ${E1} of an earlier entry with other content`) });
    expect(characterFold(r.event, ID).checkedInAt).toBe('2026-10-02T18:05:00+01:00');
  });

  it('refuses the file when its header is wrong, naming the field', () => {
    const withHeader = (h: unknown) => loadEventBytes(log(h, checkInEntry), 'autumn.event.json');
    expect(problemOf(withHeader({ ...header, dates: { start: '2026-10-32', end: '2026-10-04' } }))).toMatchObject({
      code: 'invalid',
      field: 'dates.start',
      message: 'autumn.event.json: field "dates.start": is not a date as YYYY-MM-DD',
    });
    expect(problemOf(withHeader({ ...header, dates: { start: '2026-10-04', end: '2026-10-02' } }))).toMatchObject({
      field: 'dates.end',
      message: 'autumn.event.json: field "dates.end": must not be before the start (2026-10-04)',
    });
    expect(problemOf(withHeader({ ...header, name: '' })).field).toBe('name');
    expect(problemOf(withHeader({ ...header, id: 'spring' })).field).toBe('id');
    const { game: _g, ...noGame } = header;
    expect(problemOf(withHeader(noGame)).field).toBe('game');
    expect(problemOf(withHeader({ ...header, notes: 'n'.repeat(70_000) }))).toMatchObject({ code: 'too-large', message: expect.stringContaining('longer than 65536 characters') });
    const deep = JSON.stringify(header).replace(/}$/, `,"x":${'['.repeat(MAX_JSON_DEPTH + 1)}${']'.repeat(MAX_JSON_DEPTH + 1)}}`);
    expect(problemOf(withHeader(deep)).code).toBe('too-deep');
    const proto = JSON.stringify(header).replace(/}$/, ',"__proto__":{"polluted":true}}');
    expect(problemOf(withHeader(proto))).toMatchObject({ code: 'forbidden-key', field: '__proto__' });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('does not read a torn last line (no newline) as an entry, and says how many bytes it has', () => {
    const whole = log(header, checkInEntry);
    // A complete entry, but its newline never written: an append cut short is never acknowledged.
    // "é" is two bytes in UTF-8, so the byte count is one more than the character count.
    const tail = JSON.stringify({ ...checkOutEntry, desk: 'Front desk é' });
    const tailBytes = enc(tail);
    expect(tailBytes.length).toBe(tail.length + 1);
    const r = read(concat(whole, tailBytes));
    expect(r.event.entries).toEqual([checkInEntry]);
    expect(r.problems).toEqual([]);
    expect(r.torn).toEqual({ line: 3, bytes: tailBytes.length });
    expect(r.end).toBe(whole.length);
    expect(r.lines).toBe(2);
    // Cut inside the two bytes of "é": not UTF-8, still only a torn tail.
    const cut = tailBytes.subarray(0, tail.indexOf('é') + 1);
    const r2 = read(concat(whole, cut));
    expect(r2.problems).toEqual([]);
    expect(r2.torn).toEqual({ line: 3, bytes: cut.length });
    expect(r2.event.entries).toEqual([checkInEntry]);
  });

  it('names entry lines that are not UTF-8 and reads the rest', () => {
    const bad = concat(enc('{"id":"'), new Uint8Array([0xff, 0xfe]), enc('"}\n'));
    const bytes = concat(log(header, checkInEntry), bad, log({ ...checkOutEntry, id: E(3), kind: 'teleport' }, checkOutEntry));
    const r = read(bytes);
    expect(r.event.entries).toEqual([checkInEntry, checkOutEntry]);
    // The lines after the bad one keep their numbers.
    expect(r.problems.map((p) => [p.line, p.field])).toEqual([
      [3, undefined],
      [4, 'kind'],
    ]);
    expect(r.problems[0]!.message).toBe('autumn.event.json: line 3 is not UTF-8 text; it is left out');
    expect(r.lines).toBe(5);
  });
});

describe('reading a version 2 or version 1 event file (one JSON document)', () => {
  it('reads a version 2 file as a version 3 event, its entries in ledger order', () => {
    // Worked out by hand: 17:05Z (the check-in, written 18:05+01:00) before 17:30Z before 21:00Z.
    const note = { id: E(9), at: '2026-10-02T17:30:00Z', desk: 'Front desk', kind: 'note', text: 'late' };
    const r = doc({ ...v2, homeDesk: '2c1f6a1e-4b1d-4e5f-9a7b-1c2d3e4f5a6b', entries: [checkOutEntry, note, checkInEntry] });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.migratedFrom).toBe(2);
    expect(r.event).toMatchObject({ ...header, version: 3, homeDesk: '2c1f6a1e-4b1d-4e5f-9a7b-1c2d3e4f5a6b' });
    expect(r.event.entries.map((e) => e.id)).toEqual([E1, E(9), checkOutEntry.id]);
    expect(r.problems).toEqual([]);
    expect(r.torn).toBeNull();
    expect(characterFold(r.event, ID).checkedInAt).toBe('2026-10-02T18:05:00+01:00');
    // Written out, it is a version 3 log that reads back the same.
    const again = read(enc(serializeEvent(r.event)));
    expect(again.event).toEqual(r.event);
    expect(again).not.toHaveProperty('migratedFrom');
  });

  it('treats a missing entries list of a version 2 file as empty', () => {
    const { entries: _e, ...rest } = v2;
    const r = doc(rest);
    expect(r.ok && r.event.entries).toEqual([]);
  });

  it('refuses a version 2 file with a bad entry, naming the entry and field', () => {
    expect(problemOf(doc({ ...v2, entries: [{ ...checkInEntry, kind: 'teleport' }] }))).toMatchObject({ field: 'entries[0].kind' });
    expect(problemOf(doc({ ...v2, entries: [checkInEntry, { ...checkInEntry, at: '2026-10-02T19:00:00+01:00' }] }))).toMatchObject({ field: 'entries[1].id' });
  });

  it('refuses deep nesting and oversized files before using them', () => {
    const deep = `{"format":"quartermaster-event","x":${'['.repeat(MAX_JSON_DEPTH + 1)}${']'.repeat(MAX_JSON_DEPTH + 1)}}`;
    expect(problemOf(loadEventBytes(enc(deep), 'deep')).code).toBe('too-deep');
    expect(problemOf(loadEventBytes(new Uint8Array(MAX_EVENT_FILE_BYTES + 1).fill(0x20), 'huge.event.json')).code).toBe('too-large');
  });

  it('migrates a version 1 file: the per-character record becomes ledger entries with ids made from the content', () => {
    const r = doc(v1);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.migratedFrom).toBe(1);
    const e = r.event;
    expect(e.version).toBe(3);
    expect(e.id).toBe(migratedEventId('Autumn Muster', 'fortunes-landing', '2026-10-02'));
    expect(e.id).toBe(uuidFromText('Autumn Muster|fortunes-landing|2026-10-02'));
    expect(e.homeDesk).toBeUndefined();
    // Oldest first: the first print (30 Sep 20:00 UTC), the second (1 Oct 08:00 UTC), the void list at the second print, the check-in.
    expect(e.entries.map((x) => [x.kind, x.at])).toEqual([
      ['printed', '2026-09-30T20:00:00Z'],
      ['printed', '2026-10-01T09:00:00+01:00'],
      ['voided', '2026-10-01T09:00:00+01:00'],
      ['check-in', '2026-10-02T18:05:00+01:00'],
    ]);
    expect(e.entries.every((x) => x.desk === V1_DESK && x.character === ID)).toBe(true);
    const c = characterFold(e, ID);
    expect(c.checkedInAt).toBe('2026-10-02T18:05:00+01:00');
    // Editions in print order: the character card's second print is edition 2; the item card was not printed again.
    expect(c.prints.map((p) => p.cards)).toEqual([
      [
        { serial: 'CH-00000-00000', edition: '1' },
        { serial: 'IT-11111-11111', edition: '1' },
      ],
      [{ serial: 'CH-00000-00000', edition: '2' }],
    ]);
    expect(c.current!.facts).toEqual({ armour: '3 over torso' });
    expect(foldEvent(e).voids.map((v) => [v.label, v.why])).toEqual([
      ['CH-00000-00000/1', 'replaced'],
      ['IT-11111-11111/1', 'withdrawn'],
    ]);
    // The field v1 did not know is kept in the header.
    expect((e as Record<string, unknown>).v1Characters).toEqual({ [ID]: { bunk: 'B7' } });
  });

  it('migrates two copies of one v1 file to identical events', () => {
    const a = doc(v1, 'desk-a/autumn.event.json');
    const b = doc(structuredClone(v1), 'desk-b/autumn.event.json');
    expect(a.ok && b.ok).toBe(true);
    if (a.ok && b.ok) expect(serializeEvent(a.event)).toBe(serializeEvent(b.event));
  });

  it('reads the shipped v1 fixture', () => {
    const r = read(new Uint8Array(readFileSync(new URL('../format/fixtures/v1-autumn-muster.event.json', import.meta.url))));
    expect(r.migratedFrom).toBe(1);
    const id = '5d9c3f6e-0b1a-4c2d-8e7f-1a2b3c4d5e6f';
    expect(characterFold(r.event, id).checkedInAt).toBe('2026-10-02T18:40:00Z');
    expect(characterFold(r.event, id).current!.cards).toEqual([{ serial: 'AR-8L4RN-0YE3G', edition: '1' }]);
    expect((r.event as Record<string, unknown>).v1Characters).toEqual({ [id]: { deskNote: 'kept: a field this version does not know' } });
  });

  it('names the v1 field at fault after migrating', () => {
    const bad = { ...v1, characters: { [ID]: { checkedInAt: 'yesterday' } } };
    expect(problemOf(doc(bad))).toMatchObject({ field: 'entries[0].at' });
  });
});

describe('writing an event file', () => {
  it('writes the header line, then one line per entry, and refuses an invalid event', () => {
    const e = newEvent({ name: 'Spring Skirmish', game: 'novitas', start: '2026-04-11', id: EVENT_ID });
    expect(e.dates).toEqual({ start: '2026-04-11', end: '2026-04-11' });
    expect(serializeEvent(e)).toBe(`{"format":"quartermaster-event","version":3,"id":"${EVENT_ID}","name":"Spring Skirmish","game":"novitas","dates":{"start":"2026-04-11","end":"2026-04-11"}}\n`);
    const checked = checkIn(e, ID.toUpperCase(), stampAt('2026-04-11T10:00:00+01:00')).event;
    const out = checkOut(checked, ID, stampAt('2026-04-11T18:00:00+01:00')).event;
    expect(out.entries[0]!.character).toBe(ID);
    const text = serializeEvent(out);
    const lines = text.split('\n');
    expect(lines).toHaveLength(4);
    expect(lines[3]).toBe('');
    expect(JSON.parse(lines[0]!)).toEqual({ format: 'quartermaster-event', version: 3, id: EVENT_ID, name: 'Spring Skirmish', game: 'novitas', dates: { start: '2026-04-11', end: '2026-04-11' } });
    expect(lines.slice(1, 3).map((l) => JSON.parse(l))).toEqual(out.entries);
    const back = read(enc(text));
    expect(back.event).toEqual(out);
    expect(back.lines).toBe(3);
    const bad: DeskEvent = { ...checked, entries: [{ ...checked.entries[0]!, at: 'at noon' }] };
    expect(() => serializeEvent(bad)).toThrow();
    expect(() => serializeEvent({ ...checked, name: '' })).toThrow();
  });
});

describe('the size of an event file', () => {
  // A ledger only grows: a big event's file passes the 5 MB bound of a character file. Worked out:
  // 60,000 check-in lines of ~150 bytes each are about 9 MB.
  it('reads a ledger larger than a character file may be', () => {
    const lines = [JSON.stringify(header)];
    for (let i = 0; i < 60_000; i++) {
      lines.push(JSON.stringify({ id: uuidFromText(`entry ${i}`), at: '2026-10-02T18:05:00+01:00', desk: 'Front desk', kind: 'check-in', character: uuidFromText(`character ${i}`) }));
    }
    const bytes = enc(`${lines.join('\n')}\n`);
    expect(bytes.length).toBeGreaterThan(MAX_FILE_BYTES);
    const r = read(bytes, 'grand.event.json');
    expect(r.event.entries).toHaveLength(60_000);
    expect(r.problems).toEqual([]);
    expect(r.lines).toBe(60_001);
  });
});
