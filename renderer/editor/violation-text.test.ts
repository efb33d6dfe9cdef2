import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { characterSchema, type Character } from '../../core/model/character';
import { bgMagic } from '../../core/rulesets/bg-magic';
import type { Violation } from '../../core/rulesets/types';
import { tools } from '../app/i18n';
import { bg } from '../app/locales/bg';
import { en } from '../app/locales/en';
import { templateText, violationText } from './violation-text';

function mage(fields: { bgMagic?: unknown; armour?: unknown[]; weapons?: unknown[] }): Character {
  return characterSchema.parse({
    format: 'quartermaster-character',
    version: 1,
    id: '00000000-0000-4000-8000-000000000003',
    ruleset: 'bg-magic',
    name: 'Test Mage',
    ...fields,
  });
}

const battle = { path: 'battle', entitlement: 'metal', school: 'Fire' };

/** Characters that between them break every bg-magic rule (each one named in its comment). */
const TRIGGERS: Character[] = [
  // bg.missing-block
  mage({}),
  // bg.armour.unknown-type
  mage({ bgMagic: battle, armour: [{ name: 'Mail', type: 'chain', locations: ['torso'] }] }),
  // bg.armour.metal-over-metal, on the head
  mage({
    bgMagic: battle,
    armour: [
      { name: 'Helm', type: 'metal', locations: ['head'] },
      { name: 'Coif', type: 'metal', locations: ['head'] },
    ],
  }),
  // bg.armour.heavier-than-entitled: metal on a mage entitled to leather (no other piece)
  mage({ bgMagic: { ...battle, entitlement: 'leather' }, armour: [{ name: 'Breastplate', type: 'metal', locations: ['torso'] }] }),
  // bg.armour.heavier-than-entitled: three leather pieces on a mage entitled to none (2 more pieces)
  mage({
    bgMagic: { path: 'role', entitlement: 'none' },
    armour: [
      { name: 'Jerkin', type: 'leather', locations: ['torso'] },
      { name: 'Gloves', type: 'leather', locations: ['left-arm'] },
      { name: 'Boots', type: 'leather', locations: ['left-leg'] },
    ],
  }),
  // bg.weapon.too-long, decorative-staff, shield, missile (bow, thrown), not-allowed
  mage({
    bgMagic: battle,
    weapons: [
      { name: 'Sword', kind: 'medium', lengthCm: 101 },
      { name: 'Carved rod', kind: 'staff', decorative: true },
      { name: 'Buckler', kind: 'shield' },
      { name: 'Bow', kind: 'bow' },
      { name: 'Knives', kind: 'thrown' },
      { name: 'Spear', kind: 'polearm' },
    ],
  }),
  // bg.path.no-school
  mage({ bgMagic: { path: 'battle', entitlement: 'metal' } }),
  // bg.path.role-with-school
  mage({ bgMagic: { path: 'role', entitlement: 'none', school: 'Fire' } }),
  // bg.path.no-style
  mage({ bgMagic: { path: 'role', entitlement: 'none', order: 'Silver Moon' } }),
  // bg.path.style-without-order (a battle mage), bg.path.no-order
  mage({ bgMagic: { path: 'battle', entitlement: 'none', school: 'Fire', style: 'conjurer' } }),
  mage({ bgMagic: { path: 'role', entitlement: 'none' } }),
  // bg.path.two-schools, bg.path.two-orders
  mage({ bgMagic: { path: 'battle', entitlement: 'none', school: 'Fire, Water', order: 'Silver Moon и Black Tower', style: 'witcher' } }),
];

const violations: Violation[] = TRIGGERS.flatMap((c) => bgMagic.derive(c).violations);
const byCode = (code: string) => violations.filter((v) => v.code === code);
const placeholders = (template: string) => [...template.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]!);

/** Every code the ruleset's source can emit. */
const SOURCE_CODES = [...readFileSync('core/rulesets/bg-magic.ts', 'utf8').matchAll(/code: '(bg\.[\w.-]+)'/g)].map((m) => m[1]!);
const BG = tools('bg');
const EN = tools('en');

describe('bg-magic violations in Bulgarian', () => {
  it('the triggers reach every code the ruleset can emit (16), and each has params', () => {
    expect(new Set(SOURCE_CODES).size).toBe(16);
    expect([...new Set(violations.map((v) => v.code))].sort()).toEqual([...new Set(SOURCE_CODES)].sort());
    for (const v of violations) expect(v.params, v.code).toBeDefined();
  });

  it('has a Bulgarian and an English template for every code, and no template for a code that does not exist', () => {
    const templateCodes = (table: Record<string, string>) =>
      Object.keys(table)
        .filter((k) => k.startsWith('violation.bg.'))
        .map((k) => k.slice('violation.'.length))
        .sort();
    const codes = [...new Set(SOURCE_CODES)].sort();
    expect(templateCodes(bg)).toEqual(codes);
    expect(templateCodes(en)).toEqual(codes);
  });

  it("fills every template placeholder from the params the ruleset gives", () => {
    for (const v of violations) {
      for (const table of [bg, en] as Record<string, string>[]) {
        const template = table[`violation.${v.code}`]!;
        for (const name of placeholders(template)) expect(Object.keys(v.params!), `${v.code}: {{${name}}}`).toContain(name);
      }
      const text = violationText(v, BG);
      expect(text, v.code).not.toMatch(/\{\{|\}\}/);
      // Ids given as params come out as Bulgarian words, not as the id.
      expect(text, v.code).not.toMatch(/\b(left-arm|right-leg|polearm|thrown|leather|metal|conjurer)\b/);
    }
  });

  it('the English templates give the core’s own words exactly', () => {
    for (const v of violations) expect(templateText(v, EN), v.code).toBe(v.message);
  });

  it('words the messages as worked out from the rule text', () => {
    // "Щит не може да използва."
    expect(violationText(byCode('bg.weapon.shield')[0]!, BG)).toBe('„Buckler“ е щит, а магьосникът „щит не може да използва“.');
    // "Никой магьосник не може да носи две метални брони една върху друга." The location in the definite form.
    expect(violationText(byCode('bg.armour.metal-over-metal')[0]!, BG)).toBe(
      '„Coif“ и „Helm“ са метални брони на главата, а „никой магьосник не може да носи две метални брони една върху друга“.',
    );
    // "Оръжие: късо, средно (до 1 м.)": 101 cm is over 100 cm.
    expect(violationText(byCode('bg.weapon.too-long')[0]!, BG)).toBe('„Sword“ е с дължина 101 см, а късото или средното оръжие на магьосника е „до 1 м.“ (100 см).');
    const [bow, knives] = byCode('bg.weapon.missile');
    expect(violationText(bow!, BG)).toContain('„Bow“ е стрелково оръжие');
    expect(violationText(knives!, BG)).toContain('„Knives“ е метателно оръжие');
    expect(violationText(byCode('bg.weapon.not-allowed')[0]!, BG)).toContain('„Spear“ е древково оръжие');
    expect(violationText(byCode('bg.path.style-without-order')[0]!, BG)).toContain('ролевият стил Заклинател');
  });

  it('protects heavier armour as the entitled one, counting the other pieces in Bulgarian', () => {
    const [metal, leather] = byCode('bg.armour.heavier-than-entitled');
    // One metal piece over a leather entitlement: no "more" phrase; protects as leather.
    const one = violationText(metal!, BG);
    expect(one).toMatch(/^„Breastplate“ е метална броня – по-тежка от полагащата се на мага \(кожена броня\)\./);
    expect(one).toMatch(/затова тя пази само като кожена броня\.$/);
    // Three leather pieces, entitled to none: "Jerkin" and 2 more; no protection.
    const three = violationText(leather!, BG);
    expect(three).toMatch(/^„Jerkin“ \(и още 2 части\) е кожена броня – по-тежка от полагащата се на мага \(без броня\)\./);
    expect(three).toMatch(/затова тя не дава никаква защита\.$/);
    expect(violationText({ ...leather!, params: { ...leather!.params, more: 1 } }, BG)).toContain('„Jerkin“ (и още 1 част) е');
  });

  it('shows the core’s message in English, and for codes or violations without a template or params', () => {
    const shield = byCode('bg.weapon.shield')[0]!;
    expect(violationText(shield, EN)).toBe('"Buckler" is a shield; a mage may not use a shield.');
    const other = { code: 'fl.armour.unknown-type', message: 'Armour "X" has an unknown type.', params: { name: 'X' } };
    expect(violationText(other, BG)).toBe(other.message);
    expect(violationText({ code: shield.code, message: shield.message }, BG)).toBe(shield.message);
  });
});
