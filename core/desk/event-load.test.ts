import { describe, expect, it } from 'vitest';
import { loadEventBytes, serializeEvent } from './event-load';
import { newEvent, withEntry, type DeskEvent } from './event';
import { MAX_FILE_BYTES, MAX_JSON_DEPTH } from '../format/limits';

const enc = (s: string) => new TextEncoder().encode(s);
const ID = '7904bd13-6520-45b6-90dd-75f7a9b57850';
const HASH = 'a'.repeat(64);
const base = {
  format: 'quartermaster-event',
  version: 1,
  name: 'Autumn Muster',
  game: 'fortunes-landing',
  dates: { start: '2026-10-02', end: '2026-10-04' },
  characters: {
    [ID]: { checkedInAt: '2026-10-02T18:05:00+01:00', printed: [{ at: '2026-09-30T20:00:00Z', hash: HASH, serials: ['CH-00000-00000'] }], voided: ['AR-11111-11111'] },
  },
};
const load = (v: unknown, source = 'autumn.event.json') => loadEventBytes(enc(JSON.stringify(v)), source);
const problemOf = (r: ReturnType<typeof load>) => {
  if (r.ok) throw new Error('expected a problem');
  return r.problem;
};

describe('loading an event file', () => {
  it('loads the documented shape', () => {
    const r = load(base);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.event.name).toBe('Autumn Muster');
    expect(r.event.characters[ID]!.printed![0]!.serials).toEqual(['CH-00000-00000']);
  });

  it('treats a missing characters map as empty', () => {
    const { characters: _c, ...rest } = base;
    const r = load(rest);
    expect(r.ok && r.event.characters).toEqual({});
  });

  it('keeps unknown fields at every level through a load/save round trip', () => {
    const extras = {
      ...base,
      organiser: { name: 'Raging Gargoyle', phone: '+44 1234' },
      dates: { ...base.dates, buildUp: '2026-10-01' },
      characters: { [ID]: { ...base.characters[ID], bunk: 'B7', printed: [{ ...base.characters[ID]!.printed[0], printer: 'desk 2' }] } },
    };
    const r = load(extras);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const again = JSON.parse(serializeEvent(r.event));
    expect(again.organiser).toEqual(extras.organiser);
    expect(again.dates.buildUp).toBe('2026-10-01');
    expect(again.characters[ID].bunk).toBe('B7');
    expect(again.characters[ID].printed[0].printer).toBe('desk 2');
    const r2 = loadEventBytes(enc(serializeEvent(r.event)), 'x');
    expect(r2.ok && serializeEvent(r2.event)).toBe(serializeEvent(r.event));
  });

  it('refuses empty, binary and non-JSON files, naming the file', () => {
    expect(problemOf(loadEventBytes(new Uint8Array(), 'a.event.json'))).toMatchObject({ code: 'empty', message: 'a.event.json: the file is empty' });
    expect(problemOf(loadEventBytes(new Uint8Array([0x89, 0x50, 0xff, 0x00]), 'b.event.json')).code).toBe('not-utf8');
    const p = problemOf(loadEventBytes(enc('{"format": '), 'c.event.json'));
    expect(p.code).toBe('not-json');
    expect(p.message).toMatch(/^c\.event\.json: it is not valid JSON/);
  });

  it('refuses a character file or any other JSON', () => {
    expect(problemOf(load({ ...base, format: 'quartermaster-character' }))).toMatchObject({ code: 'not-event', field: 'format' });
    expect(problemOf(load([base])).code).toBe('not-event');
  });

  it('refuses a future version with a message that says to update', () => {
    const p = problemOf(load({ ...base, version: 3 }));
    expect(p).toMatchObject({ code: 'future-version', version: 3, field: 'version' });
    expect(p.message).toBe('autumn.event.json: it was saved by a newer Quartermaster (event file version 3); this version reads up to 1. Update Quartermaster to use it.');
  });

  it('refuses a version with no way up, and migrates with a step when there is one', () => {
    expect(problemOf(load({ ...base, version: 0 }))).toMatchObject({ code: 'bad-version', message: 'autumn.event.json: it cannot be upgraded from version 0: no migration from event file version 0' });
    expect(problemOf(load({ ...base, version: '1' })).code).toBe('bad-version');
    // A made-up version 0 that called the map "people": the step renames it and the rest survives.
    const { characters, ...rest } = base;
    const v0 = { ...rest, version: 0, people: characters, kept: true };
    const step = { from: 0, to: 1, migrate: ({ people, ...r }: Record<string, unknown>) => ({ ...r, version: 1, characters: people }) };
    const r = loadEventBytes(enc(JSON.stringify(v0)), 'old.event.json', [step]);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.migratedFrom).toBe(0);
    expect(r.event.characters[ID]!.checkedInAt).toBe('2026-10-02T18:05:00+01:00');
    expect((r.event as Record<string, unknown>).kept).toBe(true);
  });

  it('names the field at fault', () => {
    expect(problemOf(load({ ...base, dates: { start: '2026-10-32', end: '2026-10-04' } }))).toMatchObject({
      field: 'dates.start',
      message: 'autumn.event.json: field "dates.start": is not a date as YYYY-MM-DD',
    });
    expect(problemOf(load({ ...base, dates: { start: '2026-10-04', end: '2026-10-02' } }))).toMatchObject({ field: 'dates.end', message: 'autumn.event.json: field "dates.end": must not be before the start (2026-10-04)' });
    expect(problemOf(load({ ...base, name: '' })).field).toBe('name');
    expect(problemOf(load({ ...base, characters: { 'not-an-id': {} } }))).toMatchObject({ field: 'characters.not-an-id', message: 'autumn.event.json: field "characters.not-an-id": is not a character id (a UUID)' });
    expect(problemOf(load({ ...base, characters: { [ID]: { checkedInAt: 'yesterday' } } }))).toMatchObject({ field: `characters.${ID}.checkedInAt`, message: `autumn.event.json: field "characters.${ID}.checkedInAt": is not a time as YYYY-MM-DDTHH:MM:SSZ` });
    expect(problemOf(load({ ...base, characters: { [ID]: { printed: [{ at: '2026-09-30T20:00:00Z', hash: 'xyz', serials: [] }] } } }))).toMatchObject({
      field: `characters.${ID}.printed[0].hash`,
      message: `autumn.event.json: field "characters.${ID}.printed[0].hash": is not a SHA-256 content hash (64 lower-case hex digits)`,
    });
    expect(problemOf(load({ ...base, characters: { [ID]: { voided: 'CH-1' } } })).field).toBe(`characters.${ID}.voided`);
  });

  it('refuses __proto__ keys, deep nesting and oversized files before using them', () => {
    const text = JSON.stringify(base).replace('"dates":{', '"dates":{"__proto__":{"polluted":true},');
    expect(problemOf(loadEventBytes(enc(text), 'evil.event.json'))).toMatchObject({ code: 'forbidden-key', field: 'dates.__proto__' });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const deep = `{"format":"quartermaster-event","x":${'['.repeat(MAX_JSON_DEPTH + 1)}${']'.repeat(MAX_JSON_DEPTH + 1)}}`;
    expect(problemOf(loadEventBytes(enc(deep), 'deep')).code).toBe('too-deep');
    expect(problemOf(loadEventBytes(new Uint8Array(MAX_FILE_BYTES + 1).fill(0x20), 'huge.event.json')).code).toBe('too-large');
  });
});

describe('writing an event file', () => {
  it('writes pretty JSON with a trailing newline and refuses an invalid event', () => {
    const e = newEvent({ name: 'Spring Skirmish', game: 'novitas', start: '2026-04-11' });
    expect(e.dates).toEqual({ start: '2026-04-11', end: '2026-04-11' });
    expect(serializeEvent(e)).toBe(
      '{\n  "format": "quartermaster-event",\n  "version": 1,\n  "name": "Spring Skirmish",\n  "game": "novitas",\n  "dates": {\n    "start": "2026-04-11",\n    "end": "2026-04-11"\n  },\n  "characters": {}\n}\n',
    );
    const bad: DeskEvent = withEntry(e, ID, { checkedInAt: 'at noon' });
    expect(() => serializeEvent(bad)).toThrow();
  });

  it('keys characters by the lower-case id and drops an entry that holds nothing', () => {
    const e = withEntry(newEvent({ name: 'x', game: '', start: '2026-01-01' }), ID.toUpperCase(), { checkedInAt: '2026-01-01T10:00:00Z' });
    expect(Object.keys(e.characters)).toEqual([ID]);
    expect(withEntry(e, ID, {}).characters).toEqual({});
  });
});
