// What the action modules (./actions.ts and the ones it joins: ./actions-file.ts,
// ./actions-drafts.ts) share: the store and API, notices, the open document, moving between screens
// (which keeps a character's play session on the way out) and the guard for unsaved work.
import type { OpenResult, QuartermasterApi } from '../../core/ipc/contract';
import type { Character } from '../../core/model/character';
import { canonicalJson } from '../../core/format/hash';
import { isEmptySession, type SessionState } from '../../core/session/session';
import { errorMessage } from './api';
import { docFromOpened, isDirty, type AppStore, type Doc, type Notice, type Screen } from './store';
import { t } from './strings';

/** The actions one module calls in another (bound once the actions are joined). */
export type LateActions = {
  edit(update: (character: Character) => Character, group?: string): void;
  openEntry(path: string): Promise<void>;
  save(force?: boolean): Promise<boolean>;
};

export type ActionContext = ReturnType<typeof actionContext>;

export function actionContext(store: AppStore, api: QuartermasterApi) {
  const set = store.set;
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

  const ctx = {
    store,
    api,
    set,
    notify,
    fail,
    currentDoc,
    updateDoc,
    /** The last draft written (by identity of the character), so an unchanged character is not written again. */
    drafted: null as { path: string; character: Character } | null,
    /** The play session last kept (by identity of what it holds), so an unchanged one is not written again. */
    kept: null as Pick<Doc, 'path' | 'character' | 'history' | 'trackers'> | null,
    /** Set by createActions once every module's actions are joined. */
    actions: null as unknown as LateActions,

    closePrompt() {
      set((s) => ({ ...s, prompt: null }));
    },

    /**
     * Keeps the play session of a document (undo history, trackers) beside the drafts, once per
     * change; an empty one removes the kept file. Not before the kept one was read (it would be lost).
     */
    async keepSession(doc: Doc) {
      if (doc.readOnly || !doc.sessionLoaded) return;
      const was = ctx.kept;
      if (was && was.path === doc.path && was.character === doc.character && was.history === doc.history && was.trackers === doc.trackers) return;
      const session: SessionState = { present: doc.character, past: [...doc.history.past], future: [...doc.history.future], trackers: doc.trackers };
      ctx.kept = { path: doc.path, character: doc.character, history: doc.history, trackers: doc.trackers };
      try {
        if (isEmptySession(session)) {
          // Nothing to keep: a kept file that held something is removed (a fresh one is never written).
          if (was?.path === doc.path && !isEmptySession({ past: was.history.past as Character[], future: was.history.future as Character[], trackers: was.trackers })) await api.discardSession({ path: doc.path });
        } else await api.saveSession({ path: doc.path, session });
        sessionFailing = false;
      } catch (e) {
        ctx.kept = null;
        if (!sessionFailing) fail('session.saveFailed', e);
        sessionFailing = true;
      }
    },

    show(screen: Screen) {
      // Leaving a character keeps its session at once (the autosave may be seconds away).
      const leaving = currentDoc();
      if (leaving) void ctx.keepSession(leaving);
      set((s) => ({ ...s, screen, prompt: null, notice: null }));
      if (screen.kind === 'character' && !screen.doc.readOnly && !screen.doc.sessionLoaded) void restoreSession(screen.doc.path);
    },

    showOpenResult(result: OpenResult) {
      if (result.ok) ctx.show({ kind: 'character', doc: docFromOpened(result.opened) });
      else ctx.show({ kind: 'unreadable', path: result.path, problem: result.problem });
    },

    /** Runs `then` now, or after the user decided what to do with unsaved changes. */
    guard(then: () => void | Promise<void>) {
      const doc = currentDoc();
      if (doc && isDirty(doc)) set((s) => ({ ...s, prompt: { kind: 'leave', then } }));
      else return then();
    },

    /** Drops a draft; a failure is harmless (a draft older than its file is never offered), so it is not shown. */
    async discardDraftOf(path: string) {
      try {
        await api.discardDraft({ path });
      } catch {
        /* see above */
      }
    },
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
    if (doc?.path === path) ctx.kept = { path, character: doc.character, history: doc.history, trackers: doc.trackers };
  };

  return ctx;
}
