// One open character: the editor sections its game uses, the derived values and the rules check
// computed by the core on every change (in the same render, so within the frame of the keystroke),
// undo and redo (toolbar, Edit menu, Ctrl/Cmd+Z, Ctrl+Shift+Z / Ctrl+Y), save (button, Ctrl/Cmd+S)
// with an unsaved-changes marker, and read-only files.
import { useEffect, useLayoutEffect, useMemo, useState } from 'react';
import { isBuiltinRuleset } from '../../core/model/ids';
import { lastSentBack } from '../../core/season/approval-record';
import type { Derivation } from '../../core/rulesets/types';
import { useActions } from '../app/actions';
import { fileProblems } from './file-check';
import { useT } from '../app/i18n';
import { isDirty, useAppState, type Doc } from '../app/store';
import { ArmourSection } from './ArmourSection';
import { HistorySection } from './HistorySection';
import { BackupsSection } from './BackupsSection';
import { BgPathSection } from './BgPathSection';
import { FlWounds, NovitasConditions } from './ConditionTracker';
import { createRulesStore, RulesContext } from './fields';
import { IdentitySection } from './IdentitySection';
import { ItemsSection } from './ItemsSection';
import { usePrintUi, usePrintUiState } from '../print/print-ui';
import { NovitasMagicSection } from './NovitasMagicSection';
import { RulesSection } from './RulesSection';
import { SkillsSection } from './SkillsSection';
import { SpellCardsSection } from './SpellCardsSection';
import { SummarySection } from './SummarySection';
import { WeaponsSection } from './WeaponsSection';
import { usePacksState, usedPack } from '../games/store';
import { olderPack } from '../games/stamp';
import { useBudgetModule } from './use-budget-module';
import { useGameRuleset } from './use-game-ruleset';

export function CharacterView({ doc }: { doc: Doc }) {
  const tools = useT();
  const { t, lang } = tools;
  const actions = useActions();
  const printUi = usePrintUi();
  const prompt = useAppState((s) => s.prompt);
  const dirty = isDirty(doc);
  const { character, readOnly } = doc;
  const title = character.name.trim() !== '' ? character.name : t('character.unnamed');
  const listing = usePacksState(actions.packs, (s) => s.listing);
  const pack = usedPack(listing, character.ruleset);
  // The built-in engine of a built-in game; the pack's generic ruleset for any other game whose pack is loaded.
  const ruleset = useGameRuleset(character.ruleset, pack, t('app.loading'));

  const derivation = useMemo((): { result: Derivation | null; failure: string | null } => {
    try {
      return { result: ruleset.derive(character), failure: null };
    } catch (e) {
      return { result: null, failure: e instanceof Error ? e.message : String(e) };
    }
  }, [character, ruleset]);
  // The file format's own problems come first: such a character cannot be saved until they are fixed.
  // (Recomputed on a language change too: their words are the renderer's.)
  // What the budget panel reads of the file besides the skills: the points record and own starting points.
  const { points, curiousPastimes } = character;
  const sheet = useMemo(() => ({ ...(points ? { points } : {}), ...(curiousPastimes ? { curiousPastimes } : {}) }), [points, curiousPastimes]);
  // A built-in game's pack that publishes costs adds its budget's problems as rule errors; a pack's
  // own game has them from its ruleset already.
  const budget = useBudgetModule(pack);
  const packBudget = pack && budget && isBuiltinRuleset(character.ruleset) ? budget : null;
  const violations = useMemo(
    () => [...fileProblems(character), ...(derivation.result?.violations ?? []), ...(pack && packBudget ? packBudget.budgetViolations(pack, character) : [])],
    [character, derivation, lang, pack, packBudget],
  );
  const older = olderPack(character, listing);
  // A file a referee sent back carries the reason in its history (docs/season.md, "Approval").
  const sentBack = lastSentBack(character);
  // The fields read their violations from this store; it is updated before the browser paints.
  const [rules] = useState(() => createRulesStore(violations));
  useLayoutEffect(() => rules.set(violations), [rules, violations]);
  const derived = derivation.result?.derived ?? null;

  const printDialog = usePrintUiState((s) => s.dialog !== null);
  useShortcuts(prompt === null && !printDialog, actions);
  usePromptBeforeUnload(dirty);
  useEffect(() => {
    // For the benchmark and for profiling: when the editor first became usable.
    performance.mark('qm:editor-ready');
  }, []);

  useEffect(() => {
    document.title = `${dirty ? '• ' : ''}${title} — ${t('app.title')}`;
    return () => {
      document.title = t('app.title');
    };
  }, [dirty, title, t]);

  const { past, future } = doc.history;
  return (
    <section className="screen character" aria-labelledby="screen-heading">
      <header className="screen-header">
        <div>
          <button type="button" className="back-button" onClick={() => actions.backToLibrary()}>
            <span aria-hidden="true">← </span>
            {t('character.back')}
          </button>
          <h1 id="screen-heading" tabIndex={-1}>
            {title}
          </h1>
          <p className="folder">{t('character.file', { path: doc.path })}</p>
        </div>
        <div className="toolbar" role="group" aria-label={title}>
          <span className={`save-state ${dirty ? 'is-dirty' : 'is-clean'}`} role="status">
            {doc.saving ? t('character.saving') : dirty ? t('character.unsaved') : t('character.allSaved')}
          </span>
          <button type="button" onClick={() => actions.undo()} disabled={readOnly || past.length === 0} aria-keyshortcuts="Control+Z Meta+Z">
            {t('character.undo')}
          </button>
          <button type="button" onClick={() => actions.redo()} disabled={readOnly || future.length === 0} aria-keyshortcuts="Control+Shift+Z Control+Y Meta+Shift+Z">
            {t('character.redo')}
          </button>
          <button type="button" className="primary" onClick={() => actions.save()} disabled={readOnly || doc.saving || !dirty} aria-keyshortcuts="Control+S Meta+S">
            {t('character.save')}
          </button>
          <button type="button" onClick={() => actions.saveAs()} disabled={doc.saving}>
            {t('character.saveAs')}
          </button>
          <button type="button" onClick={() => printUi.openExport()} aria-keyshortcuts="Control+P Meta+P">
            {t('character.exportPdf')}
          </button>
          <button type="button" onClick={() => actions.showInFolder()}>
            {t('character.showInFolder')}
          </button>
          <button type="button" onClick={() => actions.askEndDay()} disabled={readOnly}>
            {t('session.endDay')}
          </button>
          <button type="button" onClick={() => actions.openSettings()}>
            {t('settings.open')}
          </button>
        </div>
      </header>

      {readOnly && (
        <p className="banner banner-readonly" role="note">
          {doc.readOnlyReason ? t('character.readOnly', { reason: doc.readOnlyReason }) : t('character.readOnlyDefault')}
        </p>
      )}

      {sentBack && (
        <p className="banner banner-sent-back" role="note">
          {t('editor.sentBack', { event: sentBack.event, when: tools.when(sentBack.at), reason: sentBack.reason })}
        </p>
      )}

      {older && (
        <p className="banner" role="note">
          {t('pack.notice', older)}
        </p>
      )}

      <RulesContext.Provider value={rules}>
        <div className={`editor editor-${character.ruleset}`}>
          <div className="editor-main">
            <IdentitySection character={character} readOnly={readOnly} />
            {derived?.ruleset === 'bg-magic' && <BgPathSection character={character} derived={derived} readOnly={readOnly} />}
            {character.ruleset === 'novitas' && <NovitasMagicSection character={character} derived={derived?.ruleset === 'novitas' ? derived : null} readOnly={readOnly} />}
            <ArmourSection character={character} ruleset={ruleset} derived={derived} readOnly={readOnly} />
            <WeaponsSection weapons={character.weapons} ruleset={ruleset} readOnly={readOnly} />
            {character.ruleset === 'curious-pastimes' && <SpellCardsSection character={character} derived={derived?.ruleset === 'curious-pastimes' ? derived : null} readOnly={readOnly} />}
            <SkillsSection skills={character.skills} ruleset={ruleset} pack={pack} readOnly={readOnly} sheet={sheet} />
            <ItemsSection character={character} readOnly={readOnly} />
            {character.ruleset === 'novitas' && <NovitasConditions tracker={doc.trackers.novitas} />}
            {derived?.ruleset === 'fortunes-landing' && <FlWounds rating={derived.armour.rating} rapidHealing={character.skills.some((k) => k.id === 'rapid-healing' && k.level > 0)} tracker={doc.trackers.fortunesLanding} />}
            <HistorySection character={character} />
            <BackupsSection backups={doc.backups} />
          </div>
          <aside className="editor-side" aria-label={t('character.sidebar')}>
            <SummarySection derived={derived} />
            <RulesSection violations={violations} failure={derivation.failure} />
          </aside>
        </div>
      </RulesContext.Provider>
    </section>
  );
}

/**
 * Keyboard shortcuts, wherever the focus is: Ctrl/Cmd+S saves; Ctrl/Cmd+Z undoes and Ctrl+Shift+Z,
 * Cmd+Shift+Z or Ctrl+Y redo. Undo replaces the text boxes' own undo on purpose: in the app the Edit
 * menu's Undo is the character's undo, so the keys do the same everywhere (typing in one field is
 * one undo step). The handler takes the key (preventDefault), so the menu accelerator does not fire
 * as well. While a dialog is open the keys are left to it.
 */
function useShortcuts(enabled: boolean, actions: ReturnType<typeof useActions>) {
  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.altKey) return;
      const key = e.key.toLowerCase();
      if (key === 's' && !e.shiftKey) {
        e.preventDefault();
        void actions.save();
      } else if (key === 'z') {
        e.preventDefault();
        if (e.shiftKey) actions.redo();
        else actions.undo();
      } else if (key === 'y' && !e.shiftKey) {
        e.preventDefault();
        actions.redo();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [enabled, actions]);
}

/** Asks before the window closes or reloads while there are unsaved changes. */
function usePromptBeforeUnload(dirty: boolean) {
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);
}
