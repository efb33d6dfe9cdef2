// The event desk's state, apart from the app's store: the desk keeps its folder, event and undo
// steps while the user visits the library or the editor. One store per API object (the app has one;
// each component test makes its own). Kept small and free of the desk core, so the app's first load
// carries only this and the entry button; the desk view itself loads on first use.
import { useSyncExternalStore } from 'react';
import type { DeskFolder, QuartermasterApi, ReprintOutcome } from '../../core/ipc/contract';
import type { DeskStep, LeftAfterDeath } from '../../core/desk/undo-redo';
import type { DeskEvent } from '../../core/desk/event';
import type { CardCheck } from '../../core/desk/verify';
import { createStore, type Store } from '../app/store';

export type DeskNotice = { kind: 'info' | 'error'; text: string };

/** An undo that left something standing that followed from what it undid (a new character made after the death), offered to undo too. */
export type DeskConsequence = { step: DeskStep; left: LeftAfterDeath[] };

/** `arrival`: everyone, only those not checked in yet, or only those checked in; `game`: a ruleset id or '' for all. */
export type DeskFilter = { problemsOnly: boolean; includeWarnings: boolean; query: string; arrival: 'all' | 'waiting' | 'in'; game: string; booking?: BookingFilter };

/** Rows by their booking (renderer/desk/DeskBookings.tsx): everyone, checked in without a booking, booked and unpaid. */
export type BookingFilter = '' | 'in-without' | 'unpaid';

export type DeskBusy = null | 'open' | 'load' | 'create' | 'sheet-pdf' | 'sheet-csv' | 'reprint' | 'verify' | 'new-id' | 'bookings' | 'export';

export type DeskState = {
  /** Whether the desk view is on screen (instead of the library or the editor). */
  visible: boolean;
  desk: DeskFolder | null;
  /** The event as the desk shows it (a snapshot of the window's ledger: renderer/desk/append.ts). */
  event: DeskEvent | null;
  /** Changes sent to the event file and not yet on disk. */
  unsaved: number;
  /** The last append failed (the notice says why). */
  saveFailed: boolean;
  /** This desk's own actions in this session, oldest first: what Undo takes back, the last first. */
  history: DeskStep[];
  /** What was undone, the last undone last: what Redo does again. A new action empties it. */
  redo: DeskStep[];
  /** What the last undo left standing (null when nothing). */
  consequence: DeskConsequence | null;
  filter: DeskFilter;
  busy: DeskBusy;
  notice: DeskNotice | null;
  /** The last action, for screen readers ("Dimitri checked in at 18:05."). */
  announcement: string;
  reprint: Exclude<ReprintOutcome, { kind: 'conflict' }> | null;
  verify: CardCheck | null;
  /** How many times the verify box was submitted (a new scan of the same card shows afresh). */
  scans: number;
};

export const initialDeskState: DeskState = {
  visible: false,
  desk: null,
  event: null,
  unsaved: 0,
  saveFailed: false,
  history: [],
  redo: [],
  consequence: null,
  filter: { problemsOnly: false, includeWarnings: false, query: '', arrival: 'all', game: '' },
  busy: null,
  notice: null,
  announcement: '',
  reprint: null,
  verify: null,
  scans: 0,
};

export type DeskStore = Store<DeskState>;

const stores = new WeakMap<QuartermasterApi, DeskStore>();

/** The desk store that belongs to this API (made on first use). */
export function deskStoreFor(api: QuartermasterApi): DeskStore {
  let store = stores.get(api);
  if (!store) {
    store = createStore(initialDeskState);
    stores.set(api, store);
  }
  return store;
}

export function useDeskState<T>(store: DeskStore, selector: (state: DeskState) => T): T {
  return useSyncExternalStore(store.subscribe, () => selector(store.get()));
}

export function setDeskVisible(store: DeskStore, visible: boolean): void {
  store.set((s) => (s.visible === visible ? s : { ...s, visible }));
}
