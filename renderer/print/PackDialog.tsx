// Print event pack…: the cards of the characters ticked in the library in one PDF. The card groups
// offered are those of their games; paper, size, margin and offsets as for one character. While it
// prints, the main process reports each file read, each character laid out and each page written;
// the bar shows it and Cancel stops it (nothing is written then). Files that cannot be read are
// listed at the end; the others are printed, and the PDF is opened.
import { useEffect, useRef, useState } from 'react';
import type { LibraryEntry, PackResult, PrintChoice, PrintProgress } from '../../core/ipc/contract';
import { errorMessage } from '../app/api';
import { useT } from '../app/i18n';
import { displayName } from '../library/library-order';
import { choiceFor } from './print-options';
import { usePrintUi, usePrintUiState } from './print-ui';
import { useAppState } from '../app/store';
import type { StringKey } from '../app/strings';
import { Modal } from '../app/Modal';
import { PrintOptionsForm } from './PrintOptionsForm';
import './print.css';

/** How many names the dialog lists before "and N more". */
const NAMES_SHOWN = 6;

const PHASES: Record<PrintProgress['phase'], StringKey> = {
  reading: 'print.phase.reading',
  'laying-out': 'print.phase.layingOut',
  writing: 'print.phase.writing',
};

type Run = { state: 'choosing'; note?: string } | { state: 'printing'; progress: PrintProgress | null; cancelling: boolean } | { state: 'done'; result: Exclude<PackResult, { outcome: 'cancelled' }> };

export function PackDialog({ entries }: { entries: LibraryEntry[] }) {
  const { t, tn } = useT();
  const ui = usePrintUi();
  const paper = useAppState((s) => s.paper);
  const remembered = usePrintUiState((s) => s.remembered);
  const printers = useAppState((s) => s.printers);
  // Every group of every game in the pack, less only those the user left out of those games' last prints.
  const [start] = useState(() => choiceFor(remembered, paper, entries.map((e) => e.ruleset), printers));
  const { offered, narrowed } = start;
  const [choice, setChoice] = useState<PrintChoice>(start.choice);
  const [invalid, setInvalid] = useState(false);
  const [run, setRun] = useState<Run>({ state: 'choosing' });
  const [error, setError] = useState<string | null>(null);
  const unreadable = entries.filter((e) => e.status === 'unreadable');
  const names = entries.map(displayName);
  const byPath = new Map(entries.map((e) => [e.path, e]));

  const print = async () => {
    setError(null);
    setRun({ state: 'printing', progress: null, cancelling: false });
    try {
      const result = await ui.printPack(entries, choice, (progress) => setRun((r) => (r.state === 'printing' ? { ...r, progress } : r)));
      if (result === null) setRun({ state: 'choosing' });
      else if (result.outcome === 'cancelled') setRun({ state: 'choosing', note: t('print.packCancelled') });
      else setRun({ state: 'done', result });
    } catch (e) {
      setRun({ state: 'choosing' });
      setError(t('print.packFailed', { message: errorMessage(e) }));
    }
  };

  const cancel = () => {
    setRun((r) => (r.state === 'printing' ? { ...r, cancelling: true } : r));
    void ui.cancelPrint();
  };

  const onEscape = () => {
    if (run.state === 'printing') cancel();
    else ui.close();
  };

  // The buttons change with the state: the keyboard focus moves to the first of the new ones.
  const buttons = useRef<HTMLDivElement>(null);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    buttons.current?.querySelector<HTMLButtonElement>('button:not([disabled])')?.focus();
  }, [run.state]);
  return (
    <Modal
      title={t('print.packHeading')}
      onCancel={onEscape}
      footer={
        <div className="button-row dialog-buttons" ref={buttons}>
          {run.state === 'choosing' && (
            <>
              <button type="button" className="primary" disabled={invalid || choice.sections.length === 0} onClick={() => void print()}>
                {t('print.packPrint')}
              </button>
              <button type="button" onClick={() => ui.close()}>
                {t('app.cancel')}
              </button>
            </>
          )}
          {run.state === 'printing' && (
            <button type="button" disabled={run.cancelling} onClick={cancel}>
              {t('print.packCancel')}
            </button>
          )}
          {run.state === 'done' && (
            <button type="button" className="primary" onClick={() => ui.close()}>
              {t('settings.done')}
            </button>
          )}
        </div>
      }
    >
      <div className="print-dialog pack-dialog">
        <div>
          <p>
            {tn('print.packCount', entries.length)}: {names.slice(0, NAMES_SHOWN).join(', ')}
            {names.length > NAMES_SHOWN ? ` ${t('print.andMore', { count: names.length - NAMES_SHOWN })}` : ''}
          </p>
          {unreadable.length > 0 && <p className="banner banner-readonly">{tn('print.packUnreadable', unreadable.length, { files: unreadable.map((e) => e.fileName).join(', ') })}</p>}
          <PrintOptionsForm choice={choice} offered={offered} narrowed={narrowed} onChange={setChoice} onInvalid={setInvalid} disabled={run.state !== 'choosing'} />
        </div>
        <section className="pack-status" aria-labelledby="pack-status-heading">
          <h3 id="pack-status-heading">{t('print.packStatus')}</h3>
          {run.state === 'choosing' && <p role="status">{run.note ?? t('print.packReady')}</p>}
          {run.state === 'printing' && <PackProgress progress={run.progress} cancelling={run.cancelling} />}
          {run.state === 'done' && <PackOutcome result={run.result} byPath={byPath} />}
          {error && (
            <p className="error-text" role="alert">
              {error}
            </p>
          )}
        </section>
      </div>
    </Modal>
  );
}

function PackProgress({ progress, cancelling }: { progress: PrintProgress | null; cancelling: boolean }) {
  const { t } = useT();
  const label = cancelling ? t('print.packCancelling') : progress ? t(PHASES[progress.phase], { done: progress.done, total: progress.total }) : t('print.packStarting');
  return (
    <div className="pack-progress">
      <progress max={progress?.total ?? 1} value={progress?.done ?? 0} aria-label={t('print.packProgress')} aria-valuetext={label} />
      <p role="status">{label}</p>
    </div>
  );
}

function PackOutcome({ result, byPath }: { result: Exclude<PackResult, { outcome: 'cancelled' }>; byPath: Map<string, LibraryEntry> }) {
  const { t, tn } = useT();
  return (
    <>
      <p role="status" className={result.outcome === 'written' ? 'ok-text' : 'error-text'}>
        {result.outcome === 'written'
          ? t('print.packWritten', { cards: tn('print.cardCount', result.cards), characters: tn('print.characterCount', result.characters), pages: tn('print.pageCount', result.pages), path: result.path })
          : t('print.packNothing')}
      </p>
      {result.problems.length > 0 && (
        <>
          <h4>{tn('print.packProblems', result.problems.length)}</h4>
          <ul className="print-problems">
            {result.problems.map((p, i) => {
              const entry = byPath.get(p.path);
              // The message starts with the path; the file name says it in short.
              const message = p.message.startsWith(`${p.path}: `) ? p.message.slice(p.path.length + 2) : p.message;
              return (
                <li key={i}>
                  <strong>{entry?.fileName ?? p.path}</strong>: {message}
                </li>
              );
            })}
          </ul>
        </>
      )}
    </>
  );
}
