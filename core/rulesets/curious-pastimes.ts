// The Curious Pastimes ruleset (rules text 002): hits per location, Body Development, armour classes
// and the Wear Armour skills, helmets, no stacking, arrows ignoring armour, spell cards.
// Readings: docs/rulesets/curious-pastimes.md.
import type { ArmourPiece, Character } from '../model/character';
import { LOCATION_WORDS, type Location } from '../model/ids';
import { BUILTIN_PACKS, packArmourPoints, packBaseHits, packLocations, packNumber, packSkills } from '../packs/builtin';
import { expandSpellCards } from './curious-pastimes-spells';
import type { CuriousPastimesDerived, Ruleset, SkillDef, Violation } from './types';

export * from './curious-pastimes-spells';

// The numbers come from the game pack, core/packs/builtin/curious-pastimes.pack.json, each with its quote.
const PACK = BUILTIN_PACKS['curious-pastimes'];

/** "Head, Torso, Left and Right Arms, and Left and Right Legs". */
export const CP_LOCATIONS: readonly Location[] = packLocations('curious-pastimes');
/** "A normal, unarmoured character can take one point of damage to a location". */
export const CP_BASE_HITS = packBaseHits('curious-pastimes');
/** "The skill Body Development increases all locations by a further one point." */
export const CP_BODY_DEVELOPMENT_HITS = packNumber('curious-pastimes', 'body-development-hits');
export type CpArmourType = 'light' | 'medium' | 'heavy' | 'extra-heavy';
/** Armour points per location covered, lightest first: "Light ... one extra hit, Medium gives two, Heavy gives three and Extra-Heavy gives four". */
export const CP_ARMOUR_POINTS = packArmourPoints('curious-pastimes') as Readonly<Record<CpArmourType, number>>;
export const CP_ARMOUR_TYPES = Object.keys(CP_ARMOUR_POINTS) as CpArmourType[];
/** "At least fifty percent of each location must be covered": a location listed on a piece means that much. */
export const CP_MIN_COVERAGE_PERCENT = packNumber('curious-pastimes', 'min-coverage-percent');
/** "Once you are mortally wounded ... you must start a two minute count." */
export const CP_MORTAL_WOUND_COUNT_MINUTES = packNumber('curious-pastimes', 'mortal-wound-count-minutes');
/** "This process of repair takes 2 minutes". */
export const CP_ARMOUR_REPAIR_MINUTES = packNumber('curious-pastimes', 'armour-repair-minutes');
/** "A character starts with 20 experience points" (the Transition page; the Rules of Play say the same: "a 20 point character"). */
export const CP_STARTING_POINTS = PACK.advancement.published ? PACK.advancement.startingPoints.value : 0;
/** "One point is deducted from your starting total each time you die and create a new character at an event." */
const CP_POINTS_LOST_PER_DEATH = PACK.advancement.published ? (PACK.advancement.death.startingPointsLost?.value ?? 0) : 0;

/**
 * Points for a new character made at an event after `deaths` deaths there: "One point is deducted
 * from your starting total each time you die and create a new character at an event." Never below 0.
 * At the next event a character starts from 20 again.
 */
export function startingPoints(deaths: number): number {
  if (!Number.isInteger(deaths) || deaths < 0) {
    throw new RangeError(`deaths must be a whole number of at least 0 (got ${String(deaths)})`);
  }
  return Math.max(0, CP_STARTING_POINTS - CP_POINTS_LOST_PER_DEATH * deaths);
}

export const CP_BODY_DEVELOPMENT = 'body-development';
/** The Wear Armour skills and the heaviest class each allows ("will also give the character the ability to wear" lighter classes). */
export const CP_WEAR_ARMOUR_SKILLS: Readonly<Record<string, number>> = Object.fromEntries(
  PACK.skills.flatMap((s) => (s.allowsArmour === undefined ? [] : [[s.id, CP_ARMOUR_POINTS[s.allowsArmour as CpArmourType]]])),
);

// None of these skills has levels in the rule text: "The skill Body Development increases all
// locations by a further one point" and "The possession of the skill to Wear Armour automatically
// allows a character to wear/repair lighter armour" (a heavier class is another skill). So each is
// held at level 1 or not at all (maxLevel 1, quoted in the pack); a file holding another level gets `cp.skill.level`.
export const CP_SKILLS: readonly SkillDef[] = packSkills('curious-pastimes');

/** The rule text's words for each catalogue skill's level limit, quoted when a file gives it a level it does not have. */
const SKILL_QUOTES: Record<string, string> = Object.fromEntries(PACK.skills.flatMap((s) => (s.maxLevel === undefined ? [] : [[s.id, s.maxLevel.quote]])));

const SKILL_DEFS = new Map(CP_SKILLS.map((d) => [d.id, d]));

/**
 * A catalogue skill at a level the rules do not have: an error on its level, so that a file saying
 * "Body Development 3" is not taken silently for the one point the rules give. Level 0 is a skill
 * not held (hasSkill), not an error.
 */
function skillLevelViolations(character: Character, violations: Violation[]): void {
  for (let i = 0; i < character.skills.length; i++) {
    const skill = character.skills[i]!;
    const def = SKILL_DEFS.get(skill.id);
    if (!def || def.maxLevel === undefined || skill.level <= def.maxLevel) continue;
    violations.push({
      code: 'cp.skill.level',
      message: `${def.name} is at level ${skill.level}, but Curious Pastimes has no levels of it ("${SKILL_QUOTES[def.id] ?? ''}"): it counts once, as at level 1. Set its level to 1.`,
      severity: 'error',
      path: `skills[${i}].level`,
      params: { skill: def.name, level: skill.level },
    });
  }
}

const CLASS_NAMES: Record<number, string> = { 0: 'none', 1: 'Light', 2: 'Medium', 3: 'Heavy', 4: 'Extra-Heavy' };

function isCpArmourType(type: string): type is CpArmourType {
  return Object.hasOwn(CP_ARMOUR_POINTS, type);
}

function hasSkill(character: Character, id: string): boolean {
  return character.skills.some((s) => s.id === id && s.level >= 1);
}

function label(piece: ArmourPiece, i: number): string {
  return piece.name.trim() === '' ? `armour piece ${i + 1}` : `"${piece.name}"`;
}

function perLocation(value: number): Record<Location, number> {
  // Built key by key (not Object.fromEntries of pairs): three of these per character, and a check of
  // thousands of files felt the pairs.
  const out = {} as Record<Location, number>;
  for (let i = 0; i < CP_LOCATIONS.length; i++) out[CP_LOCATIONS[i]!] = value;
  return out;
}

const WEAR_ARMOUR_SKILLS = Object.entries(CP_WEAR_ARMOUR_SKILLS);

function deriveCuriousPastimes(character: Character): { derived: CuriousPastimesDerived; violations: Violation[] } {
  const violations: Violation[] = [];
  skillLevelViolations(character, violations);
  const bodyDevelopment = hasSkill(character, CP_BODY_DEVELOPMENT);
  let armourSkillClass = 0;
  for (const [skill, armourClass] of WEAR_ARMOUR_SKILLS) if (hasSkill(character, skill)) armourSkillClass = Math.max(armourSkillClass, armourClass);

  const armourByLocation = perLocation(0);
  /** Pieces of a known class on each location (counting or not), for the layering warning. */
  const layers: Partial<Record<Location, { i: number; j: number }[]>> = {};

  character.armour.forEach((piece, i) => {
    const path = `armour[${i}]`;
    if (!isCpArmourType(piece.type)) {
      violations.push({
        code: 'cp.armour.unknown-type',
        message: `${label(piece, i)} has armour type "${piece.type}", which Curious Pastimes does not know: use light, medium, heavy or extra-heavy ("Light armour gives the location covered one extra hit, Medium gives two, Heavy gives three and Extra-Heavy gives four"). It counts for nothing until fixed.`,
        severity: 'error',
        path: `${path}.type`,
      });
      return;
    }
    const value = CP_ARMOUR_POINTS[piece.type];
    const allowed = value <= armourSkillClass;
    if (!allowed) {
      const skill =
        armourSkillClass === 0 ? 'no Wear Armour skill' : `only Wear ${CLASS_NAMES[armourSkillClass]} Armour`;
      violations.push({
        code: 'cp.armour.above-skill',
        message: `${label(piece, i)} is ${CLASS_NAMES[value]} armour but the character has ${skill}; you may not wear armour heavier than your Wear Armour skill allows. It counts for nothing.`,
        severity: 'error',
        path: `${path}.type`,
      });
    }
    // A helmet is head armour: it covers the head whether or not the file lists it there.
    const locations: readonly Location[] = piece.helmet === true && !piece.locations.includes('head') ? ['head', ...piece.locations] : piece.locations;
    if (locations.length === 0) {
      violations.push({
        code: 'cp.armour.no-locations',
        message: `${label(piece, i)} covers no location, so it protects nothing (at least half of a location must be covered).`,
        severity: 'warning',
        path: `${path}.locations`,
      });
    }
    const seen = new Set<Location>();
    for (let k = 0; k < locations.length; k++) {
      const loc = locations[k]!;
      if (seen.has(loc)) continue;
      seen.add(loc);
      // The index in the file's list; -1 for a helmet's head that the list leaves out.
      const j = piece.locations.indexOf(loc);
      if (loc === 'head' && piece.helmet !== true) {
        violations.push({
          code: 'cp.armour.head-not-helmet',
          message: `${label(piece, i)} lists the head but is not a helmet: "To claim any armour value for the head you must be wearing a helmet." It counts nothing on the head; mark it as a helmet if it is one.`,
          severity: 'error',
          path: `${path}.locations[${j}]`,
        });
        continue;
      }
      (layers[loc] ??= []).push({ i, j });
      if (allowed) armourByLocation[loc] = Math.max(armourByLocation[loc], value);
    }
  });

  for (let k = 0; k < CP_LOCATIONS.length; k++) {
    const loc = CP_LOCATIONS[k]!;
    const on = layers[loc] ?? [];
    if (on.length < 2) continue;
    const names = on.map(({ i }) => label(character.armour[i]!, i)).join(' and ');
    violations.push({
      code: 'cp.armour.layered',
      message: `The ${LOCATION_WORDS[loc]} is covered by ${names}. "'Stacking' armour does not work. Only the heaviest layer of armour counts": ${armourByLocation[loc]} point${armourByLocation[loc] === 1 ? '' : 's'} there.`,
      severity: 'warning',
      path: on[1]!.j < 0 ? `armour[${on[1]!.i}].helmet` : `armour[${on[1]!.i}].locations[${on[1]!.j}]`,
    });
  }

  const base = CP_BASE_HITS + (bodyDevelopment ? CP_BODY_DEVELOPMENT_HITS : 0);
  const hitsVsArrows = perLocation(base);
  const hits = perLocation(base);
  for (let i = 0; i < CP_LOCATIONS.length; i++) hits[CP_LOCATIONS[i]!] += armourByLocation[CP_LOCATIONS[i]!];

  return {
    derived: {
      ruleset: 'curious-pastimes',
      hits,
      hitsVsArrows,
      armourByLocation,
      bodyDevelopment,
      armourSkillClass,
      spellCards: expandSpellCards(character.curiousPastimes?.spellCards ?? []),
    },
    violations,
  };
}

export const curiousPastimes: Ruleset<CuriousPastimesDerived> = {
  id: 'curious-pastimes',
  name: 'Curious Pastimes',
  locations: CP_LOCATIONS,
  armourTypes: CP_ARMOUR_TYPES,
  skills: CP_SKILLS,
  derive: deriveCuriousPastimes,
};
