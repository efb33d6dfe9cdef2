// The rules check: every violation the core reports, errors first, each naming the field at fault.
import type { Violation } from '../../core/rulesets/types';
import { t, tn } from '../strings';

export function RulesSection({ violations, failure }: { violations: Violation[]; failure: string | null }) {
  const errors = violations.filter((v) => v.severity === 'error');
  const warnings = violations.filter((v) => v.severity === 'warning');
  return (
    <section className="panel" aria-labelledby="rules-heading">
      <h2 id="rules-heading">{t('rules.heading')}</h2>
      {failure !== null ? (
        <p role="alert" className="error-text">
          {t('rules.failed', { message: failure })}
        </p>
      ) : violations.length === 0 ? (
        <p className="rules-clean">{t('rules.clean')}</p>
      ) : (
        <>
          <p className="rules-summary">{t('rules.summary', { errors: tn('status.errors', errors.length), warnings: tn('status.warnings', warnings.length) })}</p>
          <ul className="violations">
            {[...errors, ...warnings].map((v, i) => (
              <li key={`${v.code}:${v.path}:${i}`} className={`violation violation-${v.severity}`}>
                <span className={`badge badge-${v.severity}`}>{t(v.severity === 'error' ? 'rules.error' : 'rules.warning')}</span>
                <span className="violation-message">{v.message}</span>
                <span className="violation-field">{v.path === '' ? t('rules.wholeCharacter') : t('rules.field', { field: v.path })}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
