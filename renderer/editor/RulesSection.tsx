// The rules summary: every violation the core reports (and every value the file format would refuse),
// errors first. Each names where it is and takes the keyboard focus to that field.
import type { Violation } from '../../core/rulesets/types';
import { fieldOf } from './field-paths';
import { useT, type StringKey, type Tools } from '../app/i18n';
import { violationText } from './violation-text';
import { focusField } from './fields';

/** Words for the parts of a field path. */
const PART_LABELS: Record<string, StringKey> = {
  name: 'where.name',
  player: 'identity.player',
  notes: 'identity.notes',
  type: 'armour.type',
  locations: 'armour.locations',
  helmet: 'armour.helmet',
  costume: 'armour.costume',
  kind: 'weapons.kind',
  lengthCm: 'weapons.length',
  decorative: 'weapons.decorative',
  ultraLight: 'weapons.ultraLight',
  level: 'skills.level',
  armourAreas: 'fl.choice',
  powerPoints: 'magic.powerPoints',
  points: 'magic.sourcePoints',
  breaksCap: 'magic.breaksCap',
  amount: 'magic.reductionAmount',
  stacks: 'magic.stacks',
  allowsZero: 'magic.allowsZero',
  times: 'magic.planTimes',
  spell: 'magic.planSpell',
  path: 'bg.path',
  entitlement: 'bg.entitlement',
  school: 'bg.school',
  order: 'bg.order',
  style: 'bg.style',
  sphere: 'cards.sphere',
  rank: 'cards.rank',
  day: 'cards.day',
  count: 'cards.count',
};

/** Words for list entries, with their number. */
const ITEM_LABELS: Record<string, StringKey> = {
  armour: 'where.armour',
  weapons: 'where.weapon',
  skills: 'where.skill',
  items: 'where.item',
  sources: 'where.source',
  spells: 'where.spell',
  reductions: 'where.reduction',
  plan: 'where.planLine',
  spellCards: 'where.spellCard',
};

/** "armour[1].type" -> "Armour piece 2 › Type". */
export function describeField(field: string, { t, num }: Tools): string {
  if (field === '') return t('rules.wholeCharacter');
  const parts: string[] = [];
  const re = /([A-Za-z]+)(?:\[(\d+)\])?/g;
  for (let m = re.exec(field); m !== null; m = re.exec(field)) {
    const [, name, index] = m as unknown as [string, string, string | undefined];
    if (index !== undefined) parts.push(ITEM_LABELS[name] ? t(ITEM_LABELS[name], { n: num(Number(index) + 1) }) : `${name} ${Number(index) + 1}`);
    else if (name === 'novitas' || name === 'bgMagic' || name === 'fortunesLanding' || name === 'curiousPastimes') continue;
    else parts.push(PART_LABELS[name] ? t(PART_LABELS[name]) : name);
  }
  return parts.join(' › ');
}

export function RulesSection({ violations, failure }: { violations: readonly Violation[]; failure: string | null }) {
  const tools = useT();
  const { t, tn } = tools;
  const errors = violations.filter((v) => v.severity === 'error');
  const warnings = violations.filter((v) => v.severity === 'warning');
  return (
    <section className="panel rules-panel" aria-labelledby="rules-heading">
      <h2 id="rules-heading">{t('rules.heading')}</h2>
      {failure !== null ? (
        <p role="alert" className="error-text">
          {t('rules.failed', { message: failure })}
        </p>
      ) : violations.length === 0 ? (
        <p className="rules-clean" role="status">
          {t('rules.clean')}
        </p>
      ) : (
        <>
          <p className="rules-summary" role="status">
            {t('rules.summary', { errors: tn('status.errors', errors.length), warnings: tn('status.warnings', warnings.length) })}
          </p>
          <ul className="violations">
            {[...errors, ...warnings].map((v, i) => {
              const field = fieldOf(v.path);
              const where = describeField(field, tools);
              return (
                <li key={`${v.code}:${v.path}:${i}`} className={`violation violation-${v.severity}`}>
                  <span className={`badge badge-${v.severity}`}>{t(v.severity === 'error' ? 'rules.error' : 'rules.warning')}</span>
                  <span className="violation-message">{violationText(v, tools)}</span>
                  {field === '' ? (
                    <span className="violation-field">{where}</span>
                  ) : (
                    <button type="button" className="link-button violation-field" onClick={() => focusField(v.path)} aria-label={t('rules.goTo', { field: where })}>
                      {t('rules.goTo', { field: where })}
                    </button>
                  )}
                </li>
              );
            })}
          </ul>
        </>
      )}
    </section>
  );
}
