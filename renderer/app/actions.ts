// Everything the user can do, as functions over the store and the main-process API. Components call
// these; only these write the store. Navigation away from unsaved work goes through `guard`.
// Edits go through `edit`, which records them for undo; `autosave` (./actions-drafts.ts, called every
// few seconds by the app shell) keeps a draft of unsaved edits in the main process for recovery after
// a crash. The open file's actions are in ./actions-file.ts, dropped files' in ./actions-drop.ts;
// what the modules share, ./actions-context.ts.
import { packsStoreFor } from '../games/store';
import { createContext, useContext } from 'react';
import type { Language, LibraryProgress, MenuCommand, Paper, QuartermasterApi } from '../../core/ipc/contract';
import type { Character } from '../../core/model/character';
import type { GameId } from '../../core/model/ids';
import { errorMessage } from './api';
import { actionContext } from './actions-context';
import { draftActions } from './actions-drafts';
import { dropActions } from './actions-drop';
import { fileActions } from './actions-file';
import type { SortKey } from '../library/library-order';
import { docFromOpened, type AppStore } from './store';
import { record, redo, undo } from '../editor/history';
import { setLanguage, setLocale } from './i18n';
import { t } from './strings';

export type Actions = ReturnType<typeof createActions>;

/** How often unsaved edits are written to a draft. */
export const DRAFT_INTERVAL_MS = 3_000;

export type ActionOptions = {
  /** The clock for merging typing into one undo step (tests inject one). */
  now?: () => number;
};

export function createActions(store: AppStore, api: QuartermasterApi, options: ActionOptions = {}) {
  const ctx = actionContext(store, api);
  const { set, notify, fail, currentDoc, updateDoc, show, showOpenResult, guard } = ctx;
  const now = options.now ?? (() => Date.now());

  const actions = {
    /** The game packs as the window knows them (renderer/games/store.ts): the editor's budget and pack notice read them. */
    packs: packsStoreFor(api),

    /** Lists the folder on show again (the library, or the examples). */
    async loadLibrary() {
      const source = store.get().library.source;
      set((s) => ({ ...s, library: { ...s.library, status: s.library.listing ? s.library.status : 'loading' } }));
      try {
        const listing = source === 'examples' ? await api.openExamples() : await api.listLibrary();
        if (store.get().library.source !== source) return;
        set((s) => ({ ...s, library: { ...s.library, status: 'ready', listing, error: undefined, progress: null } }));
      } catch (e) {
        set((s) => ({ ...s, library: { ...s.library, status: 'error', error: errorMessage(e), progress: null } }));
      }
    },

    /** A long listing's progress, from the main process (shown until its answer arrives). */
    libraryProgress(progress: LibraryProgress) {
      set((s) => ({ ...s, library: { ...s.library, progress: progress.done >= progress.total ? null : progress } }));
    },

    async chooseLibraryFolder() {
      try {
        const listing = await api.chooseLibraryFolder();
        if (listing) set((s) => ({ ...s, library: { ...s.library, source: 'library', status: 'ready', listing, query: '' } }));
      } catch (e) {
        fail('library.loadError', e);
      }
    },

    async openExamples() {
      try {
        const listing = await api.openExamples();
        set((s) => ({ ...s, library: { ...s.library, source: 'examples', status: 'ready', listing, query: '' } }));
      } catch (e) {
        fail('library.loadError', e);
      }
    },

    /** Back from the examples to the user's own library. */
    showLibrary() {
      set((s) => ({ ...s, library: { ...s.library, source: 'library', query: '' } }));
      return actions.loadLibrary();
    },

    /**
     * Gives a library file that shares its id with another file a new id (backed up, atomic), then
     * lists the library again. Event files keep their records under the old id: the other file's.
     */
    async giveNewId(path: string, fileName: string) {
      try {
        await api.giveNewId({ path });
        notify({ kind: 'info', text: t('library.newIdDone', { file: fileName }) });
      } catch (e) {
        fail('library.newIdFailed', e);
      }
      await actions.loadLibrary();
    },

    setQuery(query: string) {
      set((s) => ({ ...s, library: { ...s.library, query } }));
    },

    /** Sorts by `key`; choosing the current key again reverses the direction. */
    sortBy(key: SortKey) {
      set((s) => {
        const { sort } = s.library;
        const direction = sort.key === key ? (sort.direction === 'asc' ? 'desc' : 'asc') : key === 'modified' || key === 'status' ? 'desc' : 'asc';
        return { ...s, library: { ...s.library, sort: { key, direction } } };
      });
    },

    openNewCharacter() {
      return guard(() => set((s) => ({ ...s, prompt: { kind: 'new-character' } })));
    },

    closePrompt() {
      ctx.closePrompt();
    },

    dismissNotice() {
      notify(null);
    },

    /** Creates the character file and opens it. Returns an error message for the dialog, or null. */
    async createCharacter(args: { ruleset: GameId; name: string; player: string }): Promise<string | null> {
      try {
        const opened = await api.newCharacter(args);
        show({ kind: 'character', doc: docFromOpened(opened) });
        return null;
      } catch (e) {
        return t('new.failed', { message: errorMessage(e) });
      }
    },

    /** Opens a file the main process handed over (command line, file manager, Open Recent). */
    openGrantedFile(path: string) {
      return guard(() => actions.openEntry(path));
    },

    async openEntry(path: string) {
      try {
        showOpenResult(await api.openCharacter({ path }));
      } catch (e) {
        fail('character.openFailed', e);
      }
    },

    openFileDialog() {
      return guard(async () => {
        try {
          const result = await api.openCharacterDialog();
          if (result) showOpenResult(result);
        } catch (e) {
          fail('character.openFailed', e);
        }
      });
    },

    backToLibrary() {
      return guard(() => {
        show({ kind: 'library' });
        return actions.loadLibrary();
      });
    },

    /**
     * Applies an edit to the open character (ignored when it is read-only), as one undo step. Edits
     * with the same `group` (typing in one field) in quick succession are merged into one step.
     */
    edit(update: (character: Character) => Character, group?: string) {
      const doc = currentDoc();
      if (!doc || doc.readOnly) return;
      updateDoc(doc.path, (d) => {
        const character = update(d.character);
        if (character === d.character) return d;
        return { ...d, character, history: record(d.history, d.character, { group, now: now() }) };
      });
    },

    undo() {
      const doc = currentDoc();
      if (!doc || doc.readOnly) return;
      updateDoc(doc.path, (d) => {
        const step = undo(d.history, d.character);
        return step ? { ...d, character: step.present, history: step.history } : d;
      });
    },

    redo() {
      const doc = currentDoc();
      if (!doc || doc.readOnly) return;
      updateDoc(doc.path, (d) => {
        const step = redo(d.history, d.character);
        return step ? { ...d, character: step.present, history: step.history } : d;
      });
    },

    /** Reads the settings at start: the language, the locale and the paper size. */
    async loadSettings() {
      try {
        const settings = await api.getSettings();
        setLanguage(settings.language);
        setLocale(settings.locale ?? '');
        set((s) => ({ ...s, paper: settings.paper, printers: { calibrations: settings.calibrations ?? [], printer: settings.printer ?? '' } }));
      } catch (e) {
        fail('settings.loadFailed', e);
      }
    },

    openSettings() {
      set((s) => ({ ...s, prompt: { kind: 'settings' } }));
    },

    /** Changes the language, locale or paper at once, and keeps it for the next start. */
    async changeSettings(patch: { language?: Language; paper?: Paper; locale?: string }) {
      if (patch.language !== undefined) setLanguage(patch.language);
      if (patch.locale !== undefined) setLocale(patch.locale);
      if (patch.paper !== undefined) set((s) => ({ ...s, paper: patch.paper! }));
      try {
        await api.setSettings(patch);
      } catch (e) {
        fail('settings.saveFailed', e);
      }
    },

    /** Commands from the application menu (the event pack belongs to a later screen). */
    menuCommand(command: MenuCommand) {
      switch (command) {
        case 'undo':
          return store.get().prompt === null ? actions.undo() : undefined;
        case 'redo':
          return store.get().prompt === null ? actions.redo() : undefined;
        case 'new':
          return actions.openNewCharacter();
        case 'open':
          return actions.openFileDialog();
        case 'save':
          return actions.save();
        case 'save-as':
          return actions.saveAs();
        case 'show-in-folder':
          return actions.showInFolder();
        case 'export-pdf':
          return actions.exportPdf();
        default:
          return undefined;
      }
    },

    ...fileActions(ctx),
    ...draftActions(ctx),
    ...dropActions(ctx),
  };
  ctx.actions = actions;
  return actions;
}

export const ActionsContext = createContext<Actions | null>(null);

export function useActions(): Actions {
  const actions = useContext(ActionsContext);
  if (!actions) throw new Error('useActions: no ActionsContext provider');
  return actions;
}
