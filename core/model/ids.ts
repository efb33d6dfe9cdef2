// Fixed identifiers of the character file format (v1, v2). Other tools read these names: never rename.

export const RULESET_IDS = ['novitas', 'fortunes-landing', 'curious-pastimes', 'bg-magic'] as const;
export type RulesetId = (typeof RULESET_IDS)[number];

/**
 * A character's game as its file names it (`ruleset`): one of the four built-in games, or the id of
 * a game pack (docs/game-packs.md), checked against the packs loaded when the character is checked.
 */
export type GameId = string;

export function isBuiltinRuleset(id: string): id is RulesetId {
  return (RULESET_IDS as readonly string[]).includes(id);
}

export const LOCATIONS = ['head', 'torso', 'left-arm', 'right-arm', 'left-leg', 'right-leg'] as const;
export type Location = (typeof LOCATIONS)[number];

/** Locations in plain English words, for messages and printed cards. */
export const LOCATION_WORDS: Record<Location, string> = {
  head: 'head',
  torso: 'torso',
  'left-arm': 'left arm',
  'right-arm': 'right arm',
  'left-leg': 'left leg',
  'right-leg': 'right leg',
};

export const WEAPON_KINDS = [
  'short',
  'medium',
  'long',
  'two-handed',
  'staff',
  'polearm',
  'shield',
  'bow',
  'crossbow',
  'thrown',
] as const;
export type WeaponKind = (typeof WEAPON_KINDS)[number];

export const FILE_FORMAT = 'quartermaster-character' as const;
export const CURRENT_VERSION = 2 as const;

/** A character's standing (format v2): absent means active. */
export const CHARACTER_STATUSES = ['active', 'dead', 'retired'] as const;
export type CharacterStatus = (typeof CHARACTER_STATUSES)[number];

/** The kinds of line in a character's points record (core/model/character.ts `points`). */
export const POINTS_KINDS = ['start', 'award', 'spend', 'refund', 'loss'] as const;
export type PointsKind = (typeof POINTS_KINDS)[number];

export const CHARACTER_FILE_SUFFIX = '.character.json';
