// bg-magic: the mage's three choices (battle or role mage, the school, the order with its Conjurer or
// Witcher style), the armour the mage is entitled to, and the energy that follows from them. A new
// mage has no path yet: one prompt asks for the two choices the rules need (battle or role mage,
// and the entitlement), and the path is written once both are made. Switching to role mage offers
// to clear the school, which a role mage may not have.
import { useState } from 'react';
import type { BgMagicSheet, Character } from '../../core/model/character';
import { ROLE_MAGE_ENERGY_FACTOR, type BgArmour, type MagePath } from '../../core/rulesets/bg-magic';
import type { BgMagicDerived } from '../../core/rulesets/types';
import { useActions } from '../app/actions';
import { updateBgMagic, withText } from './edits';
import { fieldId } from './field-paths';
import { armourTypeName } from '../app/format';
import { useT } from '../app/i18n';
import { Panel, SelectField, TextField } from './fields';

type Style = NonNullable<BgMagicSheet['style']>;

const blank = (s: string | undefined) => s === undefined || s.trim() === '';

export function BgPathSection({ character, derived, readOnly }: { character: Character; derived: BgMagicDerived | null; readOnly: boolean }) {
  const { t, num } = useT();
  const actions = useActions();
  const sheet = character.bgMagic;
  const edit = (update: (s: BgMagicSheet) => BgMagicSheet, group?: string) => actions.edit((c) => updateBgMagic(c, update), group);
  // Before the path exists: the half-made choice (nothing is written until both are chosen).
  const [pending, setPending] = useState<{ path?: MagePath; entitlement?: BgArmour }>({});
  const [keptSchool, setKeptSchool] = useState<string | null>(null);
  const notSet = { value: '' as const, label: t('bg.choose') };

  const choose = (patch: { path?: MagePath; entitlement?: BgArmour }) => {
    if (sheet) return edit((s) => ({ ...s, ...patch }));
    const next = { ...pending, ...patch };
    if (next.path !== undefined && next.entitlement !== undefined) {
      const { path, entitlement } = next;
      actions.edit((c) => ({ ...c, bgMagic: { path, entitlement } }));
      setPending({});
    } else setPending(next);
  };

  const energy = derived?.energy ?? 0;
  const battle = derived?.battleEnergy ?? 0;
  const school = sheet?.school;
  // A role mage "does not bind to a battle school": offer to clear one (unless the player kept it).
  const offerClear = sheet?.path === 'role' && !blank(school) && keptSchool !== school && !readOnly;

  return (
    <Panel id="path" title={t('bg.heading')}>
      <div className="energy" aria-live="polite">
        <span className="energy-label">{t('bg.energy')}</span>
        <output className="energy-value" id="summary-energy">
          {num(energy)}
        </output>
        <span className="hint">
          {sheet === undefined
            ? t('bg.energyNone')
            : sheet.path === 'battle'
              ? t('bg.energyBattle', { armour: armourTypeName(sheet.entitlement), energy: num(battle) })
              : t('bg.energyRole', { armour: armourTypeName(sheet.entitlement), battle: num(battle), factor: num(ROLE_MAGE_ENERGY_FACTOR), energy: num(energy) })}
        </span>
      </div>
      <div className="form-grid">
        <SelectField<MagePath | ''>
          label={t('bg.path')}
          field="bgMagic.path"
          value={sheet?.path ?? pending.path ?? ''}
          options={[...(sheet ? [] : [notSet]), { value: 'battle', label: t('bg.path.battle') }, { value: 'role', label: t('bg.path.role') }]}
          readOnly={readOnly}
          onChange={(path) => path !== '' && choose({ path })}
        />
        <SelectField<BgArmour | ''>
          label={t('bg.entitlement')}
          field="bgMagic.entitlement"
          value={sheet?.entitlement ?? pending.entitlement ?? ''}
          options={[...(sheet ? [] : [notSet]), ...(['none', 'leather', 'metal'] as const).map((a) => ({ value: a, label: armourTypeName(a) }))]}
          readOnly={readOnly}
          onChange={(entitlement) => entitlement !== '' && choose({ entitlement })}
        />
        {offerClear && (
          <div className="offer" role="group" aria-labelledby="bg-clear-school">
            <p id="bg-clear-school">{t('bg.clearSchoolOffer', { school: school ?? '' })}</p>
            <div className="button-row">
              <button
                type="button"
                onClick={() => {
                  edit((s) => withText(s, 'school', ''));
                  document.getElementById(fieldId('bgMagic.school'))?.focus();
                }}
              >
                {t('bg.clearSchool')}
              </button>
              <button type="button" onClick={() => setKeptSchool(school ?? null)}>
                {t('bg.keepSchool')}
              </button>
            </div>
          </div>
        )}
        {sheet && (
          <>
            <TextField
              label={t('bg.school')}
              field="bgMagic.school"
              value={sheet.school ?? ''}
              maxLength={200}
              readOnly={readOnly}
              placeholder={sheet.path === 'role' ? t('bg.schoolRole') : t('bg.schoolOne')}
              onChange={(text) => edit((s) => withText(s, 'school', text), 'bgMagic.school')}
            />
            <TextField label={t('bg.order')} field="bgMagic.order" value={sheet.order ?? ''} maxLength={200} readOnly={readOnly} placeholder={t('bg.orderOne')} onChange={(order) => edit((s) => withText(s, 'order', order), 'bgMagic.order')} />
            <SelectField<Style | ''>
              label={t('bg.style')}
              field="bgMagic.style"
              value={sheet.style ?? ''}
              options={[
                { value: '', label: t('bg.style.none') },
                { value: 'conjurer', label: t('bg.style.conjurer') },
                { value: 'witcher', label: t('bg.style.witcher') },
              ]}
              readOnly={readOnly}
              onChange={(style) =>
                edit((s) => {
                  const next = { ...s };
                  if (style === '') delete next.style;
                  else next.style = style;
                  return next;
                })
              }
            />
          </>
        )}
      </div>
      <p className="hint">{sheet ? t('bg.pathHelp') : t('bg.pathFirst')}</p>
    </Panel>
  );
}
