// Items: potions, poisons, scrolls, magic items and (bg-magic) role spells, each printed as a card
// (Export PDF…): name, kind, effect text, expiry, issuing game and serial. A kind the list does not
// know (from another tool or an older file) is kept and offered as it is. Optional fields left
// empty are removed from the file. bg-magic reads two words: a scroll whose expiry says
// "permanent" lasts for ever, and a role spell's text is the slip the target receives (docs/printing.md).
import type { Character, Item } from '../../core/model/character';
import { useActions } from '../app/actions';
import { removeAt, updateAt, withText } from './edits';
import { useT } from '../app/i18n';
import type { StringKey } from '../app/strings';
import { Panel, SelectField, TextField } from './fields';
import '../print/print.css';
import { randomUuid } from '../../core/format/uuid';

/** The kinds the item cards name (core/pdf/labels.ts itemKind, and bg-magic's role spells). */
const KINDS: { value: string; label: StringKey; bgOnly?: boolean }[] = [
  { value: 'potion', label: 'print.itemEdit.kind.potion' },
  { value: 'poison', label: 'print.itemEdit.kind.poison' },
  { value: 'scroll', label: 'print.itemEdit.kind.scroll' },
  { value: 'magic-item', label: 'print.itemEdit.kind.magicItem' },
  { value: 'role-spell', label: 'print.itemEdit.kind.roleSpell', bgOnly: true },
];

const setItem = (c: Character, i: number, update: (item: Item) => Item): Character => ({ ...c, items: updateAt(c.items, i, update) });

export function ItemsSection({ character, readOnly }: { character: Character; readOnly: boolean }) {
  const { t } = useT();
  const actions = useActions();
  const bg = character.ruleset === 'bg-magic';
  const items = character.items;
  return (
    <Panel id="items" title={t('print.itemEdit.heading')}>
      <p className="hint">{t(bg ? 'print.itemEdit.introBg' : 'print.itemEdit.intro')}</p>
      {items.length === 0 && <p className="muted">{t('print.itemEdit.none')}</p>}
      {items.map((item, i) => {
        const at = `items[${i}]`;
        const label = item.name.trim() !== '' ? item.name : t('print.itemEdit.itemN', { n: i + 1 });
        const kinds = KINDS.filter((k) => !k.bgOnly || bg || k.value === item.kind).map((k) => ({ value: k.value, label: t(k.label) }));
        if (!kinds.some((k) => k.value === item.kind)) kinds.push({ value: item.kind, label: item.kind.trim() !== '' ? item.kind : t('print.itemEdit.kind.none') });
        const text = (key: 'expires' | 'game' | 'serial') => (value: string) => actions.edit((c) => setItem(c, i, (old) => withText(old, key, value)), `${at}.${key}`);
        return (
          <fieldset key={i} className="piece item">
            <legend>{label}</legend>
            <div className="item-grid">
              <TextField label={t('print.itemEdit.name')} field={`${at}.name`} value={item.name} maxLength={200} readOnly={readOnly} onChange={(name) => actions.edit((c) => setItem(c, i, (old) => ({ ...old, name })), `${at}.name`)} />
              <SelectField<string> label={t('print.itemEdit.kind')} field={`${at}.kind`} value={item.kind} options={kinds} readOnly={readOnly} onChange={(kind) => actions.edit((c) => setItem(c, i, (old) => ({ ...old, kind })))} />
              <TextField label={t('print.itemEdit.expires')} field={`${at}.expires`} value={item.expires ?? ''} maxLength={200} readOnly={readOnly} placeholder={t('print.itemEdit.expiresExample')} hint={bg && item.kind === 'scroll' ? t('print.itemEdit.expiresScroll') : undefined} onChange={text('expires')} />
              <TextField label={t('print.itemEdit.game')} field={`${at}.game`} value={item.game ?? ''} maxLength={200} readOnly={readOnly} onChange={text('game')} />
              <TextField label={t('print.itemEdit.serial')} field={`${at}.serial`} value={item.serial ?? ''} maxLength={200} readOnly={readOnly} hint={t('print.itemEdit.serialAuto')} onChange={text('serial')} />
            </div>
            <TextField
              label={t(bg && item.kind === 'role-spell' ? 'print.itemEdit.slipText' : 'print.itemEdit.text')}
              field={`${at}.text`}
              value={item.text}
              multiline
              rows={3}
              maxLength={20_000}
              readOnly={readOnly}
              className="field-wide"
              onChange={(value) => actions.edit((c) => setItem(c, i, (old) => ({ ...old, text: value })), `${at}.text`)}
            />
            <div className="piece-extras">
              <button type="button" className="remove-button" disabled={readOnly} onClick={() => actions.edit((c) => ({ ...c, items: removeAt(c.items, i) }))} aria-label={t('print.itemEdit.removeNamed', { name: label })}>
                {t('app.remove')}
              </button>
            </div>
          </fieldset>
        );
      })}
      <div className="button-row">
        <button type="button" disabled={readOnly} onClick={() => actions.edit((c) => ({ ...c, items: [...c.items, { id: randomUuid(), name: '', kind: 'potion', text: '' }] }))}>
          {t('print.itemEdit.add')}
        </button>
        {bg && (
          <button type="button" disabled={readOnly} onClick={() => actions.edit((c) => ({ ...c, items: [...c.items, { id: randomUuid(), name: '', kind: 'role-spell', text: '' }] }))}>
            {t('print.itemEdit.addRoleSpell')}
          </button>
        )}
      </div>
    </Panel>
  );
}
