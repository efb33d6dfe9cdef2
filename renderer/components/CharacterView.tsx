// One open character: identity fields, the rules check and derived values computed by the core on
// every change, save (button, Ctrl/Cmd+S) with an unsaved-changes marker, and read-only files.
import { useEffect, useMemo } from 'react';
import { derive } from '../../core/rulesets/index';
import type { Derivation } from '../../core/rulesets/types';
import { useActions } from '../actions';
import { isDirty, type Doc } from '../store';
import { t } from '../strings';
import { BackupsSection } from './BackupsSection';
import { DerivedSection } from './DerivedSection';
import { IdentitySection } from './IdentitySection';
import { RulesSection } from './RulesSection';

export function CharacterView({ doc }: { doc: Doc }) {
  const actions = useActions();
  const dirty = isDirty(doc);
  const { character } = doc;
  const title = character.name.trim() !== '' ? character.name : t('character.unnamed');

  const derivation = useMemo((): { result: Derivation | null; failure: string | null } => {
    try {
      return { result: derive(character), failure: null };
    } catch (e) {
      return { result: null, failure: e instanceof Error ? e.message : String(e) };
    }
  }, [character]);

  useSaveShortcut(() => void actions.save());
  usePromptBeforeUnload(dirty);

  useEffect(() => {
    document.title = `${dirty ? '• ' : ''}${title} — ${t('app.title')}`;
    return () => {
      document.title = t('app.title');
    };
  }, [dirty, title]);

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
          <button type="button" className="primary" onClick={() => actions.save()} disabled={doc.readOnly || doc.saving || !dirty} aria-keyshortcuts="Control+S Meta+S">
            {t('character.save')}
          </button>
          <button type="button" onClick={() => actions.saveAs()} disabled={doc.saving}>
            {t('character.saveAs')}
          </button>
          <button type="button" onClick={() => actions.exportPdf()}>
            {t('character.exportPdf')}
          </button>
          <button type="button" onClick={() => actions.showInFolder()}>
            {t('character.showInFolder')}
          </button>
        </div>
      </header>

      {doc.readOnly && (
        <p className="banner banner-readonly" role="note">
          {doc.readOnlyReason ? t('character.readOnly', { reason: doc.readOnlyReason }) : t('character.readOnlyDefault')}
        </p>
      )}

      <div className="character-body">
        <IdentitySection character={character} readOnly={doc.readOnly} />
        <RulesSection violations={derivation.result?.violations ?? []} failure={derivation.failure} />
        <DerivedSection derived={derivation.result?.derived ?? null} />
        <BackupsSection backups={doc.backups} />
      </div>
    </section>
  );
}

/** Ctrl+S (Cmd+S on macOS) saves, wherever the focus is. */
function useSaveShortcut(save: () => void) {
  useEffect(() => {
    const onKeyDown = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === 's') {
        e.preventDefault();
        save();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [save]);
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
