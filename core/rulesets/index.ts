// The registry of rulesets, keyed by the file format's ruleset id.
import type { Character } from '../model/character';
import type { RulesetId } from '../model/ids';
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

export function derive(character: Character): Derivation {
  return rulesetOf(character.ruleset).derive(character);
}

export type * from './types';
