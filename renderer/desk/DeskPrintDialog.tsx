// "Reprint changed…" at the desk: before anything is printed the volunteer sees whom it prints
// (everyone, when nobody has been printed for this event yet), how many cards and pages, and chooses
// the card groups (every group of the characters' games ticked, less only those the volunteer left
// out before), the sheet and the printer's corrections, as in Export PDF…. The PDF is opened when
// written.
import { useEffect, useRef, useState } from 'react';
import type { PrintChoice, ReprintPlan } from '../../core/ipc/contract';
import { errorMessage } from '../app/api';
import type { DeskActions } from './actions';
import { useT } from '../app/i18n';
import { choiceFor, type Narrowed } from '../print/print-options';
import { usePrintUi, usePrintUiState } from '../print/print-ui';
import { useAppState } from '../app/store';
import { Modal } from '../app/Modal';
import { PrintOptionsForm } from '../print/PrintOptionsForm';
import '../print/print.css';

/** How long the counts wait for typing to pause. */
const PLAN_DELAY_MS = 250;

type Start = { choice: PrintChoice; offered: PrintChoice['sections']; narrowed: Narrowed; rulesets: ReprintPlan['rulesets'] };

export function DeskPrintDialog({ actions, onClose }: { actions: DeskActions; onClose: () => void }) {
  const { t, tn } = useT();
  const ui = usePrintUi();
  const paper = useAppState((s) => s.paper);
  const printers = useAppState((s) => s.printers);
  const remembered = usePrintUiState((s) => s.remembered);
  const [start, setStart] = useState<Start | null>(null);
  const [choice, setChoice] = useState<PrintChoice | null>(null);
  const [plan, setPlan] = useState<ReprintPlan | null>(null);
  const [invalid, setInvalid] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const request = useRef(0);

  // First: whom it would print (their games decide the groups offered).
  useEffect(() => {
    let live = true;
    actions.previewReprint().then(
      (first) => {
        if (!live || !first) return;
        const s = choiceFor(remembered, paper, first.rulesets, printers);
        setStart({ ...s, rulesets: first.rulesets });
        setChoice(s.choice);
      },
      (e: unknown) => live && setError(t('desk.print.failed', { message: errorMessage(e) })),
    );
    return () => {
      live = false;
    };
    // Once, when the dialog opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Then the counts for the choice, after every change.
  useEffect(() => {
    if (!choice || invalid || choice.sections.length === 0) return;
    const id = ++request.current;
    const timer = setTimeout(() => {
      actions.previewReprint(choice).then(
        (p) => id === request.current && setPlan(p),
        (e: unknown) => id === request.current && setError(t('desk.print.failed', { message: errorMessage(e) })),
      );
    }, PLAN_DELAY_MS);
    return () => clearTimeout(timer);
  }, [actions, choice, invalid, t]);

  const print = () => {
    if (!choice || !start) return;
    ui.remember(choice, start.rulesets);
    onClose();
    void actions.reprintChanged(choice);
  };

  const nothing = plan !== null && plan.characters === 0;
  const ready = choice !== null && plan !== null && !invalid && choice.sections.length > 0 && !nothing && plan.cards > 0;
  return (
    <Modal title={t('desk.print.heading')} onCancel={onClose}>
      <div className="print-dialog">
        <div>
          {start && choice ? (
            <PrintOptionsForm choice={choice} offered={start.offered} narrowed={start.narrowed} onChange={setChoice} onInvalid={setInvalid} />
          ) : (
            !error && <p role="status">{t('desk.print.counting')}</p>
          )}
        </div>
        <section className="pack-status" aria-labelledby="desk-print-status">
          <h3 id="desk-print-status">{t('desk.print.whom')}</h3>
          {plan && (
            <p role="status" className={plan.everyone ? 'banner banner-readonly' : undefined}>
              {nothing
                ? tn('desk.reprint.nothing', plan.unchanged)
                : t(plan.everyone ? 'desk.print.everyone' : 'desk.print.changed', {
                    characters: tn('print.characterCount', plan.characters),
                    cards: tn('print.cardCount', plan.cards),
                    pages: tn('print.pageCount', plan.pages),
                  })}
            </p>
          )}
          {plan && (plan.outOfPlay ?? []).length > 0 && <p>{t('desk.print.outOfPlay', { names: plan.outOfPlay!.map((o) => o.name || t('library.unnamed')).join(', ') })}</p>}
          {plan && plan.problems.length > 0 && (
            <ul className="print-problems">
              {plan.problems.map((m, i) => (
                <li key={i}>{m}</li>
              ))}
            </ul>
          )}
          {error && (
            <p className="error-text" role="alert">
              {error}
            </p>
          )}
        </section>
      </div>
      <div className="button-row dialog-buttons">
        <button type="button" className="primary" disabled={!ready} onClick={print}>
          {plan && !nothing ? t('desk.print.go', { characters: tn('print.characterCount', plan.characters) }) : t('print.packPrint')}
        </button>
        <button type="button" onClick={onClose}>
          {t('app.cancel')}
        </button>
      </div>
    </Modal>
  );
}
