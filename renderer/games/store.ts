// The game packs as the window knows them: the last listing from the main process (listPacks, then
// every packsChanged), and whether the Games page is on screen. One store per API object, as the
// desk's (renderer/desk/store.ts); the editor reads the pack of a character's game from it.
import { useSyncExternalStore } from 'react';
import type { PackEntry, PacksListing, QuartermasterApi } from '../../core/ipc/contract';
import { BUILTIN_PACKS } from '../../core/packs/builtin';
import type { GamePack } from '../../core/packs/schema';
import { errorMessage } from '../app/api';
import { knowGameNames } from '../app/game-names';
import { isBuiltinRuleset } from '../../core/model/ids';
import { createStore, type Store } from '../app/store';

export type PacksState = { visible: boolean; listing: PacksListing | null; error: string | null };
export type PacksStore = Store<PacksState>;

const stores = new WeakMap<QuartermasterApi, PacksStore>();

export function packsStoreFor(api: QuartermasterApi): PacksStore {
  let store = stores.get(api);
  if (!store) {
    store = createStore<PacksState>({ visible: false, listing: null, error: null });
    stores.set(api, store);
  }
  return store;
}

export function usePacksState<T>(store: PacksStore, selector: (state: PacksState) => T): T {
  return useSyncExternalStore(store.subscribe, () => selector(store.get()));
}

export function setGamesVisible(store: PacksStore, visible: boolean): void {
  store.set((s) => (s.visible === visible ? s : { ...s, visible }));
}

/** Asks the main process for the packs; a failure is kept to show, never thrown. */
export async function loadPacks(api: QuartermasterApi): Promise<void> {
  const store = packsStoreFor(api);
  try {
    setListing(store, await api.listPacks());
  } catch (e) {
    store.set((s) => ({ ...s, error: errorMessage(e) }));
  }
}

/** Keeps the store up to date with the main process's watcher; returns the unsubscribe function. */
export function followPacks(api: QuartermasterApi): () => void {
  const store = packsStoreFor(api);
  void loadPacks(api);
  return api.onPacksChanged?.((listing) => setListing(store, listing)) ?? (() => undefined);
}

function setListing(store: PacksStore, listing: PacksListing): void {
  knowGameNames(listing.packs.filter((p) => p.used).map((p) => [p.pack.id, p.pack.names]));
  store.set((s) => ({ ...s, listing, error: null }));
}

/** The games a new character may be of: the four built-in ones, then every other game whose pack is used. */
export function packGames(listing: PacksListing | null): GamePack[] {
  return (listing?.packs ?? []).filter((p) => p.used && !isBuiltinRuleset(p.pack.id)).map((p) => p.pack);
}

/** The pack of a game the app uses: the listing's chosen one, or the built-in pack before the listing has come. */
export function usedPack(listing: PacksListing | null, id: string): GamePack | null {
  const found: PackEntry | undefined = listing?.packs.find((p) => p.used && p.pack.id === id);
  if (found) return found.pack;
  return (BUILTIN_PACKS as Record<string, GamePack | undefined>)[id] ?? null;
}
