// The renderer's languages, on i18next: English and Bulgarian string tables (locales/), flat keys
// with i18next's `{{name}}` placeholders and `_one`/`_other` plural forms chosen by Intl.PluralRules.
// `t` and `tn` read the current language (for actions and notices); components call `useT()`, which
// re-renders them when the language changes and also gives number and date formatting for it.
import i18next from 'i18next';
import { createContext, createElement, useContext, useSyncExternalStore, type ReactNode } from 'react';
import { initReactI18next, useTranslation } from 'react-i18next';
import type { Language } from '../../core/ipc/contract';
import { bg } from './locales/bg';
import { en } from './locales/en';

export type StringKey = keyof typeof en;
export type Vars = Record<string, string | number>;
/** Keys that come in plural forms, without the `_one`/`_other` ending. */
export type PluralBase = StringKey extends infer K ? (K extends `${infer B}_other` ? B : never) : never;

export const LANGUAGES: readonly Language[] = ['en', 'bg'];

/** Number formats by locale, made once each. */
const numberFormats = new Map<string, Intl.NumberFormat>();
const numberFormat = (locale: string) => {
  let f = numberFormats.get(locale);
  if (!f) numberFormats.set(locale, (f = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 })));
  return f;
};

/**
 * Every number put into a string is written in the user's locale ("2,000 characters" in en-GB,
 * "20 000 героя" in bg): `t`/`tn` pass the locale (as `numberLocale`: a string may have its own `{{locale}}`), and this formatter (in place of i18next's own,
 * which formats only `{{x, number}}` and by the language, not the locale setting) writes it.
 */
const localeNumbers = {
  type: 'formatter' as const,
  init: () => undefined,
  add: () => undefined,
  addCached: () => undefined,
  format: (value: unknown, _format: string | undefined, lng: string | undefined, options?: { numberLocale?: string }) =>
    typeof value === 'number' && Number.isFinite(value) ? numberFormat(validLocale(options?.numberLocale) ?? lng ?? 'en').format(value) : value,
};

export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).use(localeNumbers).init({
  resources: { en: { translation: en }, bg: { translation: bg } },
  lng: 'en',
  fallbackLng: 'en',
  supportedLngs: [...LANGUAGES],
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false, alwaysFormat: true },
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
  return i18n.t(key, { ...vars, numberLocale: currentLocale() });
}

/** A string that depends on a count (`key_one`, `key_other`, by the language's plural rules); `{{count}}` is filled in. */
export function tn(key: PluralBase, count: number, vars: Vars = {}): string {
  return i18n.t(key, { ...vars, count, numberLocale: currentLocale() });
}

export type Tools = ReturnType<typeof toolsFor>;

// ---- the locale: how dates, times and numbers are written (apart from the language of the words) ----

/** The system's locale (the first of the user's preferred languages), or the language when none is known. */
export function systemLocale(): string {
  const preferred = typeof navigator !== 'undefined' ? (navigator.languages?.[0] ?? navigator.language) : undefined;
  return validLocale(preferred) ?? 'en';
}

/** A BCP 47 tag Intl accepts, in its canonical spelling, or null. */
export function validLocale(tag: string | undefined | null): string | null {
  if (!tag) return null;
  try {
    return Intl.getCanonicalLocales(tag)[0] ?? null;
  } catch {
    return null;
  }
}

/** The locale chosen in settings ('' for the system's). */
let chosenLocale = '';
const localeListeners = new Set<() => void>();

/**
 * The locale dates, times and numbers are written in: the one chosen in settings; otherwise the
 * system's when it is of the language on screen (en-GB for English on a UK system), else that
 * language's own (Bulgarian words on an English system write Bulgarian numbers).
 */
export function currentLocale(lang: Language = currentLanguage()): string {
  const chosen = validLocale(chosenLocale);
  if (chosen) return chosen;
  const system = systemLocale();
  return system.split('-')[0]!.toLowerCase() === lang ? system : lang;
}

/** The locale chosen in settings ('' when it follows the system). */
export function chosenLocaleSetting(): string {
  return chosenLocale;
}

/** Sets the locale from settings ('' follows the system); every formatted value on screen follows. */
export function setLocale(locale: string): void {
  if (locale === chosenLocale) return;
  chosenLocale = locale;
  for (const l of localeListeners) l();
}

const toolsCache = new Map<string, Tools>();

/** A calendar date ("YYYY-MM-DD") or the wall-clock digits of a stored time, as a UTC Date to format in UTC. */
const wallClock = (iso: string) => new Date(Date.UTC(+iso.slice(0, 4), +iso.slice(5, 7) - 1, +iso.slice(8, 10), +(iso.slice(11, 13) || 0), +(iso.slice(14, 16) || 0)));

function toolsFor(lang: Language, locale: string) {
  const fixed = i18n.getFixedT(lang);
  const integer = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
  const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const dayFormat = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
  const timeFormat = new Intl.DateTimeFormat(locale, { timeStyle: 'short', timeZone: 'UTC' });
  const dayTimeFormat = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
  const localDay = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  return {
    lang,
    locale,
    t: (key: StringKey, vars: Vars = {}): string => fixed(key, { ...vars, numberLocale: locale }),
    tn: (key: PluralBase, count: number, vars: Vars = {}): string => fixed(key, { ...vars, count, numberLocale: locale }),
    num: (n: number): string => integer.format(n),
    dateTime: (ms: number): string => dateTime.format(new Date(ms)),
    /** A calendar date ("2026-10-02") in the locale's medium style: "2 Oct 2026" in en-GB. */
    day: (day: string): string => dayFormat.format(wallClock(day)),
    /**
     * A time the desk recorded (ISO with the desk's UTC offset, so its digits are the wall clock):
     * the time alone today ("18:05"), with the date on another day ("2 Oct 2026, 18:05").
     */
    when: (iso: string, now: Date = new Date()): string => (iso.slice(0, 10) === localDay(now) ? timeFormat : dayTimeFormat).format(wallClock(iso)),
  };
}

export function tools(lang: Language = currentLanguage(), locale: string = currentLocale(lang)): Tools {
  const key = `${lang}|${locale}`;
  let found = toolsCache.get(key);
  if (!found) {
    found = toolsFor(lang, locale);
    toolsCache.set(key, found);
  }
  return found;
}

const ToolsContext = createContext<Tools>(tools('en', 'en'));

const subscribeLocale = (listener: () => void) => {
  localeListeners.add(listener);
  return () => void localeListeners.delete(listener);
};

/**
 * Provides the current language's tools to the app. Only this component listens to i18next and the
 * locale; the others read the context, so a long list does not add a listener per row.
 */
export function LanguageProvider({ children }: { children: ReactNode }) {
  const { i18n: instance } = useTranslation(undefined, { i18n });
  const lang: Language = instance.language === 'bg' ? 'bg' : 'en';
  const current = () => currentLocale(lang);
  const locale = useSyncExternalStore(subscribeLocale, current, current);
  return createElement(ToolsContext.Provider, { value: tools(lang, locale) }, children);
}

/** The translation and formatting tools for the current language; the component re-renders when it changes. */
export function useT(): Tools {
  return useContext(ToolsContext);
}
