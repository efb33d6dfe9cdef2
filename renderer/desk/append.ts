// The desk's ledger in the window: an EventLedger (core/desk/event-ledger.ts) holding the entries
// the main process sent when the event folder was opened, to which only new entries are added
// after that — the answers to this window's appends, Record…'s and the reprint's entries, and the
// entries the main process sends as they reach the event file from elsewhere. Nothing is folded
// again whole.
//
// A check-in is made here (core/desk/checkin.ts decides what it adds, from the ledger with every
// earlier change of this window on it), stamped and shown at once, and sent to the main process,
// which appends it to the event file and answers once it is on disk. One append at a time, in the
// order they were made.
import type { QuartermasterApi } from '../../core/ipc/contract';
import type { LedgerEntry } from '../../core/desk/entries';
import type { DeskEvent } from '../../core/desk/event';
import { EventLedger } from '../../core/desk/event-ledger';
import type { SeasonPlace } from '../../core/season/types';
import { errorMessage } from '../app/api';
import type { DeskStep } from '../../core/desk/undo-redo';
import type { DeskState, DeskStore } from './store';
import { t } from '../app/i18n';

/**
 * What a change makes from the ledger as it is: the entries to append, the step it adds to the undo
 * history when it is a new action (an undo or a redo moves steps itself: null), and what is
 * announced ('' nothing).
 */
export type Change = (event: DeskEvent) => { entries: LedgerEntry[]; step: DeskStep | null; announcement: string };

export function createDeskLedger(store: DeskStore, api: QuartermasterApi, notify: (kind: 'info' | 'error', text: string) => void, eventPath: (s?: DeskState) => string | null, reload: () => Promise<void>) {
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
  const reset = (path: string | null, header: EventLedger['header'] | null, entries: readonly LedgerEntry[] | null, season?: SeasonPlace) => {
    ledger = path && header && entries ? { path, ledger: new EventLedger(header, entries, season) } : null;
    return ledger?.ledger.event ?? null;
  };

  /** The event's place in its season as read again (the ledger kept): the event shown with it. */
  const reseason = (path: string, season: SeasonPlace | undefined) => {
    if (!ledger || ledger.path !== path) return null;
    ledger.ledger.setSeason(season);
    return ledger.ledger.event;
  };

  /** Whether the window holds the ledger of this file with at least `count` entries (else it asks for it whole). */
  const holds = (path: string, count: number) => ledger !== null && ledger.path === path && ledger.ledger.size >= count;

  /**
   * Makes a change from the ledger as it is now and shows it at once, then appends it: the entries
   * are stamped here as the main process stamps them (the desk's next `seq`, a time not before its
   * last entry), so the answer is the same entries, durable on disk. Changes are sent one at a time,
   * in the order they were made. Should an append fail, or the main process have numbered an entry
   * otherwise (another append of this desk came first), the ledger is fetched again whole: the view
   * then shows what the file holds.
   */
  const change = (make: Change) => {
    const s = store.get();
    const path = eventPath(s);
    if (!s.desk || !path || !ledger || ledger.path !== path) return;
    const folder = s.desk.folder;
    const made = make(ledger.ledger.event);
    if (made.entries.length === 0) {
      if (made.announcement) set((x) => ({ ...x, announcement: made.announcement }));
      return;
    }
    const entries = ledger.ledger.stamp(made.entries);
    ledger.ledger.add(entries);
    pending++;
    // One change of state: the view is drawn once, while the entries are on their way to the disk.
    // The status says "Saving…" from the start (never "saved" before the answer); the style shows it
    // only once the answer is slow to come.
    // A new action empties the redo list, as in every editor.
    const step = made.step;
    set((x) => ({ ...x, event: ledger!.ledger.event, ...(step ? { history: [...x.history, step], redo: [], consequence: null } : {}), announcement: made.announcement, notice: null, unsaved: pending }));
    const mine = ledger;
    queue = queue.then(async () => {
      try {
        const r = await api.appendDeskEntries({ folder, eventFile: path, entries });
        pending--;
        const { added, clashes } = ledger === mine ? mine.ledger.add([...r.external, ...r.added]) : { added: [], clashes: [] };
        if (clashes.length > 0) await reload();
        else if (added.length > 0 || store.get().unsaved !== pending || store.get().saveFailed) set((x) => ({ ...x, ...(added.length > 0 ? { event: mine.ledger.event } : {}), unsaved: pending, saveFailed: false }));
      } catch (e) {
        pending--;
        // The change is shown but not on disk: the view goes back to what the file holds.
        await reload().catch(() => undefined);
        notify('error', t('desk.saveFailed', { message: errorMessage(e) }));
        set((x) => ({ ...x, saveFailed: true, unsaved: pending, history: made.step ? x.history.filter((u) => u !== made.step) : x.history }));
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

  return { change, apply, reset, reseason, holds, flush, pendingCount: () => pending };
}
