// The library's file actions on the ticked rows: Print event pack… and Move to trash… for any number,
// Export PDF…, Duplicate, Rename…, Save As… and Show in folder for exactly one. Every button says
// what it acts on; a button that needs one row is disabled (with the reason as its description)
// when more or fewer are ticked. The examples are read-only: they can be printed, copied into the
// library (Duplicate), saved elsewhere or shown, not renamed or moved to the trash.
import type { LibraryEntry } from '../../core/ipc/contract';
import { useT } from '../app/i18n';
import { displayName } from './library-order';
import { usePrintUi } from '../print/print-ui';

export function LibraryActions({ selected, examples }: { selected: readonly LibraryEntry[]; examples: boolean }) {
  const { t, tn } = useT();
  const ui = usePrintUi();
  const one = selected.length === 1 ? selected[0]! : null;
  const readable = one !== null && one.status !== 'unreadable';
  const none = selected.length === 0;
  const hint = one ? undefined : 'library-actions-hint';
  return (
    <div className="library-actions" role="group" aria-label={t('libraryActions.toolbar')}>
      <p className="selected-count" role="status">
        {none ? t('libraryActions.noneSelected') : tn('libraryActions.selected', selected.length)}
      </p>
      <span id="library-actions-hint" className="visually-hidden">
        {t('libraryActions.needsOne')}
      </span>
      <button type="button" className="primary" disabled={none} onClick={() => ui.openPack()}>
        {t('libraryActions.printPack')}
      </button>
      <button type="button" disabled={!readable} aria-describedby={hint} onClick={() => one && void ui.openExportFor(one)}>
        {t('character.exportPdf')}
      </button>
      <button type="button" disabled={!readable} aria-describedby={hint} onClick={() => one && void ui.duplicate(one)}>
        {t(examples ? 'libraryActions.copyToLibrary' : 'libraryActions.duplicate')}
      </button>
      {!examples && (
        <button type="button" disabled={!one} aria-describedby={hint} onClick={() => one && ui.openRename(one)}>
          {t('libraryActions.rename')}
        </button>
      )}
      <button type="button" disabled={!readable} aria-describedby={hint} onClick={() => one && void ui.saveAs(one)}>
        {t('character.saveAs')}
      </button>
      <button type="button" disabled={!one} aria-describedby={hint} onClick={() => one && void ui.showInFolder(one)}>
        {t('character.showInFolder')}
      </button>
      {!examples && (
        <button type="button" className="danger" disabled={none} onClick={() => ui.openDelete()}>
          {t('libraryActions.trash')}
        </button>
      )}
      {one && <span className="visually-hidden">{t('libraryActions.actingOn', { name: displayName(one) })}</span>}
    </div>
  );
}
