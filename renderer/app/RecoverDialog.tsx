// At start, drafts of unsaved edits left by an earlier session (a crash, a forced quit) that are
// newer than their files: recover one (it opens with the edits unsaved, undo goes back to the file),
// discard it, or decide later (it stays until then).
import type { Draft } from '../../core/ipc/contract';
import { useActions } from './actions';
import { formatDateTime, rulesetName } from './format';
import { useT } from './i18n';
import { Modal } from './Modal';

export function RecoverDialog({ drafts }: { drafts: Draft[] }) {
  const { t } = useT();
  const actions = useActions();
  return (
    <Modal title={t('drafts.heading')} role="alertdialog" describedBy="drafts-body" onCancel={() => actions.closePrompt()}>
      <p id="drafts-body">{t('drafts.body')}</p>
      <ul className="drafts">
        {drafts.map((d) => {
          const name = d.character.name.trim() || t('character.unnamed');
          return (
            <li key={d.path}>
              <p>
                <strong>{name}</strong> <span className="muted">({rulesetName(d.character.ruleset)})</span>
              </p>
              <p className="folder">{d.path}</p>
              <p className="muted">
                {t('drafts.savedAt', { when: formatDateTime(d.savedMs) })}
                {d.fileModifiedMs === null ? ` ${t('drafts.fileGone')}` : ` ${t('drafts.fileAt', { when: formatDateTime(d.fileModifiedMs) })}`}
              </p>
              <div className="button-row">
                <button type="button" className="primary" data-autofocus onClick={() => actions.recoverDraft(d)} aria-label={t('drafts.recoverNamed', { name })}>
                  {t('drafts.recover')}
                </button>
                <button type="button" onClick={() => actions.discardDraft(d)} aria-label={t('drafts.discardNamed', { name })}>
                  {t('drafts.discard')}
                </button>
              </div>
            </li>
          );
        })}
      </ul>
      <div className="button-row dialog-buttons">
        <button type="button" onClick={() => actions.closePrompt()}>
          {t('drafts.later')}
        </button>
      </div>
    </Modal>
  );
}
