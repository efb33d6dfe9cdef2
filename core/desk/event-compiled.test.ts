// The compiled event validator (generated from assets/schema/event.v2.json, which is written from
// the zod schema, plus the shared ledger checks of ./event-rules.ts) accepts and refuses exactly
// what zod does, and fills in the same defaults: on the event fuzz corpus of
// electron/library-fuzz.test.ts (the same seed, the same 10,000 mutated files), on as many mutated
// version 2 files with every kind of entry, and on every field removed or set to an edge value.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { eventSchema, newEvent } from './event';
import { loadEventBytes } from './event-load';
import { eventHeader, tryLoadEventBytes, tryNewEvent } from './event-load-fast';
import { validateEvent } from './event-validator';
import { MAX_ENTRY_CHARS } from './event-format';
import { loadVersionedBytes, type FileKind } from '../format/versioned';
import { mutate, prng } from '../testing/mutate';
import { paths, removeAt, same, setAt, withRawAt } from '../testing/parity';
import { uuidFromText } from '../format/uuid';
// @ts-expect-error: a plain .mjs build script without types
import { generateAll } from '../../scripts/gen-validators.mjs';

const enc = (v: unknown) => new TextEncoder().encode(typeof v === 'string' ? v : JSON.stringify(v));

/** zod alone, as the loader was before the compiled validator: the reference. */
const ZOD_ONLY: FileKind<unknown> = { ...eventHeader(), compiled: undefined, schema: eventSchema };

/** Loads one file every way and checks they agree; returns whether zod accepted it. */
function agree(bytes: Uint8Array, source: string): boolean {
  const reference = loadVersionedBytes(ZOD_ONLY, bytes, source);
  const combined = loadEventBytes(bytes, source);
  const fast = tryLoadEventBytes(bytes, source);
  expect(combined.ok, source).toBe(reference.ok);
  if (reference.ok && combined.ok) {
    expect(same(combined.event, reference.value), source).toBeNull();
    expect(combined.migratedFrom).toBe(reference.migratedFrom);
    if (fast?.ok) expect(same(fast.event, reference.value), source).toBeNull();
    else expect.fail(`${source}: the zod-free load refused a file zod accepts`);
  } else if (!reference.ok && !combined.ok) {
    expect(combined.problem).toEqual(reference.problem);
    if (fast === null) expect(reference.problem.code).toBe('invalid');
    else expect(fast).toEqual({ ok: false, problem: reference.problem });
  }
  return reference.ok;
}

// The valid events of electron/library-fuzz.test.ts's event corpus: the v1 fixture, an empty v1
// event and one with thirty characters.
const fixture = JSON.parse(readFileSync(new URL('../format/fixtures/v1-autumn-muster.event.json', import.meta.url), 'utf8'));
function fuzzEvents(): unknown[] {
  const empty = { format: 'quartermaster-event', version: 1, name: 'Empty', game: '', dates: { start: '2026-05-01', end: '2026-05-01' }, characters: {} };
  const characters: Record<string, unknown> = {};
  for (let i = 1; i <= 30; i++) {
    characters[`00000000-0000-4000-8000-${String(i).padStart(12, '0')}`] = {
      checkedInAt: '2026-10-02T18:00:00Z',
      printed: [{ at: '2026-10-01T12:00:00Z', hash: 'ab'.repeat(32), serials: [`AR-${i}`, `IT-${i}`] }],
      voided: [`AR-OLD-${i}`],
    };
  }
  return [fixture, empty, { ...empty, name: 'Thirty', game: 'novitas', characters }];
}

const id = (n: string) => uuidFromText(n);
const CH = id('character');
const OTHER = id('other character');
const ITEM = id('item');
const DESK_ID = '3a1c2b4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const at = (h: number) => `2026-10-02T${String(h).padStart(2, '0')}:00:00+01:00`;
const entry = (n: number, kind: string, more: Record<string, unknown> = {}) => ({ id: id(`entry ${n}`), at: at(8 + (n % 12)), desk: 'Front desk', deskId: DESK_ID, kind, character: CH, ...more });

/** A version 2 event with an entry of every kind, optional fields set, and fields this version does not know. */
const rich = {
  format: 'quartermaster-event',
  version: 2,
  id: id('event'),
  name: 'Autumn Muster',
  game: 'fortunes-landing',
  dates: { start: '2026-10-02', end: '2026-10-04', buildUp: '2026-10-01' },
  homeDesk: DESK_ID,
  organiser: { name: 'Raging Gargoyle' },
  entries: [
    entry(0, 'check-in', { bunk: 'B7' }),
    entry(1, 'check-out'),
    entry(2, 'printed', { hash: 'a'.repeat(64), cards: [{ serial: 'CH-7K3QM-9XD2F', edition: '1' }, { serial: 'IT-2H8PL-4CV6N', edition: '2-K7QM' }], facts: { armour: '3 over torso', hits: '2' } }),
    entry(3, 'voided', { cards: [{ serial: 'IT-2H8PL-4CV6N' }, { serial: 'CH-7K3QM-9XD2F', edition: '1' }], reason: 'lost in the woods' }),
    entry(4, 'died', { cause: 'bled-out', shiftEnd: true, text: 'at the bridge' }),
    entry(5, 'returned', { how: 'Tiles of Fate', cards: 2 }),
    entry(6, 'permanent-death', { when: 'dawn', reason: 'not brought back' }),
    entry(7, 'retired', { reason: 'the player moved away' }),
    entry(8, 'new-character', { from: OTHER, player: 'Sam', points: 12 }),
    entry(9, 'item-handed-in', { item: ITEM, why: 'theft', name: 'Sword' }),
    entry(10, 'item-returned', { item: ITEM, name: 'Sword' }),
    entry(11, 'item-transferred', { item: ITEM, to: OTHER, name: 'Sword' }),
    entry(12, 'item-expired', { item: ITEM, name: 'Potion' }),
    entry(13, 'bow-competency', { player: 'Sam' }),
    entry(14, 'note', { text: 'arrived late' }),
    entry(15, 'undo', { target: id('entry 1') }),
    entry(16, 'convergence'),
  ],
};
const migrated = (() => {
  const r = loadEventBytes(enc(fixture), 'autumn.event.json');
  if (!r.ok) throw new Error(r.problem.message);
  return r.event;
})();

// Values at the edges of what the event schema allows.
const EMOJI = '\u{1F600}';
const EDGE_VALUES: string[] = [
  JSON.stringify(EMOJI.repeat(30)), // 60 code units
  JSON.stringify(EMOJI.repeat(31)),
  JSON.stringify('d'.repeat(60)),
  JSON.stringify('d'.repeat(61)),
  JSON.stringify('a'.repeat(200)),
  JSON.stringify('a'.repeat(201)),
  JSON.stringify('a'.repeat(500)),
  JSON.stringify('a'.repeat(501)),
  JSON.stringify('a'.repeat(2000)),
  JSON.stringify('a'.repeat(2001)),
  '""',
  '1e999',
  '-0',
  '0',
  '1',
  '1.5',
  '-1',
  '100',
  '101',
  '1000',
  '1001',
  'true',
  'null',
  '[]',
  '{}',
  '[{}]',
  '[{"serial":"CH-1"}]',
  '[{"serial":"CH-1","edition":"1"}]',
  '[{"serial":"","edition":"1"}]',
  '{"a":"b"}',
  `{"${'k'.repeat(101)}":"v"}`,
  '"check-in"',
  '"teleport"',
  '"CHECK-IN"',
  '"printed"',
  '"voided"',
  '"dawn"',
  '"noon"',
  '"theft"',
  '"killing-blow"',
  '"2026-10-02"',
  '"2026-02-29"',
  '"2028-02-29"',
  '"2026-10-32"',
  '"2026-10-01"',
  '"2026-10-05"',
  '"2026-10-02T18:05:00+01:00"',
  '"2026-10-02T18:05:00Z"',
  '"2026-10-02T18:05:00.123Z"',
  '"2026-10-02T18:05:00"',
  '"2026-10-02T24:00:00Z"',
  '"2026-10-02 18:05:00Z"',
  `"${'a'.repeat(64)}"`,
  `"${'A'.repeat(64)}"`,
  `"${'a'.repeat(63)}"`,
  '"0"',
  '"2"',
  '"2-K7QM"',
  '"2-k7qm"',
  '"2-K7QI"',
  '"1234567"',
  `"${CH}"`,
  `"${CH.toUpperCase()}"`,
  '"00000000-0000-0000-0000-000000000000"',
  '"ffffffff-ffff-ffff-ffff-ffffffffffff"',
  '"00000000-0000-9000-8000-000000000000"',
  `"${id('entry 0')}"`,
  `"${id('entry 16')}"`,
];

describe('the compiled event validator', () => {
  it('is generated from the committed JSON Schema (run `npm run schema:event` after changing the event schema)', () => {
    expect(generateAll({ check: true })).toEqual([]);
  });

  it('agrees with zod on the corpus events, the v1 fixture migrated and written as v2, and the entry of every kind', () => {
    for (const [i, e] of fuzzEvents().entries()) expect(agree(enc(e), `corpus-${i}.event.json`)).toBe(true);
    expect(agree(enc(migrated), 'migrated.event.json')).toBe(true);
    expect(agree(enc(rich), 'rich.event.json')).toBe(true);
  });

  // The corpus of electron/library-fuzz.test.ts's event loader test: the same seed, the same 10,000 files.
  it('agrees with zod on the event fuzz corpus', () => {
    const events = fuzzEvents();
    const rand = prng(31337);
    let accepted = 0;
    const FILES = 10_000;
    for (let i = 0; i < FILES; i++) if (agree(mutate(events[i % events.length], rand), `fuzz-${i}.event.json`)) accepted++;
    expect(accepted).toBeGreaterThan(100);
    expect(FILES - accepted).toBeGreaterThan(5_000);
  }, 180_000);

  it('agrees with zod on 10,000 mutated version 2 files with every kind of entry', () => {
    const events = [rich, migrated];
    const rand = prng(20261201);
    let accepted = 0;
    const FILES = 10_000;
    for (let i = 0; i < FILES; i++) if (agree(mutate(events[i % events.length], rand), `fuzz-v2-${i}.event.json`)) accepted++;
    expect(accepted).toBeGreaterThan(100);
    expect(FILES - accepted).toBeGreaterThan(5_000);
  }, 180_000);

  it('agrees with zod when any field is removed or set to an edge value', () => {
    let accepted = 0;
    let refused = 0;
    for (const [name, e] of [['rich', rich], ['migrated', migrated]] as const) {
      for (const p of paths(e).filter((x) => x.length > 0)) {
        if (agree(enc(removeAt(e, p)), `${name} without ${p.join('.')}`)) accepted++;
        else refused++;
        for (const v of EDGE_VALUES) {
          if (agree(enc(withRawAt(e, p, v)), `${name} with ${p.join('.')} = ${v.slice(0, 40)}`)) accepted++;
          else refused++;
        }
      }
    }
    expect(accepted).toBeGreaterThan(1_000);
    expect(refused).toBeGreaterThan(1_000);
  }, 180_000);

  it('agrees with zod on what the JSON Schema cannot say: the dates, repeated ids, an entry too long as JSON', () => {
    const withEntries = (entries: unknown[]) => ({ ...rich, entries });
    const first = rich.entries[0]!;
    // The end on the start is fine; the end before it is not.
    expect(agree(enc({ ...rich, dates: { start: '2026-10-02', end: '2026-10-02' } }), 'one day')).toBe(true);
    expect(agree(enc({ ...rich, dates: { start: '2026-10-04', end: '2026-10-02' } }), 'backwards')).toBe(false);
    expect(agree(enc(withEntries([first, { ...first, at: at(19) }])), 'the same id twice')).toBe(false);
    expect(agree(enc(withEntries([first, { ...first, id: id('another') }])), 'two ids')).toBe(true);
    // An entry exactly at the limit and one character over, as JSON: the padding's length is
    // worked out from the entry's JSON without it, with characters JSON escapes (a control
    // character is six, a quote two) and an emoji (two code units).
    const bare = JSON.stringify({ ...first, padding: '' }).length;
    for (const unit of ['x', '\u0001', '"', EMOJI]) {
      const unitLength = JSON.stringify(unit).length - 2;
      const fits = Math.floor((MAX_ENTRY_CHARS - bare) / unitLength);
      const pad = (n: number) => unit.repeat(fits) + 'x'.repeat(MAX_ENTRY_CHARS - bare - fits * unitLength + n);
      expect(JSON.stringify({ ...first, padding: pad(0) }).length).toBe(MAX_ENTRY_CHARS);
      expect(agree(enc(withEntries([{ ...first, padding: pad(0) }])), `at the limit with ${JSON.stringify(unit)}`)).toBe(true);
      expect(agree(enc(withEntries([{ ...first, padding: pad(1) }])), `over the limit with ${JSON.stringify(unit)}`)).toBe(false);
    }
  });

  it('agrees with zod on entries that are not objects or have no kind', () => {
    for (const bad of ['null', '1', '"check-in"', '[]', '{}', '{"kind":1}', '{"kind":null}', '{"kind":"teleport"}', `{"kind":"check-in"}`]) {
      expect(agree(enc(withRawAt(rich, ['entries', 3], bad)), `entries[3] = ${bad}`)).toBe(false);
    }
  });

  it('fills in the defaults zod fills in, and leaves the rest as it was', () => {
    const { entries: _entries, ...bare } = rich;
    const value = structuredClone(bare);
    expect(validateEvent(value)).toBe(true);
    expect(value).toEqual({ ...bare, entries: [] });
    const parsed = eventSchema.parse(structuredClone(bare));
    expect(same(value, parsed)).toBeNull();
    // A refused value is not half filled in beyond zod's defaults: zod words the same problem.
    const bad = structuredClone({ ...bare, name: '' });
    expect(validateEvent(bad)).toBe(false);
    expect(eventSchema.safeParse(bad).error?.issues[0]?.path).toEqual(['name']);
  });

  it('takes an entry too long as JSON whatever the order of its keys (the length of the canonical JSON)', () => {
    const long = { ...rich, entries: [setAt(rich.entries[0], ['padding'], 'x'.repeat(MAX_ENTRY_CHARS))] };
    expect(validateEvent(structuredClone(long))).toBe(false);
    expect(eventSchema.safeParse(long).error?.issues[0]).toMatchObject({ path: ['entries', 0], message: `is longer than ${MAX_ENTRY_CHARS} characters as JSON` });
  });
});

describe('a new event without zod (tryNewEvent)', () => {
  const home = '6f1c2b4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
  it('makes the event newEvent makes, key for key in the same order', () => {
    for (const init of [
      { name: 'Autumn Muster', game: 'fortunes-landing', start: '2026-10-02' },
      { name: 'Зимна школа', game: 'bg-magic', start: '2027-01-10', end: '2027-01-12', id: '4b1c2b4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d', homeDesk: home },
      { name: 'x'.repeat(200), game: '', start: '2026-02-28', end: '2026-03-01' },
    ]) {
      const fast = tryNewEvent(init);
      expect(fast).not.toBeNull();
      expect(JSON.stringify(fast)).toBe(JSON.stringify(newEvent(init)));
    }
  });

  it('refuses what newEvent refuses, so that zod can word it', () => {
    for (const init of [
      { name: '', game: '', start: '2026-10-02' },
      { name: 'x'.repeat(201), game: '', start: '2026-10-02' },
      { name: 'Muster', game: '', start: '2026-10-04', end: '2026-10-02' },
      { name: 'Muster', game: '', start: '2026-13-01' },
      { name: 'Muster', game: '', start: '2026-10-02', homeDesk: 'desk-1' },
    ]) {
      expect(tryNewEvent(init)).toBeNull();
      expect(() => newEvent(init)).toThrow();
    }
  });
});
