// Formatting of dates, numbers and ruleset names for display.
import { RULESETS } from '../core/rulesets/index';
import type { RulesetId } from '../core/model/ids';
import { locale, t } from './strings';

const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });

export function formatDateTime(ms: number): string {
  return dateTime.format(new Date(ms));
}

export function rulesetName(id: RulesetId | null): string {
  return id === null ? t('library.unknownRuleset') : RULESETS[id].name;
}

/** "plannedAgainstCap" -> "Planned against cap"; "left-arm" -> "Left arm". */
export function humanize(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
