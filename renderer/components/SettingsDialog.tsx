// Settings: the language of the app and the paper size for printing. Changes apply at once and are
// kept for the next start.
import type { Language, Paper } from '../../core/ipc/contract';
import { useActions } from '../actions';
import { LANGUAGES, useT } from '../i18n';
import { useAppState } from '../store';
import { Modal } from './Modal';

/** Each language is named in itself, so it can be found whatever language is on screen. */
const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', bg: 'Български' };

export function SettingsDialog() {
  const { t, lang } = useT();
  const actions = useActions();
  const paper = useAppState((s) => s.paper);
  return (
    <Modal title={t('settings.heading')} onCancel={() => actions.closePrompt()}>
      <div className="form">
        <label className="field">
          <span className="label-text">{t('settings.language')}</span>
          <select value={lang} data-autofocus onChange={(e) => void actions.changeSettings({ language: e.target.value as Language })}>
            {LANGUAGES.map((l) => (
              <option key={l} value={l} lang={l}>
                {LANGUAGE_NAMES[l]}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="label-text">{t('settings.paper')}</span>
          <select value={paper} onChange={(e) => void actions.changeSettings({ paper: e.target.value as Paper })}>
            <option value="a4">{t('settings.paper.a4')}</option>
            <option value="letter">{t('settings.paper.letter')}</option>
          </select>
        </label>
        <div className="button-row dialog-buttons">
          <button type="button" className="primary" onClick={() => actions.closePrompt()}>
            {t('settings.done')}
          </button>
        </div>
      </div>
    </Modal>
  );
}
