// Rename…: a new file name for a character file (the ".character.json" ending is kept or added by
// the main process, which refuses names that are taken or not allowed and says why).
import { useId, useRef, useState, type FormEvent } from 'react';
import type { LibraryEntry } from '../../core/ipc/contract';
import { CHARACTER_FILE_SUFFIX } from '../../core/model/ids';
import { useT } from '../app/i18n';
import { usePrintUi } from '../print/print-ui';
import { Modal } from '../app/Modal';

/** "Ayla.character.json" -> "Ayla". */
export function stemOf(fileName: string): string {
  return fileName.toLowerCase().endsWith(CHARACTER_FILE_SUFFIX) ? fileName.slice(0, -CHARACTER_FILE_SUFFIX.length) : fileName;
}

export function RenameDialog({ entry }: { entry: LibraryEntry }) {
  const { t } = useT();
  const ui = usePrintUi();
  const [name, setName] = useState(stemOf(entry.fileName));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const errorId = useId();
  const hintId = useId();
  const empty = name.trim() === '';

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (empty || busy) return;
    setBusy(true);
    const problem = await ui.rename(entry, name.trim());
    setBusy(false);
    setError(problem);
    // Refused: back to the name, to change it.
    if (problem !== null) input.current?.focus();
  };

  return (
    <Modal title={t('libraryActions.renameHeading', { file: entry.fileName })} onCancel={() => ui.close()}>
      <form className="form" onSubmit={(e) => void submit(e)}>
        <label className="field">
          <span className="label-text">{t('libraryActions.newName')}</span>
          <input
            ref={input}
            type="text"
            value={name}
            maxLength={200}
            data-autofocus
            aria-invalid={error !== null || undefined}
            aria-describedby={[hintId, error ? errorId : ''].filter(Boolean).join(' ')}
            onChange={(e) => {
              setName(e.target.value);
              setError(null);
            }}
          />
        </label>
        <p className="hint" id={hintId}>
          {t('libraryActions.renameHint', { suffix: CHARACTER_FILE_SUFFIX })}
        </p>
        {error && (
          <p className="error-text" role="alert" id={errorId}>
            {error}
          </p>
        )}
        <div className="button-row dialog-buttons">
          <button type="submit" className="primary" disabled={empty}>
            {t('libraryActions.renameSubmit')}
          </button>
          <button type="button" onClick={() => ui.close()}>
            {t('app.cancel')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
