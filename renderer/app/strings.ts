// Kept for the modules that import strings from here: the string tables live in locales/, the
// lookup in i18n.ts.
export { currentLanguage, t, tn, type PluralBase, type StringKey } from './i18n';
