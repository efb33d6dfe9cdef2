// The desk's Undo and Redo buttons, each naming its step ("Undo death of Brannoc", "Redo check-in
// of Priya"), and what an undo left standing that followed from it (a new character made after the
// death just undone), with the offer to undo it too. The history is renderer/desk/history.ts.
import type { DeskActions } from './actions';
import { useDeskState, type DeskStore } from './store';
import { stepNames } from './step-words';
import { useT } from '../app/i18n';

export function DeskUndoButtons({ store, actions }: { store: DeskStore; actions: DeskActions }) {
  const { t } = useT();
  const last = useDeskState(store, (s) => s.history.at(-1) ?? null);
  const next = useDeskState(store, (s) => s.redo.at(-1) ?? null);
  // The words follow the ledger and the rows (a name changed in the editor, the language).
  useDeskState(store, (s) => s.event);
  useDeskState(store, (s) => s.desk);
  return (
    <span className="toolbar desk-history" role="group" aria-label={t('desk.history.label')}>
      <button type="button" onClick={() => void actions.undo()} disabled={!last} aria-keyshortcuts="Control+Z Meta+Z">
        {last ? t('desk.history.undo', { step: actions.stepWords(last) }) : t('desk.undo')}
      </button>
      <button type="button" onClick={() => void actions.redo()} disabled={!next} aria-keyshortcuts="Control+Shift+Z Control+Y Meta+Shift+Z">
        {next ? t('desk.history.redo', { step: actions.stepWords(next) }) : t('desk.redo')}
      </button>
    </span>
  );
}

/** What the last undo left standing, and the offer to undo it too (null when nothing). */
export function UndoConsequence({ store, actions }: { store: DeskStore; actions: DeskActions }) {
  const tools = useT();
  const { t, num } = tools;
  const consequence = useDeskState(store, (s) => s.consequence);
  const desk = useDeskState(store, (s) => s.desk);
  if (!consequence) return null;
  const names = stepNames({ desk, event: null });
  const nameOf = (id: string) => names.character(id) ?? t('desk.ledger.detail.unknownCharacter');
  const all = consequence.left.map((l) => nameOf(l.entry.character)).join(', ');
  return (
    <section className="desk-panel desk-consequence" role="alert" aria-label={t('desk.history.heading')}>
      <h3>{t('desk.history.heading')}</h3>
      {consequence.left.map((l) => (
        <p key={l.entry.id}>{t('desk.history.leftAfter', { name: nameOf(l.entry.character), points: num(l.points), now: num(l.pointsNow) })}</p>
      ))}
      <p>{t('desk.history.undoAlsoNote')}</p>
      <div className="toolbar">
        <button type="button" className="primary" onClick={() => void actions.undoConsequences()}>
          {t('desk.history.undoAlso', { name: all })}
        </button>
        <button type="button" onClick={() => actions.keepConsequences()}>
          {t('desk.history.keep')}
        </button>
      </div>
    </section>
  );
}
