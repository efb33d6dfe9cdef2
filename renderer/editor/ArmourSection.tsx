// Armour: the body diagram with the value of each location, the game's own view of the armour
// (Fortune's Landing: every choice of areas with its rating; Curious Pastimes: hits per location and
// against arrows; bg-magic: worn against entitled armour), and the pieces with their locations.
import { useState } from 'react';
import type { ArmourPiece, Character } from '../../core/model/character';
import { LOCATIONS, type Location } from '../../core/model/ids';
import type { BgArmour } from '../../core/rulesets/bg-magic';
import { FL_COSTUME_COST_MULTIPLIER } from '../../core/rulesets/fortunes-landing-armour';
import type { BgMagicDerived, CuriousPastimesDerived, Derived, FortunesLandingDerived, Ruleset } from '../../core/rulesets/types';
import { useActions } from '../app/actions';
import { addArmour, removeArmour, setArmourAreas, setHelmet, toggleLocation, updateArmour } from './edits';
import { fieldId } from './field-paths';
import { armourTypeName, locationName } from '../app/format';
import { useT, type Tools } from '../app/i18n';
import { BodyDiagram, type LocationValue } from './BodyDiagram';
import { CheckboxField, FieldRules, Panel, SelectField, TextField, useFieldRules, useFocusField } from './fields';

export function ArmourSection({ character, ruleset, derived, readOnly }: { character: Character; ruleset: Ruleset; derived: Derived | null; readOnly: boolean }) {
  const tools = useT();
  const { t } = tools;
  const actions = useActions();
  const [selected, setSelected] = useState(0);
  const armour = character.armour;
  const current = armour.length === 0 ? -1 : Math.min(selected, armour.length - 1);
  const piece = current >= 0 ? armour[current]! : null;

  const focusField = useFocusField();
  const add = () => {
    const type = ruleset.armourTypes[0] ?? '';
    actions.edit((c) => addArmour(c, { name: '', type, locations: [] }));
    setSelected(armour.length);
    // The keyboard goes on to the new piece's first field.
    focusField(`armour[${armour.length}].name`);
  };

  return (
    <Panel id="armour" title={t('armour.heading')}>
      <div className="armour-layout">
        <BodyDiagram
          locations={ruleset.locations}
          values={locationValues(character, ruleset, derived, tools)}
          pieceName={piece ? pieceLabel(piece, current, tools) : null}
          covered={piece?.locations ?? []}
          highlightLabel={t(ruleset.id === 'fortunes-landing' ? 'diagram.legendAveraged' : 'diagram.legendArmoured')}
          readOnly={readOnly}
          onToggle={(location) => actions.edit((c) => toggleLocation(c, current, location))}
        />
        <div className="armour-values">
          {derived?.ruleset === 'fortunes-landing' && <FlAreas derived={derived} readOnly={readOnly} />}
          {derived?.ruleset === 'curious-pastimes' && <CpHits derived={derived} />}
          {derived?.ruleset === 'bg-magic' && <BgWorn derived={derived} entitled={character.bgMagic?.entitlement ?? null} />}
          {ruleset.id === 'novitas' && <p className="hint">{t('armour.novitasNone')}</p>}
        </div>
      </div>

      <h3>{t('armour.pieces')}</h3>
      {armour.length === 0 && <p className="muted">{t('armour.none')}</p>}
      <div className="pieces">
        {armour.map((p, i) => (
          <PieceEditor key={i} piece={p} index={i} ruleset={ruleset} readOnly={readOnly} selected={i === current} onSelect={() => setSelected(i)} />
        ))}
      </div>
      <button type="button" onClick={add} disabled={readOnly}>
        {t('armour.add')}
      </button>
    </Panel>
  );
}

export function pieceLabel(piece: ArmourPiece, index: number, { t }: Tools): string {
  return piece.name.trim() !== '' ? piece.name : t('armour.pieceN', { n: index + 1 });
}

/** What each location shows on the diagram, by game. */
function locationValues(character: Character, ruleset: Ruleset, derived: Derived | null, { t, tn, num }: Tools): Partial<Record<Location, LocationValue>> {
  const out: Partial<Record<Location, LocationValue>> = {};
  for (const loc of ruleset.locations) {
    if (derived?.ruleset === 'fortunes-landing') {
      const v = derived.armour.perArea[loc];
      const counted = derived.armour.areas.includes(loc);
      out[loc] = {
        value: v === undefined ? '–' : num(v),
        description: v === undefined ? t('diagram.noArmour') : `${tn('diagram.points', v)}${counted ? `, ${t('diagram.averaged')}` : ''}`,
        highlight: counted,
      };
    } else if (derived?.ruleset === 'curious-pastimes') {
      out[loc] = {
        value: num(derived.hits[loc]),
        description: tn('diagram.hits', derived.hits[loc], { armour: num(derived.armourByLocation[loc]), arrows: num(derived.hitsVsArrows[loc]) }),
        highlight: derived.armourByLocation[loc] > 0,
      };
    } else if (derived?.ruleset === 'bg-magic') {
      const worn = derived.wornByLocation[loc] ?? 'none';
      out[loc] = { value: worn === 'none' ? '–' : t(`diagram.class.${worn}`), description: armourTypeName(worn), highlight: worn !== 'none' };
    } else {
      const count = character.armour.filter((p) => p.locations.includes(loc)).length;
      out[loc] = { value: count === 0 ? '–' : num(count), description: tn('diagram.pieces', count), highlight: count > 0 };
    }
  }
  return out;
}

function PieceEditor({ piece, index, ruleset, readOnly, selected, onSelect }: { piece: ArmourPiece; index: number; ruleset: Ruleset; readOnly: boolean; selected: boolean; onSelect: () => void }) {
  const tools = useT();
  const { t } = tools;
  const actions = useActions();
  const at = `armour[${index}]`;
  const label = pieceLabel(piece, index, tools);
  const types = ruleset.armourTypes;
  const typeOptions = [
    ...(types.includes(piece.type) || types.length === 0 ? [] : [{ value: piece.type, label: t('armour.unknownType', { type: piece.type }) }]),
    ...types.map((type) => ({ value: type, label: armourTypeName(type) })),
  ];
  // Locations the game uses, and any others the file lists (so they can be taken off).
  const locations = LOCATIONS.filter((l) => ruleset.locations.includes(l) || piece.locations.includes(l));
  const locRules = useFieldRules(`${at}.locations`);

  return (
    <fieldset className={`piece${selected ? ' is-selected' : ''}`}>
      <legend>{label}</legend>
      <div className="piece-grid">
        <TextField label={t('armour.name')} field={`${at}.name`} value={piece.name} maxLength={200} readOnly={readOnly} onChange={(name) => actions.edit((c) => updateArmour(c, index, { name }), `${at}.name`)} />
        {types.length > 0 ? (
          <SelectField label={t('armour.type')} field={`${at}.type`} value={piece.type} options={typeOptions} readOnly={readOnly} onChange={(type) => actions.edit((c) => updateArmour(c, index, { type }))} />
        ) : (
          <TextField label={t('armour.type')} field={`${at}.type`} value={piece.type} maxLength={50} readOnly={readOnly} onChange={(type) => actions.edit((c) => updateArmour(c, index, { type }), `${at}.type`)} />
        )}
      </div>
      <fieldset className="locations" id={fieldId(`${at}.locations`)} tabIndex={-1} aria-describedby={locRules.describedBy} aria-invalid={locRules.invalid || undefined}>
        <legend>{t('armour.locations')}</legend>
        {locations.map((loc) => (
          <label key={loc} className="check">
            <input type="checkbox" checked={piece.locations.includes(loc)} disabled={readOnly} onChange={() => actions.edit((c) => toggleLocation(c, index, loc))} />
            {locationName(loc)}
            {!ruleset.locations.includes(loc) && <span className="muted"> {t('armour.notInGame')}</span>}
          </label>
        ))}
      </fieldset>
      <FieldRules field={`${at}.locations`} violations={locRules.violations} />
      <div className="piece-extras">
        {ruleset.id === 'curious-pastimes' && (
          <CheckboxField label={t('armour.helmet')} field={`${at}.helmet`} checked={piece.helmet === true} readOnly={readOnly} onChange={(on) => actions.edit((c) => setHelmet(c, index, on))} />
        )}
        {ruleset.id === 'fortunes-landing' && (
          <CheckboxField label={t('armour.costume', { factor: tools.num(FL_COSTUME_COST_MULTIPLIER) })} field={`${at}.costume`} checked={piece.costume === true} readOnly={readOnly} onChange={(on) => actions.edit((c) => updateArmour(c, index, withFlag(piece, 'costume', on)))} />
        )}
        <label className="check">
          <input type="radio" name="diagram-piece" checked={selected} onChange={onSelect} />
          {t('armour.onDiagram')}
        </label>
        <button type="button" className="remove-button" disabled={readOnly} onClick={() => actions.edit((c) => removeArmour(c, index))} aria-label={t('armour.removeNamed', { name: label })}>
          {t('app.remove')}
        </button>
      </div>
    </fieldset>
  );
}

/** A yes/no flag that is left out of the file when it is no. */
function withFlag(piece: ArmourPiece, key: 'costume', on: boolean): ArmourPiece {
  const next = { ...piece };
  if (on) next[key] = true;
  else delete next[key];
  return next;
}

// ---- Fortune's Landing: the choice of areas ----

function sameAreas(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x) => b.includes(x));
}

/** How many choices are shown before "Show every choice": the best ones, where the useful ones are. */
export const FL_OPTIONS_SHOWN = 5;

function FlAreas({ derived, readOnly }: { derived: FortunesLandingDerived; readOnly: boolean }) {
  const { t, tn, num } = useT();
  const actions = useActions();
  const [showAll, setShowAll] = useState(false);
  const { options, areas, chosen, tied } = derived.armour;
  // Choices tying for the best are all marked as such: the rules prefer none (fl.areas.tie says which
  // the sheet takes until the player picks one).
  const isTie = tied > 1;
  const rules = useFieldRules('fortunesLanding.armourAreas');
  const best = options[0];
  const chosenAt = chosen ? options.findIndex((o) => sameAreas(o.areas, areas)) : -1;
  // The best few, and the chosen one always (wherever it is in the list).
  const shown = options
    .map((o, k) => ({ o, k }))
    .filter(({ k }) => showAll || k < FL_OPTIONS_SHOWN || k === chosenAt);
  const hidden = options.length - shown.length;
  const listId = 'fl-area-options';
  return (
    <fieldset className="fl-areas" id={fieldId('fortunesLanding.armourAreas')} tabIndex={-1} aria-describedby={rules.describedBy} aria-invalid={rules.invalid || undefined}>
      <legend>{t('fl.choice')}</legend>
      <p className="hint">{t('fl.choiceHelp')}</p>
      {options.length === 0 ? (
        <p className="muted">{t('fl.noOptions')}</p>
      ) : (
        <>
          <ul className="options" id={listId}>
            <li>
              <label className="option">
                <input type="radio" name="fl-areas" checked={!chosen} disabled={readOnly} onChange={() => actions.edit((c) => setArmourAreas(c, null))} />
                <span className="option-areas">{t(isTie ? 'fl.autoTied' : 'fl.auto', { rating: num(best?.rating ?? 0) })}</span>
              </label>
            </li>
            {shown.map(({ o, k }) => {
              const isChosen = k === chosenAt;
              return (
                <li key={o.areas.join('+')} className={`${k < Math.max(tied, 1) ? 'is-best' : ''}${isChosen ? ' is-chosen' : ''}`}>
                  <label className="option">
                    <input type="radio" name="fl-areas" checked={isChosen} disabled={readOnly} onChange={() => actions.edit((c) => setArmourAreas(c, o.areas))} />
                    <span className="option-areas">{o.areas.map((a) => locationName(a)).join(', ')}</span>
                    <span className="option-meta">
                      <span className="option-rating">{t('fl.rating', { rating: num(o.rating) })}</span>
                      {k < Math.max(tied, 1) && <span className="badge badge-best">{t(isTie ? 'fl.tiedBest' : 'fl.best')}</span>}
                      {isChosen && <span className="badge badge-chosen">{t('fl.chosen')}</span>}
                    </span>
                  </label>
                </li>
              );
            })}
          </ul>
          {options.length > FL_OPTIONS_SHOWN && (
            <button type="button" className="link-button" aria-expanded={showAll} aria-controls={listId} onClick={() => setShowAll((v) => !v)}>
              {showAll ? t('fl.showBest', { count: num(FL_OPTIONS_SHOWN) }) : tn('fl.showAll', options.length)}
            </button>
          )}
          {!showAll && hidden > 0 && <p className="hint">{tn('fl.hiddenChoices', hidden)}</p>}
        </>
      )}
      <FieldRules field="fortunesLanding.armourAreas" violations={rules.violations} />
    </fieldset>
  );
}

// ---- Curious Pastimes: hits ----

function CpHits({ derived }: { derived: CuriousPastimesDerived }) {
  const { t, num } = useT();
  return (
    <table className="grid-table hits-table">
      <caption>{t('cp.hitsCaption')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('cp.location')}</th>
          <th scope="col">{t('cp.armour')}</th>
          <th scope="col">{t('cp.hits')}</th>
          <th scope="col">{t('cp.vsArrows')}</th>
        </tr>
      </thead>
      <tbody>
        {LOCATIONS.map((loc) => (
          <tr key={loc}>
            <th scope="row">{locationName(loc)}</th>
            <td className="number">{num(derived.armourByLocation[loc])}</td>
            <td className="number" data-hits={loc}>
              {num(derived.hits[loc])}
            </td>
            <td className="number">{num(derived.hitsVsArrows[loc])}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

// ---- bg-magic: worn against entitled ----

function BgWorn({ derived, entitled }: { derived: BgMagicDerived; entitled: BgArmour | null }) {
  const { t } = useT();
  const heavier = derived.heavierThanEntitled;
  return (
    <>
    <dl className="facts">
      <div>
        <dt>{t('bg.worn')}</dt>
        <dd>{armourTypeName(derived.worn)}</dd>
      </div>
      <div>
        <dt>{t('bg.entitled')}</dt>
        <dd>{entitled === null ? t('bg.notSet') : armourTypeName(entitled)}</dd>
      </div>
      <div className={heavier ? 'is-warning' : undefined}>
        <dt>{t('bg.protectsAs')}</dt>
        <dd>{armourTypeName(derived.armourProtection)}</dd>
      </div>
    </dl>
    {heavier && <p className="hint">{t('bg.heavierHint')}</p>}
    </>
  );
}
