// Identity: the game (fixed once created), the character's name, the player and free notes.
import type { Character } from '../../core/model/character';
import { useActions } from '../actions';
import { rulesetName } from '../format';
import { NAME_MAX, NOTES_MAX, PLAYER_MAX } from '../limits';
import { t } from '../strings';

export function IdentitySection({ character, readOnly }: { character: Character; readOnly: boolean }) {
  const actions = useActions();
  const field = (key: 'name' | 'player' | 'notes') => ({
    value: character[key],
    readOnly,
    onChange: (e: { target: { value: string } }) => actions.edit((c) => ({ ...c, [key]: e.target.value })),
  });
  return (
    <section className="panel" aria-labelledby="identity-heading">
      <h2 id="identity-heading">{t('identity.heading')}</h2>
      <div className="form identity">
        <div className="field">
          <span className="label-text" id="identity-ruleset-label">
            {t('identity.ruleset')}
          </span>
          <span className="static-value" aria-labelledby="identity-ruleset-label">
            {rulesetName(character.ruleset)}
          </span>
        </div>
        <label className="field">
          <span className="label-text">{t('identity.name')}</span>
          <input type="text" name="name" maxLength={NAME_MAX} {...field('name')} />
        </label>
        <label className="field">
          <span className="label-text">{t('identity.player')}</span>
          <input type="text" name="player" maxLength={PLAYER_MAX} {...field('player')} />
        </label>
        <label className="field field-wide">
          <span className="label-text">{t('identity.notes')}</span>
          <textarea name="notes" rows={5} maxLength={NOTES_MAX} {...field('notes')} />
        </label>
      </div>
    </section>
  );
}
