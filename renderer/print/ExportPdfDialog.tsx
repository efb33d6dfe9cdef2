// Export PDF… for one character: the card groups of its game, paper (from the settings), card size,
// margin and offsets, and a preview of the first page that follows every change. "Save PDF…" asks
// the main process for a file name, which writes the PDF atomically and opens it.
import { useEffect, useRef, useState } from 'react';
import type { PrintChoice, PrintPreview } from '../../core/ipc/contract';
import type { Character } from '../../core/model/character';
import { errorMessage } from '../app/api';
import { useT } from '../app/i18n';
import { choiceFor } from './print-options';
import { usePrintUi, usePrintUiState } from './print-ui';
import { useAppState } from '../app/store';
import { Modal } from '../app/Modal';
import { PagePreview } from './PagePreview';
import { PrintOptionsForm } from './PrintOptionsForm';
import './print.css';

/** How long the preview waits for typing to pause before asking for a new page. */
export const PREVIEW_DELAY_MS = 250;

export function ExportPdfDialog({ path, character }: { path: string; character: Character }) {
  const { t, tn } = useT();
  const ui = usePrintUi();
  const paper = useAppState((s) => s.paper);
  const remembered = usePrintUiState((s) => s.remembered);
  const printers = useAppState((s) => s.printers);
  // Every group of the character's game, less only those the user left out of this game's last print.
  const [start] = useState(() => choiceFor(remembered, paper, [character.ruleset], printers));
  const { offered, narrowed } = start;
  const [choice, setChoice] = useState<PrintChoice>(start.choice);
  const [invalid, setInvalid] = useState(false);
  const [preview, setPreview] = useState<{ page: PrintPreview | null; error: string | null; loading: boolean }>({ page: null, error: null, loading: true });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const request = useRef(0);
  const name = character.name.trim() !== '' ? character.name : t('character.unnamed');
  const empty = choice.sections.length === 0;

  useEffect(() => {
    if (invalid || empty) return;
    const id = ++request.current;
    setPreview((p) => ({ ...p, loading: true }));
    const timer = setTimeout(() => {
      ui.preview(path, character, choice).then(
        (page) => id === request.current && setPreview({ page, error: null, loading: false }),
        (e: unknown) => id === request.current && setPreview({ page: null, error: errorMessage(e), loading: false }),
      );
    }, PREVIEW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [ui, path, character, choice, invalid, empty]);

  const save = async () => {
    if (busy) return;
    setBusy(true);
    setError(null);
    const result = await ui.exportPdf(path, character, choice);
    setBusy(false);
    if (result !== null && result !== 'cancelled') setError(result);
  };

  const page = preview.page;
  const blocked = invalid || empty || preview.error !== null || (page !== null && page.cards === 0);
  return (
    <Modal
      title={t('print.exportHeading', { name })}
      onCancel={() => !busy && ui.close()}
      footer={
        <>
          {error && (
            <p className="error-text" role="alert">
              {error}
            </p>
          )}
          <div className="button-row dialog-buttons">
            <button type="button" className="primary" disabled={blocked} onClick={() => void save()}>
              {busy ? t('print.saving') : t('print.save')}
            </button>
            <button type="button" onClick={() => !busy && ui.close()}>
              {t('app.cancel')}
            </button>
          </div>
        </>
      }
    >
      <div className="print-dialog">
        <PrintOptionsForm choice={choice} offered={offered} narrowed={narrowed} onChange={setChoice} onInvalid={setInvalid} disabled={busy} />
        <section className="print-preview" aria-labelledby="print-preview-heading" aria-busy={preview.loading || undefined}>
          <h3 id="print-preview-heading">{t('print.preview')}</h3>
          {page && page.cards > 0 && <PagePreview preview={page} />}
          <p className="hint" role="status">
            {preview.error
              ? ''
              : preview.loading && !page
                ? t('print.previewLoading')
                : page
                  ? page.cards === 0
                    ? t('print.noCards')
                    : t('print.summary', { cards: tn('print.cardCount', page.cards), pages: tn('print.pageCount', page.pages), perPage: page.perPage })
                  : ''}
          </p>
          {preview.error && (
            <p className="error-text" role="alert">
              {t('print.previewFailed', { message: preview.error })}
            </p>
          )}
          {page && page.problems.length + page.warnings.length > 0 && (
            <ul className="print-problems">
              {[...page.problems, ...page.warnings].map((m, i) => (
                <li key={i}>{m}</li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </Modal>
  );

}
