// Edits of a character, as pure functions: each returns a new character and leaves everything it
// did not change shared with the old one (so undo keeps whole versions cheaply and unchanged rows
// of long lists are not drawn again).
import type { ArmourPiece, BgMagicSheet, Character, NovitasSheet, Skill, Weapon } from '../../core/model/character';
import { LOCATIONS, type Location } from '../../core/model/ids';
import { NOVITAS_POWER_POINTS_SKILL } from '../../core/rulesets/novitas';

export function updateAt<T>(list: readonly T[], index: number, patch: Partial<T> | ((item: T) => T)): T[] {
  return list.map((item, i) => (i !== index ? item : typeof patch === 'function' ? patch(item) : { ...item, ...patch }));
}

export function removeAt<T>(list: readonly T[], index: number): T[] {
  return list.filter((_, i) => i !== index);
}

/** Sets optional text: an empty (or all-space) value removes the field. */
export function withText<T extends object, K extends keyof T>(obj: T, key: K, value: string): T {
  const next = { ...obj };
  if (value.trim() === '') delete next[key];
  else next[key] = value as T[K];
  return next;
}

// ---- skills ----

/** A custom skill's id from its name: "custom-" and the name in lower-case words, unique on the character. */
export function customSkillId(character: Character, name: string): string {
  const slug =
    name
      .normalize('NFKD')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 80) || 'skill';
  const base = `custom-${slug}`;
  const taken = new Set(character.skills.map((s) => s.id));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

export function addSkill(character: Character, skill: Skill): Character {
  return { ...character, skills: [...character.skills, skill] };
}

export function updateSkill(character: Character, index: number, patch: Partial<Skill>): Character {
  return { ...character, skills: updateAt(character.skills, index, patch) };
}

export function removeSkill(character: Character, index: number): Character {
  return { ...character, skills: removeAt(character.skills, index) };
}

// ---- armour and weapons ----

export function addArmour(character: Character, piece: ArmourPiece): Character {
  return { ...character, armour: [...character.armour, piece] };
}

export function updateArmour(character: Character, index: number, patch: Partial<ArmourPiece> | ((piece: ArmourPiece) => ArmourPiece)): Character {
  return { ...character, armour: updateAt(character.armour, index, patch) };
}

export function removeArmour(character: Character, index: number): Character {
  return { ...character, armour: removeAt(character.armour, index) };
}

/** Puts a piece on a location or takes it off; locations stay in body order, each listed once. */
export function toggleLocation(character: Character, index: number, location: Location): Character {
  return updateArmour(character, index, {
    locations: (() => {
      const current = character.armour[index]?.locations ?? [];
      const on = new Set(current);
      if (on.has(location)) on.delete(location);
      else on.add(location);
      return LOCATIONS.filter((l) => on.has(l));
    })(),
  });
}

/**
 * Curious Pastimes: marks a piece as a helmet or not. A helmet is head armour ("To claim any armour
 * value for the head you must be wearing a helmet"), so ticking it puts the piece on the head, and
 * unticking takes it off the head again.
 */
export function setHelmet(character: Character, index: number, on: boolean): Character {
  return updateArmour(character, index, (piece) => {
    const { helmet: _helmet, ...rest } = piece;
    const others = piece.locations.filter((l) => l !== 'head');
    return on ? { ...rest, helmet: true, locations: LOCATIONS.filter((l) => l === 'head' || others.includes(l)) } : { ...rest, locations: others };
  });
}

export function addWeapon(character: Character, weapon: Weapon): Character {
  return { ...character, weapons: [...character.weapons, weapon] };
}

export function updateWeapon(character: Character, index: number, patch: Partial<Weapon> | ((w: Weapon) => Weapon)): Character {
  return { ...character, weapons: updateAt(character.weapons, index, patch) };
}

export function removeWeapon(character: Character, index: number): Character {
  return { ...character, weapons: removeAt(character.weapons, index) };
}

// ---- Fortune's Landing ----

/** The areas armour is averaged over; null clears the choice (the best option is then assumed). */
export function setArmourAreas(character: Character, areas: readonly Location[] | null): Character {
  const block = { ...character.fortunesLanding };
  if (areas === null) delete block.armourAreas;
  else block.armourAreas = [...areas];
  return { ...character, fortunesLanding: block };
}

// ---- Curious Pastimes ----

export type SpellCardAllotment = NonNullable<NonNullable<Character['curiousPastimes']>['spellCards']>[number];

export function setSpellCards(character: Character, update: (cards: SpellCardAllotment[]) => SpellCardAllotment[]): Character {
  const block = { ...character.curiousPastimes };
  block.spellCards = update([...(block.spellCards ?? [])]);
  return { ...character, curiousPastimes: block };
}

// ---- Novitas ----

export const EMPTY_NOVITAS: NovitasSheet = { sources: [], spells: [], reductions: [], plan: [] };

export function novitasOf(character: Character): NovitasSheet {
  return character.novitas ?? EMPTY_NOVITAS;
}

/**
 * Sets the Power Points skill's level, the one source of the skill's points (adding the skill when
 * the character does not have it yet).
 */
export function setPowerPointsSkill(character: Character, level: number): Character {
  const at = character.skills.findIndex((s) => s.id === NOVITAS_POWER_POINTS_SKILL);
  if (at >= 0) return updateSkill(character, at, { level });
  return addSkill(character, { id: NOVITAS_POWER_POINTS_SKILL, level });
}

export function updateNovitas(character: Character, update: (sheet: NovitasSheet) => NovitasSheet): Character {
  return { ...character, novitas: update(novitasOf(character)) };
}

// ---- bg-magic ----

/**
 * Changes the mage's path block, creating it when missing: a new block starts as a battle mage
 * entitled to no armour (the file format requires both), then takes the change.
 */
export function updateBgMagic(character: Character, update: (sheet: BgMagicSheet) => BgMagicSheet): Character {
  const sheet: BgMagicSheet = character.bgMagic ?? { path: 'battle', entitlement: 'none' };
  return { ...character, bgMagic: update(sheet) };
}
