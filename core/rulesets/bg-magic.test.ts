import { describe, expect, it } from 'vitest';
import { characterSchema, type Character } from '../model/character';
import {
  BATTLE_MAGE_ENERGY,
  BG_ROLE_SPELL_FACTS,
  bgMagic,
  mageEnergy,
  ROLE_LASTING_EFFECT_MINUTES,
  ROLE_MAGE_ENERGY_FACTOR,
  SCROLL_DURATIONS,
  WITCHER_ALCHEMY_MAX_DOSES,
} from './bg-magic';

function mage(fields: { bgMagic?: unknown; armour?: unknown[]; weapons?: unknown[] }): Character {
  return characterSchema.parse({
    format: 'quartermaster-character',
    version: 1,
    id: '00000000-0000-4000-8000-000000000002',
    ruleset: 'bg-magic',
    name: 'Test Mage',
    ...fields,
  });
}

const battle = (entitlement: string, more: object = {}) => ({ path: 'battle', entitlement, school: 'Fire', ...more });
const role = (entitlement: string, more: object = {}) => ({ path: 'role', entitlement, ...more });
const derive = (c: Character) => bgMagic.derive(c);
const codes = (c: Character) => derive(c).violations.map((v) => v.code);

describe('energy', () => {
  it('follows the battle-mage table: metal 2, leather 4, none 6', () => {
    expect(BATTLE_MAGE_ENERGY).toEqual({ metal: 2, leather: 4, none: 6 });
    expect(derive(mage({ bgMagic: battle('metal') })).derived.energy).toBe(2);
    expect(derive(mage({ bgMagic: battle('leather') })).derived.energy).toBe(4);
    expect(derive(mage({ bgMagic: battle('none') })).derived.energy).toBe(6);
  });

  it('gives a role mage one half more: 3, 6, 9', () => {
    // 2 * 1.5 = 3, 4 * 1.5 = 6, 6 * 1.5 = 9.
    expect(ROLE_MAGE_ENERGY_FACTOR).toBe(1.5);
    expect([mageEnergy('role', 'metal'), mageEnergy('role', 'leather'), mageEnergy('role', 'none')]).toEqual([3, 6, 9]);
    expect(derive(mage({ bgMagic: role('leather') })).derived.energy).toBe(6);
  });

  it('gives no extra energy for armour lighter than the entitlement', () => {
    // Entitled to metal, wears leather: still 2 energy, protected as leather, nothing wrong.
    const r = derive(mage({ bgMagic: battle('metal'), armour: [{ name: 'Jerkin', type: 'leather', locations: ['torso'] }] }));
    expect(r.derived).toMatchObject({ ruleset: 'bg-magic', energy: 2, worn: 'leather', armourProtection: 'leather' });
    expect(r.violations).toEqual([]);
  });
});

describe('armour', () => {
  it('records the heaviest armour worn', () => {
    const r = derive(
      mage({
        bgMagic: battle('metal'),
        armour: [
          { name: 'Bracers', type: 'leather', locations: ['left-arm', 'right-arm'] },
          { name: 'Helm', type: 'metal', locations: ['head'] },
        ],
      }),
    );
    expect(r.derived.worn).toBe('metal');
    expect(r.derived.armourProtection).toBe('metal');
    expect(r.derived.energy).toBe(2);
    expect(derive(mage({ bgMagic: battle('none') })).derived.worn).toBe('none');
  });

  it('protects heavier armour only as the entitlement, with a warning', () => {
    // Entitled to leather, wears metal: protects as leather, energy stays 4.
    const r = derive(mage({ bgMagic: battle('leather'), armour: [{ name: 'Breastplate', type: 'metal', locations: ['torso'] }] }));
    expect(r.derived).toMatchObject({ ruleset: 'bg-magic', energy: 4, worn: 'metal', armourProtection: 'leather' });
    expect(r.violations).toEqual([expect.objectContaining({ code: 'bg.armour.heavier-than-entitled', severity: 'warning', path: 'armour[0].type' })]);
    expect(r.violations[0]!.message).toContain('protects only as leather armour');
  });

  it('gives no protection to armour worn by a mage entitled to none', () => {
    const r = derive(
      mage({
        bgMagic: role('none', { order: 'Silver Moon', style: 'witcher' }),
        armour: [
          { name: 'Cloak', type: 'leather', locations: ['torso'] },
          { name: 'Gloves', type: 'leather', locations: ['left-arm'] },
        ],
      }),
    );
    expect(r.derived).toMatchObject({ ruleset: 'bg-magic', energy: 9, worn: 'leather', armourProtection: 'none' });
    expect(r.violations.map((v) => v.code)).toEqual(['bg.armour.heavier-than-entitled']);
    expect(r.violations[0]!.message).toContain('"Cloak" (and 1 more piece)');
    expect(r.violations[0]!.message).toContain('no armour protection');
    // The values for a translated message: ids, not English words; one other piece too heavy.
    expect(r.violations[0]!.params).toEqual({ name: 'Cloak', more: 1, worn: 'leather', entitlement: 'none', protection: 'none' });
  });

  it('rejects an unknown armour type and leaves it out of the worn armour', () => {
    const r = derive(mage({ bgMagic: battle('metal'), armour: [{ name: 'Mail', type: 'chain', locations: ['torso'] }] }));
    expect(r.violations).toEqual([expect.objectContaining({ code: 'bg.armour.unknown-type', severity: 'error', path: 'armour[0].type' })]);
    expect(r.violations[0]!.message).toContain('"chain"');
    expect(r.derived.worn).toBe('none');
  });

  it('rejects two metal armours on the same location', () => {
    const r = derive(
      mage({
        bgMagic: battle('metal'),
        armour: [
          { name: 'Mail shirt', type: 'metal', locations: ['torso', 'left-arm'] },
          { name: 'Helm', type: 'metal', locations: ['head'] },
          { name: 'Breastplate', type: 'metal', locations: ['head', 'torso'] },
        ],
      }),
    );
    // The Breastplate's head clashes with the Helm first (location 0).
    expect(r.violations).toEqual([expect.objectContaining({ code: 'bg.armour.metal-over-metal', severity: 'error', path: 'armour[2].locations[0]' })]);
    expect(r.violations[0]!.message).toContain('"Breastplate" and "Helm"');
    expect(r.violations[0]!.message).toContain('on the head');
    expect(r.violations[0]!.params).toEqual({ name: 'Breastplate', other: 'Helm', location: 'head' });
  });

  it('allows leather over metal and metal on separate locations', () => {
    expect(
      codes(
        mage({
          bgMagic: battle('metal'),
          armour: [
            { name: 'Mail shirt', type: 'metal', locations: ['torso'] },
            { name: 'Coat', type: 'leather', locations: ['torso'] },
            { name: 'Greaves', type: 'metal', locations: ['left-leg', 'right-leg'] },
          ],
        }),
      ),
    ).toEqual([]);
  });
});

describe('weapons', () => {
  const armed = (...weapons: unknown[]) => derive(mage({ bgMagic: battle('none'), weapons }));

  it('allows short and medium weapons up to 100 cm and a battle staff of any length', () => {
    const r = armed(
      { name: 'Dagger', kind: 'short', lengthCm: 40 },
      { name: 'Sword', kind: 'medium', lengthCm: 100 },
      { name: 'Club', kind: 'medium' },
      { name: 'Staff', kind: 'staff', lengthCm: 180 },
    );
    expect(r.violations).toEqual([]);
  });

  it('rejects a short or medium weapon over 100 cm', () => {
    const r = armed({ name: 'Sword', kind: 'medium', lengthCm: 101 });
    expect(r.violations).toEqual([expect.objectContaining({ code: 'bg.weapon.too-long', severity: 'error', path: 'weapons[0].lengthCm' })]);
    expect(r.violations[0]!.message).toContain('101 cm');
  });

  it('warns that a decorative staff is no weapon, without making it an error', () => {
    const r = armed({ name: 'Carved rod', kind: 'staff', decorative: true });
    expect(r.violations).toEqual([expect.objectContaining({ code: 'bg.weapon.decorative-staff', severity: 'warning', path: 'weapons[0].decorative' })]);
    expect(r.violations[0]!.message).toContain('not count it as a battle staff or any weapon');
  });

  it('rejects a shield', () => {
    expect(armed({ name: 'Buckler', kind: 'shield' }).violations).toEqual([
      expect.objectContaining({ code: 'bg.weapon.shield', severity: 'error', path: 'weapons[0]' }),
    ]);
  });

  it('rejects bows, crossbows and thrown weapons', () => {
    const r = armed({ name: 'Bow', kind: 'bow' }, { name: 'Crossbow', kind: 'crossbow' }, { name: 'Knives', kind: 'thrown' });
    expect(r.violations.map((v) => [v.code, v.severity, v.path])).toEqual([
      ['bg.weapon.missile', 'error', 'weapons[0]'],
      ['bg.weapon.missile', 'error', 'weapons[1]'],
      ['bg.weapon.missile', 'error', 'weapons[2]'],
    ]);
  });

  it('rejects long, two-handed and polearm weapons', () => {
    const r = armed({ name: 'Longsword', kind: 'long' }, { name: 'Greatsword', kind: 'two-handed' }, { name: 'Spear', kind: 'polearm' });
    expect(r.violations.map((v) => [v.code, v.severity, v.path])).toEqual([
      ['bg.weapon.not-allowed', 'error', 'weapons[0]'],
      ['bg.weapon.not-allowed', 'error', 'weapons[1]'],
      ['bg.weapon.not-allowed', 'error', 'weapons[2]'],
    ]);
  });
});

describe("the mage's path", () => {
  it('accepts a battle mage with a school, and a role mage in an order with a style', () => {
    expect(codes(mage({ bgMagic: battle('leather', { order: 'Silver Moon', style: 'conjurer' }) }))).toEqual([]);
    expect(codes(mage({ bgMagic: role('none', { order: 'Silver Moon', style: 'witcher' }) }))).toEqual([]);
  });

  it('warns a role mage in no order, as a battle mage without a school is warned', () => {
    // "Всяка ролева магия принадлежи към определен магически орден"; the mage casts only its order's spells.
    const r = derive(mage({ bgMagic: role('none') }));
    expect(r.violations).toEqual([expect.objectContaining({ code: 'bg.path.no-order', severity: 'warning', path: 'bgMagic.order' })]);
  });

  it('refuses two schools or two orders in one field: one school only, one order only', () => {
    for (const school of ['Fire, Water', 'Fire and Water', 'Огън и Вода', 'Fire/Water']) {
      const r = derive(mage({ bgMagic: battle('none', { school }) }));
      expect(r.violations.map((v) => [v.code, v.severity, v.path]), school).toEqual([['bg.path.two-schools', 'error', 'bgMagic.school']]);
    }
    // A school whose one name has spaces is one school.
    expect(codes(mage({ bgMagic: battle('none', { school: 'Storm Fire' }) }))).toEqual([]);
    const r = derive(mage({ bgMagic: role('none', { order: 'Silver Moon; Black Tower', style: 'witcher' }) }));
    expect(r.violations.map((v) => v.code)).toEqual(['bg.path.two-orders']);
    expect(r.violations[0]!.message).toContain('names 2 orders');
  });

  it('reports the heaviest armour on each location for the body diagram', () => {
    const r = derive(
      mage({
        bgMagic: battle('leather'),
        armour: [
          { name: 'Jerkin', type: 'leather', locations: ['torso', 'left-arm'] },
          { name: 'Breastplate', type: 'metal', locations: ['torso'] },
        ],
      }),
    );
    expect(r.derived.wornByLocation).toEqual({ torso: 'metal', 'left-arm': 'leather' });
    expect(r.derived.heavierThanEntitled).toBe(true);
  });

  it('warns a battle mage without a school', () => {
    for (const school of [undefined, '  ']) {
      const r = derive(mage({ bgMagic: { path: 'battle', entitlement: 'metal', ...(school === undefined ? {} : { school }) } }));
      expect(r.violations).toEqual([expect.objectContaining({ code: 'bg.path.no-school', severity: 'warning', path: 'bgMagic.school' })]);
    }
  });

  it('rejects a school on a role mage', () => {
    const r = derive(mage({ bgMagic: role('none', { school: 'Fire', order: 'Silver Moon', style: 'conjurer' }) }));
    expect(r.violations).toEqual([expect.objectContaining({ code: 'bg.path.role-with-school', severity: 'error', path: 'bgMagic.school' })]);
  });

  it('requires Conjurer or Witcher in an order', () => {
    const r = derive(mage({ bgMagic: role('none', { order: 'Silver Moon' }) }));
    expect(r.violations).toEqual([expect.objectContaining({ code: 'bg.path.no-style', severity: 'error', path: 'bgMagic.style' })]);
  });

  it('warns of a style without an order', () => {
    const r = derive(mage({ bgMagic: battle('none', { style: 'witcher' }) }));
    expect(r.violations).toEqual([expect.objectContaining({ code: 'bg.path.style-without-order', severity: 'warning', path: 'bgMagic.style' })]);
    // A role mage with a style and no order is told once, to choose the order.
    expect(codes(mage({ bgMagic: role('none', { style: 'witcher' }) }))).toEqual(['bg.path.no-order']);
  });

  it('errors on a missing bgMagic block in plain words, and still checks the gear', () => {
    const r = derive(mage({ weapons: [{ name: 'Buckler', kind: 'shield' }], armour: [{ name: 'Mail', type: 'metal', locations: ['torso'] }] }));
    expect(r.violations.map((v) => [v.code, v.path])).toEqual([
      ['bg.missing-block', 'bgMagic'],
      ['bg.weapon.shield', 'weapons[0]'],
    ]);
    // Plain words: the choice to make, not a file field.
    expect(r.violations[0]!.message).toBe("Choose the mage's path: battle mage or role mage, and the armour the mage is entitled to (metal, leather or none). The mage's energy follows from both.");
    expect(r.derived).toMatchObject({ ruleset: 'bg-magic', energy: 0, worn: 'metal', wornByLocation: { torso: 'metal' }, heavierThanEntitled: false, armourProtection: 'none' });
  });
});

describe('ruleset facts', () => {
  it('exports the role-spell facts for printing', () => {
    expect(ROLE_LASTING_EFFECT_MINUTES).toBe(30);
    expect(WITCHER_ALCHEMY_MAX_DOSES).toBe(3);
    expect(SCROLL_DURATIONS).toEqual(['one-game', 'permanent']);
    expect(BG_ROLE_SPELL_FACTS).toEqual({ lastingEffectMinutes: 30, witcherAlchemyMaxDoses: 3, scrollDurations: ['one-game', 'permanent'] });
  });

  it('has leather and metal armour, lightest first, and a small skill list', () => {
    expect(bgMagic.id).toBe('bg-magic');
    expect(bgMagic.armourTypes).toEqual(['leather', 'metal']);
    expect(bgMagic.skills.map((s) => s.id)).toEqual(['battle-magic', 'role-magic']);
  });
});
