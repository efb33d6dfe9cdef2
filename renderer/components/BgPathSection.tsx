// bg-magic: the mage's three choices (battle or role mage, the school, the order with its Conjurer or
// Witcher style), the armour the mage is entitled to, and the energy that follows from them.
import type { BgMagicSheet, Character } from '../../core/model/character';
import { BATTLE_MAGE_ENERGY, ROLE_MAGE_ENERGY_FACTOR, type BgArmour, type MagePath } from '../../core/rulesets/bg-magic';
import type { BgMagicDerived } from '../../core/rulesets/types';
import { useActions } from '../actions';
import { updateBgMagic, withText } from '../edits';
import { armourTypeName } from '../format';
import { useT } from '../i18n';
import { Panel, SelectField, TextField } from './fields';

type Style = NonNullable<BgMagicSheet['style']>;

export function BgPathSection({ character, derived, readOnly }: { character: Character; derived: BgMagicDerived | null; readOnly: boolean }) {
  const { t, num } = useT();
  const actions = useActions();
  const sheet = character.bgMagic;
  const edit = (update: (s: BgMagicSheet) => BgMagicSheet, group?: string) => actions.edit((c) => updateBgMagic(c, update), group);
  const notSet = { value: '' as const, label: t('bg.choose') };

  const energy = derived?.energy ?? 0;
  const battle = sheet ? BATTLE_MAGE_ENERGY[sheet.entitlement] : null;

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
              ? t('bg.energyBattle', { armour: armourTypeName(sheet.entitlement), energy: num(battle!) })
              : t('bg.energyRole', { armour: armourTypeName(sheet.entitlement), battle: num(battle!), factor: num(ROLE_MAGE_ENERGY_FACTOR), energy: num(energy) })}
        </span>
      </div>
      <div className="form-grid">
        <SelectField<MagePath>
          label={t('bg.path')}
          field="bgMagic.path"
          value={sheet?.path ?? ''}
          options={[...(sheet ? [] : [notSet]), { value: 'battle', label: t('bg.path.battle') }, { value: 'role', label: t('bg.path.role') }]}
          readOnly={readOnly}
          onChange={(path) => edit((s) => ({ ...s, path }))}
        />
        <SelectField<BgArmour>
          label={t('bg.entitlement')}
          field="bgMagic.entitlement"
          value={sheet?.entitlement ?? ''}
          options={[...(sheet ? [] : [notSet]), ...(['none', 'leather', 'metal'] as const).map((a) => ({ value: a, label: armourTypeName(a) }))]}
          readOnly={readOnly}
          onChange={(entitlement) => edit((s) => ({ ...s, entitlement }))}
        />
        <TextField
          label={t('bg.school')}
          field="bgMagic.school"
          value={sheet?.school ?? ''}
          maxLength={200}
          readOnly={readOnly}
          placeholder={sheet?.path === 'role' ? t('bg.schoolRole') : undefined}
          onChange={(school) => edit((s) => withText(s, 'school', school), 'bgMagic.school')}
        />
        <TextField label={t('bg.order')} field="bgMagic.order" value={sheet?.order ?? ''} maxLength={200} readOnly={readOnly} onChange={(order) => edit((s) => withText(s, 'order', order), 'bgMagic.order')} />
        <SelectField<Style | ''>
          label={t('bg.style')}
          field="bgMagic.style"
          value={sheet?.style ?? ''}
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
      </div>
      <p className="hint">{t('bg.pathHelp')}</p>
    </Panel>
  );
}
