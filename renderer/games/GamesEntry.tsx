// The way to the Games page: a button above the library, beside the event desk's, and the menu's
// View > Games (MenuCommand 'games').
import { lazy, Suspense, useEffect } from 'react';
import type { AppModel } from '../types';
import { useT } from '../app/i18n';
import { deskStoreFor, setDeskVisible } from '../desk/store';
import { followPacks, packsStoreFor, setGamesVisible, usePacksState } from './store';

// The page itself is loaded when it is first shown, as the desk view is.
const GamesView = lazy(() => import('./GamesView').then((m) => ({ default: m.GamesView })));

/** Shows the Games page, once any unsaved character edits are dealt with (the app's usual prompt). */
export async function enterGames(app: AppModel): Promise<void> {
  if (app.store.get().screen.kind !== 'library') await app.actions.backToLibrary();
  const s = app.store.get();
  if (s.screen.kind !== 'library' || s.prompt !== null) return;
  // From the desk (the menu works there too) the page replaces it, as the desk's own Back would.
  setDeskVisible(deskStoreFor(app.api), false);
  setGamesVisible(packsStoreFor(app.api), true);
}

/** Whether the Games page is on screen; keeps the packs listing up to date meanwhile; listens for the menu's Games command. */
export function useGamesVisible(app: AppModel): boolean {
  const store = packsStoreFor(app.api);
  useEffect(() => followPacks(app.api), [app]);
  useEffect(() => app.api.onMenuCommand((command) => void (command === 'games' && enterGames(app))), [app]);
  // A file opened from outside replaces the page on screen.
  useEffect(() => app.store.subscribe(() => app.store.get().screen.kind !== 'library' && setGamesVisible(store, false)), [app, store]);
  return usePacksState(store, (s) => s.visible);
}

export function GamesEntry({ app }: { app: AppModel }) {
  const { t } = useT();
  return (
    <nav className="desk-entry games-entry" aria-label={t('games.entry.nav')}>
      <button type="button" className="link-button" onClick={() => void enterGames(app)}>
        {t('games.entry.open')}
        <span aria-hidden="true"> →</span>
      </button>
    </nav>
  );
}

export function GamesRoute({ app }: { app: AppModel }) {
  const leave = () => {
    setGamesVisible(packsStoreFor(app.api), false);
    requestAnimationFrame(() => document.getElementById('screen-heading')?.focus());
  };
  return (
    <Suspense fallback={null}>
      <GamesView api={app.api} onLeave={leave} />
    </Suspense>
  );
}
