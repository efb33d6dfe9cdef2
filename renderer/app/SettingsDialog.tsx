// Settings: the language of the app, how dates, times and numbers are written (the system's way by
// default), and the paper size for printing. Changes apply at once and are kept for the next start;
// Chromium's own date boxes take the locale at start (electron/main.ts), so they follow it from then.
import type { Language, Paper } from '../../core/ipc/contract';
import { useActions } from './actions';
import { chosenLocaleSetting, LANGUAGES, systemLocale, useT } from './i18n';
import { useAppState } from './store';
import { Modal } from './Modal';

/** Each language is named in itself, so it can be found whatever language is on screen. */
const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', bg: 'Български' };

/** Locales offered besides the system's (the games Quartermaster knows are played in these). */
export const LOCALES = ['en-GB', 'en-IE', 'en-US', 'en-CA', 'en-AU', 'en-NZ', 'bg-BG'] as const;

/** "English (United Kingdom): 2 Oct 2026, 18:05 · 1,234.5": each named in itself, with a sample. */
function localeLabel(tag: string): string {
  let name = tag;
  try {
    name = new Intl.DisplayNames([tag], { type: 'language' }).of(tag) ?? tag;
  } catch {
    /* the tag itself */
  }
  const sample = new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(Date.UTC(2026, 9, 2, 18, 5));
  return `${name}: ${sample} · ${new Intl.NumberFormat(tag).format(1234.5)}`;
}

export function SettingsDialog() {
  const { t, lang } = useT();
  const actions = useActions();
  const paper = useAppState((s) => s.paper);
  // Re-rendered by the tools when the locale changes.
  const chosen = chosenLocaleSetting();
  const system = systemLocale();
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
          <span className="label-text">{t('settings.locale')}</span>
          <select value={chosen} aria-describedby="settings-locale-next-start" onChange={(e) => void actions.changeSettings({ locale: e.target.value })}>
            <option value="">{t('settings.locale.system', { locale: localeLabel(system) })}</option>
            {LOCALES.map((l) => (
              <option key={l} value={l} lang={l}>
                {localeLabel(l)}
              </option>
            ))}
          </select>
        </label>
        <p className="hint" id="settings-locale-next-start">
          {t('settings.locale.nextStart')}
        </p>
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
