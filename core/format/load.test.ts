import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { loadCharacterBytes, loadCharacterValue } from './load';
import { serializeCharacter } from './save';
import { MAX_FILE_BYTES, MAX_JSON_DEPTH } from './limits';

const enc = (s: string) => new TextEncoder().encode(s);
const base = {
  format: 'quartermaster-character',
  version: 1,
  id: '7904bd13-6520-45b6-90dd-75f7a9b57850',
  ruleset: 'fortunes-landing',
  name: 'Dimitri',
  player: 'Sam',
  notes: '',
  skills: [{ id: 'strikes', level: 1 }],
  armour: [{ name: 'Chain shirt', type: 'light-chain', locations: ['torso'] }],
  weapons: [{ name: 'Staff', kind: 'staff', lengthCm: 150, decorative: false }],
  items: [{ name: 'Potion', kind: 'potion', text: 'Heals' }],
};
const load = (v: unknown) => loadCharacterBytes(enc(JSON.stringify(v)), 'dimitri.character.json');
const problemOf = (r: ReturnType<typeof load>) => {
  if (r.ok) throw new Error('expected a problem');
  return r.problem;
};

describe('loading a character file', () => {
  it('loads the documented v1 example', () => {
    const r = load(base);
    expect(r.ok).toBe(true);
    if (r.ok) {
      expect(r.character.name).toBe('Dimitri');
      expect(r.character.armour[0]!.locations).toEqual(['torso']);
    }
  });

  it('keeps unknown fields at every level through a load/save round trip', () => {
    const withExtras = {
      ...base,
      houseRules: { bardicVoice: true, list: [1, 2, { deep: 'x' }] },
      armour: [{ ...base.armour[0], maker: 'Ulf the smith' }],
      fortunesLanding: { armourAreas: ['torso'], tagColour: 'red' },
    };
    const r = load(withExtras);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const again = JSON.parse(serializeCharacter(r.character));
    expect(again.houseRules).toEqual(withExtras.houseRules);
    expect(again.armour[0].maker).toBe('Ulf the smith');
    expect(again.fortunesLanding.tagColour).toBe('red');
    // and a second round trip changes nothing
    const r2 = loadCharacterBytes(enc(serializeCharacter(r.character)), 'x');
    expect(r2.ok && serializeCharacter(r2.character)).toBe(serializeCharacter(r.character));
  });

  it('refuses an empty file', () => {
    expect(problemOf(loadCharacterBytes(new Uint8Array(), 'a.character.json'))).toMatchObject({ code: 'empty', message: 'a.character.json: the file is empty' });
    expect(problemOf(loadCharacterBytes(enc('  \n '), 'a')).code).toBe('empty');
  });

  it('refuses text that is not JSON, naming the file', () => {
    const p = problemOf(loadCharacterBytes(enc('{"format": '), 'broken.character.json'));
    expect(p.code).toBe('not-json');
    expect(p.message).toMatch(/^broken\.character\.json: it is not valid JSON/);
  });

  it('refuses binary and invalid UTF-8', () => {
    expect(problemOf(loadCharacterBytes(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0xff, 0xfe, 0x00]), 'pic.character.json')).code).toBe('not-utf8');
    expect(problemOf(loadCharacterBytes(new Uint8Array([0x7b, 0xc3, 0x28, 0x7d]), 'x')).code).toBe('not-utf8');
  });

  it('accepts a UTF-8 byte order mark', () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...enc(JSON.stringify(base))]);
    expect(loadCharacterBytes(bytes, 'bom').ok).toBe(true);
  });

  it('names the field with the wrong type', () => {
    const p = problemOf(load({ ...base, armour: [{ name: 'Chain', type: 'light-chain', locations: 'torso' }] }));
    expect(p.code).toBe('invalid');
    expect(p.field).toBe('armour[0].locations');
    expect(p.message).toContain('dimitri.character.json: field "armour[0].locations"');
  });

  it('names an unknown location and lists the allowed ones', () => {
    const p = problemOf(load({ ...base, armour: [{ name: 'Chain', type: 'light-chain', locations: ['tail'] }] }));
    expect(p.field).toBe('armour[0].locations[0]');
    expect(p.message).toContain('"right-leg"');
  });

  it('refuses a ruleset that is neither a built-in game nor a game pack id', () => {
    // Any pack id (lower-case letters, digits, hyphens) may name a game; "D&D" cannot.
    const p = problemOf(load({ ...base, ruleset: 'D&D' }));
    expect(p.field).toBe('ruleset');
    expect(p.message).toContain('"fortunes-landing"');
  });

  it('refuses a file that is not a character file', () => {
    expect(problemOf(load([1, 2, 3])).code).toBe('not-character');
    expect(problemOf(load({ ...base, format: 'something-else' })).field).toBe('format');
    expect(problemOf(load(null)).code).toBe('not-character');
  });

  it('refuses a future version with a message that says to update', () => {
    const p = problemOf(load({ ...base, version: 7 }));
    expect(p.code).toBe('future-version');
    expect(p.version).toBe(7);
    expect(p.message).toMatch(/newer Quartermaster \(character file version 7\).*Update Quartermaster/);
  });

  it('refuses a version that is not a whole number', () => {
    expect(problemOf(load({ ...base, version: '1' })).code).toBe('bad-version');
    expect(problemOf(load({ ...base, version: 1.5 })).code).toBe('bad-version');
  });

  it('migrates a version 0 file, keeping its unknown fields', () => {
    const bytes = readFileSync(new URL('./fixtures/v0-fortunes-landing.character.json', import.meta.url));
    const r = loadCharacterBytes(new Uint8Array(bytes), 'v0');
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.migratedFrom).toBe(0);
    expect(r.character.version).toBe(2);
    expect(r.character.ruleset).toBe('fortunes-landing');
    expect(r.character.skills).toEqual([
      { id: 'healing-ways', level: 1 },
      { id: 'strikes', level: 2 },
    ]);
    expect((r.character as Record<string, unknown>).houseRule).toBe('kept');
    expect('system' in r.character).toBe(false);
  });

  it('refuses deeply nested JSON before parsing it', () => {
    const deep = `{"format":"quartermaster-character","x":${'['.repeat(MAX_JSON_DEPTH + 10)}${']'.repeat(MAX_JSON_DEPTH + 10)}}`;
    expect(problemOf(loadCharacterBytes(enc(deep), 'deep')).code).toBe('too-deep');
    // brackets inside strings do not count
    const inString = { ...base, notes: '['.repeat(500) };
    expect(load(inString).ok).toBe(true);
  });

  it('refuses a deeply nested value handed over already parsed (over IPC), without overflowing the stack', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    const r = loadCharacterValue({ ...base, extra: deep }, 'renderer');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problem.code).toBe('too-deep');
  });

  it('refuses a 50 MB file without parsing it', () => {
    const big = new Uint8Array(50 * 1024 * 1024).fill(0x20);
    const p = problemOf(loadCharacterBytes(big, 'huge.character.json'));
    expect(p.code).toBe('too-large');
    expect(p.message).toBe(`huge.character.json: the file is 50.0 MB; the limit is ${(MAX_FILE_BYTES / 1048576).toFixed(1)} MB`);
  });

  it('refuses __proto__ keys and pollutes nothing', () => {
    const text = JSON.stringify(base).replace('"skills":[{', '"skills":[{"__proto__":{"polluted":true},');
    const p = problemOf(loadCharacterBytes(enc(text), 'evil'));
    expect(p.code).toBe('forbidden-key');
    expect(p.field).toBe('skills[0].__proto__');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('keeps a "constructor" field as plain data without touching prototypes', () => {
    const r = load({ ...base, constructor: { prototype: { polluted: true } } });
    expect(r.ok).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(r.ok && r.character)).toBe(Object.prototype);
  });

  it('refuses hostile sizes inside a small file', () => {
    const p = problemOf(load({ ...base, name: 'x'.repeat(10_000) }));
    expect(p.field).toBe('name');
    expect(p.message).toContain('longer than 200 characters');
    expect(problemOf(load({ ...base, skills: Array.from({ length: 3000 }, () => ({ id: 'a' })) })).field).toBe('skills');
  });

  it('refuses a bad id', () => {
    expect(problemOf(load({ ...base, id: 'not-a-uuid' })).field).toBe('id');
  });
});

describe('saving', () => {
  it('refuses to serialize an invalid character', () => {
    const r = load(base);
    if (!r.ok) throw new Error('load failed');
    expect(() => serializeCharacter({ ...r.character, ruleset: 'Not a game!' })).toThrow();
  });
});

describe('Novitas power points: one source (the skill)', () => {
  const novitasFile = (extra: Record<string, unknown>) => ({
    ...base,
    ruleset: 'novitas',
    armour: [],
    skills: [],
    novitas: { powerPoints: 12, sources: [{ name: 'Ring', points: 8, breaksCap: false }, { name: 'Amulet', points: 2, breaksCap: true }], spells: [], reductions: [], plan: [] },
    ...extra,
  });
  const loaded = (v: unknown) => {
    const r = load(v);
    if (!r.ok) throw new Error(r.problem.message);
    return r.character;
  };

  it('moves the pool number into the Power Points skill when the file has no skill', () => {
    const c = loaded(novitasFile({}));
    expect(c.skills).toEqual([{ id: 'power-points', level: 12 }]);
    expect(c.novitas).not.toHaveProperty('powerPoints');
    // Item sources stay, break-cap apart.
    expect(c.novitas!.sources.map((s) => [s.points, s.breaksCap])).toEqual([[8, false], [2, true]]);
    expect(c.notes).toBe('');
  });

  it('drops the number when it equals the skill, and keeps a different one in the notes', () => {
    const same = loaded(novitasFile({ skills: [{ id: 'power-points', level: 12 }] }));
    expect(same.skills).toEqual([{ id: 'power-points', level: 12 }]);
    expect(same.novitas).not.toHaveProperty('powerPoints');
    const differ = loaded(novitasFile({ skills: [{ id: 'power-points', level: 10 }], notes: 'Healer.' }));
    expect(differ.skills).toEqual([{ id: 'power-points', level: 10 }]);
    expect(differ.novitas).not.toHaveProperty('powerPoints');
    expect(differ.notes).toMatch(/^Healer\.\n\nPower points: .*counted 12 points .* at level 10; the skill's level now counts\.$/);
  });

  it('is idempotent: a migrated file loads unchanged', () => {
    const once = loaded(novitasFile({ skills: [{ id: 'power-points', level: 10 }] }));
    const twice = loadCharacterBytes(enc(serializeCharacter(once)), 'x');
    expect(twice.ok && serializeCharacter(twice.character)).toBe(serializeCharacter(once));
  });

  it('migrates a version 0 file too', () => {
    const fixture = JSON.parse(readFileSync(new URL('./fixtures/v0-novitas.character.json', import.meta.url), 'utf8'));
    const c = loaded(fixture);
    expect(c.novitas).not.toHaveProperty('powerPoints');
    expect(c.skills.find((s) => s.id === 'power-points')?.level).toBe(6);
    expect(c.notes).toBe('Saved by the pre-release draft.');
  });
});
