// The points budget of the skills section, from the game pack the app uses for the character's game
// (core/packs/budget.ts): points spent, available and remaining, each skill's cost, and what breaks
// the pack's rules in words. A game that publishes no costs gets its pack's reason, not numbers.
import { useMemo } from 'react';
import type { Character, Skill } from '../../core/model/character';
import { pointsBalance, recordOf } from '../../core/season/points-record';
import type { GamePack } from '../../core/packs/schema';
import { useT } from '../app/i18n';
import { useBudgetModule } from './use-budget-module';

type Sheet = Partial<Pick<Character, 'points' | 'curiousPastimes'>>;

export function BudgetPanel({ pack, skills, sheet = {} }: { pack: GamePack; skills: readonly Skill[]; sheet?: Sheet }) {
  const { t, lang } = useT();
  const module = useBudgetModule(pack);
  const { points, curiousPastimes } = sheet;
  const budget = useMemo(() => module?.characterBudget(pack, { skills: [...skills], ...(points ? { points } : {}), ...(curiousPastimes ? { curiousPastimes } : {}) }) ?? null, [module, pack, skills, points, curiousPastimes]);
  const game = (lang === 'bg' ? pack.names.bg : undefined) ?? pack.names.en;
  const names = new Map(pack.skills.map((s) => [s.id, (lang === 'bg' ? s.names.bg : undefined) ?? s.names.en]));
  const unit = pack.costs.published ? ((lang === 'bg' ? pack.costs.unit.bg : undefined) ?? pack.costs.unit.en) : '';
  const number = (n: number | null) => (n === null ? t('budget.notPublished') : `${n} ${unit}`.trim());

  const heading = <h3 id="budget-heading">{t('budget.heading')}</h3>;
  const record = <PointsRecordList pack={pack} sheet={sheet} />;
  if (!pack.costs.published) {
    return (
      <section className="budget" aria-labelledby="budget-heading">
        {heading}
        <p className="muted">{t('budget.noCosts', { game, reason: pack.costs.reason })}</p>
        {record}
      </section>
    );
  }
  return (
    <section className="budget" aria-labelledby="budget-heading">
      {heading}
      {budget && (
        <>
          <dl className="budget-figures">
            <div>
              <dt>{t('budget.spent')}</dt>
              <dd>{number(budget.spent)}</dd>
            </div>
            <div>
              <dt>{t('budget.available')}</dt>
              <dd>{number(budget.available)}</dd>
            </div>
            <div>
              <dt>{t('budget.remaining')}</dt>
              <dd>{number(budget.remaining)}</dd>
            </div>
          </dl>
          {budget.lines.length > 0 && (
            <ul className="budget-lines">
              {budget.lines.map((line) => (
                <li key={line.id}>
                  {names.get(line.id) ?? line.name} {line.level}: {line.cost === null ? t('budget.notPublished') : t('budget.cost', { cost: number(line.cost) })}
                </li>
              ))}
            </ul>
          )}
          {budget.problems.length > 0 && (
            <>
              <p>{t('budget.problems', { game })}</p>
              <ul className="budget-problems">
                {budget.problems.map((p, i) => (
                  <li key={i}>{p.message}</li>
                ))}
              </ul>
            </>
          )}
        </>
      )}
      {record}
    </section>
  );
}

/** The points record (when, how many, why) and its balance, where the pack publishes advancement. */
function PointsRecordList({ pack, sheet }: { pack: GamePack; sheet: Sheet }) {
  const { t, day } = useT();
  const record = useMemo(() => recordOf(sheet, pack, ''), [sheet, pack]);
  if (!pack.advancement.published) return null;
  return (
    <>
      <h4 id="points-record-heading">{t('points.heading', { balance: pointsBalance(record) })}</h4>
      <table className="grid-table points-record" aria-labelledby="points-record-heading">
        <thead>
          <tr>
            <th scope="col">{t('points.when')}</th>
            <th scope="col">{t('points.points')}</th>
            <th scope="col">{t('points.why')}</th>
          </tr>
        </thead>
        <tbody>
          {record.map((r, i) => (
            <tr key={r.entry ?? i}>
              <td>{r.at ? <time dateTime={r.at}>{day(r.at.slice(0, 10))}</time> : t('points.fromTheStart')}</td>
              <td>{r.points > 0 ? `+${r.points}` : String(r.points)}</td>
              <td>
                {r.event ? `${r.event}: ` : ''}
                {r.why}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
