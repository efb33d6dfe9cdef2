// The status of a library entry in words (never colour alone), with the reason for unreadable files.
import type { LibraryEntry } from '../../core/ipc/contract';
import { t, tn } from './strings';
import { useT } from './i18n';

/**
 * What the badge says: a file that only has warnings follows the rules (a warning is advice), so it
 * is not called a rule breaker.
 */
export function statusWords(entry: Pick<LibraryEntry, 'status' | 'errors'>): { key: 'status.clean' | 'status.errorsFound' | 'status.warningsOnly' | 'status.unreadable'; badge: string } {
  if (entry.status === 'unreadable') return { key: 'status.unreadable', badge: 'badge-unreadable' };
  if (entry.status === 'clean') return { key: 'status.clean', badge: 'badge-clean' };
  return entry.errors > 0 ? { key: 'status.errorsFound', badge: 'badge-error' } : { key: 'status.warningsOnly', badge: 'badge-warning' };
}

export function StatusBadge({ entry }: { entry: LibraryEntry }) {
  useT();
  const words = statusWords(entry);
  return (
    <span className="status">
      <span className={`badge ${words.badge}`}>{t(words.key)}</span>
      {entry.status === 'violations' && <span className="status-detail">{violationCounts(entry)}</span>}
      {entry.reason && <span className={`status-detail ${entry.status === 'unreadable' ? 'status-reason' : ''}`}>{reasonText(entry)}</span>}
    </span>
  );
}

/** "2 errors, 1 warning"; a zero count is left out. */
export function violationCounts(entry: Pick<LibraryEntry, 'errors' | 'warnings'>): string {
  const parts: string[] = [];
  if (entry.errors > 0) parts.push(tn('status.errors', entry.errors));
  if (entry.warnings > 0) parts.push(tn('status.warnings', entry.warnings));
  return parts.join(', ');
}

/** The reason without the file's path in front (the row already names the file), starting with a capital. */
export function reasonText(entry: Pick<LibraryEntry, 'path' | 'reason'>): string {
  const reason = entry.reason ?? '';
  const text = reason.startsWith(`${entry.path}: `) ? reason.slice(entry.path.length + 2) : reason;
  return text.charAt(0).toUpperCase() + text.slice(1);
}
