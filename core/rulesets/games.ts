// Which ruleset checks a character, given the game packs loaded: the built-in engine for the four
// built-in games, the generic pack ruleset (./pack-ruleset.ts) for any other pack's id. The command
// line, the editor and printing all resolve a character's game here.
import type { Character } from '../model/character';
import { isBuiltinRuleset, type GameId } from '../model/ids';
import type { GamePack } from '../packs/schema';
import { noPackMessage, RULESETS } from './index';
import { packRuleset } from './pack-ruleset';
import type { Derivation, Ruleset } from './types';

/** The packs in use, by game id (node/packs/load.ts `used`, or what the app was sent). */
export type GamePacks = ReadonlyMap<string, GamePack>;

export type GameResolution = { ok: true; ruleset: Ruleset; pack: GamePack | null } | { ok: false; message: string };

/** Made once per pack object: a print or a check resolves the same game for every character. */
const made = new WeakMap<GamePack, Ruleset>();

export function resolveGame(id: GameId, packs: GamePacks): GameResolution {
  // The four built-in engines read the built-in packs' numbers (docs/game-packs.md).
  if (isBuiltinRuleset(id)) return { ok: true, ruleset: RULESETS[id], pack: packs.get(id) ?? null };
  const pack = packs.get(id);
  if (pack === undefined) return { ok: false, message: noPackMessage(id) };
  let ruleset = made.get(pack);
  if (ruleset === undefined) made.set(pack, (ruleset = packRuleset(pack)));
  return { ok: true, ruleset, pack };
}

/** A character's game is not one the loaded packs know: named with the field at fault. */
export class UnknownGameError extends Error {
  readonly field = 'ruleset';
  constructor(readonly game: GameId) {
    super(noPackMessage(game));
  }
}

/** The character's derived values and rule violations under its game; throws UnknownGameError when its pack is not loaded. */
export function deriveGame(character: Character, packs: GamePacks): Derivation {
  const found = resolveGame(character.ruleset, packs);
  if (!found.ok) throw new UnknownGameError(character.ruleset);
  return found.ruleset.derive(character);
}

/** The game's name for messages: the pack's, the built-in ruleset's, or the id itself when unknown. */
export function gameName(id: GameId, packs: GamePacks): string {
  const found = resolveGame(id, packs);
  return found.ok ? found.ruleset.name : id;
}

/** The packs as the check reads them (core/check/report.ts GameRulesets): a ruleset for each game id, or null. */
export function gameRulesets(packs: GamePacks): (id: GameId) => Ruleset | null {
  return (id) => {
    const found = resolveGame(id, packs);
    return found.ok ? found.ruleset : null;
  };
}
