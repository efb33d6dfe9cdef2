// A small state store: one immutable state object, replaced on every change, read by components
// through `useAppState(selector)`. Actions (actions.ts) are the only writers.
import { createContext, useContext, useSyncExternalStore } from 'react';
import type { Backup, Calibration, Draft, LibraryListing, LibraryProgress, OpenedCharacter, Paper } from '../../core/ipc/contract';
import type { LoadProblem } from '../../core/format/load';
import type { Character } from '../../core/model/character';
import type { Trackers } from '../../core/session/session';
import { canonicalJson } from '../../core/format/hash';
import { emptyHistory, type History } from '../editor/history';
import type { SortOrder } from '../library/library-order';

export type Notice = { kind: 'info' | 'error'; text: string };

export type LibraryState = {
  /** Which folder is listed: the user's library, or the bundled examples (read-only). */
  source: 'library' | 'examples';
  status: 'loading' | 'ready' | 'error';
  listing: LibraryListing | null;
  error?: string;
  query: string;
  sort: SortOrder;
  /** How far a long listing has got (from the main process); null when none is running. */
  progress?: LibraryProgress | null;
};

/** An open character: the edited copy, and what was last read from or written to disk. */
export type Doc = {
  path: string;
  character: Character;
  /** Canonical JSON of the character as on disk, to tell whether there are unsaved changes. */
  savedJson: string;
  /** Content hash of the file's bytes when last read or written (sent back on save). */
  hash: string;
  readOnly: boolean;
  readOnlyReason?: string;
  saving: boolean;
  backups: Backup[] | null;
  /** Undo and redo of the edits (kept across closing and reopening, until the day is over). */
  history: History<Character>;
  /** The condition trackers' state: play, not the character (never in its file). */
  trackers: Trackers;
  /** True once the kept session (history, trackers) was looked for, so an empty one may replace it. */
  sessionLoaded: boolean;
};

export type Screen =
  | { kind: 'library' }
  | { kind: 'character'; doc: Doc }
  | { kind: 'unreadable'; path: string; problem: LoadProblem };

export type Prompt =
  | null
  | { kind: 'new-character' }
  | { kind: 'conflict'; message: string }
  | { kind: 'leave'; then: () => void | Promise<void> }
  | { kind: 'settings' }
  /** "The day is over": confirm clearing the undo history and the trackers. */
  | { kind: 'end-day' }
  /** Drafts from an earlier session that are newer than their files. */
  | { kind: 'recover'; drafts: Draft[] };

export type AppState = {
  library: LibraryState;
  screen: Screen;
  prompt: Prompt;
  notice: Notice | null;
  /** The paper size for printing (the language lives in i18n.ts). */
  paper: Paper;
  /** The printer corrections saved per printer and sheet, and the printer named last (from the settings). */
  printers: { calibrations: Calibration[]; printer: string };
};

export const initialState: AppState = {
  library: { source: 'library', status: 'loading', listing: null, query: '', sort: { key: 'name', direction: 'asc' } },
  screen: { kind: 'library' },
  prompt: null,
  notice: null,
  paper: 'a4',
  printers: { calibrations: [], printer: '' },
};

export type Store<S> = {
  get(): S;
  set(update: (state: S) => S): void;
  subscribe(listener: () => void): () => void;
};

export function createStore<S>(initial: S): Store<S> {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    set(update) {
      const next = update(state);
      if (next === state) return;
      state = next;
      for (const listener of [...listeners]) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type AppStore = Store<AppState>;

export function docFromOpened(opened: OpenedCharacter): Doc {
  const doc: Doc = {
    path: opened.path,
    character: opened.character,
    savedJson: canonicalJson(opened.character),
    hash: opened.hash,
    readOnly: opened.readOnly,
    saving: false,
    backups: null,
    history: emptyHistory(),
    trackers: {},
    sessionLoaded: false,
  };
  if (opened.readOnlyReason !== undefined) doc.readOnlyReason = opened.readOnlyReason;
  return doc;
}

// Each edit makes a new character object, so its canonical JSON is computed once per edit.
const jsonOf = new WeakMap<Character, string>();

export function isDirty(doc: Doc): boolean {
  let json = jsonOf.get(doc.character);
  if (json === undefined) {
    json = canonicalJson(doc.character);
    jsonOf.set(doc.character, json);
  }
  return json !== doc.savedJson;
}

export const StoreContext = createContext<AppStore | null>(null);

export function useStore(): AppStore {
  const store = useContext(StoreContext);
  if (!store) throw new Error('useStore: no StoreContext provider');
  return store;
}

/** Reads a slice of the state; the component re-renders when that slice changes (by identity). */
export function useAppState<T>(selector: (state: AppState) => T): T {
  const store = useStore();
  return useSyncExternalStore(store.subscribe, () => selector(store.get()));
}
