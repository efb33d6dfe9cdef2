// A file that failed to load: its reason, and a way back. The file is never touched.
import type { LoadProblem } from '../../core/format/load';
import { useActions } from '../app/actions';
import { t } from '../app/strings';
import { useT } from '../app/i18n';

export function UnreadableView({ path, problem }: { path: string; problem: LoadProblem }) {
  useT();
  const actions = useActions();
  return (
    <section className="screen unreadable" aria-labelledby="screen-heading">
      <header className="screen-header">
        <div>
          <button type="button" className="back-button" onClick={() => actions.backToLibrary()}>
            <span aria-hidden="true">← </span>
            {t('character.back')}
          </button>
          <h1 id="screen-heading" tabIndex={-1}>
            {t('unreadable.heading')}
          </h1>
          <p className="folder">{t('character.file', { path })}</p>
        </div>
      </header>
      <div className="banner banner-readonly" role="note">
        <p className="problem">{problem.message}</p>
        <p>{t('unreadable.body')}</p>
      </div>
    </section>
  );
}
