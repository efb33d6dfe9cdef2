// Saving the desk's check-ins: each change is shown at once and saved in the background, one save at
// a time, each sending the event file's hash as last read or written. When another desk (or
// `quartermaster desk`) changed the file meanwhile, the save is refused; the desk then reads the file
// again, adds the entries that were not saved yet to it, and saves that: nobody's check-in is lost,
// and an entry is never counted twice (it keeps its id).
import type { QuartermasterApi } from '../core/ipc/contract';
import type { DeskEvent } from '../core/desk/event';
import { errorMessage } from './api';
import type { DeskState, DeskStore, DeskUndo } from './desk-store';
import { t } from './i18n';

/** A change to the event, applied now and again on top of a newer file after a conflict. */
export type Op = (event: DeskEvent) => DeskEvent;

/** Runs `fn` once the browser has drawn the next frame (at once where there are no frames). */
function afterPaint(fn: () => void): void {
  if (typeof requestAnimationFrame === 'function' && typeof document !== 'undefined' && document.visibilityState === 'visible') requestAnimationFrame(() => setTimeout(fn, 0));
  else setTimeout(fn, 0);
}

export function createDeskSaver(store: DeskStore, api: QuartermasterApi, notify: (kind: 'info' | 'error', text: string) => void, eventPath: (s?: DeskState) => string | null) {
  const set = store.set;
  /** Ops applied on screen but not yet saved, oldest first. */
  let pending: Op[] = [];
  let saving: Promise<void> | null = null;

  /** Saves until nothing is pending; after a conflict, re-applies the pending ops on the newer file. */
  const saveLoop = async () => {
    let retried = false;
    while (pending.length > 0) {
      const s = store.get();
      const path = eventPath(s);
      if (!s.desk || !path || !s.event) return;
      const sent = pending.length;
      let result;
      try {
        result = await api.saveEvent({ folder: s.desk.folder, eventFile: path, event: s.event, expectedHash: s.eventHash });
      } catch (e) {
        result = { ok: false as const, reason: 'io' as const, message: errorMessage(e) };
      }
      if (result.ok) {
        pending = pending.slice(sent);
        const hash = result.hash;
        set((x) => ({ ...x, eventHash: hash, unsaved: pending.length, saveFailed: false }));
        retried = false;
        continue;
      }
      if (result.reason === 'conflict' && !retried) {
        retried = true;
        try {
          const fresh = await api.loadEventFolder({ folder: s.desk.folder, eventFile: path });
          if (fresh.eventFile.kind === 'file') {
            const event = pending.reduce((e, op) => op(e), fresh.eventFile.event);
            const hash = fresh.eventFile.hash;
            set((x) => ({ ...x, desk: fresh, event, eventHash: hash }));
            notify('info', t('desk.conflictMerged'));
            continue;
          }
        } catch {
          /* reported below */
        }
      }
      notify('error', t('desk.saveFailed', { message: result.message }));
      set((x) => ({ ...x, saveFailed: true }));
      return;
    }
  };

  const save = () => {
    saving ??= saveLoop().finally(() => {
      saving = null;
    });
    return saving;
  };

  /** Waits for the check-ins on screen to be written (before the sheet, a reprint or a reload). */
  const flush = async () => {
    while (saving) await saving;
    if (pending.length > 0) await save();
  };

  /**
   * Applies a change on screen, records its undo, and saves in the background, after the screen has
   * been drawn (sending the event file is work the check-in's redraw need not wait for).
   */
  const change = (op: Op, undo: DeskUndo | null, announcement: string) => {
    const s = store.get();
    if (!s.event) return;
    pending.push(op);
    set((x) => ({ ...x, event: op(x.event!), unsaved: pending.length, undo: undo ? [...x.undo, undo] : x.undo, announcement, notice: null }));
    afterPaint(() => void save());
  };

  return { change, flush, pendingCount: () => pending.length };
}
