import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { characterSchema } from '../model/character';
import { RULESET_IDS } from '../model/ids';
import { canonicalJson, contentHash, sha256Hex } from './hash';
import { loadCharacterBytes } from './load';
import { migratedItemId } from './migrate';
import { serializeCharacter } from './save';
import { uuidFromText } from './uuid';

const fixture = (name: string) => new Uint8Array(readFileSync(new URL(`./fixtures/${name}`, import.meta.url)));
const enc = (s: string) => new TextEncoder().encode(s);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('character file version 1 -> 2', () => {
  for (const ruleset of RULESET_IDS) {
    it(`migrates the ${ruleset} v1 fixture: every item gets an id from the character id and its place, nothing else changes`, () => {
      const bytes = fixture(`v1-${ruleset}.character.json`);
      const v1 = JSON.parse(new TextDecoder().decode(bytes)) as { id: string; items: Record<string, unknown>[] };
      const r = loadCharacterBytes(bytes, ruleset);
      expect(r.ok).toBe(true);
      if (!r.ok) return;
      expect(r.migratedFrom).toBe(1);
      expect(r.character.version).toBe(2);
      expect(r.character.items.length).toBe(v1.items.length);
      expect(r.character.items.length).toBeGreaterThan(0);
      r.character.items.forEach((item, i) => {
        expect(item.id).toBe(migratedItemId(v1.id, i));
        expect(item.id).toMatch(UUID);
        expect({ ...item, id: undefined }).toMatchObject({ ...v1.items[i], text: v1.items[i]!.text ?? '' });
      });
      // Two desks migrating copies of one file get the same ids.
      const again = loadCharacterBytes(bytes, 'copy');
      expect(again.ok && again.character.items.map((i) => i.id)).toEqual(r.character.items.map((i) => i.id));
      // The content hash is the v1 file's: cards printed before still match.
      const v1Loaded = { ...r.character, version: 1, items: r.character.items.map(({ id: _id, ...rest }) => rest) };
      expect(contentHash(r.character)).toBe(sha256Hex(canonicalJson(v1Loaded)));
      // Saved as v2, it reads back unchanged.
      const saved = loadCharacterBytes(enc(serializeCharacter(r.character)), 'saved');
      expect(saved.ok && saved.migratedFrom).toBe(undefined);
      expect(saved.ok && saved.character).toEqual(r.character);
    });
  }

  it('gives different characters and different places different ids, and keeps a v1 item id that was already a UUID', () => {
    const a = migratedItemId('7904bd13-6520-45b6-90dd-75f7a9b57850', 0);
    expect(migratedItemId('7904BD13-6520-45B6-90DD-75F7A9B57850', 0)).toBe(a);
    expect(migratedItemId('7904bd13-6520-45b6-90dd-75f7a9b57850', 1)).not.toBe(a);
    expect(migratedItemId('946ec3ed-7e4c-46e1-a2c8-a1d21ea26caf', 0)).not.toBe(a);
    expect(a).toBe(uuidFromText('quartermaster-item|7904bd13-6520-45b6-90dd-75f7a9b57850|0'));
    const raw = {
      format: 'quartermaster-character',
      version: 1,
      id: '7904bd13-6520-45b6-90dd-75f7a9b57850',
      ruleset: 'fortunes-landing',
      name: 'D',
      items: [
        { id: '11111111-2222-4333-8444-555555555555', name: 'Kept', kind: 'potion' },
        { id: 'sword-1', name: 'Odd id', kind: 'magic-item' },
        { id: '11111111-2222-4333-8444-555555555555', name: 'Copy', kind: 'potion' },
      ],
    };
    const r = loadCharacterBytes(enc(JSON.stringify(raw)), 'x');
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.character.items.map((i) => i.id)).toEqual(['11111111-2222-4333-8444-555555555555', migratedItemId(raw.id, 1), migratedItemId(raw.id, 2)]);
    expect(r.character.items[1]!.v1Id).toBe('sword-1');
  });

  it('a v2 file needs an id on every item and checks status and history by field', () => {
    const base = { format: 'quartermaster-character', version: 2, id: '7904bd13-6520-45b6-90dd-75f7a9b57850', ruleset: 'novitas', name: 'E' };
    const problem = (v: unknown) => {
      const r = loadCharacterBytes(enc(JSON.stringify(v)), 'e.character.json');
      if (r.ok) throw new Error('expected a problem');
      return r.problem;
    };
    expect(problem({ ...base, items: [{ name: 'Ring', kind: 'magic-item' }] })).toMatchObject({ code: 'invalid', field: 'items[0].id' });
    expect(problem({ ...base, status: 'undead' })).toMatchObject({ field: 'status' });
    expect(problem({ ...base, status: 'dead', history: [{ kind: 'died', at: 'yesterday' }] })).toMatchObject({ field: 'history[0].at' });
    const ok = loadCharacterBytes(
      enc(JSON.stringify({ ...base, status: 'retired', statusReason: 'Died at Autumn Muster', history: [{ kind: 'died', at: '2026-10-03T14:00:00+01:00', event: 'Autumn Muster', cause: 'bled out' }] })),
      'e',
    );
    expect(ok.ok && ok.character.history![0]).toEqual({ kind: 'died', at: '2026-10-03T14:00:00+01:00', event: 'Autumn Muster', cause: 'bled out' });
  });

  it('the schema upgrades a version 1 object built in code the same way', () => {
    const c = characterSchema.parse({ format: 'quartermaster-character', version: 1, id: '7904bd13-6520-45b6-90dd-75f7a9b57850', ruleset: 'novitas', name: 'E', items: [{ name: 'Ring', kind: 'magic-item' }] });
    expect(c.version).toBe(2);
    expect(c.items[0]!.id).toBe(migratedItemId('7904bd13-6520-45b6-90dd-75f7a9b57850', 0));
  });

  it('reads version 0 files of every ruleset up to version 2', () => {
    for (const ruleset of RULESET_IDS) {
      const r = loadCharacterBytes(fixture(`v0-${ruleset}.character.json`), ruleset);
      expect(r.ok && r.character.version, ruleset).toBe(2);
      expect(r.ok && r.migratedFrom).toBe(0);
    }
  });

  it('refuses the version 3 fixtures as newer', () => {
    for (const name of ['v3-future.character.json', 'v3-future-reshaped.character.json']) {
      const r = loadCharacterBytes(fixture(name), name);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.problem).toMatchObject({ code: 'future-version', version: 3 });
    }
  });
});
