// Searching and sorting the library listing. Pure functions over LibraryEntry.
import type { LibraryEntry } from '../../core/ipc/contract';
import { currentLanguage } from '../app/i18n';

export type SortKey = 'name' | 'player' | 'ruleset' | 'status' | 'modified';
export type SortOrder = { key: SortKey; direction: 'asc' | 'desc' };

const collators = new Map<string, Intl.Collator>();
/** The current language's collation: case-insensitive, numbers by value. */
function collatorNow(): Intl.Collator {
  const lang = currentLanguage();
  let c = collators.get(lang);
  if (!c) collators.set(lang, (c = new Intl.Collator(lang, { sensitivity: 'base', numeric: true })));
  return c;
}

/** The name shown for an entry: the character's name, else (unreadable or unnamed) its file name. */
export function displayName(entry: LibraryEntry): string {
  return entry.name.trim() !== '' ? entry.name : entry.fileName;
}

/** Entries whose name, player or file name contains the query, ignoring case. An empty query keeps all. */
export function filterEntries(entries: readonly LibraryEntry[], query: string): LibraryEntry[] {
  const needle = fold(query.trim());
  if (needle === '') return [...entries];
  return entries.filter((e) => fold(e.name).includes(needle) || fold(e.player).includes(needle) || fold(e.fileName).includes(needle));
}

/**
 * Sorts a copy of the entries. Text columns compare with the locale's collation (case-insensitive,
 * numbers by value); `rulesetName` turns a ruleset id into the name shown. Ties keep file-name order,
 * and entries with an empty sort value (no player, unknown ruleset) go last in either direction.
 */
export function sortEntries(entries: readonly LibraryEntry[], order: SortOrder, rulesetName: (entry: LibraryEntry) => string): LibraryEntry[] {
  const sign = order.direction === 'asc' ? 1 : -1;
  const value = (e: LibraryEntry): string | number => {
    switch (order.key) {
      case 'name':
        return displayName(e);
      case 'player':
        return e.player;
      case 'ruleset':
        return e.ruleset === null ? '' : rulesetName(e);
      case 'status':
        return statusRank(e);
      case 'modified':
        return e.modifiedMs;
    }
  };
  const collator = collatorNow();
  return [...entries].sort((a, b) => {
    const va = value(a);
    const vb = value(b);
    if (va === '' && vb !== '') return 1;
    if (vb === '' && va !== '') return -1;
    const byValue = typeof va === 'number' && typeof vb === 'number' ? va - vb : collator.compare(String(va), String(vb));
    return byValue !== 0 ? sign * byValue : collator.compare(a.fileName, b.fileName);
  });
}

/**
 * Status as a number to sort by, best first: clean, warnings only (fewer first), errors (fewer
 * first), unreadable last.
 */
export function statusRank(e: Pick<LibraryEntry, 'status' | 'errors' | 'warnings'>): number {
  if (e.status === 'unreadable') return 3e9;
  if (e.status === 'clean') return 0;
  return e.errors > 0 ? 2e9 + Math.min(e.errors, 1e6) * 1e3 + Math.min(e.warnings, 999) : 1e9 + Math.min(e.warnings, 1e6);
}

function fold(text: string): string {
  return text.normalize('NFC').toLocaleLowerCase(currentLanguage());
}
