// The names of the games the window knows from game packs (en, bg), kept up to date by the packs
// store (renderer/games/store.ts): what the library, the editor and the dialogs call a pack's game.
export type GameNames = { en: string; bg?: string };

let known = new Map<string, GameNames>();

export function knowGameNames(names: Iterable<[string, GameNames]>): void {
  known = new Map(names);
}

export function packGameNames(id: string): GameNames | undefined {
  return known.get(id);
}
