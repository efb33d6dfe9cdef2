// The Bulgarian LARP's mage rules (section 6, "Общи правила за използване на магия"): the mage's
// energy from path and armour entitlement, what armour protects as, the mage's weapons, and the
// mage's path (school, order, role style). Rule text: /work/shared/rules/004_17f914f2627ec48f.txt
// (English digest in /work/shared/rules/README.md). Readings: docs/rulesets/bg-magic.md.
import type { Character } from '../model/character';
import { LOCATION_WORDS, type Location, type WeaponKind } from '../model/ids';
import { packArmourClasses, packLocations, packNumber, packSkills, packTable } from '../packs/builtin';
import type { BgMagicDerived, Ruleset, SkillDef, Violation } from './types';

// The numbers come from the game pack, core/packs/builtin/bg-magic.pack.json, each with its quote.

export type BgArmour = 'none' | 'leather' | 'metal';
export type MagePath = 'battle' | 'role';

/** Armour classes, lightest first. */
export const BG_ARMOUR_ORDER: readonly BgArmour[] = ['none', 'leather', 'metal'];

/** "боен маг – метална броня – 2 енергия; кожена броня – 4; без броня – 6." */
export const BATTLE_MAGE_ENERGY = packTable('bg-magic', 'battle-mage-energy') as Readonly<Record<BgArmour, number>>;

/** A role mage's energy "е наполовина повече" (one half more) than a battle mage's with the same armour. */
export const ROLE_MAGE_ENERGY_FACTOR = packNumber('bg-magic', 'role-mage-energy-factor');

/** Short and medium weapons: "до 1 м." */
export const MAGE_WEAPON_MAX_LENGTH_CM = packNumber('bg-magic', 'weapon-max-length-cm');

/** Lasting role-spell effects last 30 minutes ("трае 30 минути"). */
export const ROLE_LASTING_EFFECT_MINUTES = packNumber('bg-magic', 'role-lasting-effect-minutes');
/** One Witcher alchemy casting covers up to 3 doses of its carrier ("до 3 дози"). */
export const WITCHER_ALCHEMY_MAX_DOSES = packNumber('bg-magic', 'witcher-alchemy-max-doses');
/** A scroll lasts one game or forever, as its maker decides. */
export const SCROLL_DURATIONS = ['one-game', 'permanent'] as const;
export type ScrollDuration = (typeof SCROLL_DURATIONS)[number];

/** The role-spell facts printed on slips and scrolls, in one place. */
export const BG_ROLE_SPELL_FACTS = {
  lastingEffectMinutes: ROLE_LASTING_EFFECT_MINUTES,
  witcherAlchemyMaxDoses: WITCHER_ALCHEMY_MAX_DOSES,
  scrollDurations: SCROLL_DURATIONS,
} as const;

export const BG_MAGIC_SKILLS: readonly SkillDef[] = packSkills('bg-magic');

const ARMOUR_NAMES: Record<BgArmour, string> = { none: 'no armour', leather: 'leather armour', metal: 'metal armour' };

const weight = (a: BgArmour) => BG_ARMOUR_ORDER.indexOf(a);
const lighter = (a: BgArmour, b: BgArmour): BgArmour => (weight(a) <= weight(b) ? a : b);

/** A mage's energy: the battle table for the entitled armour, one half more for a role mage. */
export function mageEnergy(path: MagePath, entitlement: BgArmour): number {
  const battle = BATTLE_MAGE_ENERGY[entitlement];
  return path === 'role' ? battle * ROLE_MAGE_ENERGY_FACTOR : battle;
}

function isArmourType(t: string): t is 'leather' | 'metal' {
  return t === 'leather' || t === 'metal';
}

const blank = (s: string | undefined) => s === undefined || s.trim() === '';

/**
 * Words that join two names in one field ("Fire, Water", "Fire and Water", "Огън и Вода"): a field
 * holding them names more than one school or order. Reading: the field holds one name, so a list
 * in it is two choices where the text allows one.
 */
const LIST = /\s*(?:[,;/&+]|\s(?:and|or|и|или)\s)\s*/iu;

/** The names in a school or order field, when it lists more than one. */
export function namesIn(field: string): string[] {
  return field
    .split(LIST)
    .map((n) => n.trim())
    .filter((n) => n !== '');
}

function armourViolations(character: Character, entitlement: BgArmour | null, out: Violation[], wornAt: Partial<Record<Location, 'leather' | 'metal'>>): BgArmour {
  let worn: BgArmour = 'none';
  const metalAt = new Map<string, string>();
  const heavier: number[] = [];
  for (let i = 0; i < character.armour.length; i++) {
    const piece = character.armour[i]!;
    if (!isArmourType(piece.type)) {
      out.push({
        code: 'bg.armour.unknown-type',
        message: `Armour "${piece.name}" has type "${piece.type}"; the mage rules know only leather and metal armour.`,
        severity: 'error',
        path: `armour[${i}].type`,
        params: { name: piece.name, type: piece.type },
      });
      continue;
    }
    worn = weight(piece.type) > weight(worn) ? piece.type : worn;
    for (const loc of piece.locations) if (weight(piece.type) > weight(wornAt[loc] ?? 'none')) wornAt[loc] = piece.type;
    if (entitlement !== null && weight(piece.type) > weight(entitlement)) heavier.push(i);
    if (piece.type !== 'metal') continue;
    const k = piece.locations.findIndex((loc) => metalAt.has(loc));
    const clash = piece.locations[k];
    if (clash !== undefined) {
      out.push({
        code: 'bg.armour.metal-over-metal',
        message: `"${piece.name}" and "${metalAt.get(clash)}" are both metal armour on the ${LOCATION_WORDS[clash]}; no mage may wear two metal armours one over the other.`,
        severity: 'error',
        path: `armour[${i}].locations[${k}]`,
        params: { name: piece.name, other: metalAt.get(clash) ?? '', location: clash },
      });
    }
    for (const loc of piece.locations) if (!metalAt.has(loc)) metalAt.set(loc, piece.name);
  }
  if (entitlement !== null && heavier.length > 0) {
    const first = character.armour[heavier[0]!]!;
    const others = heavier.length > 1 ? ` (and ${heavier.length - 1} more piece${heavier.length > 2 ? 's' : ''})` : '';
    out.push({
      code: 'bg.armour.heavier-than-entitled',
      message:
        `"${first.name}"${others} is ${ARMOUR_NAMES[first.type as BgArmour]}, heavier than this mage's entitlement (${ARMOUR_NAMES[entitlement]}). ` +
        `Mage rules: armour heavier than the entitlement protects only as the entitled armour, so ${entitlement === 'none' ? 'it gives no armour protection' : `it protects only as ${ARMOUR_NAMES[entitlement]}`}.`,
      severity: 'warning',
      path: `armour[${heavier[0]}].type`,
      // `more`: how many other pieces are too heavy; `protection`: the armour class it protects as.
      params: { name: first.name, more: heavier.length - 1, worn: first.type, entitlement, protection: entitlement },
    });
  }
  return worn;
}

const MISSILE: readonly WeaponKind[] = ['bow', 'crossbow', 'thrown'];
const TOO_BIG: readonly WeaponKind[] = ['long', 'two-handed', 'polearm'];
/** "Оръжие: късо, средно (до 1 м.) или бойна тояга (жезъл)": every other kind is barred. */
export const MAGE_WEAPON_KINDS: readonly WeaponKind[] = ['short', 'medium', 'staff'];

function weaponViolations(character: Character, out: Violation[]): void {
  for (let i = 0; i < character.weapons.length; i++) {
    const w = character.weapons[i]!;
    const at = `weapons[${i}]`;
    if (w.kind === 'short' || w.kind === 'medium') {
      if (w.lengthCm !== undefined && w.lengthCm > MAGE_WEAPON_MAX_LENGTH_CM) {
        out.push({
          code: 'bg.weapon.too-long',
          message: `"${w.name}" is ${w.lengthCm} cm long; a mage's short or medium weapon may be at most ${MAGE_WEAPON_MAX_LENGTH_CM} cm (1 m).`,
          severity: 'error',
          path: `${at}.lengthCm`,
          params: { name: w.name, length: w.lengthCm, max: MAGE_WEAPON_MAX_LENGTH_CM },
        });
      }
    } else if (w.kind === 'staff') {
      if (w.decorative === true) {
        out.push({
          code: 'bg.weapon.decorative-staff',
          message: `"${w.name}" is a purely decorative staff: the mage rules do not count it as a battle staff or any weapon.`,
          severity: 'warning',
          path: `${at}.decorative`,
          params: { name: w.name },
        });
      }
    } else if (w.kind === 'shield') {
      out.push({ code: 'bg.weapon.shield', message: `"${w.name}" is a shield; a mage may not use a shield.`, severity: 'error', path: at, params: { name: w.name } });
    } else if (MISSILE.includes(w.kind)) {
      out.push({
        code: 'bg.weapon.missile',
        message: `"${w.name}" is a ${w.kind === 'thrown' ? 'thrown' : 'missile'} weapon; a mage may not use missile or thrown weapons.`,
        severity: 'error',
        path: at,
        params: { name: w.name, kind: w.kind },
      });
    } else if (TOO_BIG.includes(w.kind)) {
      out.push({
        code: 'bg.weapon.not-allowed',
        message: `"${w.name}" is a ${w.kind} weapon; a mage may carry only a short or medium weapon (up to 1 m) or a battle staff.`,
        severity: 'error',
        path: at,
        params: { name: w.name, kind: w.kind },
      });
    }
  }
}

function pathViolations(sheet: NonNullable<Character['bgMagic']>, out: Violation[]): void {
  if (sheet.path === 'battle' && blank(sheet.school)) {
    out.push({
      code: 'bg.path.no-school',
      message: 'A battle mage masters one school of magic and casts only its battle spells; no school is chosen.',
      severity: 'warning',
      path: 'bgMagic.school',
      params: {},
    });
  }
  if (sheet.path === 'role' && !blank(sheet.school)) {
    out.push({
      code: 'bg.path.role-with-school',
      message: `A role mage does not bind to a battle school, yet the school "${sheet.school}" is set; clear it or make the character a battle mage.`,
      severity: 'error',
      path: 'bgMagic.school',
      params: { school: sheet.school ?? '' },
    });
  }
  if (sheet.path === 'role' && blank(sheet.order)) {
    // Role magic: "Всяка ролева магия принадлежи към определен магически орден" and the mage "може
    // да използва само магиите на своя орден": without an order a role mage has no spells to cast.
    out.push({
      code: 'bg.path.no-order',
      message: 'A role mage belongs to one order and casts only its role spells; no order is chosen.',
      severity: 'warning',
      path: 'bgMagic.order',
      params: {},
    });
  }
  // "A mage may master one school only" and "may belong to one order only".
  const schools = blank(sheet.school) ? [] : namesIn(sheet.school!);
  if (schools.length > 1) {
    out.push({
      code: 'bg.path.two-schools',
      message: `The school field names ${schools.length} schools ("${sheet.school}"); a mage may master one school only. Keep one.`,
      severity: 'error',
      path: 'bgMagic.school',
      params: { school: sheet.school ?? '', count: schools.length },
    });
  }
  const orders = blank(sheet.order) ? [] : namesIn(sheet.order!);
  if (orders.length > 1) {
    out.push({
      code: 'bg.path.two-orders',
      message: `The order field names ${orders.length} orders ("${sheet.order}"); a mage may belong to one order only. Keep one.`,
      severity: 'error',
      path: 'bgMagic.order',
      params: { order: sheet.order ?? '', count: orders.length },
    });
  }
  if (!blank(sheet.order) && sheet.style === undefined) {
    out.push({
      code: 'bg.path.no-style',
      message: `A member of an order (here "${sheet.order}") must choose a role style: Conjurer or Witcher.`,
      severity: 'error',
      path: 'bgMagic.style',
      params: { order: sheet.order ?? '' },
    });
  }
  // A role mage in no order is already told to choose one (bg.path.no-order).
  if (blank(sheet.order) && sheet.style !== undefined && sheet.path === 'battle') {
    out.push({
      code: 'bg.path.style-without-order',
      message: `The role style ${sheet.style === 'conjurer' ? 'Conjurer' : 'Witcher'} is chosen but no order: role spells belong to an order, so the style has no use without one.`,
      severity: 'warning',
      path: 'bgMagic.style',
      params: { style: sheet.style },
    });
  }
}

export function deriveBgMagic(character: Character): { derived: BgMagicDerived; violations: Violation[] } {
  const violations: Violation[] = [];
  const sheet = character.bgMagic;
  if (!sheet) {
    violations.push({
      code: 'bg.missing-block',
      message: 'Choose the mage\'s path: battle mage or role mage, and the armour the mage is entitled to (metal, leather or none). The mage\'s energy follows from both.',
      severity: 'error',
      path: 'bgMagic',
      params: {},
    });
  }
  const entitlement = sheet?.entitlement ?? null;
  const wornByLocation: Partial<Record<Location, 'leather' | 'metal'>> = {};
  const worn = armourViolations(character, entitlement, violations, wornByLocation);
  weaponViolations(character, violations);
  if (sheet) pathViolations(sheet, violations);
  return {
    derived: {
      ruleset: 'bg-magic',
      energy: sheet ? mageEnergy(sheet.path, sheet.entitlement) : 0,
      battleEnergy: sheet ? BATTLE_MAGE_ENERGY[sheet.entitlement] : 0,
      worn,
      wornByLocation,
      heavierThanEntitled: entitlement !== null && weight(worn) > weight(entitlement),
      // Without an entitlement nothing can be assumed, so no protection is counted until it is set.
      armourProtection: entitlement === null ? 'none' : lighter(worn, entitlement),
    },
    violations,
  };
}

export const bgMagic: Ruleset<BgMagicDerived> = {
  id: 'bg-magic',
  name: 'Bulgarian mage rules',
  locations: packLocations('bg-magic'),
  armourTypes: packArmourClasses('bg-magic'),
  weaponKinds: MAGE_WEAPON_KINDS,
  skills: BG_MAGIC_SKILLS,
  derive: deriveBgMagic,
};
