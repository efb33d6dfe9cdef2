import { describe, expect, it } from 'vitest';
import { MAX_FILE_BYTES, MAX_JSON_DEPTH } from '../../core/format/limits';
import { checkDoc, databaseName, safeCharacterFileName } from './docs';
import { entry, ledgerEvent, sheet } from './testing/helpers';

const ok = (raw: unknown) => checkDoc(raw).ok;
const why = (raw: unknown) => {
  const c = checkDoc(raw);
  return c.ok ? 'ok' : c.message;
};

describe('replicated documents are checked like files', () => {
  const c = sheet('Ayla');
  const good = { _id: `character:${c.id}`, kind: 'character', file: 'Ayla.character.json', character: c };

  it('accepts the three kinds and checkpoints', () => {
    const e = entry('check-in', c.id, 'Desk 1');
    const { entries: _e, ...header } = ledgerEvent();
    expect(ok(good)).toBe(true);
    expect(ok({ _id: `entry:${e.id}`, kind: 'entry', entry: e })).toBe(true);
    expect(ok({ _id: 'header', kind: 'header', event: header })).toBe(true);
    expect(ok({ _id: '_local/abc', last_seq: 3 })).toBe(true);
  });

  it('refuses __proto__ anywhere, deep nesting and oversized documents', () => {
    const proto = JSON.parse(`{"_id":"character:${c.id}","kind":"character","file":"A.character.json","character":{"__proto__":{"polluted":1}}}`);
    expect(why(proto)).toMatch(/__proto__/);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    let deep: unknown = 1;
    for (let i = 0; i < MAX_JSON_DEPTH + 2; i++) deep = { a: deep };
    expect(why({ ...good, character: { ...c, notes: deep } })).toMatch(/nested more than 64/);
    expect(why({ ...good, character: { ...c, notes: 'x'.repeat(MAX_FILE_BYTES) } })).toMatch(/the limit is 5.0 MB/);
  });

  it("takes the desk that saved a character's version, and refuses anything else there", () => {
    expect(ok({ ...good, savedBy: { desk: 'Gate', at: '2026-10-02T14:05:00.000Z' } })).toBe(true);
    expect(why({ ...good, savedBy: { desk: 'x'.repeat(61), at: '2026-10-02T14:05:00.000Z' } })).toMatch(/field "savedBy\.desk"/);
    expect(why({ ...good, savedBy: { desk: 'Gate', at: 'yesterday' } })).toMatch(/field "savedBy\.at"/);
    expect(why({ ...good, savedBy: { desk: 'Gate', at: '2026-10-02T14:05:00.000Z', script: '<b>' } })).toMatch(/field "savedBy"/);
  });

  it('refuses a character that fails the character schema, naming the field', () => {
    expect(why({ ...good, character: { ...c, armour: [{ name: 'Plate', type: 'plate', locations: ['tail'] }] } })).toMatch(/armour\[0\]\.locations\[0\]/);
  });

  it('refuses ids that do not match their content, unknown ids and design documents', () => {
    expect(why({ ...good, _id: 'character:00000000-0000-4000-8000-000000000000' })).toMatch(/must be "character:/);
    const e = entry('check-in', c.id, 'Desk 1');
    expect(why({ _id: `entry:${c.id}`, kind: 'entry', entry: e })).toMatch(/the entry's id/);
    expect(why({ _id: '_design/x', views: {} })).toMatch(/not a document of a Quartermaster event/);
    expect(why({ _id: 'mystery', kind: 'entry' })).toMatch(/not a document/);
    expect(why({ ...good, _attachments: {} })).toMatch(/attachments/);
  });

  it('never lets a document name a file outside the event folder', () => {
    for (const file of ['../Ayla.character.json', '/etc/Ayla.character.json', 'sub/Ayla.character.json', '..\\Ayla.character.json', '.hidden.character.json', 'Ayla.json', 'CON.character.json', 'a\u0000.character.json']) {
      expect(safeCharacterFileName(file), file).toBe(false);
      expect(why({ ...good, file })).toMatch(/plain file name/);
    }
    expect(safeCharacterFileName('Ayla (2).character.json')).toBe(true);
  });

  it('refuses deleting entries and the header; a character branch may be closed', () => {
    const e = entry('check-in', c.id, 'Desk 1');
    expect(why({ _id: `entry:${e.id}`, _deleted: true })).toMatch(/never deleted/);
    expect(checkDoc({ _id: good._id, _deleted: true }, { allowDeleted: true }).ok).toBe(true);
  });

  it('names databases after event ids only', () => {
    expect(databaseName('3F2504E0-4F89-41D3-9A0C-0305E82C3301')).toBe('qm-event-3f2504e0-4f89-41d3-9a0c-0305e82c3301');
    expect(() => databaseName('../_users')).toThrow(/not an event id/);
  });
});
