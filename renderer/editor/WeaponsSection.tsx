// Weapons and shields: name, kind, length, (for staves) whether it is only decorative and (Fortune's
// Landing) whether it is an ultra-light, which costs 1.5 times as much.
import type { Weapon } from '../../core/model/character';
import { WEAPON_KINDS, type WeaponKind } from '../../core/model/ids';
import { useActions } from '../app/actions';
import { addWeapon, removeWeapon, updateWeapon } from './edits';
import { weaponKindName } from '../app/format';
import { useT } from '../app/i18n';
import type { Ruleset } from '../../core/rulesets/types';
import { FL_ULTRA_LIGHT_COST_MULTIPLIER } from '../../core/rulesets/fortunes-landing-armour';
import { CheckboxField, NumberField, Panel, SelectField, TextField, useFocusField } from './fields';

/** The file format's limit on a weapon's length. */
const LENGTH_MAX_CM = 1_000;

export function WeaponsSection({ weapons, ruleset, readOnly }: { weapons: readonly Weapon[]; ruleset: Ruleset; readOnly: boolean }) {
  const { t, num } = useT();
  const actions = useActions();
  const focusField = useFocusField();
  // Only the kinds the game allows are offered (a weapon of another kind keeps its own, so it shows).
  const allowed = ruleset.weaponKinds ?? WEAPON_KINDS;
  const kindsFor = (own: WeaponKind) => WEAPON_KINDS.filter((k) => allowed.includes(k) || k === own).map((k) => ({ value: k, label: weaponKindName(k) }));
  const shields = allowed.includes('shield');
  const add = (weapon: Weapon) => {
    actions.edit((c) => addWeapon(c, weapon));
    focusField(`weapons[${weapons.length}].name`);
  };
  return (
    <Panel id="weapons" title={t('weapons.heading')}>
      {weapons.length === 0 && <p className="muted">{t('weapons.none')}</p>}
      {weapons.map((w, i) => {
        const at = `weapons[${i}]`;
        const label = w.name.trim() !== '' ? w.name : t('weapons.weaponN', { n: i + 1 });
        return (
          <fieldset key={i} className="piece weapon">
            <legend>{label}</legend>
            <div className="piece-grid weapon-grid">
              <TextField label={t('weapons.name')} field={`${at}.name`} value={w.name} maxLength={200} readOnly={readOnly} onChange={(name) => actions.edit((c) => updateWeapon(c, i, { name }), `${at}.name`)} />
              <SelectField<WeaponKind> label={t('weapons.kind')} field={`${at}.kind`} value={w.kind} options={kindsFor(w.kind)} readOnly={readOnly} onChange={(kind) => actions.edit((c) => updateWeapon(c, i, { kind }))} />
              <NumberField
                label={t('weapons.length')}
                field={`${at}.lengthCm`}
                value={w.lengthCm}
                optional
                min={0}
                max={LENGTH_MAX_CM}
                readOnly={readOnly}
                onChange={(lengthCm) =>
                  actions.edit(
                    (c) =>
                      updateWeapon(c, i, (old) => {
                        const next = { ...old };
                        if (lengthCm === undefined) delete next.lengthCm;
                        else next.lengthCm = lengthCm;
                        return next;
                      }),
                    `${at}.lengthCm`,
                  )
                }
              />
            </div>
            <div className="piece-extras">
              {(w.kind === 'staff' || w.decorative !== undefined) && (
                <CheckboxField
                  label={t('weapons.decorative')}
                  field={`${at}.decorative`}
                  checked={w.decorative === true}
                  readOnly={readOnly}
                  onChange={(on) =>
                    actions.edit((c) =>
                      updateWeapon(c, i, (old) => {
                        const next = { ...old };
                        if (on) next.decorative = true;
                        else delete next.decorative;
                        return next;
                      }),
                    )
                  }
                />
              )}
              {((ruleset.id === 'fortunes-landing' && w.kind !== 'shield') || w.ultraLight !== undefined) && (
                <CheckboxField
                  label={t('weapons.ultraLight', { factor: num(FL_ULTRA_LIGHT_COST_MULTIPLIER) })}
                  field={`${at}.ultraLight`}
                  checked={w.ultraLight === true}
                  readOnly={readOnly}
                  onChange={(on) =>
                    actions.edit((c) =>
                      updateWeapon(c, i, (old) => {
                        const next = { ...old };
                        if (on) next.ultraLight = true;
                        else delete next.ultraLight;
                        return next;
                      }),
                    )
                  }
                />
              )}
              <button type="button" className="remove-button" disabled={readOnly} onClick={() => actions.edit((c) => removeWeapon(c, i))} aria-label={t('weapons.removeNamed', { name: label })}>
                {t('app.remove')}
              </button>
            </div>
          </fieldset>
        );
      })}
      <div className="button-row">
        <button type="button" disabled={readOnly} onClick={() => add({ name: '', kind: allowed.includes('medium') ? 'medium' : allowed[0]! })}>
          {t('weapons.add')}
        </button>
        {shields && (
          <button type="button" disabled={readOnly} onClick={() => add({ name: t('weapons.shieldName'), kind: 'shield' })}>
            {t('weapons.addShield')}
          </button>
        )}
      </div>
      {ruleset.weaponKinds !== undefined && <p className="hint">{t(`weapons.limited.${ruleset.id}` as 'weapons.limited.bg-magic')}</p>}
    </Panel>
  );
}
