// The new-character dialog: choose the game (the four built-in ones, then every other game whose
// pack is loaded, by its pack's name), name the character and the player.
import { useState, type FormEvent } from 'react';
import { RULESET_IDS, type GameId } from '../../core/model/ids';
import { packGames, usePacksState } from '../games/store';
import { useActions } from '../app/actions';
import { rulesetName } from '../app/format';
import { NAME_MAX, PLAYER_MAX } from '../editor/limits';
import { t } from '../app/strings';
import { useT } from '../app/i18n';
import { Modal } from '../app/Modal';

export function NewCharacterDialog() {
  const { lang } = useT();
  const actions = useActions();
  const listing = usePacksState(actions.packs, (s) => s.listing);
  const games = packGames(listing);
  const [ruleset, setRuleset] = useState<GameId>(RULESET_IDS[0]);
  const [name, setName] = useState('');
  const [player, setPlayer] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy || name.trim() === '') return;
    setBusy(true);
    const problem = await actions.createCharacter({ ruleset, name: name.trim(), player: player.trim() });
    if (problem !== null) {
      setError(problem);
      setBusy(false);
    }
  };

  return (
    <Modal title={t('new.heading')} onCancel={() => actions.closePrompt()}>
      <form className="form" onSubmit={submit}>
        <label className="field">
          <span className="label-text">{t('new.ruleset')}</span>
          <select value={ruleset} onChange={(e) => setRuleset(e.target.value)} data-autofocus>
            {RULESET_IDS.map((id) => (
              <option key={id} value={id}>
                {rulesetName(id)}
              </option>
            ))}
            {games.map((pack) => (
              <option key={pack.id} value={pack.id}>
                {(lang === 'bg' ? pack.names.bg : undefined) ?? pack.names.en}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="label-text">{t('new.name')}</span>
          <input type="text" value={name} required maxLength={NAME_MAX} onChange={(e) => setName(e.target.value)} />
        </label>
        <label className="field">
          <span className="label-text">{t('new.player')}</span>
          <input type="text" value={player} maxLength={PLAYER_MAX} onChange={(e) => setPlayer(e.target.value)} />
        </label>
        {error && (
          <p role="alert" className="error-text">
            {error}
          </p>
        )}
        <div className="button-row dialog-buttons">
          <button type="submit" className="primary" disabled={busy || name.trim() === ''}>
            {t('new.create')}
          </button>
          <button type="button" onClick={() => actions.closePrompt()}>
            {t('app.cancel')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
