// The app's modal prompts: new character, a save conflict, leaving unsaved work, settings, and
// recovering drafts at start.
import { useActions } from './actions';
import { useAppState } from './store';
import { t } from './strings';
import { useT } from './i18n';
import { Modal } from './Modal';
import { NewCharacterDialog } from '../library/NewCharacterDialog';
import { RecoverDialog } from './RecoverDialog';
import { SettingsDialog } from './SettingsDialog';

export function Prompts() {
  useT();
  const prompt = useAppState((s) => s.prompt);
  const screen = useAppState((s) => s.screen);
  const actions = useActions();
  if (prompt === null) return null;
  switch (prompt.kind) {
    case 'new-character':
      return <NewCharacterDialog />;
    case 'settings':
      return <SettingsDialog />;
    case 'recover':
      return <RecoverDialog drafts={prompt.drafts} />;
    case 'conflict':
      return (
        <Modal title={t('conflict.heading')} role="alertdialog" describedBy="conflict-body" onCancel={() => actions.resolveConflict('cancel')}>
          <p id="conflict-body">{t('conflict.body', { message: prompt.message })}</p>
          <div className="button-row dialog-buttons">
            <button type="button" onClick={() => actions.resolveConflict('overwrite')}>
              {t('conflict.overwrite')}
            </button>
            <button type="button" onClick={() => actions.resolveConflict('reload')}>
              {t('conflict.reload')}
            </button>
            <button type="button" data-autofocus onClick={() => actions.resolveConflict('cancel')}>
              {t('app.cancel')}
            </button>
          </div>
        </Modal>
      );
    case 'end-day': {
      const name = screen.kind === 'character' ? screen.doc.character.name || t('character.unnamed') : '';
      return (
        <Modal title={t('session.endDayHeading')} role="alertdialog" describedBy="end-day-body" onCancel={() => actions.closePrompt()}>
          <p id="end-day-body">{t('session.endDayBody', { name })}</p>
          <div className="button-row dialog-buttons">
            <button type="button" className="primary" onClick={() => void actions.endDay()}>
              {t('session.endDayConfirm')}
            </button>
            <button type="button" data-autofocus onClick={() => actions.closePrompt()}>
              {t('app.cancel')}
            </button>
          </div>
        </Modal>
      );
    }
    case 'leave': {
      const name = screen.kind === 'character' ? screen.doc.character.name || t('character.unnamed') : '';
      return (
        <Modal title={t('leave.heading')} role="alertdialog" describedBy="leave-body" onCancel={() => actions.resolveLeave('cancel')}>
          <p id="leave-body">{t('leave.body', { name })}</p>
          <div className="button-row dialog-buttons">
            <button type="button" className="primary" data-autofocus onClick={() => actions.resolveLeave('save')}>
              {t('leave.save')}
            </button>
            <button type="button" onClick={() => actions.resolveLeave('discard')}>
              {t('leave.discard')}
            </button>
            <button type="button" onClick={() => actions.resolveLeave('cancel')}>
              {t('app.cancel')}
            </button>
          </div>
        </Modal>
      );
    }
  }
}
