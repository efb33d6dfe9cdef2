// The way into the event desk: a button above the library, and the menu's View > Event Desk
// (MenuCommand 'event-desk'). Part of the app's first load, so it imports only the small desk store;
// the desk view itself (DeskRoute) is loaded when it is first shown.
import { lazy, Suspense, useEffect } from 'react';
import type { AppModel } from '../types';
import { deskStoreFor, setDeskVisible, useDeskState } from './store';
import { useT } from '../app/i18n';

const DeskView = lazy(() => import('./DeskView'));

/** Shows the desk, once any unsaved character edits are dealt with (the app's usual prompt). */
export async function enterDesk(app: AppModel): Promise<void> {
  if (app.store.get().screen.kind !== 'library') await app.actions.backToLibrary();
  const s = app.store.get();
  if (s.screen.kind === 'library' && s.prompt === null) setDeskVisible(deskStoreFor(app.api), true);
}

/** Whether the desk is on screen; listens for the menu's Event Desk command. */
export function useDeskVisible(app: AppModel): boolean {
  const store = deskStoreFor(app.api);
  useEffect(() => app.api.onMenuCommand((command) => void (command === 'event-desk' && enterDesk(app))), [app]);
  // A file opened from outside (double-click, Open Recent) replaces the desk on screen.
  useEffect(() => app.store.subscribe(() => app.store.get().screen.kind !== 'library' && setDeskVisible(store, false)), [app, store]);
  // The menu's shortcut, also where there is no menu (the key is taken, so the menu does not fire too).
  useEffect(() => {
    const onKeyDown = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || !e.shiftKey || e.altKey || e.key.toLowerCase() !== 'e') return;
      e.preventDefault();
      void enterDesk(app);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [app]);
  return useDeskState(store, (s) => s.visible);
}

/** The entry button, shown above the library. */
export function DeskEntry({ app }: { app: AppModel }) {
  const { t } = useT();
  return (
    <nav className="desk-entry" aria-label={t('desk.entry.nav')}>
      <button type="button" className="link-button" onClick={() => void enterDesk(app)} aria-keyshortcuts="Control+Shift+E Meta+Shift+E">
        {t('desk.entry.open')}
        <span aria-hidden="true"> →</span>
      </button>
    </nav>
  );
}

/** The desk view, loaded on first use. */
export function DeskRoute({ app }: { app: AppModel }) {
  const { t } = useT();
  const leave = () => {
    setDeskVisible(deskStoreFor(app.api), false);
    void app.actions.loadLibrary();
    // The library's heading takes the focus, as on any change of screen.
    requestAnimationFrame(() => document.getElementById('screen-heading')?.focus());
  };
  return (
    <Suspense fallback={<p role="status">{t('app.loading')}</p>}>
      <DeskView api={app.api} onLeave={leave} />
    </Suspense>
  );
}
