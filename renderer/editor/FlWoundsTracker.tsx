// The Fortune's Landing condition tracker: Wounds per area and what they do now, healing (Healing
// Ways, Stabilize, Chirurgery, Accelerate Healing, Cure Light and Serious Wounds, the healing time and
// waking up, the Wake Up chart) and armour wear, following the core's state models. Session state,
// like the Novitas tracker (ConditionTracker.tsx).
import { useState } from 'react';
import type { Location } from '../../core/model/ids';
import { applyWound, breakOpen, FL_LIMBS, FL_WAKE_AFTER_HEALING_WAYS_MINUTES, summary, unwounded, type FlLimb, type FlWoundLocation, type WoundsState } from '../../core/rulesets/fortunes-landing-wounds';
import { FL_HEALING_DEFAULTS, FL_WAKE_HEALING, healingFactor, naturalHealingWeeks, wakeUpMinutes, type FlWakeHealing } from '../../core/rulesets/fortunes-landing-healing';
import { FL_NO_RECOVERY, heal, isAwake, passRecoveryTime, setBack, type FlHealAction, type FlRecovery, type RecoveryStep } from '../../core/rulesets/fortunes-landing-recovery';
import { freshArmour, readjust, takeBlow, type ArmourWear } from '../../core/rulesets/fortunes-landing-wear';
import { locationName } from '../app/format';
import { useT, type StringKey, type Tools } from '../app/i18n';
import { Panel } from './fields';
import { useActions } from '../app/actions';
import type { FlTracker } from '../../core/session/session';
import { Amount, ChoiceSelect } from './tracker-parts';

const byName = (by: FlWakeHealing | 'rapid-healing', { t }: Tools) => t(`fl.by.${by}` as StringKey);

/** Minutes as the chart gives them: immediately, hours, or minutes. */
function wakeWords(minutes: number, { t, tn, num }: Tools): string {
  if (minutes === 0) return t('fl.wakeNow');
  if (minutes % 60 === 0) return tn('fl.hours', minutes / 60);
  return t('fl.minutes', { minutes: num(minutes) });
}

export function FlWounds({ rating, rapidHealing, tracker }: { rating: number; rapidHealing: boolean; tracker: FlTracker | undefined }) {
  const tools = useT();
  const { t, num } = tools;
  const actions = useActions();
  const wounds: WoundsState = tracker?.wounds ?? unwounded();
  const armour: { for: number; wear: ArmourWear } = tracker?.armour ?? { for: rating, wear: freshArmour(rating) };
  const recovery: FlRecovery = tracker?.recovery ?? FL_NO_RECOVERY;
  const save = (next: { wounds?: WoundsState; armour?: { for: number; wear: ArmourWear }; recovery?: FlRecovery }) =>
    actions.setTracker('fortunesLanding', { wounds: next.wounds ?? wounds, armour: next.armour ?? armour, recovery: next.recovery ?? recovery });
  // A new Wound or Wounds broken open start the healing over ("the healing process to begin all over again").
  const setWounds = (w: WoundsState) => save({ wounds: w, recovery: setBack() });
  const [where, setWhere] = useState<FlWoundLocation>('torso');
  const [limb, setLimb] = useState<FlLimb>('left-arm');
  const [healersTouch, setHealersTouch] = useState(false);
  const [minutes, setMinutes] = useState(10);
  const [damage, setDamage] = useState(1);
  const [lastBlow, setLastBlow] = useState<string | null>(null);
  const [lastHeal, setLastHeal] = useState<RecoveryStep | null>(null);
  // The armour rating changed on the sheet: the tracker starts from the new, undamaged armour.
  const wear = armour.for === rating ? armour.wear : freshArmour(rating);
  const setWear = (w: ArmourWear) => save({ armour: { for: rating, wear: w } });
  const sum = summary(wounds);
  const awake = isAwake(wounds, recovery);
  const locations: FlWoundLocation[] = ['torso', ...FL_LIMBS];
  const woundedNow = sum.limbWounds > 0 || sum.torsoWound;

  const step = (r: RecoveryStep) => {
    setLastHeal(r);
    if (!r.refused) save({ wounds: r.wounds, recovery: r.recovery });
  };
  const give = (action: FlHealAction) => step(heal(wounds, recovery, action, { rapidHealing }, FL_HEALING_DEFAULTS));
  const blow = () => {
    const r = takeBlow(wear, damage);
    setWear(r.state);
    setLastBlow(r.stoppedByThreshold ? t('fl.blowThreshold') : r.wound ? t('fl.blowWound') : t('fl.blowStopped'));
  };
  const weeks = naturalHealingWeeks({ dressedDaily: false, healersTouch: false });

  return (
    <Panel id="conditions" title={t('tracker.heading')}>
      <p className="hint">{t('tracker.session')}</p>
      <div className="tracker-state" aria-live="polite">
        {!woundedNow ? (
          <p className="ok-text">{t('fl.unwounded')}</p>
        ) : (
          <ul className="conditions" aria-label={t('tracker.conditions')}>
            {sum.torsoWound && <li className="condition">{t('fl.torsoWound')}</li>}
            {sum.uselessLimbs.map((l) => (
              <li key={l} className="condition">
                {t(l.endsWith('arm') ? 'fl.armUseless' : 'fl.legUseless', { limb: locationName(l as Location) })}
              </li>
            ))}
          </ul>
        )}
        {sum.unconscious === 'now' && !awake && <p className="error-text">{t('fl.unconsciousNow')}</p>}
        {awake && recovery.wake && <p>{t('fl.awake', { by: byName(recovery.wake.by, tools) })}</p>}
        {!awake && recovery.wake && sum.unconscious === 'now' && <p>{t('fl.wakesIn', { when: wakeWords(recovery.wake.minutesLeft, tools), by: byName(recovery.wake.by, tools) })}</p>}
        {sum.unconscious === 'later' && sum.unconsciousInMinutes !== null && <p className="error-text">{t('fl.unconsciousIn', { minutes: num(sum.unconsciousInMinutes) })}</p>}
        {sum.deadInMinutes !== null && <p className="error-text">{t('fl.deadIn', { minutes: num(sum.deadInMinutes) })}</p>}
        {wounds.treated && woundedNow && (sum.torsoWound && recovery.wake === null ? <p>{t('fl.treatedTorso', { minutes: num(FL_WAKE_AFTER_HEALING_WAYS_MINUTES) })}</p> : <p>{t('fl.treated')}</p>)}
        {wounds.treated && sum.torsoWound && recovery.wake !== null && <p>{t('fl.recuperating')}</p>}
        {recovery.course !== null && (
          <p data-healing="course">{t('fl.healedIn', { minutes: num(recovery.course.minutesLeft), methods: [...recovery.course.methods.map((m) => byName(m, tools)), ...(healingFactor(recovery.course.methods, recovery.course.healersTouch, FL_HEALING_DEFAULTS) < healingFactor(recovery.course.methods, false, FL_HEALING_DEFAULTS) ? [t('fl.healersTouchName')] : [])].join(', ') })}</p>
        )}
        {wounds.treated && woundedNow && recovery.course === null && <p data-healing="natural">{t('fl.natural', { min: num(weeks.min), max: num(weeks.max) })}</p>}
      </div>
      <div className="tracker-controls">
        <fieldset>
          <legend>{t('tracker.wounds')}</legend>
          <ChoiceSelect label={t('tracker.where')} value={where} choices={locations} words={locationName} onChange={setWhere} />
          <div className="button-row">
            <button type="button" onClick={() => setWounds(applyWound(wounds, where))}>
              {t('tracker.wound')}
            </button>
            <button type="button" onClick={() => setWounds(breakOpen(wounds))}>
              {t('fl.breakOpen')}
            </button>
            <button type="button" onClick={() => setWounds(unwounded())}>
              {t('fl.healAll')}
            </button>
          </div>
        </fieldset>
        <fieldset>
          <legend>{t('fl.healing')}</legend>
          <label className="check">
            <input type="checkbox" checked={healersTouch} onChange={(e) => setHealersTouch(e.target.checked)} />
            {t('fl.healersTouch')}
          </label>
          <ChoiceSelect label={t('fl.cureLimb')} value={limb} choices={FL_LIMBS} words={locationName} onChange={setLimb} />
          <div className="button-row">
            <button type="button" onClick={() => give({ kind: 'healing-ways', healersTouch })}>
              {t('fl.treat')}
            </button>
            <button type="button" onClick={() => give({ kind: 'stabilize' })}>
              {t('fl.by.stabilize')}
            </button>
            <button type="button" onClick={() => give({ kind: 'chirurgery', healersTouch })}>
              {t('fl.by.chirurgery')}
            </button>
            <button type="button" onClick={() => give({ kind: 'accelerate-healing' })}>
              {t('fl.by.accelerate-healing')}
            </button>
            <button type="button" onClick={() => give({ kind: 'cure-light-wounds', limb })}>
              {t('fl.by.cure-light-wounds')}
            </button>
            <button type="button" onClick={() => give({ kind: 'cure-serious-wounds' })}>
              {t('fl.by.cure-serious-wounds')}
            </button>
          </div>
          <Amount label={t('tracker.minutes')} value={minutes} onChange={setMinutes} />
          <div className="button-row">
            <button type="button" onClick={() => step(passRecoveryTime(wounds, recovery, minutes))}>
              {t('tracker.passTime')}
            </button>
          </div>
          {lastHeal && lastHeal.notes.length > 0 && (
            <p className={lastHeal.refused ? 'error-text' : 'muted'} data-healing="notes">
              {lastHeal.refused && <span className="badge badge-warning">{t('tracker.refused')}</span>} {lastHeal.notes.join(' ')}
            </p>
          )}
          <details>
            <summary>{t('fl.wakeChart')}</summary>
            <table className="wake-chart">
              <thead>
                <tr>
                  <th scope="col">{t('fl.wakeHealing')}</th>
                  <th scope="col">{t('fl.wakeTime')}</th>
                </tr>
              </thead>
              <tbody>
                {FL_WAKE_HEALING.map((by) => (
                  <tr key={by}>
                    <th scope="row">{byName(by, tools)}</th>
                    <td>{wakeWords(wakeUpMinutes(by, { rapidHealing, torsoWound: wounds.torso }, FL_HEALING_DEFAULTS), tools)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
        </fieldset>
        <fieldset>
          <legend>{t('fl.armourWear')}</legend>
          <p aria-live="polite">
            {t('fl.wearState', { current: num(wear.current), full: num(wear.full) })}
            {wear.breached && ` ${t('fl.breached')}`}
          </p>
          <Amount label={t('fl.blowDamage')} value={damage} onChange={setDamage} />
          <div className="button-row">
            <button type="button" onClick={blow}>
              {t('fl.takeBlow')}
            </button>
            <button type="button" onClick={() => setWear(readjust(wear))}>
              {t('fl.readjust')}
            </button>
            <button type="button" onClick={() => setWear(freshArmour(rating))}>
              {t('fl.freshArmour')}
            </button>
          </div>
          {lastBlow && <p className="muted">{lastBlow}</p>}
        </fieldset>
      </div>
    </Panel>
  );
}
