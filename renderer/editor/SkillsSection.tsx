// Skills: the character's skills with their levels, the ruleset's catalogue to add from, custom
// skills a game team adds, and one search over all of them. Rows are memoised so that a character
// with hundreds of skills redraws only the row that changed.
import { memo, useDeferredValue, useMemo, useState, type FormEvent } from 'react';
import type { Character, Skill } from '../../core/model/character';
import { isBuiltinRuleset, type GameId } from '../../core/model/ids';
import { rulesetName } from '../app/format';
import type { Ruleset, SkillDef } from '../../core/rulesets/types';
import { useActions } from '../app/actions';
import { addSkill, customSkillId, removeSkill, updateSkill } from './edits';
import { useT, type Tools } from '../app/i18n';
import { SKILLS_BG } from '../../core/rulesets/skills-bg';
import { NumberField, Panel, TextField, useFocusField } from './fields';
import type { GamePack } from '../../core/packs/schema';
import { BudgetPanel } from './BudgetPanel';

/** The most levels a skill can have in the file format. */
const LEVEL_MAX = 100;
/**
 * Rows drawn with the first paint of the editor; the rest of a long list follows at once in a
 * background render that typing interrupts (useDeferredValue), so a character with hundreds of
 * skills opens as fast as one with a few.
 */
const FIRST_ROWS = 40;

export function skillText(ruleset: GameId, def: SkillDef, lang: Tools['lang']): { name: string; description: string } {
  // A pack's game carries its own Bulgarian names; the built-in games' are the renderer's.
  const bg = lang !== 'bg' ? undefined : isBuiltinRuleset(ruleset) ? SKILLS_BG[ruleset][def.id] : def.bg && { name: def.bg.name, description: def.bg.description ?? def.description ?? '' };
  return bg ?? { name: def.name, description: def.description ?? '' };
}

function fold(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

export const SkillsSection = memo(function SkillsSection({ skills, ruleset, pack = null, readOnly, sheet }: { skills: readonly Skill[]; ruleset: Ruleset; pack?: GamePack | null; readOnly: boolean; sheet?: Partial<Pick<Character, 'points' | 'curiousPastimes'>> }) {
  const tools = useT();
  const { t, tn, lang } = tools;
  const actions = useActions();
  const [query, setQuery] = useState('');
  const [customName, setCustomName] = useState('');

  const catalogue = useMemo(() => new Map(ruleset.skills.map((d) => [d.id, d])), [ruleset]);
  const needle = fold(query.trim());
  const matches = (...texts: (string | undefined)[]) => needle === '' || texts.some((s) => s !== undefined && fold(s).includes(needle));

  const rows = useMemo(() => skills.map((skill, index) => ({ skill, index, def: catalogue.get(skill.id) })), [skills, catalogue]);
  const shown = rows.filter(({ skill, def }) => {
    if (!def) return matches(skill.name, skill.id);
    const text = skillText(ruleset.id, def, lang);
    return matches(text.name, def.name, text.description, skill.id);
  });
  const drawn = useDeferredValue(shown.length, Math.min(shown.length, FIRST_ROWS));
  const held = new Set(skills.map((s) => s.id));
  const offered = ruleset.skills.filter((def) => !held.has(def.id)).filter((def) => {
    const text = skillText(ruleset.id, def, lang);
    return matches(text.name, def.name, text.description);
  });

  // A skill added from the catalogue leaves the catalogue: the focus goes to its level in your skills.
  const focusField = useFocusField();
  const addFromCatalogue = (id: string) => {
    actions.edit((c) => addSkill(c, { id, level: 1 }));
    focusField(`skills[${skills.length}].level`);
  };

  const addCustom = (e: FormEvent) => {
    e.preventDefault();
    const name = customName.trim();
    if (name === '') return;
    actions.edit((c) => addSkill(c, { id: customSkillId(c, name), name, level: 1 }));
    setCustomName('');
  };

  return (
    <Panel id="skills" title={t('skills.heading')} actions={<span className="muted">{tn('skills.count', skills.length)}</span>}>
      <label className="field search-field">
        <span className="label-text">{t('skills.search')}</span>
        <input type="search" value={query} onChange={(e) => setQuery(e.target.value)} />
      </label>

      {pack && <BudgetPanel pack={pack} skills={skills} {...(sheet ? { sheet } : {})} />}

      <h3>{t('skills.yours')}</h3>
      {skills.length === 0 ? (
        <p className="muted">{t('skills.none')}</p>
      ) : shown.length === 0 ? (
        <p className="muted">{t('skills.noMatch', { query: query.trim() })}</p>
      ) : (
        <table className="grid-table skills-table">
          <caption className="visually-hidden">{t('skills.yours')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('skills.name')}</th>
              <th scope="col">{t('skills.level')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('app.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {shown.slice(0, Math.max(drawn, Math.min(shown.length, FIRST_ROWS))).map(({ skill, index, def }) => (
              <SkillRow key={index} skill={skill} index={index} def={def} rulesetId={ruleset.id} readOnly={readOnly} />
            ))}
          </tbody>
        </table>
      )}

      <h3>{t('skills.catalogue', { game: rulesetName(ruleset.id) })}</h3>
      {offered.length === 0 ? (
        <p className="muted">{ruleset.skills.length === 0 ? t('skills.catalogueEmpty') : t('skills.catalogueAllTaken')}</p>
      ) : (
        <ul className="catalogue">
          {offered.map((def) => {
            const text = skillText(ruleset.id, def, lang);
            return (
              <li key={def.id}>
                <div>
                  <span className="catalogue-name">{text.name}</span>
                  {text.description && <span className="catalogue-description">{text.description}</span>}
                  {def.rules?.map((rule, i) => (
                    <span key={i} className="catalogue-description catalogue-rule">
                      {lang === 'bg' ? rule.bg : rule.en}
                    </span>
                  ))}
                </div>
                <button type="button" disabled={readOnly} onClick={() => addFromCatalogue(def.id)} aria-label={t('skills.addNamed', { name: text.name })}>
                  {t('skills.add')}
                </button>
              </li>
            );
          })}
        </ul>
      )}

      <form className="inline-form" onSubmit={addCustom}>
        <label className="field">
          <span className="label-text">{t('skills.customName')}</span>
          <input type="text" value={customName} maxLength={200} readOnly={readOnly} onChange={(e) => setCustomName(e.target.value)} />
        </label>
        <button type="submit" disabled={readOnly || customName.trim() === ''}>
          {t('skills.addCustom')}
        </button>
      </form>
    </Panel>
  );
});

const SkillRow = memo(function SkillRow({ skill, index, def, rulesetId, readOnly }: { skill: Skill; index: number; def: SkillDef | undefined; rulesetId: GameId; readOnly: boolean }) {
  const { t, lang } = useT();
  const actions = useActions();
  const name = def ? skillText(rulesetId, def, lang).name : (skill.name ?? skill.id);
  return (
    <tr>
      <th scope="row">
        {def ? (
          <span>{name}</span>
        ) : (
          <div className="custom-skill">
            <TextField
              label={t('skills.customNameOf', { n: index + 1 })}
              hideLabel
              field={`skills[${index}].name`}
              value={skill.name ?? ''}
              maxLength={200}
              readOnly={readOnly}
              onChange={(value) => actions.edit((c) => updateSkill(c, index, { name: value }), `skills[${index}].name`)}
            />
            <span className="tag">{t('skills.custom')}</span>
          </div>
        )}
      </th>
      <td>
        <NumberField
          label={t('skills.levelOf', { name })}
          hideLabel
          field={`skills[${index}].level`}
          value={skill.level}
          min={0}
          max={def?.maxLevel ?? LEVEL_MAX}
          readOnly={readOnly}
          onChange={(level) => actions.edit((c) => updateSkill(c, index, { level: level ?? 0 }), `skills[${index}].level`)}
        />
      </td>
      <td>
        <button type="button" className="remove-button" disabled={readOnly} onClick={() => actions.edit((c) => removeSkill(c, index))} aria-label={t('skills.removeNamed', { name })}>
          {t('app.remove')}
        </button>
      </td>
    </tr>
  );
});
