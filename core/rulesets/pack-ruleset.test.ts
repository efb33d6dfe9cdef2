// The generic ruleset of a game defined only by its pack, on Emberfall (core/packs/examples). Every
// expected value is worked out from emberfall.rules.md, quoted beside it.
import { describe, expect, it } from 'vitest';
import { characterSchema, type Character } from '../model/character';
import type { GamePack } from '../packs/schema';
import { validatePack } from '../packs/validate';
import emberfallJson from '../packs/examples/emberfall.pack.json';
import { deriveGame, resolveGame, UnknownGameError } from './games';
import { packRuleset } from './pack-ruleset';
import type { PackDerived } from './types';

const checked = validatePack(emberfallJson);
if (!checked.ok) throw new Error('the Emberfall pack does not validate');
const EMBERFALL: GamePack = checked.pack;
const PACKS = new Map([['emberfall', EMBERFALL]]);

function character(extra: Partial<Character>): Character {
  return characterSchema.parse({ format: 'quartermaster-character', version: 2, id: '0b6f7ba4-5a8e-4d2b-9a55-3f1f0d1c2e01', ruleset: 'emberfall', name: 'Cato', ...extra });
}

function derive(c: Character) {
  const d = deriveGame(c, PACKS);
  return { derived: d.derived as PackDerived, errors: d.violations.filter((v) => v.severity === 'error'), warnings: d.violations.filter((v) => v.severity === 'warning') };
}

describe('the pack ruleset on Emberfall', () => {
  it('gives hits per location: "The head takes 1 hit. The torso takes 3 hits. Each arm takes 2 hits. Each leg takes 2 hits."', () => {
    expect(derive(character({})).derived.hits).toEqual([
      { location: 'head', hits: 1 },
      { location: 'torso', hits: 3 },
      { location: 'left-arm', hits: 2 },
      { location: 'right-arm', hits: 2 },
      { location: 'left-leg', hits: 2 },
      { location: 'right-leg', hits: 2 },
    ]);
  });

  it('counts Swordplay 1 and Shield 1 as 2 + 3 = 5 of the 12 starting points, with no error', () => {
    const { derived, errors } = derive(character({ skills: [{ id: 'swordplay', level: 1 }, { id: 'shield', level: 1 }] }));
    expect(errors).toEqual([]);
    expect(derived.budget).toMatchObject({ spent: 5, available: 12, remaining: 7 });
    expect(derived.skills.map((s) => [s.names.en, s.level, s.cost])).toEqual([['Swordplay', 1, 2], ['Shield', 1, 3]]);
  });

  it('refuses Shield without Swordplay ("You must know Swordplay to learn Shield."), on the skill\'s level', () => {
    const { errors } = derive(character({ skills: [{ id: 'shield', level: 1 }] }));
    expect(errors).toEqual([{ code: 'pack.prerequisite', severity: 'error', path: 'skills[0].level', message: 'Shield: You must know Swordplay to learn Shield.' }]);
  });

  it('refuses Herbalism with Grave Lore ("A character who knows Herbalism cannot learn Grave Lore"), once', () => {
    const { errors } = derive(character({ skills: [{ id: 'herbalism', level: 1 }, { id: 'grave-lore', level: 1 }] }));
    expect(errors.map((e) => e.message)).toEqual(['Herbalism and Grave Lore cannot be held together.']);
  });

  it('says over budget: Swordplay 2 (2 + 3) and Toughness 2 (3 + 6) cost 14 of 12', () => {
    const { derived, errors } = derive(character({ skills: [{ id: 'swordplay', level: 2 }, { id: 'toughness', level: 2 }] }));
    expect(derived.budget).toMatchObject({ spent: 14, available: 12, remaining: -2 });
    expect(errors).toEqual([{ code: 'pack.over-budget', severity: 'error', path: '', message: 'The skills cost 14 character points but the character has 12: 2 over budget.' }]);
  });

  it('refuses a level above the limit ("Shield has one level"), counting only the one allowed', () => {
    const { derived, errors } = derive(character({ skills: [{ id: 'swordplay', level: 1 }, { id: 'shield', level: 2 }] }));
    expect(errors.map((e) => [e.code, e.path])).toEqual([['pack.level-too-high', 'skills[1].level']]);
    expect(derived.budget.spent).toBe(2 + 3);
  });

  it('lets Surgery in only with Herbalism 2 ("Only a character with Herbalism at level 2 or more may learn Surgery.")', () => {
    expect(derive(character({ skills: [{ id: 'herbalism', level: 1 }, { id: 'surgery', level: 1 }] })).errors.map((e) => e.message)).toEqual([
      'Surgery: Only a character with Herbalism at level 2 or more may learn Surgery.',
    ]);
    // Herbalism 2 (2 + 2) and Surgery (4): 8 of 12.
    const ok = derive(character({ skills: [{ id: 'herbalism', level: 2 }, { id: 'surgery', level: 1 }] }));
    expect(ok.errors).toEqual([]);
    expect(ok.derived.budget.spent).toBe(8);
  });

  it('takes armour by the pack\'s classes ("mail adds 2 and plate adds 3"), the heaviest on each location', () => {
    const { derived, errors } = derive(
      character({ armour: [{ name: 'Hauberk', type: 'mail', locations: ['torso', 'left-arm'] }, { name: 'Breastplate', type: 'plate', locations: ['torso'] }] }),
    );
    expect(errors).toEqual([]);
    expect(derived.armour.map((a) => [a.location, a.names.en, a.points])).toEqual([['torso', 'Plate', 3], ['left-arm', 'Mail', 2]]);
  });

  it('refuses armour of a class the pack does not have, naming the classes', () => {
    const { errors } = derive(character({ armour: [{ name: 'Coat', type: 'leather', locations: ['torso'] }] }));
    expect(errors).toEqual([
      { code: 'pack.armour.unknown-class', severity: 'error', path: 'armour[0].type', message: `Coat is of "leather", which is not one of Emberfall's armour classes (Padded, Mail, Plate).` },
    ]);
  });

  it('warns of a skill outside the catalogue (a game team\'s own), counting nothing for it', () => {
    const { derived, errors, warnings } = derive(character({ skills: [{ id: 'custom-juggling', name: 'Juggling', level: 1 }] }));
    expect(errors).toEqual([]);
    expect(warnings.map((w) => [w.code, w.path])).toEqual([['pack.unknown-skill', 'skills[0].id']]);
    expect(derived.skills).toEqual([{ id: 'custom-juggling', names: { en: 'Juggling' }, level: 1, cost: null }]);
    expect(derived.budget.spent).toBe(0);
  });

  it('offers the catalogue with the pack\'s names and limits', () => {
    const r = packRuleset(EMBERFALL);
    expect(r.id).toBe('emberfall');
    expect(r.name).toBe('Emberfall');
    expect(r.skills.map((s) => [s.name, s.maxLevel])).toEqual([['Swordplay', 3], ['Shield', 1], ['Toughness', 2], ['Herbalism', 3], ['Surgery', 1], ['Grave Lore', 2]]);
    expect(r.armourTypes).toEqual(['padded', 'mail', 'plate']);
  });
});

describe('resolving a character\'s game', () => {
  it('uses the built-in engines for the four built-in games', () => {
    const found = resolveGame('novitas', new Map());
    expect(found.ok && found.ruleset.name).toBe('Novitas');
  });
  it('says which pack is missing, for the field ruleset, and never guesses', () => {
    expect(resolveGame('emberfall', new Map())).toEqual({ ok: false, message: expect.stringContaining("no game pack named 'emberfall' is loaded: put its .pack.json in the packs folder") });
    const error = (() => {
      try {
        deriveGame(character({}), new Map());
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(UnknownGameError);
    expect((error as UnknownGameError).field).toBe('ruleset');
  });
});
