// The condition tracker: what is happening to the character during play, following the core's state
// models (Novitas conditions here; Fortune's Landing wounds, healing and armour wear in FlWoundsTracker.tsx). It is session state: kept in
// the open document (`Doc.trackers`) and beside the drafts, so it survives closing and reopening the
// character and a crash until the player says the day is over; never written to the character file,
// and not part of undo.
import { useState } from 'react';
import {
  bleedingMinutesLeft,
  bleedOut,
  CONDITIONS,
  die,
  has,
  healBodyPoints,
  initialConditions,
  isPermanentlyDead,
  LIMBS,
  mustKneel,
  passConvergence,
  passTime,
  poison,
  removeBleedingOut,
  removeLimbWound,
  removePoison,
  removeTorsoWound,
  revive,
  setFirstAid,
  takeDamage,
  woundLimb,
  woundTorso,
  type AttachableCondition,
  type Cause,
  type Condition,
  type ConditionState,
  type Limb,
  type Transition,
} from '../../core/rulesets/novitas-conditions';
import { checkCastingHands, freeCastingHands, HANDS, type Hand } from '../../core/rulesets/novitas-casting';
import { violationText } from './violation-text';
import { Amount, ChoiceSelect } from './tracker-parts';
import { locationName } from '../app/format';
import { useT, type Tools } from '../app/i18n';
import { Panel } from './fields';
import { useActions } from '../app/actions';
import type { NovitasTracker } from '../../core/session/session';

function conditionName(c: Condition, { t }: Tools): string {
  return t(`condition.${c}`);
}

// ---- Novitas ----

type NovitasSession = { state: ConditionState; log: { notes: string[]; refused: boolean }[] };

export function NovitasConditions({ tracker }: { tracker: NovitasTracker | undefined }) {
  const tools = useT();
  const { t, tn, num } = tools;
  const actions = useActions();
  const maxBody = tracker?.maxBody ?? 1;
  const session: NovitasSession = tracker ? { state: tracker.state as ConditionState, log: tracker.log } : { state: initialConditions(1), log: [] };
  const setMaxBody = (n: number) => actions.setTracker('novitas', { maxBody: n, state: session.state as NovitasTracker['state'], log: session.log });
  const setSession = (update: NovitasSession | ((old: NovitasSession) => NovitasSession)) => {
    const next = typeof update === 'function' ? update(session) : update;
    actions.setTracker('novitas', { maxBody, state: next.state as NovitasTracker['state'], log: next.log });
  };
  const [where, setWhere] = useState<'torso' | Limb>('torso');
  const [cause, setCause] = useState<Cause>('damage');
  const [amount, setAmount] = useState(1);
  const [minutes, setMinutes] = useState(5);
  const [withPoison, setWithPoison] = useState<AttachableCondition[]>([]);
  const [holding, setHolding] = useState<Record<Hand, boolean>>({ left: false, right: false });
  const s = session.state;
  const castingProblems = checkCastingHands(s, holding);
  const castingHands = freeCastingHands(s, holding);

  const apply = (step: (state: ConditionState) => Transition) =>
    setSession((old) => {
      const tr = step(old.state);
      return { state: tr.state, log: [{ notes: tr.notes, refused: tr.refused }, ...old.log].slice(0, 50) };
    });
  const reset = (max = maxBody) => actions.setTracker('novitas', { maxBody: max, state: initialConditions(max) as NovitasTracker['state'], log: [] });
  const bleeding = bleedingMinutesLeft(s);
  const locations: ('torso' | Limb)[] = ['torso', ...LIMBS];
  const attachable: AttachableCondition[] = ['torso-wound', 'bleeding-out', ...LIMBS.map((l) => `${l}-wound` as const)];

  return (
    <Panel id="conditions" title={t('tracker.heading')}>
      <p className="hint">{t('tracker.session')}</p>
      <div className="tracker-state" aria-live="polite">
        <p>
          <strong>{t('tracker.bodyPoints')}</strong> {t('tracker.bodyPointsOf', { current: num(s.bodyPoints.current), max: num(s.bodyPoints.max) })}
        </p>
        {s.held.length === 0 ? (
          <p className="ok-text">{t('tracker.healthy')}</p>
        ) : (
          <ul className="conditions" aria-label={t('tracker.conditions')}>
            {CONDITIONS.filter((c) => has(s, c)).map((c) => (
              <li key={c} className={`condition condition-${c}`}>
                {conditionName(c, tools)}
                {(s.attachedToPoison as readonly string[]).includes(c) && <span className="muted"> {t('tracker.attached')}</span>}
              </li>
            ))}
          </ul>
        )}
        {bleeding !== null && <p className="error-text">{t('tracker.bleeding', { minutes: num(bleeding) })}</p>}
        {s.bleeding?.firstAid && <p>{t('tracker.firstAidOn')}</p>}
        {mustKneel(s) && <p>{t('tracker.kneel')}</p>}
        {has(s, 'dead') && <p className="error-text">{isPermanentlyDead(s) ? t('tracker.permanent') : tn('tracker.deadFor', s.convergencesDead)}</p>}
      </div>

      <div className="tracker-controls">
        <fieldset>
          <legend>{t('tracker.wounds')}</legend>
          <ChoiceSelect label={t('tracker.where')} value={where} choices={locations} words={locationName} onChange={setWhere} />
          <label className="field field-small">
            <span className="label-text">{t('tracker.cause')}</span>
            <select value={cause} onChange={(e) => setCause(e.target.value as Cause)}>
              <option value="damage">{t('tracker.cause.damage')}</option>
              <option value="effect">{t('tracker.cause.effect')}</option>
            </select>
          </label>
          <div className="button-row">
            <button type="button" onClick={() => apply((st) => (where === 'torso' ? woundTorso(st, cause) : woundLimb(st, where, cause)))}>
              {t('tracker.wound')}
            </button>
            <button type="button" onClick={() => apply((st) => (where === 'torso' ? removeTorsoWound(st) : removeLimbWound(st, where)))}>
              {t('tracker.healWound')}
            </button>
          </div>
        </fieldset>

        <fieldset>
          <legend>{t('tracker.casting')}</legend>
          <div className="checks">
            {HANDS.map((hand) => (
              <label key={hand} className="check">
                <input type="checkbox" checked={holding[hand]} onChange={(e) => setHolding((old) => ({ ...old, [hand]: e.target.checked }))} />
                {t(hand === 'left' ? 'tracker.holdsLeft' : 'tracker.holdsRight')}
              </label>
            ))}
          </div>
          <div aria-live="polite">
            {castingHands.length > 0 && <p className="ok-text">{t(castingHands.length === 2 ? 'tracker.castBoth' : castingHands[0] === 'left' ? 'tracker.castLeft' : 'tracker.castRight')}</p>}
            {castingProblems.map((v) => (
              <p key={v.code} className="error-text" data-code={v.code}>
                {violationText(v, tools)}
              </p>
            ))}
          </div>
        </fieldset>

        <fieldset>
          <legend>{t('tracker.bodyPoints')}</legend>
          <Amount
            label={t('tracker.maxBodyPoints')}
            value={maxBody}
            onChange={(n) => {
              setMaxBody(n);
              reset(n);
            }}
          />
          <Amount label={t('tracker.amount')} value={amount} onChange={setAmount} />
          <div className="button-row">
            <button type="button" onClick={() => apply((st) => takeDamage(st, amount))}>
              {t('tracker.damage')}
            </button>
            <button type="button" onClick={() => apply((st) => healBodyPoints(st, amount))}>
              {t('tracker.heal')}
            </button>
          </div>
        </fieldset>

        <fieldset>
          <legend>{t('condition.poisoned')}</legend>
          <div className="checks">
            {attachable.map((c) => (
              <label key={c} className="check">
                <input type="checkbox" checked={withPoison.includes(c)} onChange={(e) => setWithPoison((old) => (e.target.checked ? [...old, c] : old.filter((x) => x !== c)))} />
                {t('tracker.with', { condition: conditionName(c, tools) })}
              </label>
            ))}
          </div>
          <div className="button-row">
            <button type="button" onClick={() => apply((st) => poison(st, withPoison))}>
              {t('tracker.poison')}
            </button>
            <button type="button" onClick={() => apply(removePoison)}>
              {t('tracker.removePoison')}
            </button>
          </div>
        </fieldset>

        <fieldset>
          <legend>{t('tracker.bleedingAndDeath')}</legend>
          <Amount label={t('tracker.minutes')} value={minutes} onChange={setMinutes} min={0} />
          <div className="button-row">
            <button type="button" onClick={() => apply((st) => passTime(st, minutes))}>
              {t('tracker.passTime')}
            </button>
            <button type="button" onClick={() => apply(bleedOut)}>
              {t('tracker.bleedOut')}
            </button>
            <button type="button" onClick={() => apply(removeBleedingOut)}>
              {t('tracker.stabilise')}
            </button>
            <button type="button" onClick={() => apply((st) => setFirstAid(st, !(st.bleeding?.firstAid ?? false)))} aria-pressed={s.bleeding?.firstAid === true}>
              {t('tracker.firstAid')}
            </button>
            <button type="button" onClick={() => apply(die)}>
              {t('tracker.die')}
            </button>
            <button type="button" onClick={() => apply(revive)}>
              {t('tracker.revive')}
            </button>
            <button type="button" onClick={() => apply(passConvergence)}>
              {t('tracker.convergence')}
            </button>
          </div>
        </fieldset>
      </div>
      <div className="button-row">
        <button type="button" onClick={() => reset()}>
          {t('tracker.reset')}
        </button>
      </div>
      <TrackerLog entries={session.log} />
    </Panel>
  );
}

/** What happened, newest first, in the core's words (English, like the rules messages). */
function TrackerLog({ entries }: { entries: { notes: string[]; refused: boolean }[] }) {
  const { t } = useT();
  if (entries.length === 0) return null;
  return (
    <section className="tracker-log" aria-label={t('tracker.log')}>
      <h3>{t('tracker.log')}</h3>
      <ol reversed>
        {entries.map((e, i) => (
          <li key={entries.length - i} className={e.refused ? 'is-refused' : undefined}>
            {e.refused && <span className="badge badge-warning">{t('tracker.refused')}</span>} {e.notes.join(' ')}
          </li>
        ))}
      </ol>
    </section>
  );
}

export { FlWounds } from './FlWoundsTracker';
