// Every user-visible string of the renderer, in one place, so i18next can take them over: the keys
// are flat, and placeholders use i18next's own `{{name}}` syntax. English only for now.

export const en = {
  'app.title': 'Quartermaster',
  'app.loading': 'Loading…',
  'app.noApi': 'Quartermaster cannot reach its main process. Restart the app.',
  'app.dismiss': 'Dismiss',
  'app.cancel': 'Cancel',

  'library.heading': 'Character library',
  'library.examplesHeading': 'Example characters',
  'library.examplesNote': 'Examples open read-only: use Save as… to keep your own copy.',
  'library.backToLibrary': 'Back to my library',
  'library.folder': 'Folder: {{folder}}',
  'library.new': 'New character…',
  'library.open': 'Open file…',
  'library.changeFolder': 'Change folder…',
  'library.examples': 'Open the examples',
  'library.refresh': 'Refresh',
  'library.search': 'Search by name or player',
  'library.count_one': '{{shown}} of {{count}} character',
  'library.count_other': '{{shown}} of {{count}} characters',
  'library.countAll_one': '{{count}} character',
  'library.countAll_other': '{{count}} characters',
  'library.caption': 'Characters in the library',
  'library.empty.heading': 'Your library is empty',
  'library.empty.body': 'Create your first character, or open the example characters to look around.',
  'library.empty.create': 'Create a character',
  'library.noMatch': 'No character matches “{{query}}”.',
  'library.clearSearch': 'Clear the search',
  'library.loadError': 'The library could not be listed: {{message}}',
  'library.unnamed': '(unnamed)',
  'library.openNamed': 'Open {{name}}',
  'library.col.name': 'Name',
  'library.col.player': 'Player',
  'library.col.ruleset': 'Game',
  'library.col.status': 'Status',
  'library.col.modified': 'Modified',
  'library.sortBy': 'Sort by {{column}}',
  'library.sortedAsc': 'sorted ascending',
  'library.sortedDesc': 'sorted descending',
  'library.unknownRuleset': 'Unknown',

  'status.clean': 'Clean',
  'status.violations': 'Has violations',
  'status.unreadable': 'Unreadable',
  'status.errors_one': '{{count}} error',
  'status.errors_other': '{{count}} errors',
  'status.warnings_one': '{{count}} warning',
  'status.warnings_other': '{{count}} warnings',

  'new.heading': 'New character',
  'new.ruleset': 'Game',
  'new.name': 'Character name',
  'new.player': 'Player',
  'new.create': 'Create',
  'new.failed': 'The character could not be created: {{message}}',

  'character.back': 'Back to the library',
  'character.save': 'Save',
  'character.saveAs': 'Save as…',
  'character.saving': 'Saving…',
  'character.showInFolder': 'Show in folder',
  'character.exportPdf': 'Export PDF…',
  'character.unsaved': 'Unsaved changes',
  'character.allSaved': 'All changes saved',
  'character.unnamed': 'Unnamed character',
  'character.readOnly': 'This file is open read-only: {{reason}}',
  'character.readOnlyDefault': 'This file is open read-only.',
  'character.saveFailed': 'The character was not saved: {{message}}',
  'character.openFailed': 'The file could not be opened: {{message}}',
  'character.pdfSaved': 'PDF saved to {{path}}.',
  'character.pdfFailed': 'The PDF could not be exported: {{message}}',
  'character.file': 'File: {{path}}',

  'identity.heading': 'Identity',
  'identity.ruleset': 'Game',
  'identity.name': 'Character name',
  'identity.player': 'Player',
  'identity.notes': 'Notes',

  'rules.heading': 'Rules check',
  'rules.clean': 'No problems: this character follows the rules.',
  'rules.summary': '{{errors}}, {{warnings}}',
  'rules.error': 'Error',
  'rules.warning': 'Warning',
  'rules.field': 'Field: {{field}}',
  'rules.wholeCharacter': 'Whole character',
  'rules.failed': 'The rules could not be checked: {{message}}',

  'derived.heading': 'Derived values',
  'derived.none': 'None',
  'derived.yes': 'Yes',
  'derived.no': 'No',

  'backups.heading': 'Backups',
  'backups.show': 'Show backups',
  'backups.hide': 'Hide backups',
  'backups.none': 'No backups yet: one is kept each time the character is saved.',
  'backups.restore': 'Restore',
  'backups.restoreNamed': 'Restore the backup from {{when}}',
  'backups.size': '{{size}} bytes',
  'backups.restored': 'Backup from {{when}} restored.',
  'backups.failed': 'The backups could not be listed: {{message}}',

  'unreadable.heading': 'This file cannot be opened',
  'unreadable.body': 'Quartermaster left the file exactly as it is. Fix or replace it, then refresh the library.',

  'conflict.heading': 'The file changed on disk',
  'conflict.body': 'Another program changed this file since you opened it. {{message}}',
  'conflict.overwrite': 'Overwrite it with my version',
  'conflict.reload': 'Reload it and discard my changes',

  'leave.heading': 'Unsaved changes',
  'leave.body': '“{{name}}” has changes that are not saved.',
  'leave.save': 'Save and continue',
  'leave.discard': 'Discard changes',
} as const;

export type StringKey = keyof typeof en;

/** The current language's locale, for number and date formatting. */
export const locale = 'en';

/** Looks up a string and fills in its `{{placeholders}}`. */
export function t(key: StringKey, vars: Record<string, string | number> = {}): string {
  return en[key].replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}

type PluralBase = StringKey extends infer K ? (K extends `${infer B}_other` ? B : never) : never;
const plurals = new Intl.PluralRules(locale);

/** A string that depends on a count, i18next style: `key_one`, `key_other` (`{{count}}` filled in). */
export function tn(key: PluralBase, count: number, vars: Record<string, string | number> = {}): string {
  const form = `${key}_${plurals.select(count)}`;
  return t((form in en ? form : `${key}_other`) as StringKey, { ...vars, count });
}
