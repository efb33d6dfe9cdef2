// The values the core derives from the sheet, shown generically (labels from the field names) until
// each ruleset gets its own editor section.
import type { Derived } from '../../core/rulesets/types';
import { humanize } from '../format';
import { locale, t } from '../strings';

const numberFormat = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });

export function DerivedSection({ derived }: { derived: Derived | null }) {
  if (derived === null) return null;
  const { ruleset: _ruleset, ...values } = derived;
  return (
    <section className="panel" aria-labelledby="derived-heading">
      <h2 id="derived-heading">{t('derived.heading')}</h2>
      <Value value={values} />
    </section>
  );
}

function Value({ value }: { value: unknown }) {
  if (value === null || value === undefined) return <span className="muted">{t('derived.none')}</span>;
  if (typeof value === 'number') return <span className="number">{numberFormat.format(value)}</span>;
  if (typeof value === 'boolean') return <span>{t(value ? 'derived.yes' : 'derived.no')}</span>;
  if (typeof value === 'string') return <span>{humanizeValue(value)}</span>;
  if (Array.isArray(value)) {
    if (value.length === 0) return <span className="muted">{t('derived.none')}</span>;
    if (value.every((v) => v === null || typeof v !== 'object')) return <span>{value.map((v) => (typeof v === 'string' ? humanizeValue(v) : String(v))).join(', ')}</span>;
    return <ObjectTable rows={value as Record<string, unknown>[]} />;
  }
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 0) return <span className="muted">{t('derived.none')}</span>;
  return (
    <dl className="derived">
      {entries.map(([key, v]) => (
        <div key={key} className={isGroup(v) ? 'derived-row derived-group' : 'derived-row'}>
          <dt>{humanize(key)}</dt>
          <dd>
            <Value value={v} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

function ObjectTable({ rows }: { rows: Record<string, unknown>[] }) {
  const columns = [...new Set(rows.flatMap((r) => (r && typeof r === 'object' ? Object.keys(r) : [])))];
  return (
    <table className="derived-table">
      <thead>
        <tr>
          {columns.map((c) => (
            <th key={c} scope="col">
              {humanize(c)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, i) => (
          <tr key={i}>
            {columns.map((c) => (
              <td key={c}>
                <Value value={row?.[c]} />
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A non-empty object or a list of objects: shown under its label rather than beside it. */
function isGroup(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((v) => v !== null && typeof v === 'object');
  return Object.keys(value).length > 0;
}

/** Identifier-like values ("left-arm", "metal") read as words; anything else is shown as it is. */
function humanizeValue(text: string): string {
  return /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(text) ? humanize(text) : text;
}
