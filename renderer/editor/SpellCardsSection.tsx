// Curious Pastimes spell cards: so many cards of a Sphere and Rank for a Day of the event, and the
// number of cards that makes to print.
import type { Character } from '../../core/model/character';
import type { CuriousPastimesDerived } from '../../core/rulesets/types';
import { useActions } from '../app/actions';
import { removeAt, setSpellCards, updateAt } from './edits';
import { useT } from '../app/i18n';
import { NumberField, Panel, TextField } from './fields';

/** The file format's limits. */
const RANK_MIN = 1;
const RANK_MAX = 10;
const COUNT_MAX = 1_000;

export function SpellCardsSection({ character, derived, readOnly }: { character: Character; derived: CuriousPastimesDerived | null; readOnly: boolean }) {
  const { t, tn } = useT();
  const actions = useActions();
  const cards = character.curiousPastimes?.spellCards ?? [];
  const at = (i: number, key: string) => `curiousPastimes.spellCards[${i}].${key}`;
  return (
    <Panel id="spell-cards" title={t('cards.heading')} actions={<span className="muted">{tn('cards.total', derived?.spellCards.length ?? 0)}</span>}>
      {cards.length === 0 && <p className="muted">{t('cards.none')}</p>}
      {cards.map((card, i) => (
        <div className="row-grid card-row" key={i}>
          <TextField label={t('cards.sphere')} field={at(i, 'sphere')} value={card.sphere} maxLength={200} readOnly={readOnly} onChange={(sphere) => actions.edit((c) => setSpellCards(c, (l) => updateAt(l, i, { sphere })), at(i, 'sphere'))} />
          <NumberField label={t('cards.rank')} field={at(i, 'rank')} value={card.rank} min={RANK_MIN} max={RANK_MAX} readOnly={readOnly} onChange={(rank) => actions.edit((c) => setSpellCards(c, (l) => updateAt(l, i, { rank: rank ?? RANK_MIN })), at(i, 'rank'))} />
          <TextField label={t('cards.day')} field={at(i, 'day')} value={card.day} maxLength={200} readOnly={readOnly} onChange={(day) => actions.edit((c) => setSpellCards(c, (l) => updateAt(l, i, { day })), at(i, 'day'))} />
          <NumberField label={t('cards.count')} field={at(i, 'count')} value={card.count} min={0} max={COUNT_MAX} readOnly={readOnly} onChange={(count) => actions.edit((c) => setSpellCards(c, (l) => updateAt(l, i, { count: count ?? 0 })), at(i, 'count'))} />
          <button type="button" className="remove-button" disabled={readOnly} onClick={() => actions.edit((c) => setSpellCards(c, (l) => removeAt(l, i)))} aria-label={t('cards.removeNamed', { n: i + 1 })}>
            {t('app.remove')}
          </button>
        </div>
      ))}
      <button type="button" disabled={readOnly} onClick={() => actions.edit((c) => setSpellCards(c, (l) => [...l, { sphere: t('cards.newSphere'), rank: 1, day: t('cards.newDay'), count: 1 }]))}>
        {t('cards.add')}
      </button>
    </Panel>
  );
}
