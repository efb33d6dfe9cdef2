import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { loadEventBytes, serializeEvent } from './event-load';
import { eventSchema, newEvent, type DeskEvent } from './event';
import { migratedEventId, V1_DESK } from './event-migrate';
import { characterFold, foldEvent } from './fold';
import { checkIn } from './checkin';
import { stampAt } from './testing';
import { uuidFromText } from '../format/uuid';
import { MAX_EVENT_FILE_BYTES, MAX_FILE_BYTES, MAX_JSON_DEPTH } from '../format/limits';

const enc = (s: string) => new TextEncoder().encode(s);
const ID = '7904bd13-6520-45b6-90dd-75f7a9b57850';
const EVENT_ID = '3a1c2b4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const E1 = '0b7d6a52-4a43-4c55-8e1a-3c1f6f0e0a01';
const HASH = 'a'.repeat(64);
const base = {
  format: 'quartermaster-event',
  version: 2,
  id: EVENT_ID,
  name: 'Autumn Muster',
  game: 'fortunes-landing',
  dates: { start: '2026-10-02', end: '2026-10-04' },
  entries: [{ id: E1, at: '2026-10-02T18:05:00+01:00', desk: 'Front desk', kind: 'check-in', character: ID }],
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
const load = (v: unknown, source = 'autumn.event.json') => loadEventBytes(enc(JSON.stringify(v)), source);
const problemOf = (r: ReturnType<typeof load>) => {
  if (r.ok) throw new Error('expected a problem');
  return r.problem;
};
const entry = (over: Record<string, unknown>) => ({ ...base, entries: [{ ...base.entries[0], ...over }] });

describe('loading an event file (version 2, the ledger)', () => {
  it('loads the documented shape and folds who is in', () => {
    const r = load(base);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.event.id).toBe(EVENT_ID);
    expect(characterFold(r.event, ID).checkedInAt).toBe('2026-10-02T18:05:00+01:00');
  });

  it('treats a missing entries list as empty', () => {
    const { entries: _e, ...rest } = base;
    const r = load(rest);
    expect(r.ok && r.event.entries).toEqual([]);
  });

  it('keeps unknown fields of the header and of entries through a load/save round trip', () => {
    const extras = { ...base, organiser: { name: 'Raging Gargoyle' }, dates: { ...base.dates, buildUp: '2026-10-01' }, entries: [{ ...base.entries[0], bunk: 'B7' }] };
    const r = load(extras);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const again = JSON.parse(serializeEvent(r.event));
    expect(again.organiser).toEqual(extras.organiser);
    expect(again.dates.buildUp).toBe('2026-10-01');
    expect(again.entries[0].bunk).toBe('B7');
    const r2 = loadEventBytes(enc(serializeEvent(r.event)), 'x');
    expect(r2.ok && serializeEvent(r2.event)).toBe(serializeEvent(r.event));
  });

  it('refuses empty, binary and non-JSON files, naming the file', () => {
    expect(problemOf(loadEventBytes(new Uint8Array(), 'a.event.json'))).toMatchObject({ code: 'empty', message: 'a.event.json: the file is empty' });
    expect(problemOf(loadEventBytes(new Uint8Array([0x89, 0x50, 0xff, 0x00]), 'b.event.json')).code).toBe('not-utf8');
    expect(problemOf(loadEventBytes(enc('{"format": '), 'c.event.json')).message).toMatch(/^c\.event\.json: it is not valid JSON/);
  });

  it('refuses a character file or any other JSON', () => {
    expect(problemOf(load({ ...base, format: 'quartermaster-character' }))).toMatchObject({ code: 'not-event', field: 'format' });
    expect(problemOf(load([base])).code).toBe('not-event');
  });

  it('refuses a future version with a message that says to update', () => {
    const p = problemOf(load({ ...base, version: 3 }));
    expect(p).toMatchObject({ code: 'future-version', version: 3, field: 'version' });
    expect(p.message).toBe('autumn.event.json: it was saved by a newer Quartermaster (event file version 3); this version reads up to 2. Update Quartermaster to use it.');
    const fixture = new Uint8Array(readFileSync(new URL('../format/fixtures/v3-future.event.json', import.meta.url)));
    expect(problemOf(loadEventBytes(fixture, 'spring.event.json')).code).toBe('future-version');
  });

  it('refuses hostile entries, naming the entry and field', () => {
    expect(problemOf(load(entry({ kind: 'teleport' })))).toMatchObject({ field: 'entries[0].kind' });
    expect(problemOf(load(entry({ character: ID.toUpperCase() })))).toMatchObject({ field: 'entries[0].character', message: expect.stringContaining('a lower-case UUID') });
    expect(problemOf(load(entry({ at: 'at noon' })))).toMatchObject({ field: 'entries[0].at' });
    expect(problemOf(load(entry({ desk: '' })))).toMatchObject({ field: 'entries[0].desk' });
    expect(problemOf(load(entry({ desk: 'd'.repeat(61) })))).toMatchObject({ field: 'entries[0].desk' });
    expect(problemOf(load(entry({ kind: 'printed', hash: 'xyz', cards: [] })))).toMatchObject({ field: 'entries[0].hash' });
    expect(problemOf(load(entry({ kind: 'printed', hash: HASH, cards: [{ serial: 'CH-1', edition: '0' }] })))).toMatchObject({ field: 'entries[0].cards[0].edition' });
    expect(problemOf(load(entry({ kind: 'undo' })))).toMatchObject({ field: 'entries[0].target' });
    expect(problemOf(load(entry({ padding: 'x'.repeat(70_000) })))).toMatchObject({ field: 'entries[0]', message: expect.stringContaining('longer than 65536 characters') });
    const twice = { ...base, entries: [base.entries[0], { ...base.entries[0], at: '2026-10-02T19:00:00+01:00' }] };
    expect(problemOf(load(twice))).toMatchObject({ field: 'entries[1].id', message: expect.stringContaining('is the id of entries[0] too') });
    const many = { ...base, entries: Array.from({ length: 100_001 }, () => base.entries[0]) };
    expect(eventSchema.safeParse(many).error?.issues[0]).toMatchObject({ path: ['entries'], code: 'too_big' });
    const text = JSON.stringify(base).replace('"desk":"Front desk"', '"desk":"Front desk","__proto__":{"polluted":true}');
    expect(problemOf(loadEventBytes(enc(text), 'evil.event.json'))).toMatchObject({ code: 'forbidden-key', field: 'entries[0].__proto__' });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('names the field at fault in the header', () => {
    expect(problemOf(load({ ...base, dates: { start: '2026-10-32', end: '2026-10-04' } }))).toMatchObject({ field: 'dates.start', message: 'autumn.event.json: field "dates.start": is not a date as YYYY-MM-DD' });
    expect(problemOf(load({ ...base, dates: { start: '2026-10-04', end: '2026-10-02' } }))).toMatchObject({ field: 'dates.end', message: 'autumn.event.json: field "dates.end": must not be before the start (2026-10-04)' });
    expect(problemOf(load({ ...base, name: '' })).field).toBe('name');
    expect(problemOf(load({ ...base, id: 'spring' })).field).toBe('id');
  });

  it('refuses deep nesting and oversized files before using them', () => {
    const deep = `{"format":"quartermaster-event","x":${'['.repeat(MAX_JSON_DEPTH + 1)}${']'.repeat(MAX_JSON_DEPTH + 1)}}`;
    expect(problemOf(loadEventBytes(enc(deep), 'deep')).code).toBe('too-deep');
    expect(problemOf(loadEventBytes(new Uint8Array(MAX_EVENT_FILE_BYTES + 1).fill(0x20), 'huge.event.json')).code).toBe('too-large');
  });
});

describe('migrating a version 1 event file', () => {
  it('turns the per-character record into ledger entries with ids made from the content', () => {
    const r = load(v1);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.migratedFrom).toBe(1);
    const e = r.event;
    expect(e.version).toBe(2);
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
      [{ serial: 'CH-00000-00000', edition: '1' }, { serial: 'IT-11111-11111', edition: '1' }],
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
    const a = load(v1, 'desk-a/autumn.event.json');
    const b = load(structuredClone(v1), 'desk-b/autumn.event.json');
    expect(a.ok && b.ok).toBe(true);
    if (a.ok && b.ok) expect(serializeEvent(a.event)).toBe(serializeEvent(b.event));
  });

  it('reads the shipped v1 fixture', () => {
    const r = loadEventBytes(new Uint8Array(readFileSync(new URL('../format/fixtures/v1-autumn-muster.event.json', import.meta.url))), 'autumn.event.json');
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const id = '5d9c3f6e-0b1a-4c2d-8e7f-1a2b3c4d5e6f';
    expect(characterFold(r.event, id).checkedInAt).toBe('2026-10-02T18:40:00Z');
    expect(characterFold(r.event, id).current!.cards).toEqual([{ serial: 'AR-8L4RN-0YE3G', edition: '1' }]);
    expect((r.event as Record<string, unknown>).v1Characters).toEqual({ [id]: { deskNote: 'kept: a field this version does not know' } });
  });

  it('names the v1 field at fault after migrating', () => {
    const bad = { ...v1, characters: { [ID]: { checkedInAt: 'yesterday' } } };
    expect(problemOf(load(bad))).toMatchObject({ field: 'entries[0].at' });
  });
});

describe('writing an event file', () => {
  it('writes pretty JSON with a trailing newline and refuses an invalid event', () => {
    const e = newEvent({ name: 'Spring Skirmish', game: 'novitas', start: '2026-04-11', id: EVENT_ID });
    expect(e.dates).toEqual({ start: '2026-04-11', end: '2026-04-11' });
    expect(serializeEvent(e)).toBe(
      `{\n  "format": "quartermaster-event",\n  "version": 2,\n  "id": "${EVENT_ID}",\n  "name": "Spring Skirmish",\n  "game": "novitas",\n  "dates": {\n    "start": "2026-04-11",\n    "end": "2026-04-11"\n  },\n  "entries": []\n}\n`,
    );
    const checked = checkIn(e, ID.toUpperCase(), stampAt('2026-04-11T10:00:00+01:00')).event;
    expect(checked.entries[0]!.character).toBe(ID);
    const bad: DeskEvent = { ...checked, entries: [{ ...checked.entries[0]!, at: 'at noon' }] };
    expect(() => serializeEvent(bad)).toThrow();
  });
});

describe('the size of an event file', () => {
  // A ledger only grows: a big event's file passes the 5 MB bound of a character file. Worked out:
  // 60,000 check-in entries of ~170 bytes each written out are about 10 MB.
  const big = (count: number) => {
    const entries = Array.from({ length: count }, (_, i) => ({
      id: uuidFromText(`entry ${i}`),
      at: '2026-10-02T18:05:00+01:00',
      desk: 'Front desk',
      kind: 'check-in',
      character: uuidFromText(`character ${i}`),
    }));
    return enc(JSON.stringify({ ...base, entries }, null, 2));
  };
  it('reads a ledger larger than a character file may be', () => {
    const bytes = big(60_000);
    expect(bytes.length).toBeGreaterThan(MAX_FILE_BYTES);
    const r = loadEventBytes(bytes, 'grand.event.json');
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.event.entries).toHaveLength(60_000);
  });
});
