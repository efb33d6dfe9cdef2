// Move to trash…: asks before moving the ticked character files to the system trash (from where
// they can be put back). The safe answer, Cancel, has the focus.
import type { LibraryEntry } from '../../core/ipc/contract';
import { useT } from '../app/i18n';
import { displayName } from './library-order';
import { usePrintUi } from '../print/print-ui';
import { Modal } from '../app/Modal';

export function DeleteDialog({ entries }: { entries: LibraryEntry[] }) {
  const { t, tn } = useT();
  const ui = usePrintUi();
  return (
    <Modal title={tn('libraryActions.trashHeading', entries.length)} role="alertdialog" describedBy="trash-body" onCancel={() => ui.close()}>
      <div id="trash-body">
        <p>{t('libraryActions.trashBody')}</p>
        <ul className="trash-list">
          {entries.map((e) => (
            <li key={e.path}>
              <strong>{displayName(e)}</strong> <span className="file-name">{e.fileName}</span>
            </li>
          ))}
        </ul>
      </div>
      <div className="button-row dialog-buttons">
        <button type="button" className="danger" onClick={() => void ui.remove(entries)}>
          {t('libraryActions.trashConfirm')}
        </button>
        <button type="button" data-autofocus onClick={() => ui.close()}>
          {t('app.cancel')}
        </button>
      </div>
    </Modal>
  );
}
