// What the desk view can do, as functions over the desk store and the main-process API.
//
// Check-ins are ledger entries (core/desk/checkin.ts), appended to the event file by the main
// process and shown once on disk (./desk-append.ts). Undo is an entry too.
import type { BookingsImport, DeskFolder, PrintChoice, QuartermasterApi, RecordResult, ReprintPlan } from '../../core/ipc/contract';
import { checkIn, checkInAll, checkOut } from '../../core/desk/checkin';
import { windowStep, type DeskStep } from '../../core/desk/undo-redo';
import type { Stamp } from '../../core/desk/ledger';
import { randomUuid } from '../../core/format/uuid';
import { entryOf } from '../../core/desk/fold';
import { isoLocal } from '../../core/desk/sheet';
import { errorMessage } from '../app/api';
import { createDeskLedger } from './append';
import { createDeskHistory } from './history';
import { capitalised, stepNames, stepWords } from './step-words';
import { initialDeskState, type DeskFilter, type DeskState, type DeskStore } from './store';
import { t, tools } from '../app/i18n';

export type DeskActions = ReturnType<typeof createDeskActions>;

/** A check-out this soon after the same window checked the character in is taken for the second click of a double click. */
export const DOUBLE_CLICK_MS = 800;

export type DeskActionOptions = {
  /** The desk's clock (check-in times); tests inject one. */
  now?: () => Date;
};

export function createDeskActions(store: DeskStore, api: QuartermasterApi, options: DeskActionOptions = {}) {
  const set = store.set;
  const now = options.now ?? (() => new Date());
  /** When this window last checked each character in (by the computer's clock). */
  const justIn = new Map<string, number>();

  const notify = (kind: 'info' | 'error', text: string) => set((s) => ({ ...s, notice: { kind, text } }));
  const announce = (announcement: string) => set((s) => ({ ...s, announcement }));

  const eventPath = (s: DeskState = store.get()) => (s.desk?.eventFile.kind === 'file' ? s.desk.eventFile.path : null);
  /** The folder and its whole ledger read again (after an append that failed or was numbered otherwise). */
  const reloadLedger = async () => {
    const s = store.get();
    const path = eventPath(s);
    if (!s.desk || !path) return;
    showFolder(await api.loadEventFolder({ folder: s.desk.folder, eventFile: path }), true);
  };
  const ledger = createDeskLedger(store, api, notify, eventPath, reloadLedger);
  const { change, flush, pendingCount } = ledger;

  /**
   * Shows a folder as read from disk (callers flush first). Its event file's entries, when sent,
   * become the window's ledger; sent without them, the ledger the window holds stays.
   */
  const showFolder = (desk: DeskFolder, keepUndo: boolean) => {
    const file = desk.eventFile.kind === 'file' ? desk.eventFile : null;
    const event = file === null ? ledger.reset(null, null, null) : file.entries !== null ? ledger.reset(file.path, file.header, file.entries, file.season?.place) : (ledger.reseason(file.path, file.season?.place) ?? store.get().event);
    // Another folder starts with an empty search and nothing said about the last one.
    const other = store.get().desk?.folder !== desk.folder;
    set((s) => ({
      ...s,
      desk,
      event,
      ...(other ? { filter: initialDeskState.filter, notice: null, announcement: '' } : {}),
      saveFailed: false,
      ...(keepUndo && s.desk?.folder === desk.folder ? {} : { history: [], redo: [], consequence: null }),
      reprint: keepUndo ? s.reprint : null,
      verify: keepUndo ? s.verify : null,
    }));
  };

  /** The folder read again: without the ledger when the window holds all of it. */
  const loadFolder = async (folder: string, file: string | undefined) => {
    const light = await api.loadEventFolder({ folder, ...(file ? { eventFile: file } : {}), ledger: false });
    if (light.eventFile.kind !== 'file' || ledger.holds(light.eventFile.path, light.eventFile.count)) return light;
    return api.loadEventFolder({ folder, eventFile: light.eventFile.path });
  };

  /** A check-in on a day outside the event's dates is made, with a warning saying so. */
  const warnOutsideDates = (at: string) => {
    const event = store.get().event;
    const day = at.slice(0, 10);
    if (!event || (day >= event.dates.start && day <= event.dates.end)) return;
    const f = tools();
    notify('error', t('desk.outsideDates', { day: f.day(day), start: f.day(event.dates.start), end: f.day(event.dates.end) }));
  };

  const run = async <T>(busy: DeskState['busy'], work: () => Promise<T>, failKey: Parameters<typeof t>[0]): Promise<T | undefined> => {
    set((s) => ({ ...s, busy, notice: null }));
    try {
      return await work();
    } catch (e) {
      notify('error', t(failKey, { message: errorMessage(e) }));
      return undefined;
    } finally {
      set((s) => ({ ...s, busy: null }));
    }
  };

  const folderArgs = () => {
    const s = store.get();
    if (!s.desk) throw new Error('no event folder is open');
    const path = eventPath(s);
    return { folder: s.desk.folder, ...(path ? { eventFile: path } : {}) };
  };

  /** Who makes the entries: this desk (from the main process's settings), now. */
  const stamp = (): Stamp => {
    const desk = store.get().desk?.deskIdentity;
    return { at: isoLocal(now()), desk: desk?.name ?? 'desk', ...(desk ? { deskId: desk.id } : {}), newId: randomUuid };
  };
  /** Shows the folder `read` answers (null: none chosen); the folder shown, or null. */
  const openWith = async (read: () => Promise<DeskFolder | null>): Promise<string | null> => {
    await flush();
    const shown = await run(
      'open',
      async () => {
        const desk = await read();
        if (desk) showFolder(desk, false);
        return desk?.folder ?? null;
      },
      'desk.openFailed',
    );
    return shown ?? null;
  };

  /** Shows what the main process recorded: its entries and the folder as it left the files. */
  const applyRecorded = (result: Pick<RecordResult, 'desk' | 'entries'>) => {
    showFolder(result.desk, true);
    ledger.apply(result.entries);
  };

  const words = (step: DeskStep) => stepWords(step, stepNames(store.get()), t);
  const history = createDeskHistory({ store, api, change, flush, stamp, applyRecorded, notify, announce, words: (step) => capitalised(words(step)) });

  const actions = {
    /** Waits for the check-ins on screen to be saved (Record… writes the event file in the main process). */
    async flushed() {
      await flush();
    },

    /** Shows what Record… recorded and the folder as the main process left it (electron/desk/record.ts). */
    showRecorded(result: RecordResult, announcement: string) {
      applyRecorded(result);
      history.recorded(result);
      announce(announcement);
    },

    /** Shows what an approval or sending back recorded (docs/season.md): not a step of the undo history, as its files moved. */
    showDecision(result: Pick<RecordResult, 'desk' | 'entries'>, announcement: string) {
      applyRecorded(result);
      announce(announcement);
    },

    /** Takes back the last action of this desk (check-in, death, transfer…); Redo does it again. */
    undo: () => history.undo(),
    redo: () => history.redo(),
    /** The ledger panel's Undo of one entry: Redo puts it back. */
    undoEntry: (id: string, character?: string) => history.undoEntry(id, character),
    /** Undoes too what the last undo left standing (the new character made after a death). */
    undoConsequences: () => history.undoConsequences(),
    keepConsequences: () => history.keepConsequences(),
    /** A step of the history in words, for its button ("death of Brannoc"). */
    stepWords: words,

    notify,

    /** Asks for an event folder and shows it; the folder shown, or null when none was chosen. */
    openFolder(): Promise<string | null> {
      return openWith(() => api.openEventFolder());
    },

    /** Shows an event folder the main process granted (a drop), with the named event file. */
    openGrantedFolder(folder: string, eventFile?: string): Promise<string | null> {
      return openWith(() => api.loadEventFolder({ folder, ...(eventFile ? { eventFile } : {}) }));
    },

    /** Reads the folder again (after characters were changed on disk), with `eventFile` when there are several. */
    async reload(eventFile?: string) {
      const s = store.get();
      if (!s.desk) return;
      await flush();
      const file = eventFile ?? eventPath(store.get()) ?? undefined;
      const folder = s.desk.folder;
      await run(
        'load',
        async () => {
          const desk = eventFile === undefined ? await loadFolder(folder, file) : await api.loadEventFolder({ folder, eventFile });
          showFolder(desk, eventFile === undefined);
        },
        'desk.openFailed',
      );
    },

    /** Puts back the newest backup of an event file that does not open (the main process keeps the broken one) and shows the folder as it is then. */
    async restoreBackup(backupId: string) {
      const s = store.get();
      if (!s.desk || s.desk.eventFile.kind !== 'bad') return;
      const args = { folder: s.desk.folder, eventFile: s.desk.eventFile.path, backupId };
      const done = await run('load', () => api.restoreEventBackup(args), 'desk.restore.failed');
      if (!done) return;
      showFolder(done.desk, false);
      const { restored, keptAs } = done;
      notify('info', tools().tn('desk.restore.done', restored.entries, { when: tools().dateTime(restored.savedMs), added: restored.addedBack, kept: keptAs }));
    },

    async createEvent(init: { name: string; game: string; start: string; end: string }): Promise<boolean> {
      const s = store.get();
      if (!s.desk) return false;
      const folder = s.desk.folder;
      const done = await run(
        'create',
        async () => {
          showFolder(await api.createEvent({ folder, ...init }), true);
          return true;
        },
        'desk.createFailed',
      );
      return done === true;
    },

    checkIn(id: string, name: string) {
      const st = stamp();
      justIn.set(id.toLowerCase(), Date.now());
      change((event) => {
        const { entries } = checkIn(event, id, st);
        return { entries, step: windowStep(entries), announcement: t('desk.checkedInNamed', { name, time: tools().when(st.at, now()) }) };
      });
      warnOutsideDates(st.at);
    },

    /** Checks in the character of the card just verified (when it matched and is not in yet). */
    checkInVerified(): boolean {
      const s = store.get();
      const v = s.verify;
      if (v?.kind !== 'match' || !s.event || !s.desk || s.desk.eventFile.kind !== 'file') return false;
      if (entryOf(s.event, v.id).checkedInAt) return false;
      const row = s.desk.rows.find((r) => r.id === v.id);
      if (!row || row.errors.some((e) => e.code === 'desk.duplicate-id')) return false;
      actions.checkIn(v.id, v.name.trim() || t('library.unnamed'));
      return true;
    },

    checkOut(id: string, name: string) {
      // The check-in is shown at once and the row's button becomes "Check out" where the volunteer
      // just clicked: a double click (or a second Enter) must not take the player straight out again.
      const inAt = justIn.get(id.toLowerCase());
      if (inAt !== undefined && Date.now() - inAt < DOUBLE_CLICK_MS) return;
      const st = stamp();
      change((event) => {
        const { entries } = checkOut(event, id, st);
        return { entries, step: windowStep(entries), announcement: t('desk.checkedOutNamed', { name }) };
      });
    },

    /** Checks in every character of a player at once (one undo step for the lot). */
    checkInPlayer(ids: readonly string[], player: string) {
      if (ids.length === 0) return;
      const st = stamp();
      change((event) => {
        const { entries } = checkInAll(event, ids, st);
        return { entries, step: windowStep(entries, player), announcement: t('desk.checkedInNamed', { name: player, time: tools().when(st.at, now()) }) };
      });
      warnOutsideDates(st.at);
    },

    setFilter(patch: Partial<DeskFilter>) {
      set((s) => ({ ...s, filter: { ...s.filter, ...patch } }));
    },

    dismissNotice() {
      set((s) => ({ ...s, notice: null }));
    },

    async exportSheet(format: 'pdf' | 'csv') {
      await flush();
      await run(
        format === 'pdf' ? 'sheet-pdf' : 'sheet-csv',
        async () => {
          const written = await api.exportCheckInSheet({ ...folderArgs(), format });
          if (written) notify('info', t(format === 'pdf' ? 'desk.sheetPdfSaved' : 'desk.sheetCsvSaved', { path: written.path }));
        },
        'desk.sheetFailed',
      );
    },

    /** Asks for a booking list and imports it (electron/desk/bookings.ts); the outcome, or null when cancelled or failed. Undo takes the import back. */
    async importBookings(): Promise<BookingsImport | null> {
      await flush();
      const where = folderArgs();
      if (!where.eventFile) return null;
      const outcome = await run('bookings', () => api.importBookings({ folder: where.folder, eventFile: where.eventFile! }), 'desk.bookings.failed');
      if (!outcome) return null;
      if (outcome.ok) {
        applyRecorded(outcome);
        history.recorded(outcome);
        announce(t('desk.bookings.imported', { file: outcome.file, added: outcome.added, changed: outcome.changed, unchanged: outcome.unchanged }));
      }
      return outcome;
    },

    async exportCharacters() {
      await flush();
      await run(
        'export',
        async () => {
          const written = await api.exportCharacters(folderArgs());
          if (written) notify('info', t('desk.bookings.exported', { path: written.path }));
        },
        'desk.bookings.exportFailed',
      );
    },

    /** What "reprint changed" would print with this choice (how many characters, cards and pages). */
    async previewReprint(print?: PrintChoice): Promise<ReprintPlan | null> {
      await flush();
      const s = store.get();
      const path = eventPath(s);
      if (!s.desk || !path) return null;
      return api.previewReprint({ folder: s.desk.folder, eventFile: path, ...(print ? { print } : {}) });
    },

    async reprintChanged(print?: PrintChoice) {
      await flush();
      const s = store.get();
      const path = eventPath(s);
      if (!s.desk || !path) return;
      const folder = s.desk.folder;
      await run(
        'reprint',
        async () => {
          const outcome = await api.reprintChanged({ folder, eventFile: path, ...(print ? { print } : {}) });
          if (outcome === null) return;
          if (outcome.kind === 'printed') ledger.apply(outcome.entries);
          set((x) => ({ ...x, reprint: outcome }));
          announce(outcome.kind === 'printed' ? t('desk.reprintDone', { path: outcome.path }) : t('desk.reprintNothing'));
        },
        'desk.reprintFailed',
      );
    },

    dismissReprint() {
      set((s) => ({ ...s, reprint: null }));
    },

    async verify(text: string) {
      await run(
        'verify',
        async () => {
          const verify = await api.verifyCard({ ...folderArgs(), text });
          set((s) => ({ ...s, verify, scans: s.scans + 1 }));
        },
        'desk.verifyFailed',
      );
    },

    /**
     * Gives a copied character file a new id (backed up, atomic) and reads the folder again. The
     * event's records (check-in, prints) stay with the id, so with the other file: the original.
     */
    async giveNewId(file: string, name: string) {
      const s = store.get();
      if (!s.desk) return;
      const folder = s.desk.folder;
      await flush();
      await run(
        'new-id',
        async () => {
          await api.giveNewId({ path: file, folder });
          showFolder(await loadFolder(folder, eventPath(store.get()) ?? undefined), true);
          notify('info', t('desk.newIdDone', { name, file: file.slice(folder.length + 1) || file }));
        },
        'desk.newIdFailed',
      );
    },

    /**
     * Reads the folder again without a word (a character was saved in the editor or changed on disk):
     * check-ins on screen are written first, undo steps and the filter stay.
     */
    async refresh() {
      const s = store.get();
      if (!s.desk || s.busy !== null) return;
      const folder = s.desk.folder;
      const file = eventPath(s);
      await flush();
      try {
        const desk = await loadFolder(folder, file ?? undefined);
        // Something else may have started meanwhile (another folder opened): then this read is stale.
        const now = store.get();
        if (now.desk?.folder === folder && now.busy === null && pendingCount() === 0) showFolder(desk, true);
      } catch {
        /* the next refresh or a Reload says why */
      }
    },

    clearVerify() {
      set((s) => ({ ...s, verify: null }));
    },

    /** Resolves once every check-in on screen is written (or failed). */
    flush,

    /** The desk's clock. */
    now,
  };
  return actions;
}

const made = new WeakMap<DeskStore, DeskActions>();

/** The desk's actions for this store, made once (their save queue outlives the view). */
export function deskActionsFor(store: DeskStore, api: QuartermasterApi, options: DeskActionOptions = {}): DeskActions {
  let actions = made.get(store);
  if (!actions) {
    actions = createDeskActions(store, api, options);
    made.set(store, actions);
  }
  return actions;
}
