// The game pack a character is saved under: the editor records the id and version of the pack the
// app uses for the character's game on every save the user makes (never when a file is only opened,
// so an unchanged file keeps its bytes), and says so when a character was made under an older one.
import type { PacksListing } from '../../core/ipc/contract';
import type { Character } from '../../core/model/character';
import { compareVersions } from '../../core/packs/version';
import { usedPack } from './store';

/** The character naming the pack used for its game now (the same object when it already does). */
export function stampPack(character: Character, listing: PacksListing | null): Character {
  const pack = usedPack(listing, character.ruleset);
  if (!pack) return character;
  if (character.pack?.id === pack.id && character.pack.version === pack.version) return character;
  return { ...character, pack: { id: pack.id, version: pack.version } };
}

/** When the character was saved under an older version of its game's pack: the two versions and the game's name. */
export function olderPack(character: Character, listing: PacksListing | null): { game: string; recorded: string; current: string } | null {
  const recorded = character.pack;
  if (!recorded) return null;
  const pack = usedPack(listing, recorded.id);
  if (!pack || compareVersions(recorded.version, pack.version) >= 0) return null;
  return { game: pack.names.en, recorded: recorded.version, current: pack.version };
}
