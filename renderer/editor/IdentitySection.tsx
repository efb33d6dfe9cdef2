// Identity: the game (fixed once created), the character's name, the player and free notes.
import type { Character } from '../../core/model/character';
import { useActions } from '../app/actions';
import { rulesetName } from '../app/format';
import { useT } from '../app/i18n';
import { NAME_MAX, NOTES_MAX, PLAYER_MAX } from './limits';
import { Panel, TextField } from './fields';

export function IdentitySection({ character, readOnly }: { character: Character; readOnly: boolean }) {
  const { t } = useT();
  const actions = useActions();
  const set = (key: 'name' | 'player' | 'notes') => (value: string) => actions.edit((c) => ({ ...c, [key]: value }), key);
  return (
    <Panel id="identity" title={t('identity.heading')}>
      <div className="form-grid identity">
        {/* A fact, not a control: a term and its value (no ARIA naming on a plain span). */}
        <dl className="field static-field">
          <dt className="label-text">{t('identity.ruleset')}</dt>
          <dd className="static-value">{rulesetName(character.ruleset)}</dd>
        </dl>
        <TextField label={t('identity.name')} field="name" value={character.name} maxLength={NAME_MAX} readOnly={readOnly} onChange={set('name')} />
        <TextField label={t('identity.player')} field="player" value={character.player} maxLength={PLAYER_MAX} readOnly={readOnly} onChange={set('player')} />
        <TextField label={t('identity.notes')} field="notes" value={character.notes} maxLength={NOTES_MAX} readOnly={readOnly} multiline rows={4} className="field-wide" onChange={set('notes')} />
      </div>
    </Panel>
  );
}
