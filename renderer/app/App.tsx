// The app shell: the current screen, the prompts over it, and the subscriptions to the main process.
import { useCallback, useEffect, useRef } from 'react';
import type { QuartermasterApi } from '../../core/ipc/contract';
import { ActionsContext, createActions, DRAFT_INTERVAL_MS, type Actions, type ActionOptions } from './actions';
import { LanguageProvider, useT } from './i18n';
import { droppedFiles, useFileDrop } from './file-drop';
import { DropHint } from './DropHint';
import { createStore, initialState, StoreContext, useAppState, type AppStore } from './store';
import { CharacterView } from '../editor/CharacterView';
import { LibraryView } from '../library/LibraryView';
import { NoticeBar } from './NoticeBar';
import { Prompts } from './Prompts';
import { UnreadableView } from '../editor/UnreadableView';
import { PrintDialogs } from '../print/PrintDialogs';
import { printUiFor, PrintUiContext, usePrintUi, usePrintUiState } from '../print/print-ui';
import { DeskEntry, DeskRoute, useDeskVisible } from '../desk/DeskEntry';
import { GamesEntry, GamesRoute, useGamesVisible } from '../games/GamesEntry';
import type { AppModel } from '../types';


export function createApp(api: QuartermasterApi, options: ActionOptions = {}): AppModel {
  const store = createStore(initialState);
  return { store, actions: createActions(store, api, options), api };
}

export function App({ app }: { app: AppModel }) {
  return (
    <StoreContext.Provider value={app.store}>
      <ActionsContext.Provider value={app.actions}>
        <PrintUiContext.Provider value={printUiFor(app)}>
          <LanguageProvider>
            <Shell app={app} />
          </LanguageProvider>
        </PrintUiContext.Provider>
      </ActionsContext.Provider>
    </StoreContext.Provider>
  );
}

function Shell({ app }: { app: AppModel }) {
  const screen = useAppState((s) => s.screen);
  const prompt = useAppState((s) => s.prompt);
  const printUi = usePrintUi();
  const modal = usePrintUiState((s) => s.dialog !== null) || prompt !== null;
  const desk = useDeskVisible(app);
  const games = useGamesVisible(app);
  const { t } = useT();
  // Character files dropped anywhere but on the desk (which takes its own) open; none while a dialog is open.
  const onDrop = useCallback((files: File[]) => void app.actions.dropFiles(droppedFiles(files, (f) => app.api.pathForFile?.(f) ?? '')), [app]);
  const dragging = useFileDrop(!desk && !games && !modal ? onDrop : null);

  useEffect(() => {
    const { api, actions } = app;
    void actions.loadSettings();
    void actions.loadLibrary();
    void actions.checkDrafts();
    const autosave = setInterval(() => void actions.autosave(), DRAFT_INTERVAL_MS);
    const offLibrary = api.onLibraryChanged(() => void actions.loadLibrary());
    const offProgress = api.onLibraryProgress?.((progress) => actions.libraryProgress(progress));
    // The print dialogs and the library selection take their menu commands first (print-ui.ts).
    const offMenu = api.onMenuCommand((command) => void (printUi.menuCommand(command) || actions.menuCommand(command)));
    const offOpenFile = api.onOpenFile?.((path) => void actions.openGrantedFile(path));
    return () => {
      clearInterval(autosave);
      offLibrary();
      offProgress?.();
      offMenu();
      offOpenFile?.();
    };
  }, [app, printUi]);

  // Moving to another screen puts the keyboard focus on its heading.
  const lastKind = useRef(screen.kind);
  useEffect(() => {
    if (lastKind.current === screen.kind) return;
    lastKind.current = screen.kind;
    document.getElementById('screen-heading')?.focus();
  }, [screen.kind]);

  return (
    <>
      <main className="app" aria-hidden={modal ? true : undefined} inert={modal ? true : undefined}>
        <NoticeBar />
        {desk && <DeskRoute app={app} />}
        {!desk && games && screen.kind === 'library' && <GamesRoute app={app} />}
        {!desk && !games && screen.kind === 'library' && <DeskEntry app={app} />}
        {!desk && !games && screen.kind === 'library' && <GamesEntry app={app} />}
        {!desk && !games && screen.kind === 'library' && <LibraryView />}
        {screen.kind === 'character' && <CharacterView doc={screen.doc} />}
        {screen.kind === 'unreadable' && <UnreadableView path={screen.path} problem={screen.problem} />}
      </main>
      <Prompts />
      <PrintDialogs />
      {dragging && <DropHint text={t('drop.hint')} detail={t('drop.hintDetail')} />}
    </>
  );
}
