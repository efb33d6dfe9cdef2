// Everything the user can do, as functions over the store and the main-process API. Components call
// these; only these write the store. Navigation away from unsaved work goes through `guard`.
// Edits go through `edit`, which records them for undo; `autosave` (called every few seconds by the
// app shell) keeps a draft of unsaved edits in the main process for recovery after a crash.
import { createContext, useContext } from 'react';
import type { Draft, Language, LibraryProgress, MenuCommand, OpenResult, Paper, QuartermasterApi } from '../core/ipc/contract';
import type { Character } from '../core/model/character';
import type { RulesetId } from '../core/model/ids';
import { canonicalJson } from '../core/format/hash';
import { errorMessage } from './api';
import type { SortKey } from './library-order';
import { docFromOpened, isDirty, type AppStore, type Doc, type Notice, type Screen } from './store';
import { formatDateTime } from './format';
import { emptyHistory, record, redo, undo } from './history';
import { isEmptySession, type SessionState, type Trackers } from '../core/session/session';
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
  const set = store.set;
  const now = options.now ?? (() => Date.now());
  /** The last draft written (by identity of the character), so an unchanged character is not written again. */
  let drafted: { path: string; character: Character } | null = null;
  let draftFailing = false;
  /** The session last kept (by identity of what it holds), so an unchanged one is not written again. */
  let kept: Pick<Doc, 'path' | 'character' | 'history' | 'trackers'> | null = null;
  let sessionFailing = false;

  const notify = (notice: Notice | null) => set((s) => ({ ...s, notice }));
  const fail = (key: Parameters<typeof t>[0], error: unknown) => notify({ kind: 'error', text: t(key, { message: errorMessage(error) }) });

  const currentDoc = (): Doc | null => {
    const screen = store.get().screen;
    return screen.kind === 'character' ? screen.doc : null;
  };

  /** Changes the open document, if the one at `path` is still the one on screen. */
  const updateDoc = (path: string, update: (doc: Doc) => Doc) =>
    set((s) => (s.screen.kind === 'character' && s.screen.doc.path === path ? { ...s, screen: { kind: 'character', doc: update(s.screen.doc) } } : s));

  /**
   * Keeps the play session of a document (undo history, trackers) beside the drafts, once per
   * change; an empty one removes the kept file. Not before the kept one was read (it would be lost).
   */
  const keepSession = async (doc: Doc) => {
    if (doc.readOnly || !doc.sessionLoaded) return;
    if (kept && kept.path === doc.path && kept.character === doc.character && kept.history === doc.history && kept.trackers === doc.trackers) return;
    const session: SessionState = { present: doc.character, past: [...doc.history.past], future: [...doc.history.future], trackers: doc.trackers };
    const was = kept;
    kept = { path: doc.path, character: doc.character, history: doc.history, trackers: doc.trackers };
    try {
      if (isEmptySession(session)) {
        // Nothing to keep: a kept file that held something is removed (a fresh one is never written).
        if (was?.path === doc.path && !isEmptySession({ past: was.history.past as Character[], future: was.history.future as Character[], trackers: was.trackers })) await api.discardSession({ path: doc.path });
      } else await api.saveSession({ path: doc.path, session });
      sessionFailing = false;
    } catch (e) {
      kept = null;
      if (!sessionFailing) fail('session.saveFailed', e);
      sessionFailing = true;
    }
  };

  /** Reads the kept session of a file just opened: the trackers, and the history when it ends at what is on screen. */
  const restoreSession = async (path: string) => {
    let session: Awaited<ReturnType<QuartermasterApi['loadSession']>> = null;
    try {
      session = await api.loadSession({ path });
    } catch (e) {
      fail('session.loadFailed', e);
    }
    updateDoc(path, (d) => {
      const next: Doc = { ...d, sessionLoaded: true };
      if (!session) return next;
      next.trackers = session.trackers;
      // The history is the way back from what it was kept at; if the file changed since (another
      // program, a backup restored), the steps lead elsewhere, so only the trackers come back.
      if (canonicalJson(session.present) === canonicalJson(d.character)) next.history = { past: session.past, future: session.future, group: null, at: 0 };
      return next;
    });
    const doc = currentDoc();
    if (doc?.path === path) kept = { path, character: doc.character, history: doc.history, trackers: doc.trackers };
  };

  const show = (screen: Screen) => {
    // Leaving a character keeps its session at once (the autosave may be seconds away).
    const leaving = currentDoc();
    if (leaving) void keepSession(leaving);
    set((s) => ({ ...s, screen, prompt: null, notice: null }));
    if (screen.kind === 'character' && !screen.doc.readOnly && !screen.doc.sessionLoaded) void restoreSession(screen.doc.path);
  };

  const showOpenResult = (result: OpenResult) => {
    if (result.ok) show({ kind: 'character', doc: docFromOpened(result.opened) });
    else show({ kind: 'unreadable', path: result.path, problem: result.problem });
  };

  /** Runs `then` now, or after the user decided what to do with unsaved changes. */
  const guard = (then: () => void | Promise<void>) => {
    const doc = currentDoc();
    if (doc && isDirty(doc)) set((s) => ({ ...s, prompt: { kind: 'leave', then } }));
    else return then();
  };

  /** Drops a draft; a failure is harmless (a draft older than its file is never offered), so it is not shown. */
  const discardDraftOf = async (path: string) => {
    try {
      await api.discardDraft({ path });
    } catch {
      /* see above */
    }
  };

  const actions = {
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
      set((s) => ({ ...s, prompt: null }));
    },

    dismissNotice() {
      notify(null);
    },

    /** Creates the character file and opens it. Returns an error message for the dialog, or null. */
    async createCharacter(args: { ruleset: RulesetId; name: string; player: string }): Promise<string | null> {
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

    /** Changes one condition tracker's state (play, not the character: no undo, never in the file). */
    setTracker<K extends keyof Trackers>(key: K, value: Trackers[K]) {
      const doc = currentDoc();
      if (!doc || doc.readOnly) return;
      updateDoc(doc.path, (d) => ({ ...d, trackers: { ...d.trackers, [key]: value } }));
    },

    /** Asks whether the day is over (the undo history and the trackers are then cleared). */
    askEndDay() {
      set((s) => ({ ...s, prompt: { kind: 'end-day' } }));
    },

    /** The day is over: the undo history and the condition trackers start afresh, and the kept session goes. */
    async endDay() {
      actions.closePrompt();
      const doc = currentDoc();
      if (!doc || doc.readOnly) return;
      updateDoc(doc.path, (d) => ({ ...d, history: emptyHistory(), trackers: {} }));
      const now = currentDoc();
      if (now) kept = { path: now.path, character: now.character, history: now.history, trackers: now.trackers };
      try {
        await api.discardSession({ path: doc.path });
        notify({ kind: 'info', text: t('session.dayEnded') });
      } catch (e) {
        fail('session.saveFailed', e);
      }
    },

    /** Writes a draft of unsaved edits (once per change), or drops the draft once there are none; keeps the session. */
    async autosave() {
      const doc = currentDoc();
      if (!doc || doc.readOnly) return;
      await keepSession(doc);
      const { path, character } = doc;
      if (isDirty(doc)) {
        if (drafted?.path === path && drafted.character === character) return;
        try {
          await api.saveDraft({ path, character });
          drafted = { path, character };
          draftFailing = false;
        } catch (e) {
          // Said once, not every few seconds; the next success clears it.
          if (!draftFailing) fail('drafts.saveFailed', e);
          draftFailing = true;
        }
      } else if (drafted?.path === path) {
        drafted = null;
        await discardDraftOf(path);
      }
    },

    /** At start: offers to recover drafts newer than their files (left by a crash). */
    async checkDrafts() {
      try {
        const drafts = await api.listDrafts();
        const newer = drafts.filter((d) => d.fileModifiedMs === null || d.savedMs > d.fileModifiedMs);
        if (newer.length > 0) set((s) => (s.prompt === null ? { ...s, prompt: { kind: 'recover', drafts: newer } } : s));
      } catch (e) {
        fail('drafts.listFailed', e);
      }
    },

    /** Opens the draft's file with the draft's edits on top (undo goes back to the file). */
    recoverDraft(draft: Draft) {
      actions.closePrompt();
      return guard(async () => {
        let result: OpenResult | null = null;
        try {
          result = await api.openCharacter({ path: draft.path });
        } catch {
          result = null;
        }
        if (result?.ok && !result.opened.readOnly) {
          show({ kind: 'character', doc: docFromOpened(result.opened) });
          actions.edit(() => draft.character);
        } else {
          // The file is gone or cannot be written: the draft opens on its own. Save writes a missing
          // file again; an unreadable one is never overwritten (Save as… keeps a copy).
          show({
            kind: 'character',
            doc: { path: draft.path, character: draft.character, savedJson: '', hash: '', readOnly: false, saving: false, backups: null, history: emptyHistory(), trackers: {}, sessionLoaded: false },
          });
        }
        notify({ kind: 'info', text: t('drafts.recovered', { when: formatDateTime(draft.savedMs) }) });
      });
    },

    /** Deletes a draft the user does not want. */
    async discardDraft(draft: Draft) {
      await discardDraftOf(draft.path);
      set((s) => {
        if (s.prompt?.kind !== 'recover') return s;
        const drafts = s.prompt.drafts.filter((d) => d.path !== draft.path);
        return { ...s, prompt: drafts.length > 0 ? { kind: 'recover', drafts } : null };
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

    /** Saves the open character if it has changes. `force` overwrites a file changed on disk. */
    async save(force = false): Promise<boolean> {
      const doc = currentDoc();
      if (!doc || doc.readOnly || doc.saving) return false;
      if (!force && !isDirty(doc)) return true;
      const { path, character } = doc;
      updateDoc(path, (d) => ({ ...d, saving: true }));
      try {
        const result = await api.saveCharacter(force ? { path, character, expectedHash: doc.hash, force } : { path, character, expectedHash: doc.hash });
        if (result.ok) {
          updateDoc(path, (d) => ({ ...d, path: result.path, hash: result.hash, savedJson: canonicalJson(character), saving: false, backups: null }));
          set((s) => (s.prompt?.kind === 'conflict' ? { ...s, prompt: null } : s));
          drafted = null;
          void discardDraftOf(path);
          return true;
        }
        updateDoc(path, (d) => ({ ...d, saving: false }));
        if (result.reason === 'conflict') set((s) => ({ ...s, prompt: { kind: 'conflict', message: result.message } }));
        else notify({ kind: 'error', text: t('character.saveFailed', { message: result.message }) });
        return false;
      } catch (e) {
        updateDoc(path, (d) => ({ ...d, saving: false }));
        fail('character.saveFailed', e);
        return false;
      }
    },

    async saveAs(): Promise<boolean> {
      const doc = currentDoc();
      if (!doc || doc.saving) return false;
      const { path, character } = doc;
      try {
        const result = await api.saveCharacterAs({ character });
        if (!result) return false;
        if (!result.ok) {
          notify({ kind: 'error', text: t('character.saveFailed', { message: result.message }) });
          return false;
        }
        updateDoc(path, (d) => {
          const next: Doc = { ...d, path: result.path, hash: result.hash, savedJson: canonicalJson(character), readOnly: false, backups: null };
          delete next.readOnlyReason;
          return next;
        });
        return true;
      } catch (e) {
        fail('character.saveFailed', e);
        return false;
      }
    },

    async resolveConflict(choice: 'overwrite' | 'reload' | 'cancel') {
      const doc = currentDoc();
      actions.closePrompt();
      if (!doc || choice === 'cancel') return;
      if (choice === 'overwrite') await actions.save(true);
      else await actions.openEntry(doc.path);
    },

    async resolveLeave(choice: 'save' | 'discard' | 'cancel') {
      const prompt = store.get().prompt;
      if (prompt?.kind !== 'leave') return;
      actions.closePrompt();
      if (choice === 'cancel') return;
      if (choice === 'save' && !(await actions.save())) return;
      const doc = currentDoc();
      if (choice === 'discard' && doc) {
        drafted = null;
        await discardDraftOf(doc.path);
      }
      await prompt.then();
    },

    async showInFolder() {
      const doc = currentDoc();
      if (!doc) return;
      try {
        await api.showInFolder({ path: doc.path });
      } catch (e) {
        fail('character.openFailed', e);
      }
    },

    async exportPdf() {
      const doc = currentDoc();
      if (!doc) return;
      try {
        const result = await api.exportPdf({ path: doc.path, character: doc.character });
        if (result) notify({ kind: 'info', text: t('character.pdfSaved', { path: result.path }) });
      } catch (e) {
        fail('character.pdfFailed', e);
      }
    },

    async toggleBackups() {
      const doc = currentDoc();
      if (!doc) return;
      if (doc.backups) return updateDoc(doc.path, (d) => ({ ...d, backups: null }));
      try {
        const backups = await api.listBackups({ path: doc.path });
        updateDoc(doc.path, (d) => ({ ...d, backups: [...backups].sort((a, b) => b.savedMs - a.savedMs) }));
      } catch (e) {
        fail('backups.failed', e);
      }
    },

    restoreBackup(backupId: string, savedMs: number) {
      const doc = currentDoc();
      if (!doc) return;
      return guard(async () => {
        try {
          const result = await api.restoreBackup({ path: doc.path, backupId });
          showOpenResult(result);
          if (result.ok) notify({ kind: 'info', text: t('backups.restored', { when: formatDateTime(savedMs) }) });
        } catch (e) {
          fail('character.openFailed', e);
        }
      });
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
  };
  return actions;
}

export const ActionsContext = createContext<Actions | null>(null);

export function useActions(): Actions {
  const actions = useContext(ActionsContext);
  if (!actions) throw new Error('useActions: no ActionsContext provider');
  return actions;
}
