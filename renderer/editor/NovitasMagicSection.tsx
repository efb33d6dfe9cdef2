// Novitas magic: the power points pool and the sources that break cap, a bar of the day's spending
// against the 20-point cap, the known spells, cost reductions, the day's plan with each spell's cost
// after reductions, and the incantation checker.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { Character, NovitasSheet } from '../../core/model/character';
import { NOVITAS_DAILY_CAP, powerPointsSkillLevel, spellKey } from '../../core/rulesets/novitas';
import type { NovitasDerived } from '../../core/rulesets/types';
import { useActions } from '../app/actions';
import { novitasOf, removeAt, setPowerPointsSkill, updateAt, updateNovitas } from './edits';
import { fieldId } from './field-paths';
import { useT } from '../app/i18n';
import { CheckboxField, FieldRules, NumberField, Panel, SelectField, TextField, useFieldRules, useFocusField } from './fields';
import { IncantationChecker } from './IncantationChecker';

/** The file format's limits. */
const POINTS_MAX = 1_000;
const LEVEL_MAX = 100;
/** A skill's highest level in the file format. */
const SKILL_LEVEL_MAX = 100;
const TIMES_MAX = 1_000;

export function NovitasMagicSection({ character, derived, readOnly }: { character: Character; derived: NovitasDerived | null; readOnly: boolean }) {
  const { t, num } = useT();
  const actions = useActions();
  const sheet = novitasOf(character);
  const edit = (update: (n: NovitasSheet) => NovitasSheet, group?: string) => actions.edit((c) => updateNovitas(c, update), group);
  const pp = derived?.powerPoints ?? { pool: 0, breakCap: 0, dailyCap: NOVITAS_DAILY_CAP, plannedCost: 0, plannedAgainstCap: 0, overCap: 0 };
  const knownNames = sheet.spells.map((s) => s.name);

  return (
    <Panel id="magic" title={t('magic.heading')}>
      <div className="magic-top">
        <NumberField
          label={t('magic.powerPoints')}
          field="novitas.skillPoints"
          value={powerPointsSkillLevel(character)}
          min={0}
          max={SKILL_LEVEL_MAX}
          readOnly={readOnly}
          onChange={(level) => actions.edit((c) => setPowerPointsSkill(c, level ?? 0), 'novitas.skillPoints')}
        />
        <dl className="facts">
          <div>
            <dt>{t('magic.pool')}</dt>
            <dd className="number">{num(pp.pool)}</dd>
          </div>
          <div>
            <dt>{t('magic.breakCap')}</dt>
            <dd className="number">{num(pp.breakCap)}</dd>
          </div>
        </dl>
      </div>
      <CapBar pp={pp} />

      <h3>{t('magic.sources')}</h3>
      <p className="hint">{t('magic.sourcesHelp')}</p>
      {sheet.sources.map((s, i) => (
        <div className="row-grid source-row" key={i}>
          <TextField label={t('magic.sourceName')} field={`novitas.sources[${i}].name`} value={s.name} maxLength={200} readOnly={readOnly} onChange={(name) => edit((n) => ({ ...n, sources: updateAt(n.sources, i, { name }) }), `novitas.sources[${i}].name`)} />
          <NumberField label={t('magic.sourcePoints')} field={`novitas.sources[${i}].points`} value={s.points} min={0} max={POINTS_MAX} readOnly={readOnly} onChange={(points) => edit((n) => ({ ...n, sources: updateAt(n.sources, i, { points: points ?? 0 }) }), `novitas.sources[${i}].points`)} />
          <CheckboxField label={t('magic.breaksCap')} field={`novitas.sources[${i}].breaksCap`} checked={s.breaksCap === true} readOnly={readOnly} onChange={(breaksCap) => edit((n) => ({ ...n, sources: updateAt(n.sources, i, { breaksCap }) }))} />
          <RemoveButton label={t('magic.removeSource', { name: s.name || num(i + 1) })} readOnly={readOnly} onClick={() => edit((n) => ({ ...n, sources: removeAt(n.sources, i) }))} />
        </div>
      ))}
      <AddSourceForm readOnly={readOnly} count={sheet.sources.length} onAdd={(name) => edit((n) => ({ ...n, sources: [...n.sources, { name, points: 1, breaksCap: false }] }))} />

      <h3>{t('magic.spells')}</h3>
      {sheet.spells.length === 0 && <p className="muted">{t('magic.noSpells')}</p>}
      {sheet.spells.map((s, i) => (
        <div className="row-grid spell-row" key={i}>
          <TextField label={t('magic.spellName')} field={`novitas.spells[${i}].name`} value={s.name} maxLength={200} readOnly={readOnly} onChange={(name) => edit((n) => ({ ...n, spells: updateAt(n.spells, i, { name }) }), `novitas.spells[${i}].name`)} />
          <NumberField label={t('magic.spellLevel')} field={`novitas.spells[${i}].level`} value={s.level} min={0} max={LEVEL_MAX} readOnly={readOnly} onChange={(level) => edit((n) => ({ ...n, spells: updateAt(n.spells, i, { level: level ?? 0 }) }), `novitas.spells[${i}].level`)} />
          <RemoveButton label={t('magic.removeSpell', { name: s.name || num(i + 1) })} readOnly={readOnly} onClick={() => edit((n) => ({ ...n, spells: removeAt(n.spells, i) }))} />
        </div>
      ))}
      <button type="button" disabled={readOnly} onClick={() => edit((n) => ({ ...n, spells: [...n.spells, { name: t('magic.newSpell', { n: n.spells.length + 1 }), level: 1 }] }))}>
        {t('magic.addSpell')}
      </button>

      <h3>{t('magic.reductions')}</h3>
      <p className="hint">{t('magic.reductionsHelp')}</p>
      {sheet.reductions.map((r, i) => (
        <div className="row-grid reduction-row" key={i}>
          <TextField label={t('magic.reductionName')} field={`novitas.reductions[${i}].name`} value={r.name} maxLength={200} readOnly={readOnly} onChange={(name) => edit((n) => ({ ...n, reductions: updateAt(n.reductions, i, { name }) }), `novitas.reductions[${i}].name`)} />
          <NumberField label={t('magic.reductionAmount')} field={`novitas.reductions[${i}].amount`} value={r.amount} min={0} max={LEVEL_MAX} readOnly={readOnly} onChange={(amount) => edit((n) => ({ ...n, reductions: updateAt(n.reductions, i, { amount: amount ?? 0 }) }), `novitas.reductions[${i}].amount`)} />
          <SpellListField
            label={t('magic.reductionSpells')}
            field={`novitas.reductions[${i}].spells`}
            value={r.spells}
            readOnly={readOnly}
            onChange={(spells) =>
              edit(
                (n) => ({
                  ...n,
                  reductions: updateAt(n.reductions, i, (old) => {
                    const next = { ...old };
                    if (spells === undefined) delete next.spells;
                    else next.spells = spells;
                    return next;
                  }),
                }),
                `novitas.reductions[${i}].spells`,
              )
            }
          />
          <CheckboxField label={t('magic.stacks')} field={`novitas.reductions[${i}].stacks`} checked={r.stacks === true} readOnly={readOnly} onChange={(stacks) => edit((n) => ({ ...n, reductions: updateAt(n.reductions, i, { stacks }) }))} />
          <CheckboxField label={t('magic.allowsZero')} field={`novitas.reductions[${i}].allowsZero`} checked={r.allowsZero === true} readOnly={readOnly} onChange={(allowsZero) => edit((n) => ({ ...n, reductions: updateAt(n.reductions, i, { allowsZero }) }))} />
          <RemoveButton label={t('magic.removeReduction', { name: r.name || num(i + 1) })} readOnly={readOnly} onClick={() => edit((n) => ({ ...n, reductions: removeAt(n.reductions, i) }))} />
        </div>
      ))}
      <button type="button" disabled={readOnly} onClick={() => edit((n) => ({ ...n, reductions: [...n.reductions, { name: '', amount: 1 }] }))}>
        {t('magic.addReduction')}
      </button>

      <h3>{t('magic.plan')}</h3>
      <PlanTable sheet={sheet} derived={derived} readOnly={readOnly} edit={edit} />

      <IncantationChecker spells={knownNames} />
    </Panel>
  );
}

/**
 * A new source is named before it is added: a source is an item or ability, and one with no name
 * could not be checked at the desk (the ruleset calls that an error, nov.sources.no-name), so an
 * empty name is refused here with the reason beside the field instead of adding a blank row.
 */
function AddSourceForm({ readOnly, count, onAdd }: { readOnly: boolean; count: number; onAdd: (name: string) => void }) {
  const { t } = useT();
  const [name, setName] = useState('');
  const [problem, setProblem] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const focusField = useFocusField();
  const id = 'novitas-new-source-name';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const trimmed = name.trim();
    if (trimmed === '') {
      setProblem(true);
      input.current?.focus();
      return;
    }
    onAdd(trimmed);
    setName('');
    setProblem(false);
    // The new source's points are what the player sets next.
    focusField(`novitas.sources[${count}].points`);
  };
  return (
    <form className="inline-form add-source-form" onSubmit={submit} noValidate>
      <label className="field">
        <span className="label-text">{t('magic.newSourceName')}</span>
        <input
          ref={input}
          id={id}
          type="text"
          value={name}
          maxLength={200}
          readOnly={readOnly}
          aria-invalid={problem || undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
          onChange={(e) => {
            setName(e.target.value);
            if (e.target.value.trim() !== '') setProblem(false);
          }}
        />
      </label>
      <button type="submit" disabled={readOnly}>
        {t('magic.addSource')}
      </button>
      {problem && (
        <p className="field-rule field-rule-error inline-form-message" id={`${id}-problem`}>
          <span className="badge badge-error">{t('rules.error')}</span> {t('magic.sourceNameNeeded')}
        </p>
      )}
    </form>
  );
}

function RemoveButton({ label, readOnly, onClick }: { label: string; readOnly: boolean; onClick: () => void }) {
  const { t } = useT();
  return (
    <button type="button" className="remove-button" disabled={readOnly} onClick={onClick} aria-label={label}>
      {t('app.remove')}
    </button>
  );
}

/** The day's spending against the daily cap: break-cap points are spent first and do not count. */
function CapBar({ pp }: { pp: NovitasDerived['powerPoints'] }) {
  const { t, num } = useT();
  const { dailyCap, plannedAgainstCap, pool, breakCap, plannedCost, overCap } = pp;
  const over = overCap > 0;
  const scale = Math.max(dailyCap, plannedAgainstCap, 1);
  const pct = (n: number) => `${Math.min(100, (n / scale) * 100)}%`;
  const text = t('magic.capText', { spent: num(plannedAgainstCap), cap: num(dailyCap) });
  return (
    <div className="cap">
      <div className="cap-label">
        <span className="label-text" id="cap-label">
          {t('magic.capHeading')}
        </span>
        <span className={over ? 'error-text' : undefined} id="summary-cap">
          {text}
        </span>
      </div>
      <div
        className={`cap-bar${over ? ' is-over' : ''}`}
        role="meter"
        aria-labelledby="cap-label"
        aria-valuemin={0}
        aria-valuemax={dailyCap}
        aria-valuenow={Math.min(plannedAgainstCap, dailyCap)}
        aria-valuetext={text}
      >
        <div className="cap-fill" style={{ width: pct(plannedAgainstCap) }} />
        {pool < dailyCap && <div className="cap-pool" style={{ left: pct(pool) }} title={t('magic.poolMark')} />}
        <div className="cap-line" style={{ left: pct(dailyCap) }} />
      </div>
      <p className="hint">
        {t('magic.capDetail', { planned: num(plannedCost), breakCap: num(breakCap), pool: num(pool) })}
        {over && ` ${t('magic.capOver', { over: num(overCap) })}`}
      </p>
    </div>
  );
}

function PlanTable({ sheet, derived, readOnly, edit }: { sheet: NovitasSheet; derived: NovitasDerived | null; readOnly: boolean; edit: (u: (n: NovitasSheet) => NovitasSheet, group?: string) => void }) {
  const { t, num } = useT();
  const known = sheet.spells.map((s) => s.name);
  return (
    <>
      {sheet.plan.length === 0 ? (
        <p className="muted">{t('magic.noPlan')}</p>
      ) : (
        <table className="grid-table plan-table">
          <caption className="visually-hidden">{t('magic.plan')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('magic.planSpell')}</th>
              <th scope="col">{t('magic.planTimes')}</th>
              <th scope="col">{t('magic.planCost')}</th>
              <th scope="col">{t('magic.planTotal')}</th>
              <th scope="col">{t('magic.planReductions')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('app.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {sheet.plan.map((line, i) => {
              const d = derived?.plan[i];
              const options = known.some((k) => spellKey(k) === spellKey(line.spell)) ? known : [line.spell, ...known];
              return (
                <tr key={i}>
                  <td>
                    <SelectField
                      label={t('magic.planSpellOf', { n: i + 1 })}
                      hideLabel
                      field={`novitas.plan[${i}].spell`}
                      value={options.find((o) => spellKey(o) === spellKey(line.spell)) ?? line.spell}
                      options={[...new Set(options)].map((o) => ({ value: o, label: o }))}
                      readOnly={readOnly}
                      onChange={(spell) => edit((n) => ({ ...n, plan: updateAt(n.plan, i, { spell }) }))}
                    />
                  </td>
                  <td>
                    <NumberField label={t('magic.planTimesOf', { n: i + 1 })} hideLabel field={`novitas.plan[${i}].times`} value={line.times} min={1} max={TIMES_MAX} readOnly={readOnly} onChange={(times) => edit((n) => ({ ...n, plan: updateAt(n.plan, i, { times: times ?? 1 }) }), `novitas.plan[${i}].times`)} />
                  </td>
                  <td className="number">{d ? num(d.cost) : ''}</td>
                  <td className="number">{d ? num(d.total) : ''}</td>
                  <td>{d && d.reductions.length > 0 ? d.reductions.join(', ') : <span className="muted">{t('magic.noReduction')}</span>}</td>
                  <td>
                    <RemoveButton label={t('magic.removePlanLine', { name: line.spell })} readOnly={readOnly} onClick={() => edit((n) => ({ ...n, plan: removeAt(n.plan, i) }))} />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      <button type="button" disabled={readOnly || known.length === 0} onClick={() => edit((n) => ({ ...n, plan: [...n.plan, { spell: known[0]!, times: 1 }] }))}>
        {t('magic.addPlanLine')}
      </button>
      {known.length === 0 && <p className="hint">{t('magic.planNeedsSpells')}</p>}
    </>
  );
}

/** Spell names separated by commas; empty means every spell. Typed text is kept as typed. */
function SpellListField(props: { label: string; field: string; value: string[] | undefined; readOnly: boolean; onChange: (value: string[] | undefined) => void }) {
  const { t } = useT();
  const { violations, invalid, describedBy } = useFieldRules(props.field);
  const hintId = `${fieldId(props.field)}-hint`;
  const shown = (props.value ?? []).join(', ');
  const [text, setText] = useState(shown);
  useEffect(() => {
    setText((current) => (same(parse(current), props.value) ? current : shown));
  }, [props.value, shown]);
  return (
    <div className="field">
      <label>
        <span className="label-text">{props.label}</span>
        <input
          type="text"
          id={fieldId(props.field)}
          value={text}
          readOnly={props.readOnly}
          placeholder={t('magic.everySpell')}
          aria-invalid={invalid || undefined}
          aria-describedby={[describedBy, hintId].filter(Boolean).join(' ')}
          onChange={(e) => {
            setText(e.target.value);
            const list = parse(e.target.value);
            if (!same(list, props.value)) props.onChange(list);
          }}
        />
      </label>
      <span className="hint field-hint" id={hintId}>
        {t('magic.spellListHint')}
      </span>
      <FieldRules field={props.field} violations={violations} />
    </div>
  );
}

function parse(text: string): string[] | undefined {
  const names = text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  return names.length === 0 ? undefined : names;
}

function same(a: string[] | undefined, b: string[] | undefined): boolean {
  return (a ?? []).join('\u0000') === (b ?? []).join('\u0000');
}
