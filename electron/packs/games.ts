// The games the main process prints: the built-in ones, and every game whose pack the app uses now
// (the last packs listing: the app's packs folder and the library's packs/), through the same
// resolution the command line and the editor use (core/rulesets/games.ts).
import type { PacksListing } from '../../core/ipc/contract';
import type { Character } from '../../core/model/character';
import type { GamePack } from '../../core/packs/schema';
import { deriveGame } from '../../core/rulesets/games';
import type { Derivation } from '../../core/rulesets/types';

export type AppGames = {
  /** Takes a new listing (at start, and whenever a packs folder changes). */
  update(listing: PacksListing): void;
  /** A character's derivation under its game; throws, naming the field ruleset, when its pack is not used. */
  derive(character: Character): Derivation;
};

export function appGames(): AppGames {
  let used = new Map<string, GamePack>();
  return {
    update(listing) {
      used = new Map(listing.packs.filter((p) => p.used).map((p) => [p.pack.id, p.pack]));
    },
    derive: (character) => deriveGame(character, used),
  };
}
