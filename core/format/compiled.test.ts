// The compiled validator (generated from the JSON Schema that `npm run schema` writes from the zod
// model) accepts and refuses exactly what zod does, and fills in the same defaults.
import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { CHARACTER_FILE, loadCharacterBytes, loadCharacterValue } from './load';
import { tryLoadCharacterBytes } from './load-fast';
import { loadVersionedBytes } from './versioned';
import { mutate, prng } from '../testing/mutate';
import { paths, removeAt, same, setAt } from '../testing/parity';
// @ts-expect-error: a plain .mjs build script without types
import { generateAll } from '../../scripts/gen-validators.mjs';

const examplesDir = new URL('../../assets/examples/', import.meta.url);
const fixturesDir = new URL('./fixtures/', import.meta.url);
const examples: unknown[] = readdirSync(examplesDir).map((f) => JSON.parse(readFileSync(new URL(f, examplesDir), 'utf8')));
const enc = (v: unknown) => new TextEncoder().encode(typeof v === 'string' ? v : JSON.stringify(v));

/** zod alone, as the loader was before the compiled validator: the reference. */
const ZOD_ONLY = { ...CHARACTER_FILE, compiled: undefined };
function zodLoad(bytes: Uint8Array, source: string) {
  return loadVersionedBytes(ZOD_ONLY, bytes, source);
}

/** Loads one file every way and checks they agree; returns whether zod accepted it. */
function agree(bytes: Uint8Array, source: string): boolean {
  const reference = zodLoad(bytes, source);
  const combined = loadCharacterBytes(bytes, source);
  const fast = tryLoadCharacterBytes(bytes, source);
  expect(combined.ok, source).toBe(reference.ok);
  if (reference.ok && combined.ok) {
    expect(same(combined.character, reference.value), source).toBeNull();
    expect(combined.migratedFrom).toBe(reference.migratedFrom);
    expect(fast, source).not.toBeNull();
    if (fast?.ok) expect(same(fast.character, reference.value), source).toBeNull();
    else expect.fail(`${source}: the zod-free load refused a file zod accepts`);
  } else if (!reference.ok && !combined.ok) {
    expect(combined.problem).toEqual(reference.problem);
    // The zod-free path refuses the same files: with the same problem, or null for "ask zod".
    if (fast === null) expect(reference.problem.code).toBe('invalid');
    else expect(fast).toEqual({ ok: false, problem: reference.problem });
  }
  return reference.ok;
}

// Values at the edges of what the schema allows: lengths in UTF-16 code units against code points
// (zod counts String.length), integers and fractions, numbers JSON.parse turns into Infinity, -0,
// upper-case and nil UUIDs, enum near-misses.
const EMOJI = '\u{1F600}';
const EDGE_VALUES: string[] = [
  JSON.stringify(EMOJI.repeat(100)), // 200 code units
  JSON.stringify(EMOJI.repeat(101)), // 202 code units, 101 code points
  JSON.stringify('a'.repeat(50)),
  JSON.stringify('a'.repeat(51)),
  JSON.stringify('a'.repeat(100)),
  JSON.stringify('a'.repeat(101)),
  JSON.stringify('a'.repeat(200)),
  JSON.stringify('a'.repeat(201)),
  JSON.stringify(`${EMOJI}`.repeat(25)),
  '""',
  '1e999',
  '-1e999',
  '-0',
  '0',
  '1',
  '1.5',
  '100',
  '101',
  '1000',
  '1000.5',
  '1001',
  '9007199254740993',
  'true',
  'null',
  '[]',
  '{}',
  '["head"]',
  '["head","head","head","head","head","head","head"]',
  '"TORSO"',
  '"torso"',
  '"shield"',
  '"A1B2C3D4-0000-4000-8000-00000000000A"',
  '"00000000-0000-0000-0000-000000000000"',
  '"00000000-0000-0000-0000-00000000000g"',
  '"00000000-0000-9000-8000-000000000000"',
  '"fortunes-landing"',
  '"battle"',
  '"metal"',
  '"witcher"',
  '{"name":"x","type":"plate","locations":["torso"]}',
  '{"id":"x"}',
  '{"name":"x","kind":"long"}',
];

describe('the compiled character validator', () => {
  it('is generated from the committed JSON Schema (run `npm run schema` after changing the model)', () => {
    expect(generateAll({ check: true })).toEqual([]);
  });

  it('agrees with zod on the example files and the old-version fixtures', () => {
    for (const [i, e] of examples.entries()) expect(agree(enc(e), `example-${i}`)).toBe(true);
    for (const f of readdirSync(fixturesDir).filter((n) => n.endsWith('.character.json'))) agree(readFileSync(new URL(f, fixturesDir)), f);
  });

  // The corpus of core/format/fuzz.test.ts: the same seed, the same 10,000 mutated files.
  it('agrees with zod on the fuzz corpus', () => {
    const rand = prng(20261130);
    let accepted = 0;
    const FILES = 10_000;
    for (let i = 0; i < FILES; i++) if (agree(mutate(examples[i % examples.length], rand), `fuzz-${i}.character.json`)) accepted++;
    // Both outcomes are well represented, so the agreement means something.
    expect(accepted).toBeGreaterThan(100);
    expect(FILES - accepted).toBeGreaterThan(5_000);
  }, 180_000);

  it('agrees with zod when any field is removed or set to an edge value', () => {
    let accepted = 0;
    let refused = 0;
    for (const [i, e] of examples.entries()) {
      for (const p of paths(e).filter((x) => x.length > 0)) {
        if (agree(enc(removeAt(e, p)), `example-${i} without ${p.join('.')}`)) accepted++;
        else refused++;
        for (const v of EDGE_VALUES) {
          const marker = '"__EDGE__"';
          const text = JSON.stringify(setAt(e, p, '__EDGE__')).replace(marker, v);
          if (agree(enc(text), `example-${i} with ${p.join('.')} = ${v.slice(0, 40)}`)) accepted++;
          else refused++;
        }
      }
    }
    expect(accepted).toBeGreaterThan(500);
    expect(refused).toBeGreaterThan(500);
  });

  it('fills in the defaults zod fills in', () => {
    const item = '00000000-0000-4000-8000-0000000000aa';
    const bare = { format: 'quartermaster-character', version: 2, id: '00000000-0000-4000-8000-000000000001', ruleset: 'novitas', name: 'A', skills: [{ id: 'x' }], items: [{ id: item, name: 'P', kind: 'potion' }], novitas: {} };
    const r = tryLoadCharacterBytes(enc(bare), 'bare');
    expect(r).toEqual({
      ok: true,
      character: {
        ...bare,
        player: '',
        notes: '',
        skills: [{ id: 'x', level: 1 }],
        armour: [],
        weapons: [],
        items: [{ id: item, name: 'P', kind: 'potion', text: '' }],
        novitas: { sources: [], spells: [], reductions: [], plan: [] },
      },
    });
    expect(same(r?.ok && r.character, zodLoad(enc(bare), 'bare').ok && (zodLoad(enc(bare), 'bare') as { value: unknown }).value)).toBeNull();
  });

  it('leaves a value it does not own to zod, unchanged', () => {
    // loadCharacterValue gets objects from the renderer: they must not be filled in place.
    const value = { format: 'quartermaster-character', version: 2, id: '00000000-0000-4000-8000-000000000001', ruleset: 'novitas', name: 'A' };
    const before = structuredClone(value);
    const r = loadCharacterValue(value, 'value');
    expect(r.ok && r.character.player).toBe('');
    expect(value).toStrictEqual(before);
  });
});
