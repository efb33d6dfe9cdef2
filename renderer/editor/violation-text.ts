// A rule violation's words in the reader's language. The core writes its messages in English and
// gives the values they interpolate as `params`; the locales hold a template per code
// (`violation.<code>`). In English, or for a code without a template (or without params), the
// core's own message is shown, so nothing is ever lost in translation.
import type { Violation } from '../../core/rulesets/types';
import type { PluralBase, StringKey, Tools } from '../app/i18n';
import { en } from '../app/locales/en';

/** What a violation-like value needs: desk problems have the same fields. */
export type ViolationWords = Pick<Violation, 'code' | 'message' | 'params'>;

const hasKey = (key: string): key is StringKey => Object.prototype.hasOwnProperty.call(en, key);

/** The template key of a code, or null when the locales have none. */
export function violationKey(code: string): StringKey | null {
  const key = `violation.${code}`;
  return hasKey(key) ? key : null;
}

/**
 * One param as words: a count with `violation.param.<name>_one/_other` forms becomes that phrase
 * ("" for 0); an id with a `violation.param.<name>.<id>` word becomes the word; anything else
 * (names the player typed, lengths) stays as it is.
 */
function paramText(name: string, value: string | number, { t, tn }: Tools): string | number {
  if (typeof value === 'number') {
    const plural = `violation.param.${name}`;
    if (hasKey(`${plural}_other`)) return value === 0 ? '' : tn(plural as PluralBase, value);
    return value;
  }
  const word = `violation.param.${name}.${value}`;
  return hasKey(word) ? t(word) : value;
}

/** The code's template in the tools' language, filled from the params; null without a template or params. */
export function templateText(v: ViolationWords, tools: Tools): string | null {
  const key = violationKey(v.code);
  if (key === null || v.params === undefined) return null;
  const vars: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(v.params)) vars[name] = paramText(name, value, tools);
  return tools.t(key, vars);
}

/** The violation's message in the tools' language (the core's own words in English). */
export function violationText(v: ViolationWords, tools: Tools): string {
  if (tools.lang === 'en') return v.message;
  return templateText(v, tools) ?? v.message;
}
