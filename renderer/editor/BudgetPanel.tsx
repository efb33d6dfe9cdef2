// The points budget of the skills section, from the game pack the app uses for the character's game
// (core/packs/budget.ts): points spent, available and remaining, each skill's cost, and what breaks
// the pack's rules in words. A game that publishes no costs gets its pack's reason, not numbers.
import { useMemo } from 'react';
import type { Skill } from '../../core/model/character';
import type { GamePack } from '../../core/packs/schema';
import { useT } from '../app/i18n';
import { useBudgetModule } from './use-budget-module';

export function BudgetPanel({ pack, skills }: { pack: GamePack; skills: readonly Skill[] }) {
  const { t, lang } = useT();
  const module = useBudgetModule(pack);
  const budget = useMemo(() => module?.characterBudget(pack, { skills: [...skills] }) ?? null, [module, pack, skills]);
  const game = (lang === 'bg' ? pack.names.bg : undefined) ?? pack.names.en;
  const names = new Map(pack.skills.map((s) => [s.id, (lang === 'bg' ? s.names.bg : undefined) ?? s.names.en]));
  const unit = pack.costs.published ? ((lang === 'bg' ? pack.costs.unit.bg : undefined) ?? pack.costs.unit.en) : '';
  const number = (n: number | null) => (n === null ? t('budget.notPublished') : `${n} ${unit}`.trim());

  const heading = <h3 id="budget-heading">{t('budget.heading')}</h3>;
  if (!pack.costs.published) {
    return (
      <section className="budget" aria-labelledby="budget-heading">
        {heading}
        <p className="muted">{t('budget.noCosts', { game, reason: pack.costs.reason })}</p>
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
    </section>
  );
}
