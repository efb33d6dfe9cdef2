// Problems that would stop the file from being saved (the file format's own limits: a spell with no
// name, a number out of range), found as the user types and shown like rules violations, beside the
// field, in the current language. Saving is still checked by the main process.
import { fieldPath } from '../../core/format/paths';
import { characterSchema, type Character } from '../../core/model/character';
import type { Violation } from '../../core/rulesets/types';
import { t } from '../app/i18n';

export function fileProblems(character: Character): Violation[] {
  const parsed = characterSchema.safeParse(character);
  if (parsed.success) return [];
  return parsed.error.issues.map((issue) => {
    const path = fieldPath(issue.path);
    let message: string;
    switch (issue.code) {
      case 'too_small':
        message = issue.origin === 'string' ? t('file.empty') : t('file.tooSmall', { min: String(issue.minimum) });
        break;
      case 'too_big':
        message = issue.origin === 'string' ? t('file.tooLong', { max: String(issue.maximum) }) : issue.origin === 'array' ? t('file.tooMany', { max: String(issue.maximum) }) : t('file.tooBig', { max: String(issue.maximum) });
        break;
      default:
        message = t('file.invalid', { message: issue.message });
    }
    return { code: `file.${issue.code}`, severity: 'error' as const, path, message: t('file.problem', { message }) };
  });
}
