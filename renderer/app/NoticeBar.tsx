// One message at a time about the last action: errors as alerts, information as status.
import { useActions } from './actions';
import { useAppState } from './store';
import { t } from './strings';
import { useT } from './i18n';

export function NoticeBar() {
  useT();
  const notice = useAppState((s) => s.notice);
  const actions = useActions();
  if (!notice) return null;
  return (
    <div className={`notice notice-${notice.kind}`} role={notice.kind === 'error' ? 'alert' : 'status'}>
      <p>{notice.text}</p>
      <button type="button" onClick={() => actions.dismissNotice()}>
        {t('app.dismiss')}
      </button>
    </div>
  );
}
