// The print dialogs (Export PDF…, Print event pack…) and the library's file actions (duplicate,
// rename, move to the trash, import, Save As…, show in folder): which dialog is open, which library
// rows are selected, and the functions the dialogs and toolbars call. It has its own small store
// beside the app's; notices and the library listing go through the app's store and actions.
import { createContext, useContext, useSyncExternalStore } from 'react';
import { withCalibration, type LibraryEntry, type MenuCommand, type PackResult, type PrintChoice, type PrintPreview, type PrintProgress, type QuartermasterApi } from '../../core/ipc/contract';
import type { Character } from '../../core/model/character';
import type { GameId } from '../../core/model/ids';
import type { Actions } from '../app/actions';
import { errorMessage } from '../app/api';
import { displayName } from '../library/library-order';
import { rememberPrint, type RememberedPrint } from './print-options';
import { createStore, type AppStore, type Notice, type Store } from '../app/store';
import { t, tn } from '../app/strings';

export type PrintDialog =
  | null
  | { kind: 'export'; path: string; character: Character }
  | { kind: 'pack'; entries: LibraryEntry[] }
  | { kind: 'rename'; entry: LibraryEntry }
  | { kind: 'delete'; entries: LibraryEntry[] };

export type PrintUiState = {
  dialog: PrintDialog;
  /** Paths of the library rows ticked. */
  selected: ReadonlySet<string>;
  /** The last print's layout and the groups the user left out per game, offered again in this session. */
  remembered: RememberedPrint | null;
};

const NONE: ReadonlySet<string> = new Set();

export type PrintUi = ReturnType<typeof createPrintUi>;

export function createPrintUi(app: { store: AppStore; api: QuartermasterApi; actions: Actions }) {
  const { api, actions } = app;
  const store: Store<PrintUiState> = createStore<PrintUiState>({ dialog: null, selected: NONE, remembered: null });
  const set = store.set;
  const notify = (notice: Notice) => app.store.set((s) => ({ ...s, notice }));
  const fail = (message: string) => notify({ kind: 'error', text: message });
  const screen = () => app.store.get().screen;
  const listing = () => app.store.get().library.listing?.entries ?? [];
  /** The ticked rows that are still listed, in listing order. */
  const selectedEntries = () => {
    const selected = store.get().selected;
    return listing().filter((e) => selected.has(e.path));
  };
  const show = (dialog: PrintDialog) => set((s) => ({ ...s, dialog }));
  const select = (paths: Iterable<string>) => set((s) => ({ ...s, selected: new Set(paths) }));
  const onlyOne = (): LibraryEntry | null => {
    const chosen = selectedEntries();
    if (chosen.length === 1) return chosen[0]!;
    notify({ kind: 'info', text: t('libraryActions.selectOne') });
    return null;
  };

  const ui = {
    store,

    close() {
      show(null);
    },

    // ---- selection ----

    toggle(path: string) {
      set((s) => {
        const selected = new Set(s.selected);
        if (selected.has(path)) selected.delete(path);
        else selected.add(path);
        return { ...s, selected };
      });
    },

    /** Ticks (or unticks) every one of these rows, leaving the others as they are. */
    setAll(paths: readonly string[], on: boolean) {
      set((s) => {
        const selected = new Set(s.selected);
        for (const p of paths) {
          if (on) selected.add(p);
          else selected.delete(p);
        }
        return { ...s, selected };
      });
    },

    selectedEntries,

    // ---- printing ----

    /** Export PDF… for the open character (its unsaved edits included). */
    openExport() {
      const s = screen();
      if (s.kind !== 'character') return;
      show({ kind: 'export', path: s.doc.path, character: s.doc.character });
    },

    /** Export PDF… for a library row, without opening it in the editor. */
    async openExportFor(entry: LibraryEntry) {
      try {
        const result = await api.openCharacter({ path: entry.path });
        if (!result.ok) return fail(t('libraryActions.unreadable', { name: displayName(entry), message: result.problem.message }));
        show({ kind: 'export', path: result.opened.path, character: result.opened.character });
      } catch (e) {
        fail(t('character.openFailed', { message: errorMessage(e) }));
      }
    },

    /** Print event pack… for the ticked rows. */
    openPack() {
      const entries = selectedEntries();
      if (entries.length === 0) return notify({ kind: 'info', text: t('libraryActions.selectFirst') });
      show({ kind: 'pack', entries });
    },

    /** Remembers a print of characters of these games (see print-options.ts rememberPrint). */
    remember(choice: PrintChoice, rulesets: Iterable<GameId | null>) {
      set((s) => ({ ...s, remembered: rememberPrint(s.remembered, choice, rulesets) }));
      ui.keepCalibration(choice);
    },

    /** The main process keeps a print's corrections for its printer and sheet; so does the window's copy. */
    keepCalibration(choice: PrintChoice) {
      app.store.set((s) => ({ ...s, printers: { calibrations: withCalibration(s.printers.calibrations, choice), printer: choice.printer.trim() } }));
    },

    /** Writes and opens the calibration page; returns an error message for the dialog, or null. */
    async printCalibration(print: PrintChoice): Promise<string | null> {
      try {
        const result = await api.printCalibration({ print });
        if (!result) return null;
        ui.keepCalibration(print);
        notify({ kind: 'info', text: t('print.calibrationSaved', { path: result.path }) });
        return null;
      } catch (e) {
        return t('print.calibrationFailed', { message: errorMessage(e) });
      }
    },

    preview(path: string, character: Character, print: PrintChoice): Promise<PrintPreview> {
      return api.previewPrint({ path, character, print });
    },

    /** Exports; returns an error message for the dialog, or null when done (or the save dialog was cancelled: 'cancelled'). */
    async exportPdf(path: string, character: Character, print: PrintChoice): Promise<string | null | 'cancelled'> {
      ui.remember(print, [character.ruleset]);
      try {
        const result = await api.exportPdf({ path, character, print });
        if (!result) return 'cancelled';
        show(null);
        notify({ kind: 'info', text: t('print.exported', { path: result.path }) });
        return null;
      } catch (e) {
        return t('character.pdfFailed', { message: errorMessage(e) });
      }
    },

    /** Prints the pack; progress goes to `onProgress` while it runs. Errors are thrown for the dialog. */
    async printPack(entries: readonly LibraryEntry[], print: PrintChoice, onProgress: (p: PrintProgress) => void): Promise<PackResult | null> {
      ui.remember(print, entries.map((e) => e.ruleset));
      const off = api.onPrintProgress?.(onProgress);
      try {
        return await api.printPack({ paths: entries.map((e) => e.path), print });
      } finally {
        off?.();
      }
    },

    cancelPrint() {
      return api.cancelPrint().catch(() => undefined);
    },

    // ---- file actions ----

    async duplicate(entry: LibraryEntry) {
      try {
        const copy = await api.duplicateCharacter({ path: entry.path });
        await actions.loadLibrary();
        select([copy.path]);
        notify({ kind: 'info', text: t('libraryActions.duplicated', { name: displayName(entry), file: fileNameOf(copy.path) }) });
      } catch (e) {
        fail(t('libraryActions.failed', { message: errorMessage(e) }));
      }
    },

    openRename(entry: LibraryEntry) {
      show({ kind: 'rename', entry });
    },

    /** Renames the file; returns an error message for the dialog, or null when done. */
    async rename(entry: LibraryEntry, fileName: string): Promise<string | null> {
      try {
        const { path } = await api.renameCharacter({ path: entry.path, fileName });
        show(null);
        await actions.loadLibrary();
        select([path]);
        notify({ kind: 'info', text: t('libraryActions.renamed', { from: entry.fileName, to: fileNameOf(path) }) });
        return null;
      } catch (e) {
        return errorMessage(e);
      }
    },

    openDelete() {
      const entries = selectedEntries();
      if (entries.length === 0) return notify({ kind: 'info', text: t('libraryActions.selectFirst') });
      show({ kind: 'delete', entries });
    },

    /** Moves the files to the system trash, one by one; says which could not be moved. */
    async remove(entries: readonly LibraryEntry[]) {
      show(null);
      const failed: string[] = [];
      for (const entry of entries) {
        try {
          await api.deleteCharacter({ path: entry.path });
        } catch (e) {
          failed.push(`${entry.fileName}: ${errorMessage(e)}`);
        }
      }
      set((s) => ({ ...s, selected: NONE }));
      await actions.loadLibrary();
      const moved = entries.length - failed.length;
      if (failed.length > 0) fail(t('libraryActions.trashFailed', { moved, problems: failed.join('; ') }));
      else notify({ kind: 'info', text: tn('libraryActions.trashed', moved) });
    },

    async importFiles() {
      try {
        const imported = await api.importCharacters();
        if (imported.length === 0) return;
        await actions.loadLibrary();
        select(imported);
        notify({ kind: 'info', text: tn('libraryActions.imported', imported.length) });
      } catch (e) {
        fail(t('libraryActions.failed', { message: errorMessage(e) }));
      }
    },

    /** Save As… for a library row: a copy of the file where the user chooses. */
    async saveAs(entry: LibraryEntry) {
      try {
        const opened = await api.openCharacter({ path: entry.path });
        if (!opened.ok) return fail(t('libraryActions.unreadable', { name: displayName(entry), message: opened.problem.message }));
        const result = await api.saveCharacterAs({ character: opened.opened.character });
        if (!result) return;
        if (!result.ok) return fail(t('character.saveFailed', { message: result.message }));
        await actions.loadLibrary();
        notify({ kind: 'info', text: t('libraryActions.savedAs', { path: result.path }) });
      } catch (e) {
        fail(t('character.saveFailed', { message: errorMessage(e) }));
      }
    },

    async showInFolder(entry: LibraryEntry) {
      try {
        await api.showInFolder({ path: entry.path });
      } catch (e) {
        fail(t('libraryActions.failed', { message: errorMessage(e) }));
      }
    },

    /**
     * Menu commands that concern these dialogs or the library selection; true when handled here
     * (the others go to the app's actions). Ignored while a dialog is open.
     */
    menuCommand(command: MenuCommand): boolean {
      const s = screen();
      const busy = app.store.get().prompt !== null || store.get().dialog !== null;
      switch (command) {
        case 'export-pdf':
          if (busy) return true;
          if (s.kind === 'character') ui.openExport();
          else if (s.kind === 'library') {
            const one = onlyOne();
            if (one) void ui.openExportFor(one);
          }
          return true;
        case 'print-event-pack':
          if (busy) return true;
          if (s.kind === 'library') ui.openPack();
          else notify({ kind: 'info', text: t('libraryActions.packFromLibrary') });
          return true;
        case 'save-as':
        case 'show-in-folder': {
          if (s.kind !== 'library') return false;
          if (busy) return true;
          const one = onlyOne();
          if (one) void (command === 'save-as' ? ui.saveAs(one) : ui.showInFolder(one));
          return true;
        }
        default:
          return false;
      }
    },
  };
  return ui;
}

function fileNameOf(path: string): string {
  return path.split(/[\\/]/).pop() ?? path;
}

const uis = new WeakMap<AppStore, PrintUi>();

/** The one print UI of an app (created on first use). */
export function printUiFor(app: { store: AppStore; api: QuartermasterApi; actions: Actions }): PrintUi {
  let ui = uis.get(app.store);
  if (!ui) uis.set(app.store, (ui = createPrintUi(app)));
  return ui;
}

export const PrintUiContext = createContext<PrintUi | null>(null);

export function usePrintUi(): PrintUi {
  const ui = useContext(PrintUiContext);
  if (!ui) throw new Error('usePrintUi: no PrintUiContext provider');
  return ui;
}

export function usePrintUiState<T>(selector: (state: PrintUiState) => T): T {
  const ui = usePrintUi();
  return useSyncExternalStore(ui.store.subscribe, () => selector(ui.store.get()));
}
