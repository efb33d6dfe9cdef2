// The registry of rulesets, keyed by the file format's ruleset id.
import type { Character } from '../model/character';
import { isBuiltinRuleset, type RulesetId } from '../model/ids';
import { bgMagic } from './bg-magic';
import { curiousPastimes } from './curious-pastimes';
import { fortunesLanding } from './fortunes-landing';
import { novitas } from './novitas';
import type { Derivation, Ruleset } from './types';

export const RULESETS = {
  novitas,
  'fortunes-landing': fortunesLanding,
  'curious-pastimes': curiousPastimes,
  'bg-magic': bgMagic,
} satisfies Record<RulesetId, Ruleset>;

export function rulesetOf(id: RulesetId): Ruleset {
  return RULESETS[id];
}

/** What is said when a character names a game whose pack is not loaded (the field at fault is `ruleset`). */
export function noPackMessage(id: string): string {
  return `no game pack named '${id}' is loaded: put its .pack.json in the packs folder (packs/ beside the characters, or the app's packs folder) and try again`;
}

/**
 * A built-in game's derivation. A character of a pack's game needs the packs loaded: see
 * ./games.ts deriveGame; here it is refused with the same words.
 */
export function derive(character: Character): Derivation {
  if (!isBuiltinRuleset(character.ruleset)) throw new Error(noPackMessage(character.ruleset));
  return rulesetOf(character.ruleset).derive(character);
}

/** A game's name for a line of text: the built-in ruleset's, else the id (a pack's game; its name is in its pack). */
export function builtinGameName(id: string): string {
  return isBuiltinRuleset(id) ? RULESETS[id].name : id;
}

export type * from './types';
