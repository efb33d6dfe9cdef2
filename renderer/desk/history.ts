// The desk's one undo history: every action this desk made in this session (check-ins, check-outs,
// and all that Record… records: deaths, returns, transfers, new characters, notes…), undone and
// redone in order with Undo and Redo (Ctrl+Z, Ctrl+Shift+Z or Ctrl+Y). How the entries are made is
// core/desk/undo-redo.ts. Check-ins are undone in the window, as they were made; everything else
// through Record… in the main process, so that the character files follow the ledger (a death
// undone makes the file active again).
//
// Undo and redo run one at a time, in the order asked: two quick Ctrl+Z take back two steps.
import type { QuartermasterApi, RecordRequest, RecordResult } from '../../core/ipc/contract';
import { undoEntries, type UndoStep } from '../../core/desk/checkin';
import type { LedgerEntry } from '../../core/desk/entries';
import type { Stamp } from '../../core/desk/ledger';
import { cancelsOf, leftAfterDeaths, redoneStep, RETIRED_AFTER_UNDONE_DEATH, targetsOf, undoneStep, type DeskStep, type StepTarget } from '../../core/desk/undo-redo';
import { errorMessage } from '../app/api';
import type { Change } from './append';
import type { DeskStore } from './store';
import { t } from '../app/i18n';

export type DeskHistoryDeps = {
  store: DeskStore;
  api: QuartermasterApi;
  change: (make: Change) => void;
  flush: () => Promise<void>;
  stamp: () => Stamp;
  /** Shows what the main process recorded (the ledger's new entries and the folder as it left it). */
  applyRecorded: (result: RecordResult) => void;
  notify: (kind: 'info' | 'error', text: string) => void;
  announce: (text: string) => void;
  /** A step in words ("the death of Brannoc"), for what is announced. */
  words: (step: DeskStep) => string;
};

export function createDeskHistory(deps: DeskHistoryDeps) {
  const { store, api } = deps;
  const set = store.set;
  let queue: Promise<void> = Promise.resolve();
  let waiting = 0;
  // With nothing waiting, the work starts at once (an undo of a check-in is shown in the same
  // instant); otherwise after what was asked before it.
  const enqueue = (work: () => Promise<void> | void) => {
    const run = async () => {
      try {
        await work();
      } catch (e) {
        deps.notify('error', t('desk.record.failed', { message: errorMessage(e) }));
      } finally {
        waiting--;
      }
    };
    waiting++;
    queue = waiting === 1 ? run() : queue.then(run);
    return queue;
  };

  const args = () => {
    const s = store.get();
    if (!s.desk || s.desk.eventFile.kind !== 'file') return null;
    return { folder: s.desk.folder, eventFile: s.desk.eventFile.path };
  };

  /** Appends undos of `targets` through Record… (one append, the files settled once) plus `more`; the entries made. */
  const recordUndos = async (targets: readonly StepTarget[], more: RecordRequest[] = []): Promise<StepTarget[] | null> => {
    await deps.flush();
    const where = args();
    if (!where) return null;
    const request: RecordRequest[] = [...targets.map((x): RecordRequest => ({ kind: 'undo', target: x.id, ...(x.character ? { character: x.character } : {}) })), ...more];
    const result = await api.recordDesk({ ...where, request });
    deps.applyRecorded(result);
    const made = new Set(result.made);
    return targetsOf(result.entries.filter((e) => made.has(e.id)));
  };

  /** Appends undos of `targets` from the window (check-ins and check-outs: no file follows them); the entries made. */
  const windowUndos = (targets: readonly StepTarget[], announcement: string): StepTarget[] => {
    let made: LedgerEntry[] = [];
    deps.change((event) => {
      // Given in the order they were made: undoEntries aims at the newest first.
      const steps: UndoStep[] = targets.map((x) => ({ id: x.character ?? '', entries: [x.id], action: 'check-in' }));
      made = undoEntries(event, steps, deps.stamp());
      return { entries: made, step: null, announcement };
    });
    return targetsOf(made);
  };

  const playerOf = (id: string) => store.get().desk?.rows.find((r) => r.id?.toLowerCase() === id.toLowerCase())?.player;

  /** After an undo: the new characters made after a death it undid, offered to undo too. */
  const offerConsequences = (step: DeskStep) => {
    const event = store.get().event;
    const left = event ? leftAfterDeaths(event, step.made.map((x) => x.id), playerOf) : [];
    set((s) => ({ ...s, consequence: left.length > 0 ? { step, left } : null }));
  };

  const move = (from: 'history' | 'redo', step: DeskStep, to: 'history' | 'redo', next: DeskStep) =>
    set((s) => ({ ...s, [from]: s[from].filter((x) => x !== step), [to]: [...s[to], next] }));

  return {
    /** Adds an action Record… made (in the main process) to the history; a new action empties the redo list. */
    recorded(result: RecordResult) {
      const made = new Set(result.made);
      const targets = targetsOf(result.entries.filter((e) => made.has(e.id)));
      if (targets.length === 0) return;
      const step: DeskStep = { made: targets, undone: [], via: 'record' };
      set((s) => ({ ...s, history: [...s.history, step], redo: [], consequence: null }));
    },

    /** Takes back the last action of the history. */
    undo() {
      return enqueue(async () => {
        const step = store.get().history.at(-1);
        if (!step) return;
        const said = t('desk.history.undone', { Step: deps.words(step) });
        set((s) => ({ ...s, consequence: null }));
        if (step.via === 'window') {
          const undone = windowUndos(step.made, said);
          if (undone.length > 0) move('history', step, 'redo', undoneStep(step, undone));
          return;
        }
        const undone = await recordUndos(cancelsOf(step, 'undo'));
        if (!undone) return;
        const next = undoneStep(step, undone);
        move('history', step, 'redo', next);
        deps.announce(said);
        offerConsequences(next);
      });
    },

    /** Does again the last action undone. */
    redo() {
      return enqueue(async () => {
        const step = store.get().redo.at(-1);
        if (!step) return;
        const said = t('desk.history.redone', { Step: deps.words(step) });
        set((s) => ({ ...s, consequence: null }));
        if (step.via === 'window') {
          if (windowUndos(step.undone, said).length > 0) move('redo', step, 'history', redoneStep(step));
          return;
        }
        if (!(await recordUndos(cancelsOf(step, 'redo')))) return;
        move('redo', step, 'history', redoneStep(step));
        deps.announce(said);
      });
    },

    /**
     * The ledger panel's Undo of one entry (this desk's or another's): an undo like the toolbar's,
     * so Redo puts the entry back; a step of this session that made the entry leaves the history.
     */
    undoEntry(id: string, character?: string) {
      return enqueue(async () => {
        const target: StepTarget = character ? { id, character: character.toLowerCase() } : { id };
        const undone = await recordUndos([target]);
        if (!undone) return;
        const step: DeskStep = { made: [target], undone, via: 'record' };
        set((s) => ({
          ...s,
          history: s.history.map((x) => ({ ...x, made: x.made.filter((m) => m.id !== id) })).filter((x) => x.made.length > 0),
          redo: [...s.redo, step],
        }));
        deps.announce(t('desk.history.undone', { Step: deps.words(step) }));
        offerConsequences(step);
      });
    },

    /**
     * Undoes what the last undo left standing too: each new character made after the death is
     * undone and retired (its file is kept, out of play, read-only; the ledger keeps why). It joins
     * the undone step, so Redo brings back the death and the new character together.
     */
    undoConsequences() {
      return enqueue(async () => {
        const c = store.get().consequence;
        if (!c) return;
        const targets = c.left.map((l) => ({ id: l.entry.id, character: l.entry.character }));
        const retire = c.left.map((l): RecordRequest => ({ kind: 'retired', character: l.entry.character, reason: RETIRED_AFTER_UNDONE_DEATH }));
        const made = await recordUndos(targets, retire);
        if (!made) return;
        set((s) => {
          const at = s.redo.indexOf(c.step);
          if (at < 0) return { ...s, consequence: null, history: [...s.history, { made, undone: [], via: 'record' }], redo: [] };
          const redo = [...s.redo];
          redo[at] = undoneStep(c.step, made);
          return { ...s, consequence: null, redo };
        });
        deps.announce(t('desk.history.alsoUndone', { names: c.left.map((l) => deps.words({ made: [{ id: l.entry.id }], undone: [], via: 'record' })).join(', ') }));
      });
    },

    /** Leaves what the last undo left standing as it is. */
    keepConsequences() {
      set((s) => ({ ...s, consequence: null }));
    },

    /** Resolves once every undo and redo asked for is done. */
    settled: () => queue,
  };
}
