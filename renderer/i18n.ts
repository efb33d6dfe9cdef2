// The renderer's languages, on i18next: English and Bulgarian string tables (locales/), flat keys
// with i18next's `{{name}}` placeholders and `_one`/`_other` plural forms chosen by Intl.PluralRules.
// `t` and `tn` read the current language (for actions and notices); components call `useT()`, which
// re-renders them when the language changes and also gives number and date formatting for it.
import i18next from 'i18next';
import { createContext, createElement, useContext, type ReactNode } from 'react';
import { initReactI18next, useTranslation } from 'react-i18next';
import type { Language } from '../core/ipc/contract';
import { bg } from './locales/bg';
import { en } from './locales/en';

export type StringKey = keyof typeof en;
export type Vars = Record<string, string | number>;
/** Keys that come in plural forms, without the `_one`/`_other` ending. */
export type PluralBase = StringKey extends infer K ? (K extends `${infer B}_other` ? B : never) : never;

export const LANGUAGES: readonly Language[] = ['en', 'bg'];

export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  resources: { en: { translation: en }, bg: { translation: bg } },
  lng: 'en',
  fallbackLng: 'en',
  supportedLngs: [...LANGUAGES],
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false },
  initAsync: false,
  react: { useSuspense: false },
});

export function currentLanguage(): Language {
  return i18n.language === 'bg' ? 'bg' : 'en';
}

/** Switches the language of every string on screen (and of the page's `lang`). */
export function setLanguage(language: Language): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
  if (i18n.language !== language) void i18n.changeLanguage(language);
}

/** A string in the current language, with its `{{placeholders}}` filled in. */
export function t(key: StringKey, vars: Vars = {}): string {
  return i18n.t(key, vars);
}

/** A string that depends on a count (`key_one`, `key_other`, by the language's plural rules); `{{count}}` is filled in. */
export function tn(key: PluralBase, count: number, vars: Vars = {}): string {
  return i18n.t(key, { ...vars, count });
}

export type Tools = ReturnType<typeof toolsFor>;

const toolsCache = new Map<Language, Tools>();

function toolsFor(lang: Language) {
  const fixed = i18n.getFixedT(lang);
  const integer = new Intl.NumberFormat(lang, { maximumFractionDigits: 2 });
  const dateTime = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' });
  return {
    lang,
    t: (key: StringKey, vars: Vars = {}): string => fixed(key, vars),
    tn: (key: PluralBase, count: number, vars: Vars = {}): string => fixed(key, { ...vars, count }),
    num: (n: number): string => integer.format(n),
    dateTime: (ms: number): string => dateTime.format(new Date(ms)),
  };
}

export function tools(lang: Language = currentLanguage()): Tools {
  let found = toolsCache.get(lang);
  if (!found) {
    found = toolsFor(lang);
    toolsCache.set(lang, found);
  }
  return found;
}

const ToolsContext = createContext<Tools>(tools('en'));

/**
 * Provides the current language's tools to the app. Only this component listens to i18next; the
 * others read the context, so a long list does not add a language listener per row.
 */
export function LanguageProvider({ children }: { children: ReactNode }) {
  const { i18n: instance } = useTranslation(undefined, { i18n });
  const lang: Language = instance.language === 'bg' ? 'bg' : 'en';
  return createElement(ToolsContext.Provider, { value: tools(lang) }, children);
}

/** The translation and formatting tools for the current language; the component re-renders when it changes. */
export function useT(): Tools {
  return useContext(ToolsContext);
}
