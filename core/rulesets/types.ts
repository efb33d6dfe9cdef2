// The one interface every ruleset implements, and the derived values each one produces.
import type { Character } from '../model/character';
import type { GameId, Location, WeaponKind } from '../model/ids';

export type Severity = 'error' | 'warning';

export type Violation = {
  /** Stable, dotted code, e.g. "fl.armour.unknown-type". Tools match on it; never reuse one. */
  code: string;
  /** Plain words for a player, citing the rule. */
  message: string;
  severity: Severity;
  /** The field at fault, as "armour[0].type"; "" for the whole character. */
  path: string;
  /**
   * The values the message interpolates (names, ids, lengths), for a translated message keyed by
   * the code. Ids (locations, armour classes, weapon kinds) are given as ids, not English words.
   */
  params?: Record<string, string | number>;
};

export type SkillDef = {
  id: string;
  name: string;
  maxLevel?: number;
  description?: string;
  /** A pack's game: the name and description in Bulgarian, where the pack gives them. */
  bg?: { name: string; description?: string };
  /** A pack's game: the skill's rules in words (levels, costs, prerequisite, exclusions), in English and Bulgarian. */
  rules?: { en: string; bg: string }[];
};

export type AreaOption = { areas: Location[]; rating: number };

export type FortunesLandingDerived = {
  ruleset: 'fortunes-landing';
  armour: {
    /** The averaged rating over the chosen areas (0 with no armour). */
    rating: number;
    /** The chosen areas (the player's choice, or the best option when none is saved). */
    areas: Location[];
    /** 1 at rating 5 or more, else 0. */
    threshold: number;
    /** Every non-empty choice of covered areas with its rating, best first. */
    options: AreaOption[];
    /** The armour value on each covered area (the best piece on it). */
    perArea: Partial<Record<Location, number>>;
    /** True when the saved areas are the player's choice, false when the best option was assumed. */
    chosen: boolean;
    /**
     * How many options at the head of `options` tie for the best: the same rating over the same
     * number of areas (1 when the best stands alone, 0 with no armour). The rules prefer none of
     * them, so with more than one the player is asked to choose.
     */
    tied: number;
    /** Costume or replica pieces, which cost 1.5x. */
    costume: { pieces: string[]; costMultiplier: number };
  };
  /** Ultra-light weapons (`ultraLight: true`), which cost 1.5x like costume armour. */
  ultraLight: { weapons: string[]; costMultiplier: number };
};

export type CuriousPastimesDerived = {
  ruleset: 'curious-pastimes';
  /** Hits per location with armour. */
  hits: Record<Location, number>;
  /** Hits per location against arrows and bolts (armour ignored). */
  hitsVsArrows: Record<Location, number>;
  /** Armour points counted per location (heaviest layer only). */
  armourByLocation: Record<Location, number>;
  bodyDevelopment: boolean;
  /** The heaviest armour class the character's Wear Armour skill allows (0 for none). */
  armourSkillClass: number;
  /** Spell cards to print: one entry per card. */
  spellCards: { sphere: string; rank: number; day: string }[];
};

export type NovitasPlanLine = { spell: string; level: number; cost: number; times: number; total: number; reductions: string[] };

export type NovitasDerived = {
  ruleset: 'novitas';
  powerPoints: {
    /** Points that count against the daily cap: the skill plus ordinary sources. */
    pool: number;
    /** Points from sources that break cap. */
    breakCap: number;
    /** The most power points that may be spent in a game day (break-cap points excluded). */
    dailyCap: number;
    /** The day's plan in total. */
    plannedCost: number;
    /** The part of the plan that counts against the cap (break-cap points spent first). */
    plannedAgainstCap: number;
    /** How far the plan goes over the daily cap (0 when it stays within it). */
    overCap: number;
  };
  plan: NovitasPlanLine[];
};

export type BgMagicDerived = {
  ruleset: 'bg-magic';
  energy: number;
  /** A battle mage's energy with the same entitlement (a role mage has one half more); 0 with no path. */
  battleEnergy: number;
  /** The heaviest armour worn. */
  worn: 'metal' | 'leather' | 'none';
  /** The heaviest known armour class on each location (absent: none). */
  wornByLocation: Partial<Record<Location, 'metal' | 'leather'>>;
  /** True when the worn armour is heavier than the entitlement (it protects only as the entitled). */
  heavierThanEntitled: boolean;
  /** What the armour protects as: the lighter of worn and entitled. */
  armourProtection: 'metal' | 'leather' | 'none';
};

/** Names in English and, optionally, Bulgarian, as a game pack gives them. */
export type PackNames = { en: string; bg?: string };

/**
 * A game defined only by its pack (core/rulesets/pack-ruleset.ts). `ruleset` is 'pack' for every
 * such game, so the union stays told apart by it; `game` is the pack's id, version and names.
 */
export type PackDerived = {
  ruleset: 'pack';
  game: { id: string; version: string; names: PackNames };
  /** The pack's body locations, in its order, with their hits. */
  hits: { location: string; hits: number }[];
  /** Each location the character's armour covers: the class counted there and its points (absent: no points given). */
  armour: { location: string; class: string; names: PackNames; points?: number }[];
  /** The skills held at level 1 or more, with their names in the pack (a skill the pack does not know: the file's own name). */
  skills: { id: string; names: PackNames; level: number; cost: number | null }[];
  /** The points budget (core/packs/budget.ts): null where the pack publishes no costs or no advancement. */
  budget: { spent: number | null; available: number | null; remaining: number | null; unit: PackNames | null };
};

export type Derived = FortunesLandingDerived | CuriousPastimesDerived | NovitasDerived | BgMagicDerived | PackDerived;

export type Derivation<D extends Derived = Derived> = { derived: D; violations: Violation[] };

export interface Ruleset<D extends Derived = Derived> {
  /** A built-in game's id, or a game pack's id. */
  id: GameId;
  name: string;
  /** The body locations this game uses. */
  locations: readonly Location[];
  /** Allowed armour `type` values, lightest first. */
  armourTypes: readonly string[];
  /** The weapon kinds the game allows; absent when it allows every kind. */
  weaponKinds?: readonly WeaponKind[];
  /** The skill catalogue (custom skills may be added on a character). */
  skills: readonly SkillDef[];
  derive(character: Character): Derivation<D>;
}
