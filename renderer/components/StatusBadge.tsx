// The status of a library entry in words (never colour alone), with the reason for unreadable files.
import type { LibraryEntry } from '../../core/ipc/contract';
import { t } from '../strings';

export function StatusBadge({ entry }: { entry: LibraryEntry }) {
  const label = t(`status.${entry.status}`);
  return (
    <span className="status">
      <span className={`badge badge-${entry.status}`}>{label}</span>
      {entry.status === 'violations' && <span className="status-detail">{t('status.counts', { errors: entry.errors, warnings: entry.warnings })}</span>}
      {entry.status === 'unreadable' && entry.reason && <span className="status-detail status-reason">{entry.reason}</span>}
    </span>
  );
}
