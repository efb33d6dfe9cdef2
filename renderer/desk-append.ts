// The desk's ledger in the window: an EventLedger (core/desk/event-ledger.ts) holding the entries
// the main process sent when the event folder was opened, to which only new entries are added
// after that — the answers to this window's appends, Record…'s and the reprint's entries, and the
// entries the main process sends as they reach the event file from elsewhere. Nothing is folded
// again whole.
//
// A check-in is made here (core/desk/checkin.ts decides what it adds), sent to the main process,
// which appends it to the event file and answers once it is on disk; the answer (with the entry's
// `seq`) is what is shown. One append at a time, in the order they were made, each made when its
// turn comes (from the ledger with the earlier ones on it).
import type { QuartermasterApi } from '../core/ipc/contract';
import type { LedgerEntry } from '../core/desk/entries';
import type { DeskEvent } from '../core/desk/event';
import { EventLedger } from '../core/desk/event-ledger';
import { errorMessage } from './api';
import type { DeskState, DeskStore, DeskUndo } from './desk-store';
import { t } from './i18n';

/** What a change makes from the ledger as it is: the entries to append and, when it can be undone, its undo step ('' announces nothing). */
export type Change = (event: DeskEvent) => { entries: LedgerEntry[]; undo: DeskUndo | null; announcement: string };

export function createDeskLedger(store: DeskStore, api: QuartermasterApi, notify: (kind: 'info' | 'error', text: string) => void, eventPath: (s?: DeskState) => string | null) {
  const set = store.set;
  let ledger: { path: string; ledger: EventLedger } | null = null;
  let queue: Promise<void> = Promise.resolve();
  let pending = 0;

  /** Adds entries to the window's ledger (those it holds are skipped) and shows the new event. */
  const apply = (entries: readonly LedgerEntry[]) => {
    if (!ledger || entries.length === 0) return;
    const { added } = ledger.ledger.add(entries);
    if (added.length > 0) set((s) => ({ ...s, event: ledger!.ledger.event }));
  };

  /** The ledger as the main process sent it on opening (or none). */
  const reset = (path: string | null, header: EventLedger['header'] | null, entries: readonly LedgerEntry[] | null) => {
    ledger = path && header && entries ? { path, ledger: new EventLedger(header, entries) } : null;
    return ledger?.ledger.event ?? null;
  };

  /** Whether the window holds the ledger of this file with at least `count` entries (else it asks for it whole). */
  const holds = (path: string, count: number) => ledger !== null && ledger.path === path && ledger.ledger.size >= count;

  /**
   * Makes a change and appends it; shown once it is on disk. The change is made when its turn in the
   * queue comes, from the ledger as it is then: with every earlier change of this window on it (a
   * second "Check in" of someone whose first is still on its way makes no entry; an undo undoes the
   * change made just before it).
   */
  const change = (make: Change) => {
    const s = store.get();
    const path = eventPath(s);
    if (!s.desk || !path || !s.event) return;
    const folder = s.desk.folder;
    pending++;
    if (s.notice) set((x) => ({ ...x, notice: null }));
    queue = queue.then(async () => {
      try {
        // Another event file opened meanwhile (callers flush first, so only if it failed to): nothing to change.
        if (ledger?.path !== path) {
          pending--;
          set((x) => ({ ...x, unsaved: pending }));
          return;
        }
        const made = make(ledger.ledger.event);
        if (made.entries.length === 0) {
          pending--;
          set((x) => ({ ...x, unsaved: pending, ...(made.announcement ? { announcement: made.announcement } : {}) }));
          return;
        }
        const answer = api.appendDeskEntries({ folder, eventFile: path, entries: made.entries });
        // "Saving" is drawn while the answer is on its way, not before the entry is sent.
        set((x) => ({ ...x, unsaved: pending }));
        const r = await answer;
        const added = ledger?.path === path && ledger.ledger.add([...r.external, ...r.added]).added.length > 0;
        pending--;
        // One change of state for the lot: the view is drawn once for the answer.
        set((x) => ({ ...x, ...(added ? { event: ledger!.ledger.event } : {}), undo: made.undo ? [...x.undo, made.undo] : x.undo, announcement: made.announcement, saveFailed: false, unsaved: pending }));
      } catch (e) {
        pending--;
        notify('error', t('desk.saveFailed', { message: errorMessage(e) }));
        set((x) => ({ ...x, saveFailed: true, unsaved: pending }));
      }
    });
  };

  /** Resolves once every change made so far is on disk (or failed). */
  const flush = async () => {
    let seen: Promise<void>;
    do {
      seen = queue;
      await seen;
    } while (seen !== queue);
  };

  // Entries that reached the event file from elsewhere (another desk, another program).
  api.onDeskEntries?.((update) => {
    if (ledger?.path === update.eventFile) apply(update.entries);
  });

  return { change, apply, reset, holds, flush, pendingCount: () => pending };
}
