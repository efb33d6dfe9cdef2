// The backups kept for this character (one per save, the newest first), each restorable.
import type { Backup } from '../../core/ipc/contract';
import { useActions } from '../app/actions';
import { formatDateTime, formatNumber } from '../app/format';
import { t } from '../app/strings';
import { useT } from '../app/i18n';

export function BackupsSection({ backups }: { backups: Backup[] | null }) {
  useT();
  const actions = useActions();
  return (
    <section className="panel" aria-labelledby="backups-heading">
      <div className="panel-heading-row">
        <h2 id="backups-heading">{t('backups.heading')}</h2>
        <button type="button" aria-expanded={backups !== null} aria-controls="backups-list" onClick={() => actions.toggleBackups()}>
          {t(backups ? 'backups.hide' : 'backups.show')}
        </button>
      </div>
      <div id="backups-list">
        {backups && backups.length === 0 && <p className="muted">{t('backups.none')}</p>}
        {backups && backups.length > 0 && (
          <ul className="backups">
            {backups.map((b) => {
              const when = formatDateTime(b.savedMs);
              return (
                <li key={b.id}>
                  <time dateTime={new Date(b.savedMs).toISOString()}>{when}</time>
                  <span className="muted">{t('backups.size', { size: formatNumber(b.size) })}</span>
                  <button type="button" onClick={() => actions.restoreBackup(b.id, b.savedMs)} aria-label={t('backups.restoreNamed', { when })}>
                    {t('backups.restore')}
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </section>
  );
}
